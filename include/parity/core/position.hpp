#pragma once
// A board with colours: which side is to move. Notation and protocols speak
// in colours; the search speaks in player/opponent (Board).

#include <cstdint>

#include "parity/core/board.hpp"

namespace parity {

enum class Color : std::uint8_t { kBlack = 0, kWhite = 1 };

constexpr Color opposite(Color c) { return c == Color::kBlack ? Color::kWhite : Color::kBlack; }

struct Position {
  Board board = Board::start();
  Color side = Color::kBlack;

  static constexpr Position start() { return {}; }
  static constexpr Position from_colors(Bitboard black, Bitboard white, Color side_to_move) {
    return side_to_move == Color::kBlack ? Position{{black, white}, side_to_move}
                                         : Position{{white, black}, side_to_move};
  }

  constexpr Bitboard black() const { return side == Color::kBlack ? board.player : board.opponent; }
  constexpr Bitboard white() const { return side == Color::kBlack ? board.opponent : board.player; }

  // Precondition: board.is_legal(m).
  Position play(Move m) const { return {board.play(m), opposite(side)}; }

  // Final disc difference from black's view, empties to the winner.
  int black_score() const { return side == Color::kBlack ? board.final_score() : -board.final_score(); }

  constexpr bool operator==(const Position&) const = default;
};

}  // namespace parity
