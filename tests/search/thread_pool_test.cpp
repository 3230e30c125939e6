#include <doctest/doctest.h>

#include <atomic>
#include <vector>

#include "parity/search/thread_pool.hpp"

using parity::search::ThreadPool;

TEST_SUITE("fast") {
  TEST_CASE("thread pool: each job runs once on each thread asked for, and wait() returns after the last") {
    ThreadPool pool;
    REQUIRE(pool.resize(3) == 3);
    for (int round = 0; round < 50; ++round) {
      const int count = 1 + round % 3;
      std::vector<std::atomic<int>> runs(3);
      std::atomic<int> finished{0};
      pool.run(count, [&](int i) {
        runs[static_cast<std::size_t>(i)].fetch_add(1);
        finished.fetch_add(1);
      });
      pool.wait();
      CHECK(finished.load() == count);
      for (int i = 0; i < 3; ++i) CHECK(runs[static_cast<std::size_t>(i)].load() == (i < count ? 1 : 0));
    }
  }

  TEST_CASE("thread pool: threads added after a job wait for the next one; shrinking ends the extra threads") {
    ThreadPool pool;
    REQUIRE(pool.resize(2) == 2);
    std::atomic<int> first{0};
    pool.run(2, [&](int) { first.fetch_add(1); });
    pool.wait();
    REQUIRE(pool.resize(1) == 1);
    REQUIRE(pool.resize(4) == 4);  // thread 1 anew: it must not take the finished job for a new one
    std::atomic<int> second{0};
    pool.run(4, [&](int) { second.fetch_add(1); });
    pool.wait();
    CHECK(first.load() == 2);
    CHECK(second.load() == 4);
    CHECK(pool.resize(2) == 2);
    std::atomic<int> third{0};
    pool.run(4, [&](int) { third.fetch_add(1); });  // more than it has: runs on its 2
    pool.wait();
    CHECK(third.load() == 2);
    CHECK(pool.resize(0) == 0);
    pool.run(1, [&](int) { third.fetch_add(1); });
    pool.wait();
    CHECK(third.load() == 2);
  }
}
