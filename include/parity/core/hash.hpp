#pragma once
// Zobrist hashing of a (player, opponent) pair. The key of a set of squares
// is the XOR of one key per square, looked up a byte at a time, so it is
// linear: key(a ^ b) == key(a) ^ key(b). That makes the hash cheap to keep
// up to date move by move, and the same in every build.

#include <array>
#include <cstdint>

#include "parity/core/bits.hpp"

namespace parity {

// splitmix64: the next number of a tiny generator with a fixed definition,
// so that keys, shuffles and seeded streams are the same on every build.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

namespace detail {

// [role * 8 + byte index][byte value]; role 0 = player, 1 = opponent.
using ZobristTable = std::array<std::array<std::uint64_t, 256>, 16>;

constexpr ZobristTable make_zobrist() {
  ZobristTable table{};
  std::uint64_t state = 0x5061726974790001ULL;
  for (int part = 0; part < 16; ++part) {
    std::array<std::uint64_t, 8> square_keys{};
    for (auto& k : square_keys) k = splitmix64(state);
    for (int value = 0; value < 256; ++value) {
      std::uint64_t key = 0;
      for (int b = 0; b < 8; ++b)
        if (value & (1 << b)) key ^= square_keys[b];
      table[part][value] = key;
    }
  }
  return table;
}

inline constexpr ZobristTable kZobrist = make_zobrist();

}  // namespace detail

// Key of the squares `b` held by the player (role 0) or the opponent (role 1).
constexpr std::uint64_t zobrist(Bitboard b, int role) {
  std::uint64_t key = 0;
  for (int i = 0; i < 8; ++i) key ^= detail::kZobrist[role * 8 + i][(b >> (8 * i)) & 0xFF];
  return key;
}

constexpr std::uint64_t position_hash(Bitboard player, Bitboard opponent) {
  return zobrist(player, 0) ^ zobrist(opponent, 1);
}

}  // namespace parity
