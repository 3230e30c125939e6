#pragma once
// The trained weights: one table per base pattern and stage, plus a bias per
// stage, in centi-discs (int16), indexed with digit 1 for the side to move's
// discs and 2 for the opponent's: one lookup per instance.
//
// File format (little endian): "PRTYEVAL", u32 version, u32 feature set id,
// u32 stages, u32 compact weights a stage, then per stage a stream of
// zigzag varints (a 0 is followed by a varint run length of further zeros),
// then u32 FNV-1a of everything before it.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parity/core/expected.hpp"
#include "parity/eval/patterns.hpp"

namespace parity::eval {

inline constexpr int kStages = 15;
inline constexpr int kPliesPerStage = 4;
// Stage of a position with `empties` empty squares.
constexpr int stage_of(int empties) {
  const int s = (60 - empties) / kPliesPerStage;
  return s < 0 ? 0 : s >= kStages ? kStages - 1 : s;
}

// A stage's table is the base patterns' tables end to end, in their order:
// pattern p's weights start at kPatternOffsets[p], and instance i's at its
// pattern's, kInstanceOffsets[i]. As constants, the evaluation's sum
// addresses each instance with one load (its index) instead of two (index
// and offset).
inline constexpr std::array<std::uint32_t, kNumPatterns + 1> kPatternOffsets = [] {
  std::array<std::uint32_t, kNumPatterns + 1> offsets{};
  for (int p = 0; p < kNumPatterns; ++p)
    offsets[p + 1] = offsets[p] + static_cast<std::uint32_t>(pow3(kPatternCells[p]));
  return offsets;
}();
inline constexpr std::uint32_t kStageTableSize = kPatternOffsets[kNumPatterns];
inline constexpr std::array<std::uint32_t, kNumInstances> kInstanceOffsets = [] {
  std::array<std::uint32_t, kNumInstances> offsets{};
  int i = 0;
  for (int p = 0; p < kNumPatterns; ++p)
    for (int k = 0; k < kPatternImages[p]; ++k) offsets[i++] = kPatternOffsets[p];
  return offsets;
}();

// The compact, trainable form: per stage, the bias then each base
// pattern's distinct weights (pattern_indexing().distinct of them).
struct CompactWeights {
  std::vector<std::vector<std::int16_t>> stages;  // kStages x compact_size()
};
std::size_t compact_size();

class Weights {
public:
  // Expands compact weights; they must have kStages x compact_size() values.
  static Expected<std::shared_ptr<const Weights>> from_compact(const CompactWeights& compact);

  // [stage] -> concatenated tables of the base patterns.
  const std::int16_t* table(int stage, int pattern) const { return tables_[stage].data() + kPatternOffsets[pattern]; }
  // The whole table of a stage (kInstanceOffsets says where each instance's part starts).
  const std::int16_t* stage_table(int stage) const { return tables_[stage].data(); }
  int bias(int stage) const { return bias_[stage]; }
  const CompactWeights& compact() const { return compact_; }

private:
  std::vector<std::int16_t> tables_[kStages];
  int bias_[kStages] = {};
  CompactWeights compact_;
};

std::vector<std::uint8_t> encode_weights(const CompactWeights& compact);
Expected<CompactWeights> decode_weights(std::span<const std::uint8_t> bytes);

// Reads a weights file; a missing, short or corrupt file is an Error.
Expected<std::shared_ptr<const Weights>> load_weights_file(const std::string& path);
std::optional<Error> save_weights_file(const CompactWeights& compact, const std::string& path);

// The weights built into the program.
std::shared_ptr<const Weights> default_weights();

}  // namespace parity::eval
