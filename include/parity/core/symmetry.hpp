#pragma once
// The 8 symmetries of the square board, as bitboard transforms.

#include <array>

#include "parity/core/bits.hpp"

namespace parity {

enum class Symmetry : int {
  kIdentity = 0,
  kFlipVertical,    // row 1 <-> row 8
  kMirror,          // column a <-> column h
  kRotate180,
  kTranspose,       // a1-h8 diagonal
  kRotate90,        // clockwise
  kRotate270,
  kAntiTranspose,   // h1-a8 diagonal
};

inline constexpr std::array<Symmetry, 8> kAllSymmetries = {
    Symmetry::kIdentity,  Symmetry::kFlipVertical, Symmetry::kMirror,    Symmetry::kRotate180,
    Symmetry::kTranspose, Symmetry::kRotate90,     Symmetry::kRotate270, Symmetry::kAntiTranspose};

constexpr Bitboard flip_vertical(Bitboard b) { return __builtin_bswap64(b); }

constexpr Bitboard mirror_horizontal(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return b;
}

// Swap across the a1-h8 diagonal (square (c, r) -> (r, c)) by three
// delta swaps of growing block size.
constexpr Bitboard transpose(Bitboard b) {
  Bitboard t = (b ^ (b >> 7)) & 0x00AA00AA00AA00AAULL;
  b ^= t ^ (t << 7);
  t = (b ^ (b >> 14)) & 0x0000CCCC0000CCCCULL;
  b ^= t ^ (t << 14);
  t = (b ^ (b >> 28)) & 0x00000000F0F0F0F0ULL;
  b ^= t ^ (t << 28);
  return b;
}

constexpr Bitboard transform(Bitboard b, Symmetry s) {
  switch (s) {
    case Symmetry::kIdentity: return b;
    case Symmetry::kFlipVertical: return flip_vertical(b);
    case Symmetry::kMirror: return mirror_horizontal(b);
    case Symmetry::kRotate180: return flip_vertical(mirror_horizontal(b));
    case Symmetry::kTranspose: return transpose(b);
    case Symmetry::kRotate90: return mirror_horizontal(transpose(b));
    case Symmetry::kRotate270: return flip_vertical(transpose(b));
    case Symmetry::kAntiTranspose: return flip_vertical(mirror_horizontal(transpose(b)));
  }
  return b;
}

constexpr Square transform(Square sq, Symmetry s) { return first_square(transform(bit(sq), s)); }

constexpr Symmetry inverse(Symmetry s) {
  switch (s) {
    case Symmetry::kRotate90: return Symmetry::kRotate270;
    case Symmetry::kRotate270: return Symmetry::kRotate90;
    default: return s;
  }
}

}  // namespace parity
