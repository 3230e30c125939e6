#include <doctest/doctest.h>

#include <numeric>

#include "fit.hpp"
#include "parity/core/notation.hpp"
#include "parity/eval/weights.hpp"

using namespace parity;
using namespace parity::trainer;

namespace {

// The fitted value of `board`: the sum of its features' weights.
double predict(const std::vector<float>& w, const Board& board) {
  std::vector<std::uint32_t> cols;
  feature_columns(board, cols);
  return std::accumulate(cols.begin(), cols.end(), 0.0, [&](double sum, std::uint32_t c) { return sum + w[c]; });
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("trainer: fit weighs a proven label against game results by exact-weight") {
    // The same position twice, a game result of 0 and a proven +10: least
    // squares with weight w on the proven one predicts 10 w / (w + 1).
    Board b = Board::start();
    for (const char* m : {"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"}) b = b.play(parse_square(m).value());
    b = b.canonical();
    REQUIRE_FALSE(is_held_out(b));
    const int stage = eval::stage_of(b.empties());
    const std::vector<Sample> samples{{b, 0.0f, 1, false}, {b, 10.0f, 1, true}};
    FitOptions options;
    options.ridge = 1e-9;
    options.share_plies = 0;
    for (double weight : {1.0, 3.0}) {
      options.exact_weight = weight;
      const std::vector<float> w = fit_stage(samples, stage, options, [](int) { return true; });
      CHECK(predict(w, b) == doctest::Approx(10 * weight / (weight + 1)).epsilon(1e-4));
    }
  }
}
