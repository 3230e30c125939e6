#pragma once
// Fast move generation for x86-64 with AVX2: the four directions of a
// 256-bit vector (steps 1, 8, 9, 7) at once, each both ways. Compiled only
// when the build targets AVX2 (flips takes a shorter path where AVX-512 VL
// and CD are there too); the portable kernel is its test oracle.

#include "parity/core/bits.hpp"

#if defined(__AVX2__) && !defined(PARITY_PORTABLE)
#define PARITY_HAVE_AVX2 1
#include <immintrin.h>

#include <array>
#include <bit>

namespace parity::avx2 {

namespace detail {

struct Rays {
  // [square][lane]: squares strictly beyond `square` in the lane's direction,
  // towards higher (up) or lower (down) square indices.
  alignas(32) std::array<std::array<Bitboard, 4>, 64> up{};
  alignas(32) std::array<std::array<Bitboard, 4>, 64> down{};
};

constexpr Rays make_rays() {
  constexpr int dc[4] = {1, 0, 1, -1};
  constexpr int dr[4] = {0, 1, 1, 1};
  Rays rays;
  for (int sq = 0; sq < 64; ++sq) {
    for (int lane = 0; lane < 4; ++lane) {
      for (int sign = 1; sign >= -1; sign -= 2) {
        Bitboard ray = 0;
        int c = column_of(sq) + sign * dc[lane];
        int r = row_of(sq) + sign * dr[lane];
        while (c >= 0 && c < 8 && r >= 0 && r < 8) {
          ray |= bit(square_at(c, r));
          c += sign * dc[lane];
          r += sign * dr[lane];
        }
        (sign > 0 ? rays.up : rays.down)[sq][lane] = ray;
      }
    }
  }
  return rays;
}

inline constexpr Rays kRays = make_rays();

inline Bitboard or_lanes(__m256i v) {
  const __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return static_cast<Bitboard>(_mm_cvtsi128_si64(_mm_or_si128(x, _mm_unpackhi_epi64(x, x))));
}

// Lanes of 64-bit integers as GCC and Clang vectors, whose operators work
// at any width: the move generation's fill below serves a 256-bit register
// here and two boards in a 512-bit one (two_moves.hpp).
typedef unsigned long long U64x4 __attribute__((vector_size(32)));
typedef unsigned long long U64x8 __attribute__((vector_size(64)));

// Kogge-Stone: the squares each lane's player discs reach over a run of
// opponent discs, one step of `shift` beyond it: runs propagated by 1,
// then pairs of opponent discs by 2 steps. `opponent` is masked so that no
// run crosses the a/h columns except vertically.
template <class V>
inline V reach(V player, V opponent, V shift) {
  const V shift2 = shift + shift;
  V left = opponent & (player << shift);
  V right = opponent & (player >> shift);
  left |= opponent & (left << shift);
  right |= opponent & (right >> shift);
  const V pair_left = opponent & (opponent << shift);
  const V pair_right = opponent & (opponent >> shift);
  left |= pair_left & (left << shift2);
  right |= pair_right & (right >> shift2);
  left |= pair_left & (left << shift2);
  right |= pair_right & (right >> shift2);
  return (left << shift) | (right >> shift);
}

}  // namespace detail

inline Bitboard legal_moves(Bitboard player, Bitboard opponent) {
  using detail::U64x4;
  constexpr Bitboard edge = 0x7E7E7E7E7E7E7E7EULL;
  // Lanes: steps 1, 8, 9 and 7.
  const U64x4 everywhere{~0ULL, ~0ULL, ~0ULL, ~0ULL};
  const U64x4 reach = detail::reach(everywhere & player, U64x4{edge, ~0ULL, edge, edge} & opponent, U64x4{1, 8, 9, 7});
  return detail::or_lanes(std::bit_cast<__m256i>(reach)) & ~(player | opponent);
}

// Discs flipped by playing `sq` (an empty square); 0 when it flips nothing.
inline Bitboard flips(Bitboard player, Bitboard opponent, Square sq) {
  const __m256i pp = _mm256_set1_epi64x(static_cast<long long>(player));
  const __m256i oo = _mm256_set1_epi64x(static_cast<long long>(opponent));
  const __m256i zero = _mm256_setzero_si256();
  const __m256i ray_up = _mm256_load_si256(reinterpret_cast<const __m256i*>(detail::kRays.up[sq].data()));
  const __m256i ray_down = _mm256_load_si256(reinterpret_cast<const __m256i*>(detail::kRays.down[sq].data()));

  // Towards higher squares: the first non-opponent square is the lowest set
  // bit of ray & ~opponent; it must hold a player disc.
  const __m256i stop_up = _mm256_andnot_si256(oo, ray_up);
  const __m256i first_up = _mm256_and_si256(stop_up, _mm256_sub_epi64(zero, stop_up));
#if defined(__AVX512VL__) && defined(__AVX512CD__)
  // Mask registers and a vector leading-zero count: fewer steps on the
  // critical path than the AVX2 fill below (measured on FFO #40-#47).
  const __mmask8 good_up = _mm256_test_epi64_mask(first_up, pp);
  const __m256i flips_up =
      _mm256_maskz_and_epi64(good_up, ray_up, _mm256_sub_epi64(first_up, _mm256_set1_epi64x(1)));

  // Towards lower squares: the first non-opponent square is the highest set
  // bit (none: a shift by 64 gives 0); the run is every ray square above it.
  const __m256i stop_down = _mm256_andnot_si256(oo, ray_down);
  const __m256i first_down = _mm256_srlv_epi64(_mm256_set1_epi64x(static_cast<long long>(1ULL << 63)),
                                               _mm256_lzcnt_epi64(stop_down));
  const __m256i outflank_down = _mm256_and_si256(first_down, pp);
  const __m256i flips_down =
      _mm256_and_si256(ray_down, _mm256_sub_epi64(zero, _mm256_slli_epi64(outflank_down, 1)));
#else
  const __m256i run_up = _mm256_and_si256(ray_up, _mm256_sub_epi64(first_up, _mm256_set1_epi64x(1)));
  const __m256i bad_up = _mm256_cmpeq_epi64(_mm256_and_si256(first_up, pp), zero);
  const __m256i flips_up = _mm256_andnot_si256(bad_up, run_up);

  // Towards lower squares: the first non-opponent square is the highest set
  // bit; fill every ray square below it, then isolate it.
  const __m256i not_o = _mm256_xor_si256(oo, _mm256_set1_epi64x(-1));
  const __m256i shift = _mm256_set_epi64x(7, 9, 8, 1);
  __m256i fill = _mm256_and_si256(ray_down, not_o);
  fill = _mm256_or_si256(fill, _mm256_and_si256(ray_down, _mm256_srlv_epi64(fill, shift)));
  fill = _mm256_or_si256(fill, _mm256_and_si256(ray_down, _mm256_srlv_epi64(fill, _mm256_slli_epi64(shift, 1))));
  fill = _mm256_or_si256(fill, _mm256_and_si256(ray_down, _mm256_srlv_epi64(fill, _mm256_slli_epi64(shift, 2))));
  const __m256i first_down = _mm256_andnot_si256(_mm256_srlv_epi64(fill, shift), fill);
  const __m256i run_down = _mm256_andnot_si256(fill, ray_down);
  const __m256i bad_down = _mm256_cmpeq_epi64(_mm256_and_si256(first_down, pp), zero);
  const __m256i flips_down = _mm256_andnot_si256(bad_down, run_down);
#endif

  return detail::or_lanes(_mm256_or_si256(flips_up, flips_down));
}

}  // namespace parity::avx2

#endif
