#include "stability.hpp"

#include <array>
#include <vector>

#if defined(__BMI2__) && !defined(PARITY_PORTABLE)
#include <immintrin.h>
#endif

namespace parity::endgame {

namespace {

// The player's discs of one edge (8 bits, p and o disjoint) that stay the
// player's whatever is played on the edge afterwards by either side, legal
// or not: a conservative, exhaustive answer.
struct EdgeTable {
  std::vector<std::uint8_t> stable = std::vector<std::uint8_t>(256 * 256);

  // Plays square x for the side holding `mine`, flipping runs of `theirs`.
  static void play(int& mine, int& theirs, int x) {
    mine |= 1 << x;
    for (int dir = -1; dir <= 1; dir += 2) {
      int run = 0, y = x + dir;
      while (y >= 0 && y < 8 && (theirs & (1 << y))) {
        run |= 1 << y;
        y += dir;
      }
      if (y >= 0 && y < 8 && (mine & (1 << y))) {
        mine |= run;
        theirs &= ~run;
      }
    }
  }

  EdgeTable() {
    // Children have fewer empties, so fill the table from full edges down.
    for (int empties = 0; empties <= 8; ++empties)
      for (int p = 0; p < 256; ++p)
        for (int o = 0; o < 256; ++o) {
          if ((p & o) || std::popcount(static_cast<unsigned>(~(p | o) & 0xFF)) != empties) continue;
          int keep = p;
          for (int x = 0; x < 8 && keep; ++x) {
            if ((p | o) & (1 << x)) continue;
            int mp = p, mo = o;
            play(mp, mo, x);
            keep &= stable[mp * 256 + mo];
            int tp = p, to = o;
            play(to, tp, x);
            keep &= stable[tp * 256 + to];
          }
          stable[p * 256 + o] = static_cast<std::uint8_t>(keep);
        }
  }
};

const EdgeTable& edge_table() {
  static const EdgeTable table;
  return table;
}

#if defined(__BMI2__) && !defined(PARITY_PORTABLE)
int gather(Bitboard b, Bitboard mask) { return static_cast<int>(_pext_u64(b, mask)); }
Bitboard scatter(int bits, Bitboard mask) { return _pdep_u64(static_cast<Bitboard>(bits), mask); }
#else
int gather(Bitboard b, Bitboard mask) {
  int bits = 0, k = 0;
  for (Square sq : squares(mask)) bits |= static_cast<int>((b >> sq) & 1) << k++;
  return bits;
}
Bitboard scatter(int bits, Bitboard mask) {
  Bitboard b = 0;
  int k = 0;
  for (Square sq : squares(mask)) b |= static_cast<Bitboard>((bits >> k++) & 1) << sq;
  return b;
}
#endif

constexpr Bitboard kRow1 = 0xFFULL;
constexpr Bitboard kRow8 = 0xFFULL << 56;

Bitboard edge_stable(Bitboard p, Bitboard o) {
  const auto& t = edge_table().stable;
  Bitboard s = 0;
  for (Bitboard mask : {kRow1, kRow8, kColumnA, kColumnH})
    s |= scatter(t[gather(p, mask) * 256 + gather(o, mask)], mask);
  return s;
}

// Squares whose line through them in a direction holds no empty square.
Bitboard full_rows(Bitboard filled) {
  Bitboard x = filled & (filled >> 1);
  x &= x >> 2;
  x &= x >> 4;
  return (x & kColumnA) * 0xFF;
}
Bitboard full_columns(Bitboard filled) {
  Bitboard x = filled & (filled >> 8);
  x &= x >> 16;
  x &= x >> 32;
  return (x & 0xFF) * kColumnA;
}
// The squares of columns lo..hi (a = 0): where a diagonal shift may land
// without wrapping round the board's edge.
constexpr Bitboard columns(int lo, int hi) {
  Bitboard b = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (column_of(sq) >= lo && column_of(sq) <= hi) b |= bit(sq);
  return b;
}

template <int Step, int K, Bitboard Up, Bitboard Down>
void spread(Bitboard& e) {
  e |= ((e << (Step * K)) & Up) | ((e >> (Step * K)) & Down);
}

// Spreads the empty squares along one diagonal direction both ways, 1, 2
// then 4 steps at a time: three rounds instead of seven (the stability
// cutoff runs from 6 empties, where this was 4% of the solver's time).
template <int Step>
Bitboard full_diagonals(Bitboard filled) {
  // Up the board (<<) a step of 9 moves one column right, a step of 7 one left.
  constexpr bool right = Step == 9;
  Bitboard e = ~filled;
  spread<Step, 1, right ? columns(1, 7) : columns(0, 6), right ? columns(0, 6) : columns(1, 7)>(e);
  spread<Step, 2, right ? columns(2, 7) : columns(0, 5), right ? columns(0, 5) : columns(2, 7)>(e);
  spread<Step, 4, right ? columns(4, 7) : columns(0, 3), right ? columns(0, 3) : columns(4, 7)>(e);
  return ~e;
}

constexpr Bitboard kInner = 0x007E7E7E7E7E7E00ULL;

}  // namespace

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
  const Bitboard filled = player | opponent;
  const Bitboard h = full_rows(filled), v = full_columns(filled);
  const Bitboard d9 = full_diagonals<9>(filled), d7 = full_diagonals<7>(filled);
  Bitboard stable = edge_stable(player, opponent) | (player & kInner & h & v & d9 & d7);
  const Bitboard candidates = player & kInner & ~stable;
  if (!candidates) return stable;
  for (;;) {
    // A disc is held along a line when the line is full or a neighbour on it is stable.
    const Bitboard held = (h | (stable << 1) | (stable >> 1)) & (v | (stable << 8) | (stable >> 8)) &
                          (d9 | (stable << 9) | (stable >> 9)) & (d7 | (stable << 7) | (stable >> 7));
    const Bitboard grown = stable | (candidates & held);
    if (grown == stable) return stable;
    stable = grown;
  }
}

}  // namespace parity::endgame
