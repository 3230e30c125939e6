// The weights file (src/eval/weights.cpp), the loader behind EvalFile. Its
// FNV-1a checksum is also repaired, so that the fuzzer reaches the varint
// stream behind it. Weights that read are written back and must read the
// same, expand, and evaluate within the clamp.

#include <algorithm>
#include <vector>

#include "check.hpp"
#include "parity/core/position.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/eval/weights.hpp"

using namespace parity;
using parity::fuzz::check;

namespace {

std::uint32_t fnv1a(std::span<const std::uint8_t> bytes) {
  std::uint32_t h = 2166136261u;
  for (std::uint8_t b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

void check_weights(const eval::CompactWeights& compact) {
  check(compact.stages.size() == static_cast<std::size_t>(eval::kStages), "weights with the wrong stage count");
  const auto bytes = eval::encode_weights(compact);
  auto again = eval::decode_weights(bytes);
  check(again && again->stages == compact.stages, "weights do not round-trip");
  auto weights = eval::Weights::from_compact(compact);
  check(weights.ok(), "decoded weights do not expand");
  const int value = eval::evaluate(**weights, Position::start().board);
  check(value >= -6400 && value <= 6400, "an evaluation beyond +-64 discs");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  if (auto compact = eval::decode_weights(bytes)) check_weights(*compact);
  if (size >= 4) {
    std::vector<std::uint8_t> repaired(data, data + size);
    const std::uint32_t sum = fnv1a(bytes.first(size - 4));
    for (int i = 0; i < 4; ++i) repaired[size - 4 + i] = static_cast<std::uint8_t>(sum >> (8 * i));
    // Already read above when the checksum was right.
    if (!std::equal(repaired.begin(), repaired.end(), data))
      if (auto compact = eval::decode_weights(repaired)) check_weights(*compact);
  }
  return 0;
}
