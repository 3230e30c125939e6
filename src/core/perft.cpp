#include "parity/core/perft.hpp"

namespace parity {

namespace {

template <PassRule Rule>
std::uint64_t count(Bitboard player, Bitboard opponent, int depth) {
  const Bitboard moves = legal_moves(player, opponent);
  if (moves == 0) {
    if (legal_moves(opponent, player) == 0) return 1;  // game over
    if constexpr (Rule == PassRule::kPly) {
      return depth == 1 ? 1 : count<Rule>(opponent, player, depth - 1);
    } else {
      return count<Rule>(opponent, player, depth);
    }
  }
  if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
  std::uint64_t total = 0;
  for (Square sq : squares(moves)) {
    const Bitboard f = flips(player, opponent, sq);
    total += count<Rule>(opponent ^ f, player ^ f ^ bit(sq), depth - 1);
  }
  return total;
}

}  // namespace

std::uint64_t perft(const Board& board, int depth, PassRule rule) {
  if (depth <= 0) return 1;
  return rule == PassRule::kPly ? count<PassRule::kPly>(board.player, board.opponent, depth)
                                : count<PassRule::kSkip>(board.player, board.opponent, depth);
}

}  // namespace parity
