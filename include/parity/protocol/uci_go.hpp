#pragma once
// The words of a UCI-style `go` read into search limits: a pure function,
// so that every word, clamp and note is tested without an engine.

#include <string>
#include <string_view>
#include <vector>

#include "parity/core/position.hpp"
#include "parity/search/search.hpp"

namespace parity::protocol {

struct GoRequest {
  search::Limits limits;
  // What was clamped or ignored, in the order of the words, for one
  // `info string` line; `unreadable` when a word was ignored (the line is
  // then an error).
  std::vector<std::string> notes;
  bool unreadable = false;
};

// `words` is the whole command, "go" first. `base` gives the limits a bare
// `go` keeps (level, MultiPV, move overhead); the clock read is the side to
// move's in `position`, and searchmoves keeps its legal moves only. Limits
// out of range are clamped (depth 1..60, nodes >= 1, movetime >= 1 ms,
// movestogo 0..1000), never refused, so that every go can be answered.
GoRequest parse_go(const std::vector<std::string_view>& words, const search::Limits& base, const Position& position);

}  // namespace parity::protocol
