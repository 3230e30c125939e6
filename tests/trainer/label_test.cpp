#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>

#include "../search/endgame_test_util.hpp"
#include "label.hpp"

using namespace parity;
using namespace parity::trainer;

TEST_SUITE("fast") {
  TEST_CASE("trainer: label solves every position to the exact-empties, then a sample of each count") {
    std::mt19937_64 rng(7);
    std::vector<Sample> samples;
    // Five positions of each of 4..9 empties, labelled with a game result
    // that cannot be a final score (odd); one of them already exact.
    for (int empties = 4; empties <= 9; ++empties)
      for (int k = 0; k < 5; ++k) samples.push_back({test::random_position(rng, empties).canonical(), 1.0f, 1, false});
    samples[5].exact = true;  // one of the 5 empties
    const LabelPlan plan{5, 8, 2};
    const std::vector<std::size_t> todo = label_order(samples, plan);
    // 4 empties: 5; 5: 4 (one exact); 6, 7, 8: 2 each; 9: none.
    REQUIRE(todo.size() == 5 + 4 + 3 * 2);
    for (std::size_t k = 1; k < todo.size(); ++k)
      CHECK(samples[todo[k - 1]].board.empties() <= samples[todo[k]].board.empties());
    CHECK(std::none_of(todo.begin(), todo.end(), [&](std::size_t i) { return samples[i].exact; }));
    // The sample is the same in another order of the samples.
    std::vector<Sample> reversed(samples.rbegin(), samples.rend());
    std::vector<Board> picked, picked_again;
    for (std::size_t i : todo) picked.push_back(samples[i].board);
    for (std::size_t i : label_order(reversed, plan)) picked_again.push_back(reversed[i].board);
    std::sort(picked.begin(), picked.end());
    std::sort(picked_again.begin(), picked_again.end());
    CHECK(picked == picked_again);

    // Two threads solve them all; the labels are the reference scores.
    std::atomic<int> calls{0};
    const std::size_t solved =
        label_range(samples, todo, 0, todo.size(), 2, [] { return true; }, [&](const Sample&) { ++calls; });
    CHECK(solved == todo.size());
    CHECK(calls == static_cast<int>(todo.size()));
    for (std::size_t i : todo) {
      CHECK(samples[i].exact);
      CHECK(samples[i].label == static_cast<float>(test::negamax(samples[i].board)));
    }
    // A stop before the first position solves nothing.
    std::vector<Sample> fresh = samples;
    for (Sample& s : fresh) s.exact = false;
    CHECK(label_range(fresh, todo, 0, todo.size(), 2, [] { return false; }, [](const Sample&) {}) == 0);
  }
}
