#pragma once
// GGF, one game a line: written for every game played, sent to NBoard
// engines with `set game`, and read back to resume a run.
//   (;GM[Othello]PC[parity-match]DT[..]PB[..]PW[..]RE[+12.00]TY[8]
//     BO[8 <64 cells> *]B[f5]W[d6/-1.50/0.31]...;)
// parity-match adds GN[number], and C[forfeit <kind> by <name>: <why>] when
// a game was forfeited; readers skip properties they do not know.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "game_record.hpp"
#include "parity/core/expected.hpp"

namespace parity::match {

// The whole record, result included.
std::string ggf_line(const GameRecord& game);
// The game so far, no result: what an NBoard engine gets with `set game`.
std::string ggf_in_progress(const GameRecord& game);
// "f5/-1.50/0.31", or "f5" with neither eval nor time; passes are "PA".
std::string ggf_move(const Ply& ply);

struct ParsedGgf {
  std::multimap<std::string, std::string> properties;  // every property but B and W
  Position start;
  std::vector<Ply> plies;

  std::string get(const std::string& key) const;  // first value, or ""
};
Expected<ParsedGgf> parse_ggf(std::string_view text);
// Rebuilds what parity-match wrote: names, number, result, forfeit.
Expected<GameRecord> parse_game_record(std::string_view line);

}  // namespace parity::match
