#include "parity/core/notation.hpp"

#include <cctype>
#include <charconv>

namespace parity {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Quotes user text in an error message, cut short and made printable.
std::string quoted(std::string_view text) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < 24; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    out += (c >= 32 && c < 127) ? static_cast<char>(c) : '?';
  }
  if (text.size() > 24) out += "...";
  return out + "'";
}

enum class Cell { kBlack, kWhite, kEmpty, kBad };

Cell parse_cell(char c) {
  switch (c) {
    case 'X': case 'x': case '*': case 'b': return Cell::kBlack;
    case 'O': case 'o': case '0': case 'w': return Cell::kWhite;
    case '-': case '.': case '_': return Cell::kEmpty;
    default: return Cell::kBad;
  }
}

}  // namespace

Expected<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return Error{"not a square: " + quoted(text) + " (expected a1..h8)"};
  const char c = lower(text[0]), r = text[1];
  if (c < 'a' || c > 'h' || r < '1' || r > '8') return Error{"not a square: " + quoted(text) + " (expected a1..h8)"};
  return square_at(c - 'a', r - '1');
}

bool is_pass_token(std::string_view text) {
  return equals_ignoring_case(text, "pass") || equals_ignoring_case(text, "pa") || equals_ignoring_case(text, "ps") ||
         text == "@@" || text == "0000";
}

Expected<Move> parse_move(std::string_view text) {
  if (is_pass_token(text)) return Move{kPass};
  auto sq = parse_square(text);
  if (!sq) return Error{"not a move: " + quoted(text) + " (expected a1..h8 or pass)"};
  return Move{*sq};
}

std::string move_name(Move m) {
  if (m == kPass) return "pass";
  if (m < 0 || m >= 64) return "none";
  return {static_cast<char>('a' + column_of(m)), static_cast<char>('1' + row_of(m))};
}

Expected<Color> parse_side(std::string_view text) {
  if (text.size() == 1) {
    switch (text[0]) {
      case 'X': case 'x': case '*': case 'b': case 'B': return Color::kBlack;
      case 'O': case 'o': case '0': case 'w': case 'W': return Color::kWhite;
      default: break;
    }
  }
  if (equals_ignoring_case(text, "black")) return Color::kBlack;
  if (equals_ignoring_case(text, "white")) return Color::kWhite;
  return Error{"not a side to move: " + quoted(text) + " (expected X/b/black or O/w/white)"};
}

Expected<Position> parse_board(std::string_view cells, std::string_view side) {
  if (cells.size() != 64)
    return Error{"a board has 64 cells, this one has " + std::to_string(cells.size())};
  Bitboard black = 0, white = 0;
  for (int sq = 0; sq < 64; ++sq) {
    switch (parse_cell(cells[sq])) {
      case Cell::kBlack: black |= bit(sq); break;
      case Cell::kWhite: white |= bit(sq); break;
      case Cell::kEmpty: break;
      case Cell::kBad:
        return Error{"bad board cell " + quoted(cells.substr(sq, 1)) + " at " + move_name(sq) + " (cell " +
                     std::to_string(sq + 1) + "); expected X x * b, O o 0 w or - . _"};
    }
  }
  auto color = parse_side(side);
  if (!color) return color.error();
  return Position::from_colors(black, white, *color);
}

Expected<Position> parse_board_line(std::string_view text) {
  text = trim(text);
  if (text.size() < 64) return Error{"a board needs 64 cells and a side to move, got " + quoted(text)};
  const std::string_view cells = text.substr(0, 64);
  const std::string_view side = trim(text.substr(64));
  if (side.empty()) return Error{"the board has no side to move after its 64 cells"};
  return parse_board(cells, side);
}

std::string board_string(const Position& position) {
  std::string out(64, '-');
  for (Square sq : squares(position.black())) out[sq] = 'X';
  for (Square sq : squares(position.white())) out[sq] = 'O';
  out += position.side == Color::kBlack ? " X" : " O";
  return out;
}

