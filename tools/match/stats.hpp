#pragma once
// Match statistics: the logistic Elo difference with its 95% interval, and
// a sequential probability ratio test (GSPRT on win/draw/loss counts).

#include <optional>
#include <string>

namespace parity::match {

struct Wdl {
  int wins = 0, losses = 0, draws = 0;
  int games() const { return wins + losses + draws; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
  Wdl flipped() const { return {losses, wins, draws}; }
};

struct EloEstimate {
  double diff = 0;    // +inf / -inf when one side scored everything
  double error = 0;   // half the 95% interval; +inf when unbounded
  double los = 0.5;   // likelihood of superiority
  double draw_ratio = 0;
};

// Elo of a score s in (0, 1) under the logistic model.
double elo_of_score(double s);
EloEstimate estimate_elo(const Wdl& r);

struct SprtBounds {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower() const;  // log(beta / (1 - alpha)): accept H0 at or below
  double upper() const;  // log((1 - beta) / alpha): accept H1 at or above
};

enum class SprtVerdict { kContinue, kH0, kH1 };

// The generalised SPRT's log-likelihood ratio of H1 (elo1) against H0
// (elo0), with the score's variance estimated from the results.
double sprt_llr(const Wdl& r, const SprtBounds& b);
SprtVerdict sprt_verdict(const Wdl& r, const SprtBounds& b);

// "+12.3", "inf", "-inf": how the reports print an Elo figure.
std::string elo_text(double v);

}  // namespace parity::match
