#pragma once
// parity-match's game records in GGF, one game a line: written for every
// game played, sent to NBoard engines with `set game`, and read back to
// resume a run. Core's GGF codec reads and writes them; this adds what the
// runner keeps in its own tags:
//   (;GM[Othello]PC[parity-match]DT[..]GN[17]PB[..]PW[..]RE[+12.00]
//     C[forfeit <kind> by <name>: <why>]TI[..]TY[8]BO[8 <64 cells> *]B[F5]W[D6/-1.50/0.31]...;)
// RE carries ":t" for a loss on time and ":r" for another forfeit.

#include <string>
#include <string_view>

#include "game_record.hpp"
#include "parity/core/expected.hpp"
#include "parity/core/ggf.hpp"

namespace parity::match {

// The whole record, result included.
std::string ggf_line(const GameRecord& game);
// The game so far, no result: what an NBoard engine gets with `set game`.
std::string ggf_in_progress(const GameRecord& game);
// A ply as GGF writes it: "F5/-1.50/0.31", "F5" with neither eval nor
// time, "PA" for a pass; two decimals.
GgfMove to_ggf_move(const Ply& ply);

// Rebuilds what parity-match wrote: names, number, result, forfeit. The
// moves must replay legally from the board.
Expected<GameRecord> parse_game_record(std::string_view line);

}  // namespace parity::match
