#include "parity/search/endcut.hpp"

#include <algorithm>

#include "endcut_table.hpp"
#include "parity/core/score.hpp"
#include "parity/eval/evaluator.hpp"

namespace parity::search {

int eval_search(const eval::Weights& weights, Bitboard player, Bitboard opponent, int alpha, int beta, int depth) {
  if (depth <= 0) return eval::evaluate(weights, Board{player, opponent});
  const Bitboard moves = legal_moves(player, opponent);
  if (!moves) {
    if (!legal_moves(opponent, player)) return 100 * (popcount(player) - popcount(opponent));
    return -eval_search(weights, opponent, player, -beta, -alpha, depth - 1);
  }
  int best = -kEvalUnbounded;
  for (Square x : squares(moves)) {
    const Bitboard f = flips(player, opponent, x);
    const int v = -eval_search(weights, opponent ^ f, player ^ f ^ bit(x), -beta, -alpha, depth - 1);
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return best;
}

int endcut_sigma(int empties, int shallow) {
  return std::max(kEndcutMinSigma, kEndcutFit[0] + kEndcutFit[1] * empties + kEndcutFit[2] * shallow);
}

}  // namespace parity::search
