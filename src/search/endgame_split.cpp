#include "endgame_split.hpp"

#include <algorithm>
#include <system_error>

namespace parity::endgame {

SplitPool::SplitPool(SharedSearch& shared, int threads) : shared_(shared) {
  // A process limit on threads leaves the solve with the helpers it got.
  idle_ = threads - 1;
  try {
    for (int i = 1; i < threads; ++i) threads_.emplace_back([this] { helper_loop(); });
  } catch (const std::system_error&) {
    idle_.fetch_sub(threads - 1 - static_cast<int>(threads_.size()));
  }
}

SplitPool::~SplitPool() {
  quit_ = true;
  for (auto& t : threads_) t.join();
}

void SplitPool::helper_loop() {
  Worker worker(shared_);
  while (!quit_.load(std::memory_order_relaxed)) {
    SplitPoint* sp = open_count_.load(std::memory_order_relaxed) ? join(nullptr) : nullptr;
    if (!sp) {
      std::this_thread::yield();
      continue;
    }
    idle_.fetch_sub(1);
    worker.work_at(*sp);
    idle_.fetch_add(1);
  }
  worker.flush_nodes();
}

SplitPoint* SplitPool::join(const SplitPoint* under) {
  std::lock_guard lock(mutex_);
  for (SplitPoint* sp : open_)
    if (sp->has_work() && (!under || sp->below(under))) {
      sp->workers.fetch_add(1);
      return sp;
    }
  return nullptr;
}

SplitResult SplitPool::split(Worker& owner, SplitPoint* parent, const Board& board, int alpha, int empties,
                             const MoveItem* moves, int count) {
  SplitPoint sp;
  sp.player = board.player;
  sp.opponent = board.opponent;
  sp.alpha = alpha;
  sp.empties = empties;
  sp.moves = moves;
  sp.count = count;
  sp.parent = parent;
  sp.workers = 1;
  {
    std::lock_guard lock(mutex_);
    open_.push_back(&sp);
    open_count_.fetch_add(1);
  }
  owner.work_at(sp);
  waiting_.fetch_add(1);
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (sp.workers.load() == 0) {
        open_.erase(std::find(open_.begin(), open_.end(), &sp));
        open_count_.fetch_sub(1);
        break;
      }
    }
    if (SplitPoint* below = join(&sp)) {
      waiting_.fetch_sub(1);
      owner.work_at(*below);
      waiting_.fetch_add(1);
    } else {
      std::this_thread::yield();
    }
  }
  waiting_.fetch_sub(1);
  return {sp.best, sp.best_move};
}

void Worker::work_at(SplitPoint& sp) {
  SplitPoint* const saved = split_;
  split_ = &sp;
  for (;;) {
    const int i = sp.next.fetch_add(1);
    if (i >= sp.count || aborted()) break;
    const MoveItem& m = sp.moves[i];
    const int v = -nws(sp.opponent ^ m.flips, sp.player ^ m.flips ^ bit(m.sq), -sp.alpha - 1, sp.empties - 1);
    if (aborted()) break;
    {
      std::lock_guard lock(sp.mutex);
      if (v > sp.best) {
        sp.best = v;
        sp.best_move = m.sq;
      }
    }
    if (v > sp.alpha) {
      sp.cutoff = true;
      break;
    }
  }
  split_ = saved;
  sp.workers.fetch_sub(1);
}

}  // namespace parity::endgame
