#include "parity/core/perft.hpp"

namespace parity {

namespace {

// `stop`, when given, is looked at in every node above the last two plies.
template <PassRule Rule>
std::uint64_t count(Bitboard player, Bitboard opponent, int depth, const std::atomic<bool>* stop) {
  if (stop && depth > 2 && stop->load(std::memory_order_relaxed)) return 0;
  const Bitboard moves = legal_moves(player, opponent);
  if (moves == 0) {
    if (legal_moves(opponent, player) == 0) return 1;  // game over
    if constexpr (Rule == PassRule::kPly) {
      return depth == 1 ? 1 : count<Rule>(opponent, player, depth - 1, stop);
    } else {
      return count<Rule>(opponent, player, depth, stop);
    }
  }
  if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
  std::uint64_t total = 0;
  for (Square sq : squares(moves)) {
    const Bitboard f = flips(player, opponent, sq);
    total += count<Rule>(opponent ^ f, player ^ f ^ bit(sq), depth - 1, stop);
  }
  return total;
}

std::uint64_t count_from(const Board& board, int depth, PassRule rule, const std::atomic<bool>* stop) {
  if (depth <= 0) return 1;
  return rule == PassRule::kPly ? count<PassRule::kPly>(board.player, board.opponent, depth, stop)
                                : count<PassRule::kSkip>(board.player, board.opponent, depth, stop);
}

}  // namespace

std::uint64_t perft(const Board& board, int depth, PassRule rule) { return count_from(board, depth, rule, nullptr); }

std::optional<std::uint64_t> perft(const Board& board, int depth, const std::atomic<bool>& stop, PassRule rule) {
  const std::uint64_t leaves = count_from(board, depth, rule, &stop);
  if (stop.load()) return std::nullopt;
  return leaves;
}

}  // namespace parity
