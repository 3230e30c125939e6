#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "../../src/search/split_pool.hpp"

using parity::search::SplitPool;
using parity::search::SplitTask;
using parity::search::ThreadPool;

namespace {

// A split point of a made-up search: a move at the top point is either the
// owner's (which waits until a helper has split below it) or the helper's
// (which opens that split point and keeps its first move until someone
// else has taken the second).
struct Point : SplitTask {
  bool top = false;
};

struct Scene {
  std::atomic<bool> helper_split{false};
  std::atomic<int> moves_done{0};
  std::atomic<bool> timed_out{false};
};

// Spins until `done` holds or a generous deadline passes (then the scene
// records the time-out, and the test fails instead of hanging).
template <class Done>
void wait_for(Scene& scene, Done done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) {
      scene.timed_out = true;
      return;
    }
    std::this_thread::yield();
  }
}

struct Worker {
  Scene& scene;
  SplitPool<Point, Worker>* pool = nullptr;
  bool helper = false;

  void work_at(Point& sp, bool) {
    for (;;) {
      const int i = sp.next.fetch_add(1);
      if (i >= sp.count) break;
      if (sp.top && !helper) {
        wait_for(scene, [&] { return scene.helper_split.load(); });
      } else if (sp.top) {
        Point below;
        below.parent = &sp;
        below.count = 2;
        scene.helper_split = true;
        pool->split(*this, below);
      } else if (i == 0) {
        wait_for(scene, [&] { return sp.next.load() >= 2; });
      }
      scene.moves_done.fetch_add(1);
    }
    sp.workers.fetch_sub(1);
  }
  void flush_nodes() {}
};

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("split pool: an owner waiting for its helper takes a move at the helper's split point below") {
    // The owner holds its move until the helper has split below; the
    // helper's first move there waits for the second to be taken, which
    // only the waiting owner can do. Without the owner's join the helper
    // would wait out the deadline.
    Scene scene;
    ThreadPool threads;
    REQUIRE(threads.resize(1) == 1);
    SplitPool<Point, Worker> pool(threads, 1, [&scene](SplitPool<Point, Worker>& p) {
      auto w = std::make_shared<Worker>(Worker{scene});
      w->pool = &p;
      w->helper = true;
      return w;
    });
    REQUIRE(pool.helpers() == 1);
    Worker owner{scene, &pool, false};
    Point top;
    top.top = true;
    top.count = 2;
    pool.split(owner, top);
    CHECK_FALSE(scene.timed_out.load());
    CHECK(scene.moves_done.load() == 4);  // two at the top, two below
    CHECK(pool.joined_below() == 1);
  }
}
