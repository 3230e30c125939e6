#include "ggf.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "parity/core/notation.hpp"

namespace parity::match {

namespace {

// GGF values end at ']', so one inside a name or comment would cut it short.
std::string clean(std::string_view text) {
  std::string out;
  for (char c : text) out += (c == ']' ? ')' : c == '\n' || c == '\r' ? ' ' : c);
  return out;
}

std::string fixed(double v, const char* format) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// "MM:SS", with fractions of a second when there are any.
std::string clock_text(double seconds) {
  const long whole = static_cast<long>(seconds);
  const double frac = seconds - static_cast<double>(whole);
  std::string out = fixed(static_cast<double>(whole / 60), "%02.0f") + ":" + fixed(static_cast<double>(whole % 60), "%02.0f");
  if (frac > 1e-9) out += fixed(frac, "%.3f").substr(1);
  return out;
}

std::string clock_property(std::optional<double> base, std::optional<double> inc) {
  return clock_text(*base) + "/" + clock_text(inc.value_or(0)) + "/00:00";
}

std::string header(const GameRecord& g) {
  std::string out = "(;GM[Othello]PC[parity-match]";
  if (!g.date.empty()) out += "DT[" + clean(g.date) + "]";
  if (g.number > 0) out += "GN[" + std::to_string(g.number) + "]";
  out += "PB[" + clean(g.black) + "]PW[" + clean(g.white) + "]";
  return out;
}

std::string body(const GameRecord& g) {
  std::string out;
  if (g.black_clock && g.white_clock && *g.black_clock == *g.white_clock && g.black_increment == g.white_increment)
    out += "TI[" + clock_property(g.black_clock, g.black_increment) + "]";
  else {
    if (g.black_clock) out += "TB[" + clock_property(g.black_clock, g.black_increment) + "]";
    if (g.white_clock) out += "TW[" + clock_property(g.white_clock, g.white_increment) + "]";
  }
  const std::string board = board_string(g.start);  // "<64 cells> X|O"
  std::string cells = board.substr(0, 64);
  for (char& c : cells) c = c == 'X' ? '*' : c == 'O' ? 'O' : '-';
  out += "TY[8]BO[8 " + cells + " " + (g.start.side == Color::kBlack ? "*" : "O") + "]";
  Color side = g.start.side;
  for (const Ply& p : g.plies) {
    out += (side == Color::kBlack ? "B[" : "W[") + ggf_move(p) + "]";
    side = opposite(side);
  }
  return out;
}

std::optional<double> to_number(std::string_view text) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// GGF passes: any prefix of PASS, or "--".
bool is_ggf_pass(std::string_view m) {
  if (m == "--") return true;
  if (m.empty() || m.size() > 4) return false;
  for (std::size_t i = 0; i < m.size(); ++i)
    if ((m[i] & ~0x20) != "PASS"[i]) return false;
  return true;
}

Expected<Ply> parse_ply(std::string_view value) {
  Ply ply;
  const auto slash = value.find('/');
  const std::string_view mv = value.substr(0, slash);
  if (is_ggf_pass(mv)) {
    ply.move = kPass;
  } else {
    auto sq = parse_square(mv);
    if (!sq) return sq.error();
    ply.move = *sq;
  }
  if (slash != std::string_view::npos) {
    std::string_view rest = value.substr(slash + 1);
    const auto slash2 = rest.find('/');
    ply.eval = to_number(rest.substr(0, slash2));
    if (slash2 != std::string_view::npos) ply.seconds = to_number(rest.substr(slash2 + 1));
  }
  return ply;
}

}  // namespace

std::string ggf_move(const Ply& ply) {
  std::string out = ply.move == kPass ? "PA" : move_name(ply.move);
  if (ply.eval || ply.seconds) {
    out += '/';
    if (ply.eval) out += fixed(*ply.eval, "%.2f");
    if (ply.seconds) {
      out += '/';
      out += fixed(*ply.seconds, "%.2f");
    }
  }
  return out;
}

std::string ggf_in_progress(const GameRecord& game) { return header(game) + body(game) + ";)"; }

std::string ggf_line(const GameRecord& g) {
  std::string re = g.black_score == 0 ? "0.00" : fixed(g.black_score, "%+.2f");
  if (g.termination == Termination::kTime) re += ":t";
  else if (g.termination != Termination::kBoard) re += ":r";
  std::string out = header(g) + "RE[" + re + "]";
  if (g.termination != Termination::kBoard && g.forfeiter) {
    const std::string& who = *g.forfeiter == Color::kBlack ? g.black : g.white;
    out += "C[forfeit " + std::string(termination_name(g.termination)) + " by " + clean(who) + ": " + clean(g.detail) + "]";
  }
  return out + body(g) + ";)";
}

std::string ParsedGgf::get(const std::string& key) const {
  const auto it = properties.find(key);
  return it == properties.end() ? std::string() : it->second;
}

Expected<ParsedGgf> parse_ggf(std::string_view text) {
  const auto open = text.find("(;");
  if (open == std::string_view::npos) return Error{"not a GGF game: no '(;'"};
  ParsedGgf out;
  bool have_board = false;
  std::size_t i = open + 2;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (text.compare(i, 2, ";)") == 0) break;
    std::size_t k = i;
    while (k < text.size() && text[k] >= 'A' && text[k] <= 'Z') ++k;
    if (k == i || k >= text.size() || text[k] != '[') return Error{"GGF: expected a property at offset " + std::to_string(i)};
    const std::string key(text.substr(i, k - i));
    const auto close = text.find(']', k);
    if (close == std::string_view::npos) return Error{"GGF: property " + key + " is not closed"};
    const std::string_view value = text.substr(k + 1, close - k - 1);
    i = close + 1;
    if (key == "B" || key == "W") {
      auto ply = parse_ply(value);
      if (!ply) return Error{"GGF: " + key + "[" + std::string(value) + "]: " + ply.error().message};
      out.plies.push_back(*ply);
    } else if (key == "BO") {
      // "8 <64 cells> <side>", cells possibly split by spaces into rows.
      std::string cells, side;
      std::string_view v = value;
      if (!v.empty() && v[0] == '8') v.remove_prefix(1);
      for (char c : v)
        if (c != ' ') cells += c;
      if (cells.size() != 65) return Error{"GGF: BO[" + std::string(value) + "] is not an 8x8 board"};
      side = cells.substr(64);
      cells.resize(64);
      auto pos = parse_board(cells, side == "*" ? "X" : side);
      if (!pos) return Error{"GGF: BO: " + pos.error().message};
      out.start = *pos;
      have_board = true;
    } else {
      out.properties.emplace(key, std::string(value));
    }
  }
  if (!have_board) out.start = Position::start();
  return out;
}

