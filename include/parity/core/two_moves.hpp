#pragma once
// Two moves of one position at once: each one's flips and the moves it
// leaves the opponent. The solver's move lists need both for every move
// (fastest-first counts the replies); with AVX-512 the two moves share
// each instruction, one in each half of a 512-bit register, where the AVX2
// kernels fill a 256-bit one. Without AVX-512 it is the two kernels called
// in turn. The core tests check either against the square-by-square
// reference.

#include "parity/core/movegen.hpp"

#if defined(PARITY_HAVE_AVX2) && defined(__AVX512F__) && defined(__AVX512CD__)
#define PARITY_HAVE_AVX512_PAIRS 1
#endif

namespace parity {

struct TwoMoves {
  Bitboard flips[2];
  Bitboard replies[2];  // the opponent's legal moves after each move
};

// `a` and `b` are legal moves of the player; one kernel call after another.
inline TwoMoves two_moves_in_turn(Bitboard player, Bitboard opponent, Square a, Square b) {
  TwoMoves t;
  const Square sq[2] = {a, b};
  for (int i = 0; i < 2; ++i) {
    t.flips[i] = parity::flips(player, opponent, sq[i]);
    t.replies[i] = parity::legal_moves(opponent ^ t.flips[i], player ^ t.flips[i] ^ bit(sq[i]));
  }
  return t;
}

#if defined(PARITY_HAVE_AVX512_PAIRS)
namespace avx512 {

namespace detail {

// GCC 12 warns of an uninitialised operand in the unmasked forms of several
// AVX-512 intrinsics (a false alarm: they pass an undefined pass-through
// vector); the zero-masked forms with every lane kept compile to the same
// instructions.
constexpr __mmask8 kAll = 0xFF;
inline __m512i srlv(__m512i x, __m512i n) { return _mm512_maskz_srlv_epi64(kAll, x, n); }

inline __m512i halves(const std::array<Bitboard, 4>& low, const std::array<Bitboard, 4>& high) {
  const __m256i l = _mm256_load_si256(reinterpret_cast<const __m256i*>(low.data()));
  const __m256i h = _mm256_load_si256(reinterpret_cast<const __m256i*>(high.data()));
  return _mm512_maskz_inserti64x4(kAll, _mm512_castsi256_si512(l), h, 1);
}

// Each 256-bit half's four lanes ORed together, in every lane of that half.
inline __m512i or_within_halves(__m512i v) {
  v = _mm512_or_si512(v, _mm512_maskz_permutex_epi64(kAll, v, 0xB1));     // swap neighbouring lanes
  return _mm512_or_si512(v, _mm512_maskz_permutex_epi64(kAll, v, 0x4E));  // swap lane pairs
}

// Lane 0 of the low half and of the high half (GCC and Clang index vectors).
inline Bitboard low_lane(__m512i v) { return static_cast<Bitboard>(v[0]); }
inline Bitboard high_lane(__m512i v) { return static_cast<Bitboard>(v[4]); }

// The flips of `a` in every lane of the low half, those of `b` in the high
// one: the steps of avx2::flips (see there) on both at once.
inline __m512i flips_in_halves(__m512i pp, __m512i oo, Square a, Square b) {
  const auto& rays = avx2::detail::kRays;
  const __m512i zero = _mm512_setzero_si512();
  const __m512i ray_up = halves(rays.up[a], rays.up[b]);
  const __m512i ray_down = halves(rays.down[a], rays.down[b]);
  const __m512i stop_up = _mm512_maskz_andnot_epi64(kAll, oo, ray_up);
  const __m512i first_up = _mm512_and_si512(stop_up, _mm512_sub_epi64(zero, stop_up));
  const __mmask8 good_up = _mm512_test_epi64_mask(first_up, pp);
  const __m512i flips_up = _mm512_maskz_and_epi64(good_up, ray_up, _mm512_sub_epi64(first_up, _mm512_set1_epi64(1)));
  const __m512i stop_down = _mm512_maskz_andnot_epi64(kAll, oo, ray_down);
  const __m512i top = _mm512_set1_epi64(static_cast<long long>(1ULL << 63));
  const __m512i first_down = srlv(top, _mm512_lzcnt_epi64(stop_down));
  const __m512i outflank_down = _mm512_and_si512(first_down, pp);
  const __m512i flips_down =
      _mm512_and_si512(ray_down, _mm512_sub_epi64(zero, _mm512_maskz_slli_epi64(kAll, outflank_down, 1)));
  return or_within_halves(_mm512_or_si512(flips_up, flips_down));
}

}  // namespace detail

// The flips, then the children's moves by the steps of avx2::legal_moves.
inline TwoMoves two_moves(Bitboard player, Bitboard opponent, Square a, Square b) {
  using detail::kAll;
  const __m512i pp = _mm512_set1_epi64(static_cast<long long>(player));
  const __m512i oo = _mm512_set1_epi64(static_cast<long long>(opponent));
  const __m512i f = detail::flips_in_halves(pp, oo, a, b);

  // The children: the opponent to move, the mover's discs with the flips and the new disc.
  const __m512i moved = _mm512_maskz_inserti64x4(kAll, _mm512_set1_epi64(static_cast<long long>(bit(a))),
                                                 _mm256_set1_epi64x(static_cast<long long>(bit(b))), 1);
  const __m512i cp = _mm512_xor_si512(oo, f);
  const __m512i co = _mm512_or_si512(_mm512_xor_si512(pp, f), moved);
  // Lanes: steps 1, 8, 9 and 7 in each half, as avx2::legal_moves.
  using avx2::detail::U64x8;
  constexpr Bitboard edge = 0x7E7E7E7E7E7E7E7EULL;
  const U64x8 inner{edge, ~0ULL, edge, edge, edge, ~0ULL, edge, edge};
  const U64x8 to = avx2::detail::reach(std::bit_cast<U64x8>(cp), std::bit_cast<U64x8>(co) & inner,
                                       U64x8{1, 8, 9, 7, 1, 8, 9, 7});
  const __m512i reach = detail::or_within_halves(std::bit_cast<__m512i>(to));
  const __m512i replies = _mm512_maskz_andnot_epi64(kAll, _mm512_or_si512(cp, co), reach);

  return {{detail::low_lane(f), detail::high_lane(f)}, {detail::low_lane(replies), detail::high_lane(replies)}};
}

}  // namespace avx512
#endif

#if defined(PARITY_HAVE_AVX512_PAIRS)
inline constexpr const char* kTwoMovesKernelName = "avx512";
inline TwoMoves two_moves(Bitboard player, Bitboard opponent, Square a, Square b) {
  return avx512::two_moves(player, opponent, a, b);
}
#else
inline constexpr const char* kTwoMovesKernelName = "in turn";
inline TwoMoves two_moves(Bitboard player, Bitboard opponent, Square a, Square b) {
  return two_moves_in_turn(player, opponent, a, b);
}
#endif

}  // namespace parity
