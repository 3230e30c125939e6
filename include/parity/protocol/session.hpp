#pragma once
// The line loop shared by every protocol, and the choice of protocol: named
// on the command line, or picked by the host's first command.

#include <cstddef>
#include <istream>
#include <memory>
#include <optional>
#include <string_view>

#include "parity/core/expected.hpp"
#include "parity/engine/engine.hpp"
#include "parity/protocol/output.hpp"
#include "parity/protocol/protocol.hpp"

namespace parity::protocol {

// Longer lines are answered with one error and skipped, so a host that
// sends garbage cannot make the engine hold it all in memory.
inline constexpr std::size_t kMaxLineBytes = std::size_t{4} << 20;

enum class ProtocolKind { kAuto, kUci, kNboard, kGtp };

// "auto", "uci" (or "ugi"), "nboard" or "gtp".
Expected<ProtocolKind> parse_protocol_kind(std::string_view name);

// The protocol a first command starts: nboard -> NBoard, a GTP command ->
// GTP, quit -> none (std::nullopt), anything else -> the UCI-style protocol.
std::optional<ProtocolKind> detect_protocol(std::string_view first_line);

// kAuto gives a protocol that waits for the first command to pick one.
std::unique_ptr<Protocol> make_protocol(ProtocolKind kind, engine::Engine& engine, Output& out);

// Feeds `protocol` the lines of `in` until it quits or the input ends; each
// line goes to `log` first.
void run_session(std::istream& in, Protocol& protocol, engine::LineLog& log);

}  // namespace parity::protocol