Expected<Transcript> play_transcript(std::string_view text, const Position& start) {
  Transcript t{start, {}, start};
  std::size_t i = 0;
  int ply = 0;
  while (true) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (i >= text.size()) break;
    std::string_view token;
    if (text.size() - i >= 4 && (equals_ignoring_case(text.substr(i, 4), "pass") || text.substr(i, 4) == "0000"))
      token = text.substr(i, 4);
    else
      token = text.substr(i, std::min<std::size_t>(2, text.size() - i));
    auto move = parse_move(token);
    const std::string where = " at character " + std::to_string(i + 1) + " (move " + std::to_string(ply + 1) + ")";
    if (!move) return Error{move.error().message + where};
    Board& board = t.end.board;
    if (*move == kPass) {
      if (!board.must_pass())
        return Error{std::string(board.game_over() ? "pass after the game is over" : "pass while a move is legal") + where};
    } else {
      if (board.game_over()) return Error{"move " + move_name(*move) + " after the game is over" + where};
      if (board.must_pass()) {
        t.moves.push_back(kPass);
        t.end = t.end.play(kPass);
      }
      if (!t.end.board.is_legal(*move)) return Error{"illegal move " + move_name(*move) + where};
    }
    t.moves.push_back(*move);
    t.end = t.end.play(*move);
    i += token.size();
    ++ply;
  }
  return t;
}

std::string transcript_string(const std::vector<Move>& moves, bool with_passes) {
  std::string out;
  for (Move m : moves) {
    if (m == kPass) {
      if (with_passes) out += "PA";
    } else {
      out += move_name(m);
    }
  }
  return out;
}

Expected<ObfLine> parse_obf(std::string_view line) {
  if (auto comment = line.find('%'); comment != std::string_view::npos) line = line.substr(0, comment);
  line = trim(line);
  const auto semicolon = line.find(';');
  auto board = parse_board_line(line.substr(0, semicolon));
  if (!board) return Error{"OBF: " + board.error().message};
  ObfLine out{*board, {}};
  if (semicolon == std::string_view::npos) return out;
  std::string_view rest = line.substr(semicolon + 1);
  while (true) {
    const auto end = rest.find(';');
    const std::string_view field = trim(rest.substr(0, end));
    if (!field.empty()) {
      const auto colon = field.find(':');
      if (colon == std::string_view::npos) return Error{"OBF: move score without ':' in " + quoted(field)};
      auto move = parse_move(trim(field.substr(0, colon)));
      if (!move) return Error{"OBF: " + move.error().message};
      std::string_view number = trim(field.substr(colon + 1));
      if (!number.empty() && number.front() == '+') number.remove_prefix(1);
      int score = 0;
      const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), score);
      if (ec != std::errc() || ptr != number.data() + number.size() || score < -64 || score > 64)
        return Error{"OBF: bad score in " + quoted(field)};
      out.move_scores.emplace_back(*move, score);
    }
    if (end == std::string_view::npos) break;
    rest = rest.substr(end + 1);
  }
  return out;
}

std::string board_picture(const Position& position) {
  const Bitboard moves = position.board.legal_moves();
  const Bitboard black = position.black(), white = position.white();
  std::string out = "  a b c d e f g h\n";
  for (int r = 0; r < 8; ++r) {
    out += static_cast<char>('1' + r);
    for (int c = 0; c < 8; ++c) {
      const Square sq = square_at(c, r);
      out += ' ';
      out += (black & bit(sq)) ? 'X' : (white & bit(sq)) ? 'O' : (moves & bit(sq)) ? '*' : '-';
    }
    out += ' ';
    out += static_cast<char>('1' + r);
    out += '\n';
  }
  out += "  a b c d e f g h\n";
  out += "Black (X): " + std::to_string(popcount(black)) + "  White (O): " + std::to_string(popcount(white)) + "  ";
  if (position.board.game_over())
    out += "game over\n";
  else
    out += std::string(position.side == Color::kBlack ? "Black" : "White") +
           (position.board.must_pass() ? " to move, must pass\n" : " to move\n");
  return out;
}

}  // namespace parity
