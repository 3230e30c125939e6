#pragma once
// Parallel search by young brothers wait: a null-window node deep enough
// searches its first move alone, then opens a split point from which idle
// threads take the remaining moves one at a time. A move that cuts off
// aborts everyone below the split point. A thread waiting for its helpers
// helps at split points below its own.

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "endgame_worker.hpp"
#include "parity/core/score.hpp"

namespace parity::endgame {

struct SplitPoint {
  Bitboard player = 0, opponent = 0;
  int alpha = 0;
  int empties = 0;
  const MoveItem* moves = nullptr;
  int count = 0;
  SplitPoint* parent = nullptr;

  std::atomic<int> next{0};        // the next move to hand out
  std::atomic<bool> cutoff{false};  // a move failed high: stop searching here
  std::atomic<int> workers{0};     // threads inside, the owner included

  std::mutex mutex;  // guards best and best_move
  int best = kNoDiscScore;
  Move best_move = kNoMove;

  // A cutoff here or at any split point above.
  bool cut_above() const {
    for (const SplitPoint* p = this; p; p = p->parent)
      if (p->cutoff.load(std::memory_order_relaxed)) return true;
    return false;
  }
  bool has_work() const { return next.load(std::memory_order_relaxed) < count && !cutoff.load(std::memory_order_relaxed); }
  bool below(const SplitPoint* ancestor) const {
    for (const SplitPoint* p = parent; p; p = p->parent)
      if (p == ancestor) return true;
    return false;
  }
};

struct SplitResult {
  int score;  // fail-soft best, as a null-window node returns it
  Move move;
};

class SplitPool {
public:
  // Starts threads - 1 helper threads.
  SplitPool(SharedSearch& shared, int threads);
  ~SplitPool();
  SplitPool(const SplitPool&) = delete;
  SplitPool& operator=(const SplitPool&) = delete;

  // An idle helper, or an owner waiting for its helpers: the waiting owner
  // joins split points below its own, so without counting it a lone helper
  // deep in a long move would leave it waiting for the whole subtree.
  bool has_idle() const {
    return idle_.load(std::memory_order_relaxed) + waiting_.load(std::memory_order_relaxed) > 0;
  }
  // Searches `moves` of the null-window node (board, alpha) with every idle
  // thread; returns once all of them are done.
  SplitResult split(Worker& owner, SplitPoint* parent, const Board& board, int alpha, int empties,
                    const MoveItem* moves, int count);

private:
  void helper_loop();
  // Joins a split point with work left (below `under` when given).
  SplitPoint* join(const SplitPoint* under);

  SharedSearch& shared_;
  std::mutex mutex_;  // guards open_ and joining
  std::vector<SplitPoint*> open_;
  std::atomic<int> open_count_{0};
  std::atomic<int> idle_{0};
  std::atomic<int> waiting_{0};  // owners waiting in split() with no work at hand
  std::atomic<bool> quit_{false};
  std::vector<std::thread> threads_;
};

}  // namespace parity::endgame
