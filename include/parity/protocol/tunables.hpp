#pragma once
// The protocol layer's tunables, in one place.

#include <cstdint>

namespace parity::protocol {

// When a host gives neither a clock nor a depth (NBoard without `set depth`,
// GTP without time settings) and Level is 60, each move gets this long.
inline constexpr std::int64_t kUnlimitedMoveTimeMs = 2000;

}  // namespace parity::protocol
