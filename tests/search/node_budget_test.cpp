#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/search/search.hpp"
#include "endgame_test_util.hpp"

using namespace parity;
using namespace parity::search;

namespace {

// Positions of random games at the given numbers of empties, `games` of
// each, the side to move with a move.
std::vector<Board> positions_at(const std::vector<int>& empties, unsigned games) {
  std::vector<Board> out;
  for (unsigned seed = 1; seed <= games; ++seed) {
    std::mt19937_64 rng(seed);
    for (int e : empties) {
      Board b = test::random_position(rng, e);
      while (!b.legal_moves()) b = test::random_position(rng, e);
      out.push_back(b);
    }
  }
  return out;
}

// Runs one search; a search that ignores its budget is stopped after a
// few seconds, so that the check below fails instead of hanging.
Result bounded_run(Search& search, const Board& board, const Limits& limits) {
  std::atomic<bool> stop{false}, done{false};
  std::thread guard([&] {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!done.load() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    stop.store(true);
  });
  const Result r = search.run(board, limits, stop, {});
  done.store(true);
  guard.join();
  return r;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("search: a node budget bounds the whole search, the exact solver included, at every level") {
    const std::vector<Board> boards = positions_at({44, 30, 24, 20, 18, 16, 14, 12, 9}, 3);
    REQUIRE(boards.size() >= 20);
    Search search(4);
    for (const std::uint64_t budget : {std::uint64_t{2000}, std::uint64_t{20000}, std::uint64_t{200000}}) {
      for (const int level : {60, 20, 12, 3}) {
        for (const int depth : {0, 4}) {
          std::uint64_t most = 0;
          for (const Board& b : boards) {
            Limits limits;
            limits.nodes = budget;
            limits.level = level;
            limits.depth = depth;
            search.clear();
            const Result r = bounded_run(search, b, limits);
            CHECK(b.is_legal(r.best));
            most = std::max(most, r.nodes);
          }
          INFO("budget " << budget << ", level " << level << ", depth " << depth << ": at most " << most << " nodes");
          CHECK(most <= budget + budget * 3 / 100);
        }
      }
    }
  }
}
