#include "positions_file.hpp"

#include <sstream>

namespace parity::app {

bool holds_position(std::string_view line, char comment) {
  const auto first = line.find_first_not_of(" \t\r");
  return first != std::string_view::npos && line[first] != comment;
}

std::size_t count_positions(const std::string& text, const Shard& shard, char comment) {
  std::istringstream in(text);
  std::string line;
  std::size_t count = 0;
  for (std::size_t index = 0; std::getline(in, line); ++index)
    count += shard.keeps(index) && holds_position(line, comment);
  return count;
}

}  // namespace parity::app
