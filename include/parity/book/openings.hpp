#pragma once
// Named openings (Tiger, Rose, Buffalo, ...) recognised by their disc shape
// under any of the 8 symmetries.

#include <string_view>
#include <vector>

#include "parity/core/position.hpp"

namespace parity::book {

// The name of the opening whose shape is exactly `position`'s discs, or "".
std::string_view opening_name(const Position& position);
// The latest named opening along a game: the name of the last position in
// `line` that has one, or "".
std::string_view opening_of_line(const std::vector<Position>& line);

}  // namespace parity::book
