#pragma once
// The midgame's split points (split_pool.hpp): a node's position, window
// and remaining moves, and the best of them with its line.

#include <array>
#include <atomic>

#include "parity/core/board.hpp"
#include "parity/core/score.hpp"
#include "parity/search/midgame.hpp"
#include "split_pool.hpp"

namespace parity::search {

struct MidgameSplit : SplitTask {
  const Midgame* owner = nullptr;  // whose evaluator holds `board`
  Board board;
  int depth = 0;
  int beta = 0;
  int ply = 0;
  bool pv = false;  // a PV node: a move that beats alpha is searched again on the full window
  const Move* moves = nullptr;
  std::atomic<int> alpha{0};  // raised under the mutex as moves beat it

  // Guarded by mutex.
  int best = -kCentiInfinity;  // fail-soft, as the node returns it
  Move best_move = kNoMove;
  std::array<Move, kMaxPly> line{};  // on a PV node, the line after the move that last raised alpha
  int line_length = 0;
};

}  // namespace parity::search
