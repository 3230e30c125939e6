// GGF games (src/protocol/ggf.cpp), as NBoard's `set game` reads them, and
// files of them one a line. A game that reads is written back and must read
// the same.

#include <algorithm>
#include <string>
#include <string_view>

#include "check.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/ggf.hpp"

using namespace parity;
using parity::fuzz::check;

namespace {

std::vector<std::pair<std::string, std::string>> without_gm(std::vector<std::pair<std::string, std::string>> tags) {
  std::erase_if(tags, [](const auto& tag) { return tag.first == "GM"; });
  return tags;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // The same bytes as a file of games, one a line (the book builder and the
  // trainer read self-play games so): one result for each line with "(;".
  std::size_t game_lines = 0;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (text.substr(at, end - at).find("(;") != std::string_view::npos) ++game_lines;
    at = end + 1;
  }
  check(parse_ggf_lines(text).size() == game_lines, "a GGF file gives another number of games than lines");

  auto game = parse_ggf(text);
  if (!game) return 0;
  const Game& g = game->game;
  check(g.start() == game->start, "the game starts where BO says");
  check(game->moves.size() <= g.moves().size(), "the replay lost moves");
  Position p = g.start();
  for (Move m : g.moves()) {
    check(!p.board.game_over() && p.board.is_legal(m), "the game holds an illegal move", transcript_string(g.moves(), true));
    p = p.play(m);
  }
  check(p == g.position(), "the moves do not lead to the game's position");
  for (const auto& [name, value] : game->tags) {
    check(!name.empty() && name != "BO" && name != "B" && name != "W", "a board or move kept as a tag", name);
    check(value.find(']') == std::string::npos, "a tag value holds ']'", value);
  }

  const std::string written = write_ggf(g, game->tags);
  auto again = parse_ggf(written);
  check(again.ok(), "a written game does not read", written);
  check(again->start == game->start && again->game.moves() == g.moves() && again->game.position() == g.position(),
        "GGF game does not round-trip", written);
  check(without_gm(again->tags) == without_gm(game->tags), "GGF tags do not round-trip", written);
  return 0;
}
