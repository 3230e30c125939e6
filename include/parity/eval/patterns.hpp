#pragma once
// The feature set of the pattern evaluation: base patterns drawn at the a1
// corner, and their distinct images under the 8 symmetries ("instances").
// Symmetric instances share one weight table; a pattern that maps onto
// itself under some symmetry also shares weights between mirrored indices.
// An index is sum(digit_i * 3^i) over the pattern's cells in order, with
// digit 0 empty, 1 for the first colour, 2 for the second.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "parity/core/bits.hpp"

namespace parity::eval {

struct Pattern {
  std::string_view name;
  std::vector<Square> cells;  // as drawn at the a1 corner
};

// The base patterns, in the order of the weights file.
const std::vector<Pattern>& base_patterns();

struct Instance {
  int pattern = 0;             // index into base_patterns()
  std::vector<Square> cells;   // the image, in the order of the base cells
};
// Every distinct image of every base pattern.
const std::vector<Instance>& instances();

inline constexpr int kMaxCells = 10;
inline constexpr int kNumInstances = 46;
inline constexpr int kNumPatterns = 11;

// The base patterns' sizes and how many distinct images each has, in the
// order of base_patterns(): the shape of a weight table, known at compile
// time (a test checks them against base_patterns() and instances()).
inline constexpr std::array<int, kNumPatterns> kPatternCells = {9, 10, 10, 8, 8, 8, 8, 7, 6, 5, 4};
inline constexpr std::array<int, kNumPatterns> kPatternImages = {4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4};
static_assert([] {
  int n = 0;
  for (int k : kPatternImages) n += k;
  return n;
}() == kNumInstances);

constexpr int pow3(int n) {
  int p = 1;
  for (int i = 0; i < n; ++i) p *= 3;
  return p;
}

// For each base pattern: the index kept for each index (the least index
// among its self-symmetric images), and the number of distinct kept ones.
struct PatternIndexing {
  std::vector<std::uint32_t> canonical;  // pow3(cells) entries
  std::vector<std::uint32_t> compact;    // canonical index -> 0..distinct-1 (others unused)
  std::uint32_t distinct = 0;
};
const std::vector<PatternIndexing>& pattern_indexing();

// A 32-bit fingerprint of the feature set, stored in weights files so that a
// file trained for another feature set is refused.
std::uint32_t feature_set_id();

}  // namespace parity::eval
