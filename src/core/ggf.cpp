#include "parity/core/ggf.hpp"

#include <cctype>

#include "parity/core/notation.hpp"
#include "parity/core/text.hpp"

namespace parity {

namespace {

// GGF values end at ']', so one inside a name or comment would cut it short.
std::string cleaned(std::string_view text) {
  std::string out;
  for (char c : text) out += c == ']' ? ')' : c == '\n' || c == '\r' ? ' ' : c;
  return out;
}

bool is_ggf_pass(std::string_view text) {
  if (text == "--") return true;
  if (text.empty() || text.size() > 4) return false;
  return lower_case(text) == std::string("pass").substr(0, text.size());
}

Expected<Position> parse_ggf_board(std::string_view value) {
  std::string packed;
  for (char c : value)
    if (!std::isspace(static_cast<unsigned char>(c))) packed += c;
  if (packed.size() < 1 || packed[0] != '8') return Error{"GGF: only 8x8 boards (BO[8 ...]) are supported"};
  packed.erase(0, 1);
  if (packed.size() != 65) return Error{"GGF: BO needs 64 cells and a side to move"};
  auto p = parse_board(std::string_view(packed).substr(0, 64), std::string_view(packed).substr(64));
  if (!p) return Error{"GGF: " + p.error().message};
  return *p;
}

Expected<GgfMove> parse_ggf_move(std::string_view value) {
  GgfMove m;
  const auto slash = value.find('/');
  const std::string_view square = value.substr(0, slash);
  if (slash != std::string_view::npos) {
    std::string_view rest = value.substr(slash + 1);
    const auto second = rest.find('/');
    m.eval = std::string(rest.substr(0, second));
    if (second != std::string_view::npos) m.time = std::string(rest.substr(second + 1));
  }
  if (is_ggf_pass(square)) return m;
  auto sq = parse_square(square);
  if (!sq) return Error{"GGF: " + sq.error().message};
  m.move = *sq;
  return m;
}

}  // namespace

Expected<GgfGame> parse_ggf(std::string_view text) {
  const auto open = text.find("(;");
  if (open == std::string_view::npos) return Error{"GGF: a game starts with '(;'"};
  std::size_t i = open + 2;
  GgfGame out;
  bool have_board = false, ended = false;
  Position position = Position::start();
  std::vector<std::pair<Color, GgfMove>> moves;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (text.substr(i, 2) == ";)") {
      ended = true;
      break;
    }
    std::size_t name_end = i;
    while (name_end < text.size() && std::isupper(static_cast<unsigned char>(text[name_end]))) ++name_end;
    if (name_end == i || name_end >= text.size() || text[name_end] != '[')
      return Error{"GGF: expected a tag like PB[...] at character " + std::to_string(i + 1) + ", found " +
                   shown(text.substr(i, 12))};
    const auto close = text.find(']', name_end);
    if (close == std::string_view::npos) return Error{"GGF: tag " + std::string(text.substr(i, name_end - i)) + " is not closed"};
    const std::string_view name = text.substr(i, name_end - i);
    const std::string_view value = text.substr(name_end + 1, close - name_end - 1);
    if (name == "BO") {
      auto p = parse_ggf_board(value);
      if (!p) return p.error();
      position = *p;
      have_board = true;
    } else if (name == "B" || name == "W") {
      auto m = parse_ggf_move(value);
      if (!m) return m.error();
      moves.emplace_back(name == "B" ? Color::kBlack : Color::kWhite, *m);
    } else if (name == "GM") {
      if (lower_case(value) != "othello") return Error{"GGF: not an Othello game: GM[" + shown(value) + "]"};
      out.tags.emplace_back(name, value);
    } else {
      // A value that spans lines reads as one line, as it is written.
      out.tags.emplace_back(name, cleaned(value));
    }
    i = close + 1;
  }
  if (!ended) return Error{"GGF: the game does not end with ';)'"};
  if (!have_board) return Error{"GGF: no starting board (BO[...])"};
  out.start = position;
  out.game = Game(position);
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const auto& [color, m] = moves[k];
    if (auto e = out.game.play_as(color, m.move))
      return Error{"GGF: move " + std::to_string(k + 1) + " (" + move_name(m.move) + "): " + e->message};
    out.moves.push_back(m);
  }
  return out;
}

std::vector<Expected<GgfGame>> parse_ggf_lines(std::string_view text) {
  std::vector<Expected<GgfGame>> games;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    if (line.find("(;") != std::string_view::npos) games.push_back(parse_ggf(line));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return games;
}

std::string GgfGame::tag(std::string_view name) const {
  for (const auto& [key, value] : tags)
    if (key == name) return value;
  return {};
}

std::string ggf_move(const GgfMove& move) {
  std::string out = move.move == kPass ? "PA" : move_name(move.move);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (!move.eval.empty() || !move.time.empty()) {
    out += '/';
    out += cleaned(move.eval);
  }
  if (!move.time.empty()) {
    out += '/';
    out += cleaned(move.time);
  }
  return out;
}

std::string write_ggf(const Position& start, const std::vector<GgfMove>& moves, const GgfTags& tags) {
  std::string out = "(;GM[Othello]";
  for (const auto& [name, value] : tags)
    if (name != "GM" && name != "BO") {
      out += cleaned(name);
      out += '[';
      out += cleaned(value);
      out += ']';
    }
  std::string cells = board_string(start).substr(0, 64);
  for (char& c : cells)
    if (c == 'X') c = '*';
  out += "BO[8 " + cells + " " + (start.side == Color::kBlack ? "*" : "O") + "]";
  Color side = start.side;  // passes are written, so the sides alternate
  for (const GgfMove& m : moves) {
    out += std::string(side == Color::kBlack ? "B[" : "W[") + ggf_move(m) + "]";
    side = opposite(side);
  }
  return out + ";)";
}

std::string write_ggf(const Game& game, const GgfTags& tags) {
  std::vector<GgfMove> moves;
  for (Move m : game.moves()) moves.push_back({m, {}, {}});
  return write_ggf(game.start(), moves, tags);
}

}  // namespace parity
