#pragma once
// The helper threads of a parallel midgame search (young brothers wait):
// each has its own evaluator and solver and shares the table; a Midgame
// given them with share_threads() hands them the younger moves of its
// deep nodes once the eldest is searched. The helpers split their own
// nodes the same way, so that a thread that has run out of moves at a
// split point helps whoever is still searching below it.

#include <atomic>
#include <cstdint>
#include <memory>

#include "parity/eval/weights.hpp"
#include "parity/search/midgame.hpp"
#include "parity/search/thread_pool.hpp"
#include "parity/search/tt.hpp"

namespace parity::search {

class MidgameThreads {
public:
  // Runs threads - 1 helpers on `pool` (as many as it has threads)
  // searching with probcut at `probcut_t100` until `stop` says so, and
  // until it ends.
  MidgameThreads(ThreadPool& pool, int threads, TranspositionTable& tt, std::shared_ptr<const eval::Weights> weights,
                 StopWhen stop, int probcut_t100, bool baseline);
  ~MidgameThreads();
  MidgameThreads(const MidgameThreads&) = delete;
  MidgameThreads& operator=(const MidgameThreads&) = delete;

  int helpers() const;
  // How often a thread waiting at a split point helped below it.
  std::uint64_t joined_below() const;
  // How many split points the helpers opened in their own subtrees.
  std::uint64_t helper_splits() const;
  // The least depth a node has for its moves to be shared (the tuned value
  // unless set; tests split shallower to split more often).
  int split_min_depth() const { return split_min_depth_.load(std::memory_order_relaxed); }
  void set_split_min_depth(int depth) { split_min_depth_.store(depth, std::memory_order_relaxed); }
  // Nodes the helpers have searched so far (published as they leave a split point).
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

private:
  friend class Midgame;
  SplitPool<MidgameSplit, Midgame>& pool() { return *pool_; }

  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<int> split_min_depth_;  // read by the helpers as they search
  std::unique_ptr<SplitPool<MidgameSplit, Midgame>> pool_;
};

}  // namespace parity::search
