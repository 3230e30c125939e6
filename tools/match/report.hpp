#pragma once
// What parity-match prints and writes: the live progress line, cutechess-
// style score lines per pair, the final table and the JSON summary.

#include <optional>
#include <string>
#include <vector>

#include "engine_spec.hpp"
#include "standings.hpp"
#include "stats.hpp"

namespace parity::match {

// "Score of A vs B: 10 - 5 - 3  [0.639] 18" and "Elo difference: ...",
// then a forfeit line when there were any.
std::string score_lines(const Standings& s, int pair);
// "Games 12 of 100, parity: +7 =1 -4 62.5%, Elo 89.0 +/- 180.2" for the
// first engine against the field, with the LLR when an SPRT runs.
std::string progress_line(const Standings& s, int planned, const std::optional<SprtBounds>& sprt);
// The SPRT's state: "SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94 - H1 was accepted".
std::string sprt_line(const Standings& s, const SprtBounds& b);
// Rank, name, Elo against the field, games, score, draws, forfeits.
std::string final_table(const Standings& s);

struct SummaryInfo {
  std::vector<EngineSpec> engines;
  int planned = 0;
  std::optional<SprtBounds> sprt;
  std::string ggf_path, openings_path;
  unsigned long long seed = 0;
};
std::string json_summary(const Standings& s, const SummaryInfo& info);

}  // namespace parity::match
