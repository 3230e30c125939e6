#include "openings.hpp"

#include <sstream>
#include <utility>

#include "parity/core/file_io.hpp"
#include "parity/core/hash.hpp"
#include "parity/core/notation.hpp"

namespace parity::match {

Expected<std::vector<Opening>> parse_openings(std::string_view text, std::string_view source) {
  std::vector<Opening> out;
  std::size_t line_no = 0, begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.empty() || line.front() == '#') continue;
    const std::string where = std::string(source) + ":" + std::to_string(line_no) + ": ";
    Opening o;
    if (line.size() >= 65) {
      auto pos = parse_board_line(line);
      if (!pos) return Error{where + pos.error().message};
      o.start = *pos;
      o.from_board = true;
    } else {
      auto t = play_transcript(line);
      if (!t) return Error{where + t.error().message};
      o.start = t->start;
      o.moves = t->moves;
    }
    const Position end_pos = [&] {
      Position p = o.start;
      for (Move m : o.moves) p = p.play(m);
      return p;
    }();
    if (end_pos.board.game_over()) return Error{where + "the game is already over"};
    out.push_back(std::move(o));
  }
  if (out.empty()) return Error{std::string(source) + ": no openings"};
  return out;
}

Expected<std::vector<Opening>> load_openings(const std::string& path) {
  auto text = read_file(path, kMaxTextFileBytes, "openings file");
  if (!text) return text.error();
  return parse_openings(*text, path);
}

void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed) {
  std::uint64_t state = seed;
  for (std::size_t i = openings.size(); i > 1; --i) std::swap(openings[i - 1], openings[splitmix64(state) % i]);
}

}  // namespace parity::match
