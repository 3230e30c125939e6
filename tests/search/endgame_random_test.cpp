#include <doctest/doctest.h>

#include "endgame_test_util.hpp"
#include "parity/search/endgame.hpp"

using namespace parity;

namespace {

// Random positions with empties in [low, high] against a reference search.
template <class Reference>
void compare(int count, int low, int high, std::uint64_t seed, int threads, std::size_t hash_mb, Reference reference) {
  std::mt19937_64 rng(seed);
  TranspositionTable tt(hash_mb);
  Solver solver(tt);
  for (int i = 0; i < count; ++i) {
    const int empties = low + i % (high - low + 1);
    const Board b = test::random_position(rng, empties);
    const int expected = reference(b);
    const SolveResult r = solver.solve(b, {threads, false});
    CAPTURE(i);
    CAPTURE(board_string(Position{b, Color::kBlack}));
    REQUIRE(r.score == expected);
    // The move must reach the score (a pass when the player must pass).
    if (b.must_pass()) REQUIRE(r.best == kPass);
    else if (b.game_over()) REQUIRE(r.best == kNoMove);
    else REQUIRE(-test::alpha_beta(b.play(r.best), -expected - 1, -expected + 1) == expected);
    const SolveResult wld = solver.solve(b, {threads, true});
    REQUIRE(wld.score == (expected > 0) - (expected < 0));
  }
}

int by_negamax(const Board& b) { return test::negamax(b); }
int by_alpha_beta(const Board& b) { return test::alpha_beta(b, -64, 64); }

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("solver: 300 random positions with 0-8 empties equal plain negamax") {
    compare(300, 0, 8, 1, 1, 1, by_negamax);
  }
  TEST_CASE("solver: 40 random positions with 10-12 empties equal alpha-beta, 2 threads, 1 MB") {
    compare(40, 10, 12, 2, 2, 1, by_alpha_beta);
  }
}

TEST_SUITE("slow") {
  TEST_CASE("solver: 2100 random positions with 4-10 empties equal plain negamax") {
    compare(2100, 4, 10, 3, 1, 16, by_negamax);
  }
  TEST_CASE("solver: 300 random positions with 11-14 empties equal alpha-beta") {
    compare(300, 11, 14, 4, 1, 16, by_alpha_beta);
  }
  TEST_CASE("solver: 200 random positions with 11-16 empties, 2 threads and a 1 MB table, equal 1 thread") {
    std::mt19937_64 rng(5);
    TranspositionTable big(64), tiny(1);
    Solver one(big), two(tiny);
    for (int i = 0; i < 200; ++i) {
      const Board b = test::random_position(rng, 11 + i % 6);
      REQUIRE(two.solve(b, {2, false}).score == one.solve(b, {1, false}).score);
    }
  }
}
