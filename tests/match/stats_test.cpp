#include <doctest/doctest.h>

#include <cmath>

#include "stats.hpp"

using namespace parity::match;

TEST_SUITE("fast") {
  TEST_CASE("Elo difference and its 95% interval, logistic model") {
    const EloEstimate e = estimate_elo({10, 5, 3});
    CHECK(e.diff == doctest::Approx(99.114).epsilon(1e-4));
    CHECK(e.error == doctest::Approx(165.511).epsilon(1e-4));
    CHECK(e.los == doctest::Approx(0.90165).epsilon(1e-4));
    CHECK(e.draw_ratio == doctest::Approx(3.0 / 18));
    CHECK(estimate_elo({5, 10, 3}).diff == doctest::Approx(-99.114).epsilon(1e-4));
    CHECK(estimate_elo({4, 4, 2}).diff == 0);
    CHECK(elo_of_score(0.75) == doctest::Approx(190.85).epsilon(1e-4));
  }

  TEST_CASE("a clean sweep has no finite Elo") {
    const EloEstimate e = estimate_elo({20, 0, 0});
    CHECK(std::isinf(e.diff));
    CHECK(std::isinf(e.error));
    CHECK(elo_text(e.diff) == "inf");
    CHECK(elo_text(-e.diff) == "-inf");
    CHECK(elo_text(450.24) == "450.2");
  }

  TEST_CASE("SPRT: log-likelihood ratio, bounds and verdicts") {
    const SprtBounds b{0, 5, 0.05, 0.05};
    CHECK(b.lower() == doctest::Approx(-2.94444));
    CHECK(b.upper() == doctest::Approx(2.94444));
    CHECK(sprt_llr({120, 80, 100}, b) == doctest::Approx(0.839196).epsilon(1e-5));
    CHECK(sprt_llr({80, 120, 100}, b) < 0);
    CHECK(sprt_llr({}, b) == 0);
    CHECK(sprt_verdict({120, 80, 100}, b) == SprtVerdict::kContinue);
    CHECK(sprt_verdict({600, 400, 500}, b) == SprtVerdict::kH1);
    CHECK(sprt_verdict({400, 600, 500}, b) == SprtVerdict::kH0);
  }
}

TEST_SUITE("fast") {
  TEST_CASE("SPRT decides sweeps and drifts to H0 on all draws") {
    const SprtBounds b{0, 200, 0.05, 0.05};
    CHECK(sprt_verdict({30, 0, 0}, b) == SprtVerdict::kH1);
    CHECK(sprt_verdict({0, 30, 0}, b) == SprtVerdict::kH0);
    CHECK(sprt_llr({0, 0, 10}, b) < 0);
    CHECK(sprt_llr({1, 0, 0}, b) > 0);
    CHECK(sprt_llr({1, 0, 0}, b) < b.upper());
  }
}
