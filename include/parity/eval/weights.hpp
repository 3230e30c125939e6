#pragma once
// The trained weights: one table per base pattern and stage, plus a bias per
// stage, in centi-discs (int16), indexed with digit 1 for the side to move's
// discs and 2 for the opponent's: one lookup per instance.
//
// File format (little endian): "PRTYEVAL", u32 version, u32 feature set id,
// u32 stages, u32 compact weights a stage, then per stage a stream of
// zigzag varints (a 0 is followed by a varint run length of further zeros),
// then u32 FNV-1a of everything before it.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parity/core/expected.hpp"

namespace parity::eval {

inline constexpr int kStages = 15;
inline constexpr int kPliesPerStage = 4;
// Stage of a position with `empties` empty squares.
constexpr int stage_of(int empties) {
  const int s = (60 - empties) / kPliesPerStage;
  return s < 0 ? 0 : s >= kStages ? kStages - 1 : s;
}

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
  const std::int16_t* table(int stage, int pattern) const { return tables_[stage].data() + offsets_[pattern]; }
  // The whole table of a stage; instance i's weights start at
  // instance_offsets()[i] (the offset of its pattern).
  const std::int16_t* stage_table(int stage) const { return tables_[stage].data(); }
  const std::uint32_t* instance_offsets() const { return instance_offsets_.data(); }
  int bias(int stage) const { return bias_[stage]; }
  const CompactWeights& compact() const { return compact_; }

private:
  std::vector<std::int16_t> tables_[kStages];
  std::vector<std::size_t> offsets_;
  std::vector<std::uint32_t> instance_offsets_;  // a stage table is far below 2^32 entries
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
