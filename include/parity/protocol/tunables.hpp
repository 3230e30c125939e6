#pragma once
// The protocol layer's tunables, in one place.

#include <cstdint>

namespace parity::protocol {

// When a host gives neither a clock nor a depth (NBoard without `set depth`,
// GTP without time settings, a bare UCI `go`) and Level is 60, each move
// gets this long.
inline constexpr std::int64_t kUnlimitedMoveTimeMs = 2000;
// NBoard's `hint n` and `analyze` search many positions for one request; that
// time is shared between them, each getting at least this much.
inline constexpr std::int64_t kMinSharedMoveTimeMs = 50;

}  // namespace parity::protocol
