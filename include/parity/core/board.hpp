#pragma once
// A position from the side to move's view: two bitboards, the discs of the
// player to move and of the opponent. Colours live in Position (position.hpp).

#include <cassert>
#include <compare>
#include <cstdint>

#include "parity/core/bits.hpp"
#include "parity/core/hash.hpp"
#include "parity/core/movegen.hpp"
#include "parity/core/symmetry.hpp"

namespace parity {

// A move is a square 0..63, or one of these.
using Move = int;
inline constexpr Move kPass = 64;
inline constexpr Move kNoMove = -1;

struct Board {
  Bitboard player = 0;
  Bitboard opponent = 0;

  // Black (to move) on d5 and e4, white on d4 and e5.
  static constexpr Board start() { return {bit(square_at(4, 3)) | bit(square_at(3, 4)), bit(square_at(3, 3)) | bit(square_at(4, 4))}; }

  Bitboard occupied() const { return player | opponent; }
  Bitboard empty_squares() const { return ~(player | opponent); }
  int player_discs() const { return popcount(player); }
  int opponent_discs() const { return popcount(opponent); }
  int empties() const { return 64 - popcount(player | opponent); }

  Bitboard legal_moves() const { return parity::legal_moves(player, opponent); }
  bool can_move() const { return legal_moves() != 0; }
  bool opponent_can_move() const { return parity::legal_moves(opponent, player) != 0; }
  bool must_pass() const { return !can_move() && opponent_can_move(); }
  bool game_over() const { return !can_move() && !opponent_can_move(); }
  bool is_legal(Move m) const {
    if (m == kPass) return must_pass();
    return m >= 0 && m < 64 && (legal_moves() & bit(m));
  }

  // Discs flipped by a move on `sq`; 0 if the square is taken or flips nothing.
  Bitboard flips(Square sq) const {
    if (occupied() & bit(sq)) return 0;
    return parity::flips(player, opponent, sq);
  }

  // The position after a move with the given flips; the opponent is to move.
  constexpr Board after(Square sq, Bitboard flipped) const {
    assert(sq >= 0 && sq < 64 && !((player | opponent) & bit(sq)) && !(flipped & ~opponent));
    return {opponent ^ flipped, player ^ flipped ^ bit(sq)};
  }
  // Plays a legal move (or kPass). Precondition: is_legal(m).
  Board play(Move m) const {
    assert(is_legal(m));
    return m == kPass ? pass() : after(m, flips(m));
  }
  constexpr Board pass() const { return {opponent, player}; }

  // Final disc difference from the player's view, empty squares to the winner.
  int final_score() const;

  std::uint64_t hash() const { return position_hash(player, opponent); }

  constexpr Board transformed(Symmetry s) const { return {transform(player, s), transform(opponent, s)}; }
  // The least of the 8 images, ordered by (player, opponent): one key per
  // class of symmetric positions.
  constexpr Board canonical() const {
    Board best = *this;
    for (Symmetry s : kAllSymmetries) {
      const Board b = transformed(s);
      if (b < best) best = b;
    }
    return best;
  }

  constexpr auto operator<=>(const Board&) const = default;
};

// The final disc difference from the view of the side holding `player`
// when `empties` squares stay empty (every other square is the
// opponent's): the empties go to the winner.
constexpr int final_score(Bitboard player, int empties) {
  const int diff = 2 * popcount(player) + empties - 64;
  return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

inline int Board::final_score() const { return parity::final_score(player, empties()); }

}  // namespace parity
