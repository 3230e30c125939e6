#pragma once
// Positions for the probcut fits: random games of WTH_2010.wtb played to a
// random ply.

#include <string>
#include <vector>

#include "parity/core/board.hpp"

namespace parity::probcut_fit {

// `count` positions, each from a random game played to a ply drawn from
// first_ply..last_ply, kept when the side to move has a move and at least
// `min_empties` squares are empty. Empty when the file is missing.
std::vector<Board> sample_positions(const std::string& data, int count, unsigned seed, int first_ply, int last_ply,
                                    int min_empties);

}  // namespace parity::probcut_fit
