#pragma once
// Parallel search by young brothers wait, shared by the midgame and the
// endgame solver: a node deep enough searches its first move alone, then
// opens a split point from which idle threads take the remaining moves one
// at a time. A move that cuts off stops everyone below the split point. A
// thread waiting for its helpers helps at split points below its own.
//
// A search's split point derives from SplitTask and adds what its threads
// need (the position, the window, where to put the result); its worker
// type has work_at(Point&, bool nested), nested meaning the thread is an
// owner waiting for its own helpers, whose state must survive the visit,
// and flush_nodes(), called once a helper thread ends.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "parity/search/thread_pool.hpp"

namespace parity::search {

struct SplitTask {
  SplitTask* parent = nullptr;  // the split point its owner works under
  int count = 0;                // moves to hand out
  std::atomic<int> next{0};        // the next move to hand out
  std::atomic<bool> cutoff{false};  // a move failed high: stop searching here
  std::atomic<int> workers{0};     // threads inside, the owner included
  std::mutex mutex;                // guards the result the derived point keeps

  // A cutoff here or at any split point above.
  bool cut_above() const {
    for (const SplitTask* p = this; p; p = p->parent)
      if (p->cutoff.load(std::memory_order_relaxed)) return true;
    return false;
  }
  bool has_work() const { return next.load(std::memory_order_relaxed) < count && !cutoff.load(std::memory_order_relaxed); }
  bool below(const SplitTask* ancestor) const {
    for (const SplitTask* p = parent; p; p = p->parent)
      if (p == ancestor) return true;
    return false;
  }
};

template <class Point, class Worker>
class SplitPool {
public:
  // Runs `helpers` helpers on the threads of `threads` (as many as it
  // has), each searching with the worker make(*this) returns (a
  // std::shared_ptr<Worker>) until the split pool ends.
  template <class Make>
  SplitPool(ThreadPool& threads, int helpers, Make make) : threads_(threads), creator_(std::this_thread::get_id()) {
    helpers_ = std::clamp(helpers, 0, threads.size());
    idle_ = helpers_;
    threads.run(helpers_, [this, make](int) { helper_loop(make(*this)); });
  }
  ~SplitPool() {
    quit_ = true;
    threads_.wait();
  }
  SplitPool(const SplitPool&) = delete;
  SplitPool& operator=(const SplitPool&) = delete;

  int helpers() const { return helpers_; }
  // How often an owner waiting for its helpers joined a split point below its own.
  std::uint64_t joined_below() const { return joined_below_.load(std::memory_order_relaxed); }
  // How many split points the helpers opened (those of the thread that made the pool not counted).
  std::uint64_t helper_splits() const { return helper_splits_.load(std::memory_order_relaxed); }

  // An idle helper, or an owner waiting for its helpers: the waiting owner
  // joins split points below its own, so without counting it a lone helper
  // deep in a long move would leave it waiting for the whole subtree.
  bool has_idle() const {
    return idle_.load(std::memory_order_relaxed) + waiting_.load(std::memory_order_relaxed) > 0;
  }

  // Searches the moves of `sp` (filled in by the owner, its parent the
  // owner's current split point) with every idle thread; returns once all
  // of them are done.
  void split(Worker& owner, Point& sp) {
    if (std::this_thread::get_id() != creator_) helper_splits_.fetch_add(1, std::memory_order_relaxed);
    sp.workers = 1;
    {
      std::lock_guard lock(mutex_);
      open_.push_back(&sp);
      open_count_.fetch_add(1);
    }
    owner.work_at(sp, false);
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
      if (Point* below = join(&sp)) {
        joined_below_.fetch_add(1, std::memory_order_relaxed);
        waiting_.fetch_sub(1);
        owner.work_at(*below, true);
        waiting_.fetch_add(1);
      } else {
        std::this_thread::yield();
      }
    }
    waiting_.fetch_sub(1);
  }

private:
  void helper_loop(std::shared_ptr<Worker> worker) {
    while (!quit_.load(std::memory_order_relaxed)) {
      Point* sp = open_count_.load(std::memory_order_relaxed) ? join(nullptr) : nullptr;
      if (!sp) {
        std::this_thread::yield();
        continue;
      }
      idle_.fetch_sub(1);
      worker->work_at(*sp, false);
      idle_.fetch_add(1);
    }
    worker->flush_nodes();
  }

  // Joins a split point with work left (below `under` when given); the
  // joiner leaves by decrementing its `workers`.
  Point* join(const SplitTask* under) {
    std::lock_guard lock(mutex_);
    for (Point* sp : open_)
      if (sp->has_work() && (!under || sp->below(under))) {
        sp->workers.fetch_add(1);
        return sp;
      }
    return nullptr;
  }

  std::mutex mutex_;  // guards open_ and joining
  std::vector<Point*> open_;
  std::atomic<int> open_count_{0};
  std::atomic<std::uint64_t> joined_below_{0};
  std::atomic<std::uint64_t> helper_splits_{0};
  std::atomic<int> idle_{0};
  std::atomic<int> waiting_{0};  // owners waiting in split() with no work at hand
  std::atomic<bool> quit_{false};
  ThreadPool& threads_;
  const std::thread::id creator_;
  int helpers_ = 0;
};

}  // namespace parity::search
