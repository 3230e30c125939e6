#include "fit.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "parity/core/hash.hpp"
#include "parity/eval/evaluator.hpp"

namespace parity::trainer {

namespace {

// Folds one value into a running hash.
void mix(std::uint64_t& h, std::uint64_t v) {
  std::uint64_t state = h ^ v;
  h = splitmix64(state);
}

std::string hex(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

}  // namespace

std::string fit_fingerprint(const FitOptions& options, const std::vector<Sample>& samples,
                            const std::vector<std::vector<float>>& prior) {
  std::uint64_t data = samples.size();
  for (const Sample& s : samples) {
    mix(data, s.board.player);
    mix(data, s.board.opponent);
    mix(data, std::bit_cast<std::uint32_t>(s.label) | std::uint64_t{s.count} << 32);
    mix(data, s.exact);
  }
  std::uint64_t weights = prior.size();
  for (const auto& stage : prior) {
    mix(weights, stage.size());
    for (float w : stage) mix(weights, std::bit_cast<std::uint32_t>(w));
  }
  std::ostringstream line;
  line << "iterations=" << options.iterations << " ridge=" << options.ridge << " share-plies=" << options.share_plies
       << " exact-weight=" << options.exact_weight << " samples=" << hex(data) << " prior=" << hex(weights);
  return line.str();
}

std::string checkpoint_list(const std::string& fingerprint, const std::set<int>& stages) {
  std::string text = "fit " + fingerprint + "\n";
  for (int s : stages) text += std::to_string(s) + "\n";
  return text;
}

std::optional<std::set<int>> read_checkpoint_list(const std::string& text, const std::string& fingerprint) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != "fit " + fingerprint) return std::nullopt;
  std::set<int> stages;
  while (std::getline(in, line)) {
    int stage = -1;
    const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), stage);
    if (ec != std::errc() || end != line.data() + line.size() || stage < 0 || stage >= eval::kStages) return std::nullopt;
    stages.insert(stage);
  }
  return stages;
}

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
