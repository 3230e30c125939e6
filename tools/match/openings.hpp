#pragma once
// Opening positions: XOT-style transcripts ("f5d6c4d3c2b3b4b5") or board
// strings ("<64 cells> <side>"), one a line; blank lines and '#' comments
// are skipped.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parity/core/expected.hpp"
#include "parity/core/position.hpp"

namespace parity::match {

struct Opening {
  Position start;           // the start position, or the board string
  std::vector<Move> moves;  // the transcript, forced passes included
  bool from_board = false;  // given as a board: GTP engines cannot set one up
};

Expected<std::vector<Opening>> parse_openings(std::string_view text, std::string_view source);
Expected<std::vector<Opening>> load_openings(const std::string& path);
// The same order for the same seed on every machine (std::shuffle's is not).
void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed);

}  // namespace parity::match
