#pragma once
// Runs a whole tournament: schedules the games, plays `concurrency` of them
// at once, writes every finished game to the GGF file at once (so a run can
// be resumed from it), reports progress, stops an SPRT when it is decided.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine_spec.hpp"
#include "openings.hpp"
#include "schedule.hpp"
#include "stats.hpp"

namespace parity::match {

struct TournamentConfig {
  std::vector<EngineSpec> engines;
  std::vector<Opening> openings;  // in playing order (already shuffled)
  std::string openings_path;
  TournamentKind kind = TournamentKind::kRoundRobin;
  int games = 2, rounds = 1, concurrency = 1;
  std::uint64_t seed = 0;
  std::optional<SprtBounds> sprt;
  std::string ggf_path, json_path;
  bool resume = false;
  bool live_progress = false;     // rewrite one progress line (a terminal)
};

// The process exit code: 0 when the tournament ran (forfeits included),
// 1 when it could not (an engine that does not start, a bad GGF to resume).
int run_tournament(const TournamentConfig& config, std::ostream& out, std::ostream& err);

}  // namespace parity::match
