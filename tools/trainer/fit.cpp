#include "fit.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <sstream>
#include <stdexcept>

#include "parity/core/hash.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/thread_pool.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

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

// An uninitialised array on transparent huge pages where Linux offers
// them: a stage's rows take gigabytes, and touching them in 4 KB pages
// cost the fit as much as its arithmetic on a virtual machine.
template <class T>
class BigArray {
public:
  explicit BigArray(std::size_t size) {
    constexpr std::size_t kHuge = std::size_t{2} << 20;
    const std::size_t bytes = std::max<std::size_t>(kHuge, (size * sizeof(T) + kHuge - 1) / kHuge * kHuge);
    data_.reset(static_cast<T*>(std::aligned_alloc(kHuge, bytes)));
    if (!data_) throw std::bad_alloc();
#if defined(__linux__)
    madvise(data_.get(), bytes, MADV_HUGEPAGE);  // advice: failing it costs only speed
#endif
  }
  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }

private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> data_;
};

// Where each pattern instance's weights start among the compact columns
// (column 0 is the bias).
const std::array<std::uint32_t, eval::kNumInstances>& instance_offsets() {
  static const std::array<std::uint32_t, eval::kNumInstances> offsets = [] {
    std::vector<std::uint32_t> pattern_start;
    std::uint32_t at = 1;
    for (const auto& ix : eval::pattern_indexing()) {
      if (ix.distinct > 65536) throw std::logic_error("fit: a pattern has more configurations than a row's 16 bits hold");
      pattern_start.push_back(at);
      at += ix.distinct;
    }
    std::array<std::uint32_t, eval::kNumInstances> o{};
    for (int i = 0; i < eval::kNumInstances; ++i) o[i] = pattern_start[eval::instances()[i].pattern];
    return o;
  }();
  return offsets;
}

// Each instance's column past its offset: every pattern has at most 2^16
// configurations (instance_offsets checks), so a stage's rows take half
// the memory of full column numbers.
using Row = std::array<std::uint16_t, eval::kNumInstances>;

void feature_row(const Board& board, std::uint16_t* out) {
  const auto& indexing = eval::pattern_indexing();
  const auto& all = eval::instances();
  const eval::Indices indices = eval::compute_indices(board.player, board.opponent);
  for (int i = 0; i < eval::kNumInstances; ++i) {
    const auto& ix = indexing[all[i].pattern];
    out[i] = static_cast<std::uint16_t>(ix.compact[ix.canonical[indices[i]]]);
  }
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
  Row row;
  feature_row(board, row.data());
  out.assign(1, 0);
  for (int i = 0; i < eval::kNumInstances; ++i) out.push_back(instance_offsets()[i] + row[i]);
}

