#pragma once
// Portable move generation: plain C++, no intrinsics. This is the oracle the
// fast kernels are tested against, and the kernel of the portable build.

#include "parity/core/bits.hpp"

namespace parity::portable {

namespace detail {

// Shift one step in a direction, dropping discs that would wrap around a row.
template <int Dir>
constexpr Bitboard step(Bitboard b) {
  if constexpr (Dir == 1) return (b << 1) & kNotColumnA;
  else if constexpr (Dir == -1) return (b >> 1) & kNotColumnH;
  else if constexpr (Dir == 8) return b << 8;
  else if constexpr (Dir == -8) return b >> 8;
  else if constexpr (Dir == 9) return (b << 9) & kNotColumnA;
  else if constexpr (Dir == -9) return (b >> 9) & kNotColumnH;
  else if constexpr (Dir == 7) return (b << 7) & kNotColumnH;
  else return (b >> 7) & kNotColumnA;
}

template <int Dir>
constexpr Bitboard moves_in_direction(Bitboard player, Bitboard opponent) {
  Bitboard run = step<Dir>(player) & opponent;
  run |= step<Dir>(run) & opponent;
  run |= step<Dir>(run) & opponent;
  run |= step<Dir>(run) & opponent;
  run |= step<Dir>(run) & opponent;
  run |= step<Dir>(run) & opponent;
  return step<Dir>(run);
}

template <int Dir>
constexpr Bitboard flips_in_direction(Bitboard player, Bitboard opponent, Bitboard move) {
  Bitboard run = 0;
  Bitboard next = step<Dir>(move);
  while (next & opponent) {
    run |= next;
    next = step<Dir>(next);
  }
  return (next & player) ? run : 0;
}

}  // namespace detail

constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
  using namespace detail;
  const Bitboard moves = moves_in_direction<1>(player, opponent) | moves_in_direction<-1>(player, opponent) |
                         moves_in_direction<8>(player, opponent) | moves_in_direction<-8>(player, opponent) |
                         moves_in_direction<9>(player, opponent) | moves_in_direction<-9>(player, opponent) |
                         moves_in_direction<7>(player, opponent) | moves_in_direction<-7>(player, opponent);
  return moves & ~(player | opponent);
}

// Discs flipped by playing `sq`; 0 when the move flips nothing (illegal).
// The square must be empty.
constexpr Bitboard flips(Bitboard player, Bitboard opponent, Square sq) {
  using namespace detail;
  const Bitboard m = bit(sq);
  return flips_in_direction<1>(player, opponent, m) | flips_in_direction<-1>(player, opponent, m) |
         flips_in_direction<8>(player, opponent, m) | flips_in_direction<-8>(player, opponent, m) |
         flips_in_direction<9>(player, opponent, m) | flips_in_direction<-9>(player, opponent, m) |
         flips_in_direction<7>(player, opponent, m) | flips_in_direction<-7>(player, opponent, m);
}

}  // namespace parity::portable
