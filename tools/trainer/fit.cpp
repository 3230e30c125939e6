#include "fit.hpp"

#include <algorithm>
#include <cmath>

#include "parity/eval/evaluator.hpp"

namespace parity::trainer {

void feature_columns(const Board& board, std::vector<std::uint32_t>& out) {
  static const std::vector<std::uint32_t> offsets = [] {
    std::vector<std::uint32_t> o;
    std::uint32_t at = 1;
    for (const auto& ix : eval::pattern_indexing()) {
      o.push_back(at);
      at += ix.distinct;
    }
    return o;
  }();
  const auto& indexing = eval::pattern_indexing();
  const auto& all = eval::instances();
  const eval::Indices indices = eval::compute_indices(board.player, board.opponent);
  out.clear();
  out.push_back(0);
  for (int i = 0; i < eval::kNumInstances; ++i) {
    const auto& ix = indexing[all[i].pattern];
    out.push_back(offsets[all[i].pattern] + ix.compact[ix.canonical[indices[i]]]);
  }
}

std::vector<float> fit_stage(const std::vector<Sample>& samples, int stage, const FitOptions& options,
                             std::span<const float> prior, const std::function<bool(int)>& tick) {
  const int first_ply = stage * eval::kPliesPerStage - options.share_plies;
  const int last_ply = (stage + 1) * eval::kPliesPerStage - 1 + options.share_plies;
  constexpr int kCols = eval::kNumInstances + 1;
  std::vector<std::uint32_t> cols;
  std::vector<float> labels, scale;
  std::vector<std::uint32_t> row;
  const float exact_scale = static_cast<float>(std::sqrt(options.exact_weight));
  for (const Sample& s : samples) {
    const int ply = 60 - s.board.empties();
    if (ply < first_ply || ply > last_ply || is_held_out(s.board)) continue;
    feature_columns(s.board, row);
    cols.insert(cols.end(), row.begin(), row.end());
    // Weighting a row's squared error by w scales the row and its label by sqrt(w).
    scale.push_back(s.exact ? exact_scale : 1.0f);
    labels.push_back(s.label * scale.back());
  }
  const std::size_t n = labels.size(), m = eval::compact_size();
  // Minimising |b - A w|^2 + lambda |w - w0|^2 is plain ridge in d = w - w0
  // with the residual b - A w0: CGLS starts from the prior.
  std::vector<double> w0(m, 0.0);
  if (!prior.empty()) std::copy(prior.begin(), prior.end(), w0.begin());
  std::vector<double> w = w0, r(labels.begin(), labels.end()), s(m, 0.0), p(m), q(n);
  if (n == 0) return std::vector<float>(w.begin(), w.end());
  for (std::size_t i = 0; i < n && !prior.empty(); ++i) {
    const std::uint32_t* c = &cols[i * kCols];
    double v = 0;
    for (int k = 0; k < kCols; ++k) v += w0[c[k]];
    r[i] -= v * scale[i];
  }
  const double lambda = options.ridge;
  const auto at_r = [&](std::vector<double>& out) {  // out = A^T r - lambda (w - w0)
    for (std::size_t j = 0; j < m; ++j) out[j] = -lambda * (w[j] - w0[j]);
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t* c = &cols[i * kCols];
      const double ri = r[i] * scale[i];
      for (int k = 0; k < kCols; ++k) out[c[k]] += ri;
    }
  };
  at_r(s);
  p = s;
  double gamma = 0;
  for (double v : s) gamma += v * v;
  for (int it = 0; it < options.iterations && gamma > 1e-12; ++it) {
    if (!tick(it)) return {};
    double qq = 0, pp = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t* c = &cols[i * kCols];
      double v = 0;
      for (int k = 0; k < kCols; ++k) v += p[c[k]];
      v *= scale[i];
      q[i] = v;
      qq += v * v;
    }
    for (double v : p) pp += v * v;
    const double alpha = gamma / (qq + lambda * pp);
    for (std::size_t j = 0; j < m; ++j) w[j] += alpha * p[j];
    for (std::size_t i = 0; i < n; ++i) r[i] -= alpha * q[i];
    at_r(s);
    double next = 0;
    for (double v : s) next += v * v;
    const double beta = next / gamma;
    gamma = next;
    for (std::size_t j = 0; j < m; ++j) p[j] = s[j] + beta * p[j];
  }
  return std::vector<float>(w.begin(), w.end());
}

}  // namespace parity::trainer
