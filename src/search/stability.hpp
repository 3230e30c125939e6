#pragma once
// Stable discs: discs no sequence of moves can flip. Their count bounds the
// final score, which is what the solver's stability cutoff uses.

#include "parity/core/bits.hpp"

namespace parity::endgame {

// A subset of the player's discs that are stable: edge discs proven stable
// by an exhaustive table of edge configurations, discs whose four lines are
// full, and discs held in every direction by such stable neighbours.
Bitboard stable_discs(Bitboard player, Bitboard opponent);

}  // namespace parity::endgame
