#include "stats.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "settings.hpp"

namespace parity::match {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The per-game variance of the score, each game scoring 1, 1/2 or 0; the
// counts may be fractional.
double score_variance(double wins, double losses, double draws) {
  const double n = wins + losses + draws;
  if (n <= 0) return 0;
  const double s = (wins + 0.5 * draws) / n;
  return (wins * (1 - s) * (1 - s) + losses * s * s + draws * (0.5 - s) * (0.5 - s)) / n;
}

double score_variance(const Wdl& r) { return score_variance(r.wins, r.losses, r.draws); }

double expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

}  // namespace

double elo_of_score(double s) {
  if (s <= 0) return -kInf;
  if (s >= 1) return kInf;
  return -400.0 * std::log10(1.0 / s - 1.0);
}

EloEstimate estimate_elo(const Wdl& r) {
  EloEstimate e;
  const int n = r.games();
  if (n == 0) return e;
  const double s = r.score();
  e.diff = elo_of_score(s);
  const double margin = settings::kZ95 * std::sqrt(score_variance(r) / n);
  const double lo = s - margin, hi = s + margin;
  e.error = (lo <= 0 || hi >= 1) ? kInf : (elo_of_score(hi) - elo_of_score(lo)) / 2;
  const int decisive = r.wins + r.losses;
  e.los = decisive ? 0.5 * (1 + std::erf((r.wins - r.losses) / std::sqrt(2.0 * decisive))) : 0.5;
  e.draw_ratio = static_cast<double>(r.draws) / n;
  return e;
}

double SprtBounds::lower() const { return std::log(beta / (1 - alpha)); }
double SprtBounds::upper() const { return std::log((1 - beta) / alpha); }

double sprt_llr(const Wdl& r, const SprtBounds& b) {
  if (r.games() == 0) return 0;
  // Identical results (a sweep, say) have no variance to estimate; half a
  // win and half a loss more give it one without moving the score much.
  const double extra = score_variance(r) <= 0 ? 0.5 : 0.0;
  const double wins = r.wins + extra, losses = r.losses + extra, draws = r.draws;
  const double n = wins + losses + draws, s = (wins + 0.5 * draws) / n;
  const double var = score_variance(wins, losses, draws);
  const double s0 = expected_score(b.elo0), s1 = expected_score(b.elo1);
  // Normal approximation of the log-likelihood ratio of the mean score.
  return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

SprtVerdict sprt_verdict(const Wdl& r, const SprtBounds& b) {
  const double llr = sprt_llr(r, b);
  if (llr >= b.upper()) return SprtVerdict::kH1;
  if (llr <= b.lower()) return SprtVerdict::kH0;
  return SprtVerdict::kContinue;
}

std::string elo_text(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

}  // namespace parity::match
