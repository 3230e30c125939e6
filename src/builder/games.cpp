#include "parity/builder/games.hpp"

#include <sstream>

#include "parity/book/book_file.hpp"
#include "parity/core/file_io.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/ggf.hpp"

namespace parity::book_builder {

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Plays `squares` (no passes) from the start, inserting forced passes, up to
// `plies`; an empty line when a move is illegal.
Line replay(const std::vector<Move>& squares, int plies) {
  Line line;
  Board board = Board::start();
  for (Move m : squares) {
    if (static_cast<int>(line.size()) >= plies) break;
    if (board.must_pass()) {
      board = board.pass();
      line.push_back(kPass);
      if (static_cast<int>(line.size()) >= plies) break;
    }
    if (!board.is_legal(m) || m == kPass) return {};
    board = board.play(m);
    line.push_back(m);
  }
  return line;
}

std::vector<Line> read_wthor(std::string_view bytes, int plies) {
  std::vector<Line> lines;
  constexpr std::size_t kHeader = 16, kGame = 68;
  for (std::size_t at = kHeader; at + kGame <= bytes.size(); at += kGame) {
    std::vector<Move> squares;
    for (std::size_t i = 0; i < 60; ++i) {
      const int code = static_cast<unsigned char>(bytes[at + 8 + i]);
      if (code == 0) break;
      const int row = code / 10 - 1, col = code % 10 - 1;
      if (row < 0 || row > 7 || col < 0 || col > 7) break;
      squares.push_back(square_at(col, row));
    }
    if (Line l = replay(squares, plies); !l.empty()) lines.push_back(std::move(l));
  }
  return lines;
}

std::vector<Line> read_text(const std::string& text, int plies, bool csv) {
  std::vector<Line> lines;
  std::istringstream in(text);
  std::string row;
  while (std::getline(in, row)) {
    std::string moves = row;
    if (csv) {
      const auto comma = row.rfind(',');
      if (comma == std::string::npos) continue;
      moves = row.substr(comma + 1);
    }
    std::vector<Move> squares;
    for (std::size_t i = 0; i + 1 < moves.size(); i += 2) {
      auto sq = parse_square(std::string_view(moves).substr(i, 2));
      if (!sq) break;
      squares.push_back(*sq);
    }
    if (Line l = replay(squares, plies); !l.empty()) lines.push_back(std::move(l));
  }
  return lines;
}

// One game a line, as parity-match writes them; games from another start
// position than the standard one are skipped: the book grows from the start.
std::vector<Line> read_ggf(const std::string& text, int plies) {
  std::vector<Line> lines;
  for (const auto& game : parse_ggf_lines(text)) {
    if (!game || game->start != Position::start()) continue;
    std::vector<Move> squares;
    for (const GgfMove& m : game->moves)
      if (m.move != kPass) squares.push_back(m.move);
    if (Line l = replay(squares, plies); !l.empty()) lines.push_back(std::move(l));
  }
  return lines;
}

}  // namespace

Expected<std::vector<Line>> read_lines(const std::string& path, int plies) {
  auto bytes = read_file(path, kMaxTextFileBytes, "games file");
  if (!bytes) return bytes.error();
  if (ends_with(path, ".wtb") || ends_with(path, ".WTB")) return read_wthor(*bytes, plies);
  if (ends_with(path, ".ggf") || ends_with(path, ".GGF")) return read_ggf(*bytes, plies);
  return read_text(*bytes, plies, ends_with(path, ".csv"));
}

}  // namespace parity::book_builder
