#include <doctest/doctest.h>

#include <random>
#include <thread>
#include <vector>

#include "parity/search/tt.hpp"

using namespace parity;

namespace {

Board random_board(std::mt19937_64& rng) {
  const Bitboard a = rng(), b = rng();
  return {a & ~b, b & ~a};
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("tt: a stored result reads back with its bounds, move, depth and pruning grade") {
    TranspositionTable tt(1);
    const Board b = Board::start();
    TTData d;
    CHECK_FALSE(tt.probe(b, d));
    tt.store(b, 12, 3, -5, 5, 2, 19);  // exact
    REQUIRE(tt.probe(b, d));
    CHECK(d.lower == 2);
    CHECK(d.upper == 2);
    CHECK(d.move == 19);
    CHECK(d.depth == 12);
    CHECK(d.pruning == 3);
    CHECK_FALSE(tt.probe(b.pass(), d));
  }

  TEST_CASE("tt: fail-high and fail-low results give one-sided bounds that merge") {
    TranspositionTable tt(1);
    const Board b = Board::start();
    TTData d;
    tt.store(b, 20, 0, 3, 4, 8, 26);  // >= 8
    REQUIRE(tt.probe(b, d));
    CHECK(d.lower == 8);
    CHECK(d.upper == kTTInfinity);
    tt.store(b, 20, 0, 11, 12, 10, kNoMove);  // <= 10, keeps the old move
    REQUIRE(tt.probe(b, d));
    CHECK(d.lower == 8);
    CHECK(d.upper == 10);
    CHECK(d.move == 26);
    tt.store(b, 18, 0, -64, 64, -30, kPass);  // another depth replaces
    REQUIRE(tt.probe(b, d));
    CHECK(d.lower == -30);
    CHECK(d.upper == -30);
    CHECK(d.depth == 18);
    CHECK(d.move == kPass);
  }

  TEST_CASE("tt: an entry says its unit; a solve's disc bounds never merge with a midgame result") {
    TranspositionTable tt(1);
    const Board b = Board::start();
    TTData d;
    tt.store(b, 20, 0, 3, 4, 800, 26);  // midgame, >= 8 discs in centi-discs
    REQUIRE(tt.probe(b, d));
    CHECK_FALSE(d.solved());
    CHECK(d.unit == TTUnit::kCentiDiscs);
    CHECK(d.depth == 20);
    tt.store_solved(b, 20, 0, -1, 1, -4, 19);  // the same depth, as a proof: <= -4 discs
    REQUIRE(tt.probe(b, d));
    CHECK(d.solved());
    CHECK(d.unit == TTUnit::kDiscs);
    CHECK(d.depth == 20);
    CHECK(d.lower == -kTTInfinity);
    CHECK(d.upper == -4);
    CHECK(d.move == 19);
    tt.store_solved(b, 20, 0, -10, -9, -6, kNoMove);  // >= -6: merges with the proof
    REQUIRE(tt.probe(b, d));
    CHECK(d.lower == -6);
    CHECK(d.upper == -4);
    CHECK(d.move == 19);
    tt.store(b, kTTMaxDepth, kTTMaxPruning, -64, 64, 5, 0);
    REQUIRE(tt.probe(b, d));
    CHECK_FALSE(d.solved());
    CHECK(d.depth == kTTMaxDepth);
    CHECK(d.pruning == kTTMaxPruning);
  }

  TEST_CASE("tt: many positions, never a false hit; clear empties; hashfull grows") {
    TranspositionTable tt(1);
    CHECK(tt.hashfull() == 0);
    std::mt19937_64 rng(7);
    std::vector<Board> boards;
    for (int i = 0; i < 200000; ++i) boards.push_back(random_board(rng));
    for (std::size_t i = 0; i < boards.size(); ++i)
      tt.store(boards[i], 10, 0, -65, 65, static_cast<int>(i % 129) - 64, static_cast<Move>(i % 64));
    int hits = 0;
    for (std::size_t i = 0; i < boards.size(); ++i) {
      TTData d;
      if (tt.probe(boards[i], d)) {
        ++hits;
        REQUIRE(d.lower == static_cast<int>(i % 129) - 64);
        REQUIRE(d.move == static_cast<Move>(i % 64));
      }
    }
    CHECK(hits > static_cast<int>(tt.entries()) / 2);
    CHECK(tt.hashfull() > 500);
    tt.new_search();
    CHECK(tt.hashfull() == 0);
    tt.clear();
    TTData d;
    for (const Board& b : boards) REQUIRE_FALSE(tt.probe(b, d));
    tt.resize(2);
    CHECK(tt.megabytes() == 2);
    CHECK(tt.entries() * 24 <= (std::size_t{2} << 20));
  }

  TEST_CASE("tt: an overfilled table keeps the solver's entries with the most empties") {
    TranspositionTable tt(1);
    std::mt19937_64 rng(13);
    std::vector<Board> deep;
    // Far more shallow entries than the table holds, a few deep ones among
    // them (1,000 for 8,192 buckets: about one bucket in eight gets one).
    for (int i = 0; i < 150000; ++i) {
      const Board b = random_board(rng);
      if (i % 150 == 0) {
        deep.push_back(b);
        tt.store_solved(b, 24, 0, -64, 64, 6, 19);
      } else {
        tt.store_solved(b, 11, 0, -64, 64, -2, 20);
      }
    }
    for (const Board& b : deep) {
      TTData d;
      REQUIRE(tt.probe(b, d));
      CHECK(d.depth == 24);
      CHECK(d.solved());
      CHECK(d.lower == 6);
    }
  }

  TEST_CASE("tt: a size that cannot be allocated falls back to the old size, or a share of it") {
    CHECK(TranspositionTable::table_bytes(1) == 768u << 10);  // 2^13 buckets of 96 bytes
    CHECK(TranspositionTable::table_bytes(64) == 48u << 20);
    CHECK(TranspositionTable::table_bytes(0) == TranspositionTable::table_bytes(1));
    TranspositionTable tt(8);
    const std::size_t eight = tt.entries();
    tt.store(Board::start(), 5, 0, -10, 10, 3, 19);
    tt.limit_allocation(TranspositionTable::table_bytes(8));
    CHECK_FALSE(tt.resize(16));
    CHECK(tt.megabytes() == 8);
    CHECK(tt.entries() == eight);
    TTData d;
    CHECK_FALSE(tt.probe(Board::start(), d));  // a new table: nothing kept
    tt.store(Board::start(), 5, 0, -10, 10, 3, 19);
    CHECK(tt.probe(Board::start(), d));
    // Not even the old size: the largest half that fits.
    tt.limit_allocation(TranspositionTable::table_bytes(2));
    CHECK_FALSE(tt.resize(32));
    CHECK(tt.megabytes() == 2);
    CHECK(tt.entries() == eight / 4);
    CHECK(tt.resize(1));
    CHECK(tt.megabytes() == 1);
  }

  TEST_CASE("tt: racing writers never produce a hit with another position's data") {
    TranspositionTable tt(1);  // small, so the threads collide on buckets
    std::vector<std::thread> threads;
    std::atomic<int> bad{0};
    for (int t = 0; t < 2; ++t)
      threads.emplace_back([&, t] {
        std::mt19937_64 rng(100 + t);
        for (int i = 0; i < 300000; ++i) {
          const Board b = random_board(rng);
          // The score is a function of the position, so any hit can be checked.
          const int score = static_cast<int>((b.player ^ b.opponent) % 100);
          tt.store(b, 5, 0, -kTTInfinity, kTTInfinity, score, kNoMove);
          TTData d;
          if (tt.probe(b, d) && (d.lower != score || d.upper != score)) ++bad;
        }
      });
    for (auto& th : threads) th.join();
    CHECK(bad == 0);
  }
}
