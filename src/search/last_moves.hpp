#pragma once
// The last four empties, written by hand: no move lists, no sorting beyond
// the order the caller gives (quadrant parity), no table. Each function
// counts the position it is called on as one node. Scores are final disc
// differences from the player's view; the searches below fail soft on the
// null window (alpha, alpha + 1).

#include <algorithm>
#include <array>
#include <cstdint>

#include "parity/core/board.hpp"

#if defined(__BMI2__) && !defined(PARITY_PORTABLE)
#include <immintrin.h>
#endif

namespace parity::endgame {

// Squares next to each square: a move there must touch an opponent disc.
inline constexpr std::array<Bitboard, 64> kNeighbours = [] {
  std::array<Bitboard, 64> n{};
  for (int sq = 0; sq < 64; ++sq)
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = row_of(sq) + dr, c = column_of(sq) + dc;
        if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) n[sq] |= bit(square_at(c, r));
      }
  return n;
}();

namespace detail {

// With one empty square every other square is taken, so the flips along a
// line depend only on which of its squares the mover holds:
// kLineFlips[position of the empty square][mover's bits] counts them.
inline constexpr auto kLineFlips = [] {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int x = 0; x < 8; ++x)
    for (int mine = 0; mine < 256; ++mine) {
      if (mine & (1 << x)) continue;
      int n = 0;
      for (int dir = -1; dir <= 1; dir += 2) {
        int run = 0, y = x + dir;
        while (y >= 0 && y < 8 && !(mine & (1 << y))) {
          ++run;
          y += dir;
        }
        if (y >= 0 && y < 8) n += run;
      }
      t[x][mine] = static_cast<std::uint8_t>(n);
    }
  return t;
}();

struct SquareLines {
  std::array<Bitboard, 4> mask{};  // row, column and both diagonals through the square
  std::array<std::uint8_t, 4> position{};  // the square's index among the mask's bits
};

inline constexpr auto kSquareLines = [] {
  std::array<SquareLines, 64> lines{};
  constexpr int dc[4] = {1, 0, 1, -1};
  constexpr int dr[4] = {0, 1, 1, 1};
  for (int sq = 0; sq < 64; ++sq)
    for (int k = 0; k < 4; ++k) {
      Bitboard m = bit(sq);
      for (int sign = -1; sign <= 1; sign += 2) {
        int c = column_of(sq) + sign * dc[k], r = row_of(sq) + sign * dr[k];
        while (c >= 0 && c < 8 && r >= 0 && r < 8) {
          m |= bit(square_at(c, r));
          c += sign * dc[k];
          r += sign * dr[k];
        }
      }
      lines[sq].mask[k] = m;
      lines[sq].position[k] = static_cast<std::uint8_t>(std::popcount(m & (bit(sq) - 1)));
    }
  return lines;
}();

}  // namespace detail

// Discs `mover` would flip on the last empty square `sq`.
inline int last_flip_count(Bitboard mover, Square sq) {
#if defined(__BMI2__) && !defined(PARITY_PORTABLE)
  const auto& l = detail::kSquareLines[sq];
  return detail::kLineFlips[l.position[0]][_pext_u64(mover, l.mask[0])] +
         detail::kLineFlips[l.position[1]][_pext_u64(mover, l.mask[1])] +
         detail::kLineFlips[l.position[2]][_pext_u64(mover, l.mask[2])] +
         detail::kLineFlips[l.position[3]][_pext_u64(mover, l.mask[3])];
#else
  return popcount(flips(mover, ~mover & ~bit(sq), sq));
#endif
}

// One empty square: the exact score.
inline int last1(Bitboard player, Square sq, std::uint64_t& nodes) {
  ++nodes;
  const int p = popcount(player);
  if (int n = last_flip_count(player, sq)) return 2 * (p + n) - 62;
  const Bitboard opponent = ~player & ~bit(sq);
  if (int n = last_flip_count(opponent, sq)) return 2 * (p - n) - 64;
  return 2 * p - 63 > 0 ? 2 * p - 62 : 2 * p - 64;
}

// Two empties: most such nodes search both moves, so both flips are
// computed first, side by side, rather than one after the other.
inline int last2(Bitboard player, Bitboard opponent, int alpha, Square x1, Square x2, std::uint64_t& nodes) {
  ++nodes;
  const Bitboard f1 = flips(player, opponent, x1), f2 = flips(player, opponent, x2);
  constexpr int kNone = -100;
  int best = kNone;
  if (f1) {
    best = -last1(opponent ^ f1, x2, nodes);
    if (best > alpha) return best;
  }
  if (f2) best = std::max(best, -last1(opponent ^ f2, x1, nodes));
  if (best != kNone) return best;
  if (flips(opponent, player, x1) || flips(opponent, player, x2)) return -last2(opponent, player, -alpha - 1, x1, x2, nodes);
  return final_score(player, 2);
}

// Three or four empties, `sq` in the order to try them. The flips of every
// square first, as in last2: independent of each other, they overlap, and
// that beats skipping the ones a cutoff makes useless (FFO #45-#50 about 2%).
template <int N>
int last_n(Bitboard player, Bitboard opponent, int alpha, const Square* sq, std::uint64_t& nodes) {
  static_assert(N >= 3 && N <= 4);
  ++nodes;
  constexpr int kNone = -100;
  int best = kNone;
  Bitboard all_flips[N];
  for (int i = 0; i < N; ++i) all_flips[i] = flips(player, opponent, sq[i]);
  for (int i = 0; i < N; ++i) {
    const Square x = sq[i];
    const Bitboard f = all_flips[i];
    if (!f) continue;
    Square rest[N - 1];
    for (int j = 0, k = 0; j < N; ++j)
      if (j != i) rest[k++] = sq[j];
    int v;
    if constexpr (N == 3) v = -last2(opponent ^ f, player ^ f ^ bit(x), -alpha - 1, rest[0], rest[1], nodes);
    else v = -last_n<N - 1>(opponent ^ f, player ^ f ^ bit(x), -alpha - 1, rest, nodes);
    if (v > best) {
      best = v;
      if (v > alpha) return v;
    }
  }
  if (best != kNone) return best;
  // No move: the opponent plays if it can, else the game is over.
  for (int i = 0; i < N; ++i)
    if ((kNeighbours[sq[i]] & player) && flips(opponent, player, sq[i]))
      return -last_n<N>(opponent, player, -alpha - 1, sq, nodes);
  return final_score(player, N);
}

}  // namespace parity::endgame
