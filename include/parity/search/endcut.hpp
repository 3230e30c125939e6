#pragma once
// Probcut inside the exact solver ("endcut"): a shallow alpha-beta search on
// the pattern evaluation predicts the final disc difference. The error is
// modelled as normal with a spread that depends on the empties and the
// shallow depth; parity-endcut-fit (tools/probcut) fits it from our own
// exact solves of positions from WTHOR games and writes src/search/endcut_table.hpp.
// The solver climbs a ladder of confidence levels (probcut.hpp's t values)
// at the root of an exact solve; every level shares the table.

#include "parity/core/board.hpp"
#include "parity/eval/weights.hpp"

namespace parity::search {

// Alpha-beta on the pattern evaluation to `depth` plies, in centi-discs
// from the player's view, fail soft; a pass or the game's end is scored
// without extending the depth (a finished game by its disc difference).
int eval_search(const eval::Weights& weights, Bitboard player, Bitboard opponent, int alpha, int beta, int depth);

// The spread of final score minus eval_search value, in centi-discs.
int endcut_sigma(int empties, int shallow);

}  // namespace parity::search
