#pragma once
// The endgame solver's split points (split_pool.hpp): a null-window node's
// position, window and remaining moves, and the best of them.

#include "endgame_worker.hpp"
#include "parity/core/score.hpp"
#include "split_pool.hpp"

namespace parity::endgame {

struct SplitPoint : search::SplitTask {
  Bitboard player = 0, opponent = 0;
  int alpha = 0;
  int empties = 0;
  const MoveItem* moves = nullptr;

  // Guarded by mutex.
  int best = kNoDiscScore;  // fail-soft, as a null-window node returns it
  Move best_move = kNoMove;
};

}  // namespace parity::endgame
