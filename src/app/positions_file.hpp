#pragma once
// The positions files that solve and analyze read, one position a line:
// which lines hold one, and how many a shard of a file holds (the total
// of the progress line).

#include <cstddef>
#include <string>
#include <string_view>

#include "parity/core/shard.hpp"

namespace parity::app {

// Not blank and not a comment (a line whose first visible character is
// `comment`).
bool holds_position(std::string_view line, char comment);

// The lines of `text` that hold a position and that `shard` keeps.
std::size_t count_positions(const std::string& text, const Shard& shard, char comment);

}  // namespace parity::app
