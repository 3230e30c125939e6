#pragma once
// Helpers shared by the solver tests: reference searches written plainly,
// random positions, and the FFO files.

#include <algorithm>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/core/notation.hpp"

namespace parity::test {

// Plain negamax to the end of the game.
inline int negamax(const Board& b) {
  const Bitboard moves = b.legal_moves();
  if (!moves) {
    if (!b.opponent_can_move()) return b.final_score();
    return -negamax(b.pass());
  }
  int best = -64;
  for (Square sq : squares(moves)) best = std::max(best, -negamax(b.play(sq)));
  return best;
}

// Plain fail-hard alpha-beta, moves in square order.
inline int alpha_beta(const Board& b, int alpha, int beta) {
  const Bitboard moves = b.legal_moves();
  if (!moves) {
    if (!b.opponent_can_move()) return std::clamp(b.final_score(), alpha, beta);
    return -alpha_beta(b.pass(), -beta, -alpha);
  }
  for (Square sq : squares(moves)) {
    alpha = std::max(alpha, -alpha_beta(b.play(sq), -beta, -alpha));
    if (alpha >= beta) break;
  }
  return alpha;
}

// A position with `empties` empty squares reached by random moves from the
// start; a random game that ends too early is played again.
inline Board random_position(std::mt19937_64& rng, int empties) {
  for (;;) {
    Board b = Board::start();
    while (b.empties() > empties) {
      Bitboard moves = b.legal_moves();
      if (!moves) {
        if (!b.opponent_can_move()) break;
        b = b.pass();
        continue;
      }
      for (int k = static_cast<int>(rng() % popcount(moves)); k > 0; --k) moves = without_first(moves);
      b = b.play(first_square(moves));
    }
    if (b.empties() == empties) return b;
  }
}

inline std::vector<ObfLine> read_obf(const std::string& name) {
  std::ifstream in(std::string(PARITY_TEST_DATA_DIR) + "/" + name);
  std::vector<ObfLine> out;
  std::string line;
  while (std::getline(in, line))
    if (auto obf = parse_obf(line)) out.push_back(*obf);
  return out;
}

inline int best_listed(const ObfLine& obf) {
  int best = -65;
  for (const auto& ms : obf.move_scores) best = std::max(best, ms.second);
  return best;
}

inline bool among_best(const ObfLine& obf, Move m) {
  for (const auto& [move, score] : obf.move_scores)
    if (move == m && score == best_listed(obf)) return true;
  return false;
}

}  // namespace parity::test
