#include "helper_threads.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

#include "parity/search/endgame.hpp"
#include "parity/search/midgame.hpp"

namespace parity::search {

HelperThreads::HelperThreads(int count, const HelperSetup& setup, TranspositionTable& tt,
                             std::shared_ptr<const eval::Weights> weights) {
  if (setup.moves.empty()) return;
  // A process limit on threads leaves the search with the helpers it got.
  try {
    for (int i = 0; i < count; ++i) threads_.emplace_back([this, i, setup, &tt, weights] { run(i, setup, tt, weights); });
  } catch (const std::system_error&) {
  }
}

HelperThreads::~HelperThreads() { stop(); }

void HelperThreads::stop() {
  done_.store(true);
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

void HelperThreads::run(int index, HelperSetup setup, TranspositionTable& tt, std::shared_ptr<const eval::Weights> weights) {
  Solver solver(tt);
  solver.set_weights(weights);
  Midgame mid(tt, solver, std::move(weights));
  mid.use_baseline_eval(setup.baseline);
  mid.start(setup.root, Budget{&done_, 0}, setup.selectivity);
  std::vector<Move>& moves = setup.moves;
  std::uint64_t published = 0;
  // Even helpers run a ply ahead of the main thread, so that its next
  // iteration finds the table filled; odd ones keep its pace with another
  // move order, widening what the table holds at the current depth.
  if (index % 2 == 1 && moves.size() > 1) std::rotate(moves.begin(), moves.begin() + 1, moves.begin() + 2);
  for (int depth = index % 2 == 0 ? 2 : 1; depth <= setup.max_depth; ++depth) {
    int alpha = -kCentiInfinity;
    std::size_t best = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Board child = setup.root.play(moves[i]);
      mid.play(setup.root, moves[i]);
      int v;
      if (i == 0) {
        v = -mid.search(child, depth - 1, -kCentiInfinity, -alpha);
      } else {
        v = -mid.search(child, depth - 1, -alpha - 1, -alpha);
        if (v > alpha && !mid.aborted()) v = -mid.search(child, depth - 1, -kCentiInfinity, -alpha);
      }
      mid.undo();
      if (mid.aborted()) break;
      if (i == 0 || v > alpha) {
        alpha = v;
        best = i;
      }
    }
    nodes_.fetch_add(mid.nodes() - published, std::memory_order_relaxed);
    published = mid.nodes();
    if (mid.aborted()) break;
    std::rotate(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(best),
                moves.begin() + static_cast<std::ptrdiff_t>(best) + 1);
  }
}

}  // namespace parity::search