Expected<GameRecord> parse_game_record(std::string_view line) {
  auto parsed = parse_ggf(line);
  if (!parsed) return parsed.error();
  GameRecord g;
  g.black = parsed->get("PB");
  g.white = parsed->get("PW");
  g.date = parsed->get("DT");
  g.start = parsed->start;
  g.plies = parsed->plies;
  int number = 0;
  const std::string gn = parsed->get("GN");
  const auto [end, ec] = std::from_chars(gn.data(), gn.data() + gn.size(), number);
  if (ec != std::errc{} || end != gn.data() + gn.size() || number <= 0) return Error{"GGF: no game number GN[...]"};
  g.number = number;
  const std::string re = parsed->get("RE");
  const auto score = to_number(re.substr(0, re.find(':')));
  if (!score) return Error{"GGF: no result RE[...] in game " + gn};
  g.black_score = static_cast<int>(std::lround(*score));
  const std::string comment = parsed->get("C");
  if (comment.starts_with("forfeit ")) {
    const auto space = comment.find(' ', 8);
    const auto kind = parse_termination(comment.substr(8, space - 8));
    if (!kind) return Error{"GGF: unknown forfeit in game " + gn};
    g.termination = *kind;
    g.forfeiter = g.black_score < 0 ? Color::kBlack : Color::kWhite;
    const auto colon = comment.find(": ");
    if (colon != std::string::npos) g.detail = comment.substr(colon + 2);
  }
  return g;
}

}  // namespace parity::match
