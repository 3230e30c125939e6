#pragma once
// The baseline evaluation the trained one is measured against: disc count
// and mobility only, in centi-discs from the side to move's view.

#include "parity/core/board.hpp"

namespace parity::eval {

inline constexpr int kBaselineMobilityWeight = 100;  // per move more than the opponent
inline constexpr int kBaselineDiscWeight = 25;       // per disc more than the opponent

inline int baseline_evaluate(const Board& board) {
  const int mobility = popcount(board.legal_moves()) - popcount(legal_moves(board.opponent, board.player));
  return kBaselineMobilityWeight * mobility + kBaselineDiscWeight * (board.player_discs() - board.opponent_discs());
}

}  // namespace parity::eval
