#pragma once
// Positions whose answers do not depend on how well the engine searches.

#include <random>
#include <string>

#include "parity/core/notation.hpp"

namespace parity::test {

// Black a1, white b1, black to move: c1 is the only legal move.
inline const std::string kOneMove = "XO" + std::string(62, '-');
// Black b1 cannot flank white's corner a1: black must pass; white has c1.
inline const std::string kMustPass = "OX" + std::string(62, '-');
// A full board: the game is over, black wins 63-1.
inline const std::string kFull = std::string(63, 'X') + "O";

// A random game from the start that contains a forced pass somewhere before
// its end; its moves with every pass written, as a list of moves.
inline std::vector<Move> game_with_a_pass(unsigned seed) {
  std::mt19937 rng(seed);
  while (true) {
    Board b = Board::start();
    std::vector<Move> moves;
    bool passed = false;
    while (!b.game_over()) {
      Move m = kPass;
      if (Bitboard legal = b.legal_moves()) {
        std::vector<Square> options;
        for (Square sq : squares(legal)) options.push_back(sq);
        m = options[rng() % options.size()];
        if (passed) {
          moves.push_back(m);
          return moves;
        }
      } else {
        passed = true;
      }
      moves.push_back(m);
      b = b.play(m);
    }
  }
}

// The position where a random game from the start reaches `empties` empty
// squares, or ends before that.
inline Position random_game_position(std::mt19937& rng, int empties) {
  Position p = Position::start();
  while (p.board.empties() > empties && !p.board.game_over()) {
    Move m = kPass;
    if (const Bitboard legal = p.board.legal_moves()) {
      std::vector<Square> options;
      for (Square sq : squares(legal)) options.push_back(sq);
      m = options[rng() % options.size()];
    }
    p = p.play(m);
  }
  return p;
}

}  // namespace parity::test
