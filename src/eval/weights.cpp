#include "parity/eval/weights.hpp"

#include <cstring>

#include "parity/core/file_io.hpp"
#include "parity/eval/patterns.hpp"

namespace parity::eval {

namespace {

constexpr char kMagic[8] = {'P', 'R', 'T', 'Y', 'E', 'V', 'A', 'L'};
constexpr std::uint32_t kVersion = 1;

std::uint32_t fnv1a(std::span<const std::uint8_t> bytes) {
  std::uint32_t h = 2166136261u;
  for (std::uint8_t b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

void put_varint(std::vector<std::uint8_t>& out, std::uint32_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(v));
}

struct Reader {
  std::span<const std::uint8_t> bytes;
  std::size_t pos = 0;
  bool failed = false;

  std::uint32_t u32() {
    if (pos + 4 > bytes.size()) {
      failed = true;
      return 0;
    }
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(bytes[pos++]) << (8 * i);
    return v;
  }
  std::uint32_t varint() {
    std::uint32_t v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos >= bytes.size()) break;
      const std::uint8_t b = bytes[pos++];
      v |= static_cast<std::uint32_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    failed = true;
    return 0;
  }
};

}  // namespace

std::size_t compact_size() {
  std::size_t n = 1;  // the bias
  for (const auto& ix : pattern_indexing()) n += ix.distinct;
  return n;
}

Expected<std::shared_ptr<const Weights>> Weights::from_compact(const CompactWeights& compact) {
  const std::size_t size = compact_size();
  if (compact.stages.size() != kStages) return Error{"weights: expected " + std::to_string(kStages) + " stages"};
  for (const auto& s : compact.stages)
    if (s.size() != size) return Error{"weights: a stage has " + std::to_string(s.size()) + " values, expected " + std::to_string(size)};

  // The tables are laid out by the compiled shape; a feature set that
  // strayed from it would write past them.
  const auto& patterns = base_patterns();
  bool shaped = patterns.size() == kNumPatterns;
  for (std::size_t p = 0; shaped && p < patterns.size(); ++p)
    shaped = static_cast<int>(patterns[p].cells.size()) == kPatternCells[p];
  if (!shaped) return Error{"weights: the feature set does not match the compiled table shape"};

  auto w = std::make_shared<Weights>();
  w->compact_ = compact;
  const auto& indexing = pattern_indexing();
  for (int stage = 0; stage < kStages; ++stage) {
    const auto& values = compact.stages[stage];
    w->bias_[stage] = values[0];
    w->tables_[stage].assign(kStageTableSize, 0);
    std::size_t base = 1;
    for (std::size_t p = 0; p < patterns.size(); ++p) {
      const auto& ix = indexing[p];
      for (std::uint32_t index = 0; index < ix.canonical.size(); ++index)
        w->tables_[stage][kPatternOffsets[p] + index] = values[base + ix.compact[ix.canonical[index]]];
      base += ix.distinct;
    }
  }
  return std::shared_ptr<const Weights>(std::move(w));
}

std::vector<std::uint8_t> encode_weights(const CompactWeights& compact) {
  std::vector<std::uint8_t> out(kMagic, kMagic + 8);
  put_u32(out, kVersion);
  put_u32(out, feature_set_id());
  put_u32(out, static_cast<std::uint32_t>(compact.stages.size()));
  put_u32(out, static_cast<std::uint32_t>(compact_size()));
  for (const auto& stage : compact.stages) {
    for (std::size_t i = 0; i < stage.size();) {
      if (stage[i] == 0) {
        std::size_t run = 0;
        while (i + 1 + run < stage.size() && stage[i + 1 + run] == 0) ++run;
        put_varint(out, 0);
        put_varint(out, static_cast<std::uint32_t>(run));
        i += run + 1;
      } else {
        const std::int32_t v = stage[i++];
        put_varint(out, static_cast<std::uint32_t>((v << 1) ^ (v >> 31)));
      }
    }
  }
  put_u32(out, fnv1a(out));
  return out;
}

Expected<CompactWeights> decode_weights(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 28 || std::memcmp(bytes.data(), kMagic, 8) != 0) return Error{"not a Parity weights file (bad magic)"};
  Reader tail{bytes.subspan(bytes.size() - 4)};
  if (tail.u32() != fnv1a(bytes.first(bytes.size() - 4))) return Error{"weights file is corrupt (checksum mismatch)"};
  Reader r{bytes.first(bytes.size() - 4), 8};
  const std::uint32_t version = r.u32();
  if (version != kVersion) return Error{"weights file version " + std::to_string(version) + " is not supported"};
  if (r.u32() != feature_set_id()) return Error{"weights file was trained for another feature set"};
  const std::uint32_t stages = r.u32(), size = r.u32();
  if (stages != kStages || size != compact_size()) return Error{"weights file has the wrong shape"};
  CompactWeights compact;
  compact.stages.assign(stages, std::vector<std::int16_t>(size, 0));
  for (auto& stage : compact.stages) {
    for (std::size_t i = 0; i < stage.size();) {
      const std::uint32_t z = r.varint();
      if (r.failed) return Error{"weights file is truncated"};
      if (z == 0) {
        const std::uint32_t run = r.varint();
        if (r.failed || i + 1 + run > stage.size()) return Error{"weights file is corrupt (bad zero run)"};
        i += run + 1;
      } else {
        const std::int32_t v = static_cast<std::int32_t>(z >> 1) ^ -static_cast<std::int32_t>(z & 1);
        if (v < -32768 || v > 32767) return Error{"weights file is corrupt (value out of range)"};
        stage[i++] = static_cast<std::int16_t>(v);
      }
    }
  }
  if (r.pos != r.bytes.size()) return Error{"weights file has trailing bytes"};
  return compact;
}

Expected<std::shared_ptr<const Weights>> load_weights_file(const std::string& path) {
  auto text = read_file(path, kMaxWeightsFileBytes, "weights file");
  if (!text) return text.error();
  const std::vector<std::uint8_t> bytes(text->begin(), text->end());
  auto compact = decode_weights(bytes);
  if (!compact) return Error{"'" + path + "': " + compact.error().message};
  return Weights::from_compact(*compact);
}

std::optional<Error> save_weights_file(const CompactWeights& compact, const std::string& path) {
  const auto bytes = encode_weights(compact);
  return write_file(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace parity::eval
