#include "label.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

#include "parity/search/endgame.hpp"

namespace parity::trainer {

std::vector<std::size_t> label_order(const std::vector<Sample>& samples, const LabelPlan& plan) {
  const int top = std::clamp(std::max(plan.exact_empties, plan.sample_empties), 0, 60);
  std::vector<std::vector<std::size_t>> by_empties(top + 1);
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (const int e = samples[i].board.empties(); e <= top) by_empties[e].push_back(i);
  // Unrelated to is_held_out's hash, so the sample holds out 5% like the whole.
  const auto rank = [&](std::size_t i) {
    const std::uint64_t h = samples[i].board.hash() * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 31);
  };
  std::vector<std::size_t> todo;
  for (int e = 1; e <= top; ++e) {
    std::vector<std::size_t>& level = by_empties[e];
    if (e > plan.exact_empties) {
      std::sort(level.begin(), level.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
      level.resize(std::min(level.size(), plan.sample_per_empties));
    }
    for (std::size_t i : level)
      if (!samples[i].exact) todo.push_back(i);
  }
  return todo;
}

std::size_t label_range(std::vector<Sample>& samples, const std::vector<std::size_t>& todo, std::size_t first,
                        std::size_t last, int threads, const std::function<bool()>& keep_going,
                        const std::function<void(const Sample&)>& solved) {
  std::atomic<std::size_t> next{first}, done{0};
  std::atomic<bool> stop{false};
  const auto work = [&] {
    TranspositionTable tt(32);
    Solver solver(tt);
    SolveOptions options;
    options.pv = false;
    for (std::size_t k; !stop && (k = next.fetch_add(1)) < last;) {
      if (!keep_going()) {
        stop = true;
        break;
      }
      Sample& s = samples[todo[k]];
      s.label = static_cast<float>(solver.solve(s.board, options).score);
      s.exact = true;
      ++done;
      solved(s);
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
  return done;
}

}  // namespace parity::trainer
