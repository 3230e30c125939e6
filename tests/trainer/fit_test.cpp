#include <doctest/doctest.h>

#include <bit>
#include <numeric>
#include <set>
#include <string>

#include "fit.hpp"
#include "parity/core/hash.hpp"
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

// A canonical position after ten moves that the fit trains on (not held out).
Board trained_board() {
  Board b = Board::start();
  for (const char* m : {"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"}) b = b.play(parse_square(m).value());
  return b.canonical();
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("trainer: fit weighs a proven label against game results by exact-weight") {
    // The same position twice, a game result of 0 and a proven +10: least
    // squares with weight w on the proven one predicts 10 w / (w + 1).
    const Board b = trained_board();
    REQUIRE_FALSE(is_held_out(b));
    const int stage = eval::stage_of(b.empties());
    const std::vector<Sample> samples{{b, 0.0f, 1, false}, {b, 10.0f, 1, true}};
    FitOptions options;
    options.ridge = 1e-9;
    options.share_plies = 0;
    for (double weight : {1.0, 3.0}) {
      options.exact_weight = weight;
      const std::vector<float> w = fit_stage(samples, stage, options, {}, 1, [](int) { return true; });
      CHECK(predict(w, b) == doctest::Approx(10 * weight / (weight + 1)).epsilon(1e-4));
    }
  }

  TEST_CASE("trainer: fit with a prior pulls the ridge toward it") {
    // One sample labelled 6 and ridge lambda: least squares from zero
    // predicts 6 k with k = |a|^2 / (|a|^2 + lambda); from a prior that
    // predicts p0 it moves the same fraction of the way, p0 + (6 - p0) k.
    const Board b = trained_board();
    REQUIRE_FALSE(is_held_out(b));
    const int stage = eval::stage_of(b.empties());
    const std::vector<Sample> samples{{b, 6.0f, 1, false}};
    FitOptions options;
    options.ridge = 20;
    options.share_plies = 0;
    const auto keep = [](int) { return true; };
    std::vector<float> prior(eval::compact_size());
    for (std::size_t j = 0; j < prior.size(); ++j) prior[j] = 0.05f * static_cast<float>(j % 7) - 0.1f;
    const double p0 = predict(prior, b);
    const double k = predict(fit_stage(samples, stage, options, {}, 1, keep), b) / 6.0;
    REQUIRE(k > 0.1);
    REQUIRE(k < 0.9);
    const std::vector<float> w = fit_stage(samples, stage, options, prior, 1, keep);
    CHECK(predict(w, b) == doctest::Approx(p0 + (6.0 - p0) * k).epsilon(1e-4));
    // A stage without samples keeps the prior as it is.
    const std::vector<float> other = fit_stage(samples, (stage + 3) % eval::kStages, options, prior, 1, keep);
    CHECK(other == prior);
  }

  TEST_CASE("trainer: a fit's weights are the same bit for bit on any number of threads") {
    // Positions of random games in one stage, labelled by their disc
    // difference: enough rows for several of the fit's row blocks, which
    // the threads share out differently; the sums must not depend on how.
    const int stage = 5;
    std::vector<Sample> samples;
    std::uint64_t state = 7;
    while (samples.size() < 50000) {
      Board b = Board::start();
      while (!b.game_over()) {
        if (eval::stage_of(b.empties()) == stage && !is_held_out(b.canonical()))
          samples.push_back({b.canonical(), static_cast<float>(b.player_discs() - b.opponent_discs()), 1, samples.size() % 3 == 0});
        const Bitboard moves = b.legal_moves();
        if (moves == 0) {
          b = b.pass();
          continue;
        }
        const int pick = static_cast<int>(splitmix64(state) % static_cast<std::uint64_t>(popcount(moves)));
        Bitboard m = moves;
        for (int i = 0; i < pick; ++i) m &= m - 1;
        b = b.play(std::countr_zero(m));
      }
    }
    FitOptions options;
    options.iterations = 20;
    options.exact_weight = 2;
    std::vector<float> prior(eval::compact_size());
    for (std::size_t j = 0; j < prior.size(); ++j) prior[j] = 0.03f * static_cast<float>(j % 5) - 0.06f;
    const auto keep = [](int) { return true; };
    const std::vector<float> one = fit_stage(samples, stage, options, prior, 1, keep);
    REQUIRE(one != prior);
    for (int threads : {2, 3, 7}) {
      CAPTURE(threads);
      CHECK(fit_stage(samples, stage, options, prior, threads, keep) == one);
    }
  }

  TEST_CASE("trainer: a fit checkpoint resumes only under the fingerprint it was written with") {
    const Board b = trained_board();
    const std::vector<Sample> samples{{b, 6.0f, 1, false}, {Board::start(), -2.0f, 1, true}};
    const std::vector<std::vector<float>> zeros(eval::kStages);
    FitOptions options;
    const std::string base = fit_fingerprint(options, samples, zeros);
    const std::string list = checkpoint_list(base, {0, 3, 14});
    CHECK(list.starts_with("fit iterations=60 ridge=4 share-plies=2 exact-weight=1 samples="));
    CHECK(read_checkpoint_list(list, base) == std::set<int>{0, 3, 14});
    CHECK(read_checkpoint_list(checkpoint_list(base, {}), base) == std::set<int>{});
    // Each input the weights depend on changes the fingerprint.
    std::vector<std::string> others;
    for (auto change : {+[](FitOptions& f) { f.iterations = 61; }, +[](FitOptions& f) { f.ridge = 30; },
                        +[](FitOptions& f) { f.share_plies = 1; }, +[](FitOptions& f) { f.exact_weight = 2; }}) {
      FitOptions other = options;
      change(other);
      others.push_back(fit_fingerprint(other, samples, zeros));
    }
    std::vector<Sample> relabelled = samples;
    relabelled[1].label = 4.0f;
    others.push_back(fit_fingerprint(options, relabelled, zeros));
    relabelled = samples;
    relabelled[0].exact = true;
    others.push_back(fit_fingerprint(options, relabelled, zeros));
    others.push_back(fit_fingerprint(options, {samples[0]}, zeros));
    std::vector<std::vector<float>> prior(eval::kStages, std::vector<float>(eval::compact_size(), 0.0f));
    others.push_back(fit_fingerprint(options, samples, prior));
    prior[7][12] = 0.5f;
    others.push_back(fit_fingerprint(options, samples, prior));
    for (const std::string& other : others) {
      CHECK(other != base);
      CHECK_FALSE(read_checkpoint_list(list, other));
    }
    // The list of an earlier format (stages only) and damaged lists are refused.
    CHECK_FALSE(read_checkpoint_list("0\n3\n", base));
    CHECK_FALSE(read_checkpoint_list("fit " + base + "\n3x\n", base));
    CHECK_FALSE(read_checkpoint_list("fit " + base + "\n15\n", base));
    CHECK_FALSE(read_checkpoint_list("", base));
  }
}
