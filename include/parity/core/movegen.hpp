#pragma once
// The move-generation kernel of this build: AVX2 where the build targets it,
// the portable kernel otherwise. Both stay callable by name for the tests.

#include "parity/core/movegen_avx2.hpp"
#include "parity/core/movegen_portable.hpp"

namespace parity {

#if defined(PARITY_HAVE_AVX2)
inline constexpr const char* kKernelName = "avx2";
inline Bitboard legal_moves(Bitboard player, Bitboard opponent) { return avx2::legal_moves(player, opponent); }
inline Bitboard flips(Bitboard player, Bitboard opponent, Square sq) { return avx2::flips(player, opponent, sq); }
#else
inline constexpr const char* kKernelName = "portable";
inline Bitboard legal_moves(Bitboard player, Bitboard opponent) { return portable::legal_moves(player, opponent); }
inline Bitboard flips(Bitboard player, Bitboard opponent, Square sq) { return portable::flips(player, opponent, sq); }
#endif

}  // namespace parity
