#pragma once
// Opening lines from game records: WTHOR (.wtb) files, eOthello's CSV and
// GGF (parity-match's game files), each game as its moves from the start
// position, passes included.

#include <string>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/core/expected.hpp"

namespace parity::book_builder {

using Line = std::vector<Move>;

// The first `plies` moves of every legal game in `path` (.wtb, .csv, .ggf
// with one game a line, or a text file of transcripts, one a line). Illegal
// games, and GGF games that do not start from the start position, are
// skipped.
Expected<std::vector<Line>> read_lines(const std::string& path, int plies);

}  // namespace parity::book_builder