std::vector<float> fit_stage(const std::vector<Sample>& samples, int stage, const FitOptions& options,
                             std::span<const float> prior, int threads, const std::function<bool(int)>& tick) {
  const int first_ply = stage * eval::kPliesPerStage - options.share_plies;
  const int last_ply = (stage + 1) * eval::kPliesPerStage - 1 + options.share_plies;
  const auto in_stage = [&](const Sample& s) {
    const int ply = 60 - s.board.empties();
    return ply >= first_ply && ply <= last_ply && !is_held_out(s.board);
  };
  constexpr std::size_t kCols = eval::kNumInstances;  // the bias is every row's too
  const auto& offset = instance_offsets();
  const float exact_scale = static_cast<float>(std::sqrt(options.exact_weight));
  search::ThreadPool pool;
  const auto count = static_cast<std::size_t>(std::max(1, pool.resize(std::max(1, threads))));
  // Runs body(thread, begin, end) over [0, size) in `count` contiguous ranges.
  const auto parallel = [&](std::size_t size, const std::function<void(std::size_t, std::size_t, std::size_t)>& body) {
    pool.run(static_cast<int>(count), [&](int t) {
      const auto at = static_cast<std::size_t>(t);
      body(at, size * at / count, size * (at + 1) / count);
    });
    pool.wait();
  };

  // The stage's rows in sample order, whatever the thread count: each
  // thread counts its range's rows, then writes them where they belong.
  std::vector<std::size_t> first_row(count + 1, 0);
  parallel(samples.size(), [&](std::size_t t, std::size_t begin, std::size_t end) {
    first_row[t + 1] = static_cast<std::size_t>(std::count_if(samples.begin() + static_cast<std::ptrdiff_t>(begin),
                                                               samples.begin() + static_cast<std::ptrdiff_t>(end), in_stage));
  });
  for (std::size_t t = 0; t < count; ++t) first_row[t + 1] += first_row[t];
  const std::size_t n = first_row[count], m = eval::compact_size();
  BigArray<std::uint16_t> cols(n * kCols);
  std::vector<float> scale(n);
  std::vector<double> r(n);  // the residual, from the scaled labels
  parallel(samples.size(), [&](std::size_t t, std::size_t begin, std::size_t end) {
    std::size_t i = first_row[t];
    for (std::size_t k = begin; k < end; ++k) {
      const Sample& s = samples[k];
      if (!in_stage(s)) continue;
      feature_row(s.board, &cols[i * kCols]);
      // Weighting a row's squared error by w scales the row and its label by sqrt(w).
      scale[i] = s.exact ? exact_scale : 1.0f;
      r[i] = s.label * scale[i];
      ++i;
    }
  });

  // Minimising |b - A w|^2 + lambda |w - w0|^2 is plain ridge in d = w - w0
  // with the residual b - A w0: CGLS starts from the prior.
  std::vector<double> w0(m, 0.0);
  if (!prior.empty()) std::copy(prior.begin(), prior.end(), w0.begin());
  std::vector<double> w = w0, s(m, 0.0), p(m), q(n);
  if (n == 0) return std::vector<float>(w.begin(), w.end());
  if (!prior.empty()) {
    parallel(n, [&](std::size_t, std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) {
        double v = w0[0];
        for (std::size_t k = 0; k < kCols; ++k) v += w0[offset[k] + cols[i * kCols + k]];
        r[i] -= v * scale[i];
      }
    });
  }

  // A^T r is summed over row blocks set by the row count alone, each into
  // its own array, then the blocks in order: the same additions in the
  // same order for any thread count, so the weights are the same bit for
  // bit. Each block's array fits in a core's cache, as the scatter needs;
  // up to 64 blocks keep 16 or more threads evenly loaded.
  const std::size_t blocks = std::clamp<std::size_t>(n / 16384, 1, 64);
  std::vector<std::vector<double>> block_sums(blocks, std::vector<double>(m));
  const double lambda = options.ridge;
  const auto at_r = [&](std::vector<double>& out) {  // out = A^T r - lambda (w - w0)
    parallel(blocks, [&](std::size_t, std::size_t first_block, std::size_t last_block) {
      for (std::size_t b = first_block; b < last_block; ++b) {
        std::vector<double>& sum = block_sums[b];
        std::fill(sum.begin(), sum.end(), 0.0);
        for (std::size_t i = n * b / blocks; i < n * (b + 1) / blocks; ++i) {
          const double ri = r[i] * scale[i];
          sum[0] += ri;
          for (std::size_t k = 0; k < kCols; ++k) sum[offset[k] + cols[i * kCols + k]] += ri;
        }
      }
    });
    parallel(m, [&](std::size_t, std::size_t begin, std::size_t end) {
      for (std::size_t j = begin; j < end; ++j) {
        double total = -lambda * (w[j] - w0[j]);
        for (const auto& sum : block_sums) total += sum[j];
        out[j] = total;
      }
    });
  };
  at_r(s);
  p = s;
  double gamma = 0;
  for (double v : s) gamma += v * v;
  for (int it = 0; it < options.iterations && gamma > 1e-12; ++it) {
    if (!tick(it)) return {};
    parallel(n, [&](std::size_t, std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) {
        double v = p[0];
        for (std::size_t k = 0; k < kCols; ++k) v += p[offset[k] + cols[i * kCols + k]];
        q[i] = v * scale[i];
      }
    });
    double qq = 0, pp = 0;
    for (double v : q) qq += v * v;
    for (double v : p) pp += v * v;
    const double alpha = gamma / (qq + lambda * pp);
    for (std::size_t j = 0; j < m; ++j) w[j] += alpha * p[j];
    parallel(n, [&](std::size_t, std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) r[i] -= alpha * q[i];
    });
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
