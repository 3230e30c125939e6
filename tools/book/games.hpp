#pragma once
// Opening lines from game records: WTHOR (.wtb) files and eOthello's CSV,
// each game as its moves from the start position, passes included.

#include <string>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/core/expected.hpp"

namespace parity::book_builder {

using Line = std::vector<Move>;

// The first `plies` moves of every legal game in `path` (.wtb, .csv, or a
// text file of transcripts, one a line). Illegal games are skipped.
Expected<std::vector<Line>> read_lines(const std::string& path, int plies);

}  // namespace parity::book_builder
