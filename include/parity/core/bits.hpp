#pragma once
// Bitboard primitives. Square index: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ...,
// h8 = 63 (columns a-h left to right, rows 1-8 top to bottom).

#include <bit>
#include <cstdint>

namespace parity {

using Bitboard = std::uint64_t;
using Square = int;

inline constexpr int kSquares = 64;

constexpr Bitboard bit(Square sq) { return Bitboard{1} << sq; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square first_square(Bitboard b) { return std::countr_zero(b); }
constexpr Bitboard without_first(Bitboard b) { return b & (b - 1); }
constexpr int column_of(Square sq) { return sq & 7; }
constexpr int row_of(Square sq) { return sq >> 3; }
constexpr Square square_at(int column, int row) { return row * 8 + column; }

inline constexpr Bitboard kColumnA = 0x0101010101010101ULL;
inline constexpr Bitboard kColumnH = 0x8080808080808080ULL;
inline constexpr Bitboard kNotColumnA = ~kColumnA;
inline constexpr Bitboard kNotColumnH = ~kColumnH;
inline constexpr Bitboard kCorners = 0x8100000000000081ULL;

// Iterate the set squares of a bitboard: for (Square sq : squares(b)).
class SquareRange {
public:
  class Iterator {
  public:
    constexpr explicit Iterator(Bitboard b) : rest_(b) {}
    constexpr Square operator*() const { return first_square(rest_); }
    constexpr Iterator& operator++() {
      rest_ = without_first(rest_);
      return *this;
    }
    constexpr bool operator!=(const Iterator& other) const { return rest_ != other.rest_; }

  private:
    Bitboard rest_;
  };
  constexpr explicit SquareRange(Bitboard b) : bits_(b) {}
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

private:
  Bitboard bits_;
};

constexpr SquareRange squares(Bitboard b) { return SquareRange(b); }

}  // namespace parity
