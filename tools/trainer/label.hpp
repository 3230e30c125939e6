#pragma once
// Exact labels: replacing game results by our solver's proven scores.

#include <cstddef>
#include <functional>
#include <vector>

#include "games.hpp"

namespace parity::trainer {

struct LabelPlan {
  int exact_empties = 14;                  // every position with this many empties or fewer
  int sample_empties = 0;                  // then a sample of each count up to this one
  std::size_t sample_per_empties = 40000;  // ... of at most this many positions
};

// The positions to solve, fewest empties first: every one up to
// plan.exact_empties, then the first plan.sample_per_empties of each count
// up to plan.sample_empties in the order of a hash of the board, so a
// resumed run picks the same ones and held-out and trained positions are
// sampled alike. Positions already exact count in a sample but are not
// listed again.
std::vector<std::size_t> label_order(const std::vector<Sample>& samples, const LabelPlan& plan);

// Solves samples[todo[first..last)] on `threads` threads (each with its own
// solver and table) and marks them exact. `keep_going()` is asked before
// each position (false stops the workers); `solved(sample)` is called after
// each one from the thread that solved it. Returns how many were solved.
std::size_t label_range(std::vector<Sample>& samples, const std::vector<std::size_t>& todo, std::size_t first,
                        std::size_t last, int threads, const std::function<bool()>& keep_going,
                        const std::function<void(const Sample&)>& solved);

}  // namespace parity::trainer
