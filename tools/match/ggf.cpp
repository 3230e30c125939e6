#include "ggf.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace parity::match {

namespace {

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

GgfTags header(const GameRecord& g) {
  GgfTags tags{{"PC", "parity-match"}};
  if (!g.date.empty()) tags.emplace_back("DT", g.date);
  if (g.number > 0) tags.emplace_back("GN", std::to_string(g.number));
  tags.emplace_back("PB", g.black);
  tags.emplace_back("PW", g.white);
  return tags;
}

void add_clocks(const GameRecord& g, GgfTags& tags) {
  if (g.black_clock && g.white_clock && *g.black_clock == *g.white_clock && g.black_increment == g.white_increment) {
    tags.emplace_back("TI", clock_property(g.black_clock, g.black_increment));
  } else {
    if (g.black_clock) tags.emplace_back("TB", clock_property(g.black_clock, g.black_increment));
    if (g.white_clock) tags.emplace_back("TW", clock_property(g.white_clock, g.white_increment));
  }
  tags.emplace_back("TY", "8");
}

std::string write(const GameRecord& g, const GgfTags& tags) {
  std::vector<GgfMove> moves;
  for (const Ply& p : g.plies) moves.push_back(to_ggf_move(p));
  return write_ggf(g.start, moves, tags);
}

std::optional<double> to_number(std::string_view text) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

GgfMove to_ggf_move(const Ply& ply) {
  GgfMove m{ply.move, {}, {}};
  if (ply.eval) m.eval = fixed(*ply.eval, "%.2f");
  if (ply.seconds) m.time = fixed(*ply.seconds, "%.2f");
  return m;
}

std::string ggf_in_progress(const GameRecord& game) {
  GgfTags tags = header(game);
  add_clocks(game, tags);
  return write(game, tags);
}

std::string ggf_line(const GameRecord& g) {
  std::string re = g.black_score == 0 ? "0.00" : fixed(g.black_score, "%+.2f");
  if (g.termination == Termination::kTime) re += ":t";
  else if (g.termination != Termination::kBoard) re += ":r";
  GgfTags tags = header(g);
  tags.emplace_back("RE", re);
  if (g.termination != Termination::kBoard && g.forfeiter) {
    const std::string& who = *g.forfeiter == Color::kBlack ? g.black : g.white;
    tags.emplace_back("C", "forfeit " + std::string(termination_name(g.termination)) + " by " + who + ": " + g.detail);
  }
  add_clocks(g, tags);
  return write(g, tags);
}

Expected<GameRecord> parse_game_record(std::string_view line) {
  auto parsed = parse_ggf(line);
  if (!parsed) return parsed.error();
  GameRecord g;
  g.black = parsed->tag("PB");
  g.white = parsed->tag("PW");
  g.date = parsed->tag("DT");
  g.start = parsed->start;
  // The replayed game: forced passes the file left out are in it too.
  const std::vector<Move>& moves = parsed->game.moves();
  std::size_t written = 0;
  for (Move m : moves) {
    Ply ply{m, std::nullopt, std::nullopt};
    if (written < parsed->moves.size() && parsed->moves[written].move == m) {
      ply.eval = to_number(parsed->moves[written].eval);
      ply.seconds = to_number(parsed->moves[written].time);
      ++written;
    }
    g.plies.push_back(ply);
  }
  int number = 0;
  const std::string gn = parsed->tag("GN");
  const auto [end, ec] = std::from_chars(gn.data(), gn.data() + gn.size(), number);
  if (ec != std::errc{} || end != gn.data() + gn.size() || number <= 0) return Error{"GGF: no game number GN[...]"};
  g.number = number;
  const std::string re = parsed->tag("RE");
  const auto score = to_number(re.substr(0, re.find(':')));
  if (!score) return Error{"GGF: no result RE[...] in game " + gn};
  g.black_score = static_cast<int>(std::lround(*score));
  const std::string comment = parsed->tag("C");
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
