#include "parity/protocol/gtp.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>

#include "parity/core/notation.hpp"
#include "parity/protocol/text.hpp"

namespace parity::protocol {

namespace {

// The gogui-rules_ commands let GoGui draw and referee any board game.
constexpr std::array<std::string_view, 24> kCommands = {
    "protocol_version",        "name",
    "version",                 "known_command",
    "list_commands",           "quit",
    "boardsize",               "clear_board",
    "komi",                    "play",
    "genmove",                 "undo",
    "time_settings",           "time_left",
    "set_game",                "list_games",
    "showboard",               "final_score",
    "gogui-rules_game_id",     "gogui-rules_board_size",
    "gogui-rules_board",       "gogui-rules_legal_moves",
    "gogui-rules_side_to_move", "gogui-rules_final_result"};

std::optional<Color> parse_color(std::string_view word) {
  const std::string w = lower_case(word);
  if (w == "b" || w == "black") return Color::kBlack;
  if (w == "w" || w == "white") return Color::kWhite;
  return std::nullopt;
}

// GTP times are seconds, possibly fractional; the search plans in
// milliseconds. Beyond about 31 years every clock plans alike, so larger
// values (or "inf") are clamped instead of overflowing; NaN is no time.
std::optional<std::int64_t> seconds_to_ms(std::optional<double> seconds) {
  constexpr double kMaxSeconds = 1e9;
  if (!seconds || std::isnan(*seconds)) return std::nullopt;
  return static_cast<std::int64_t>(std::clamp(*seconds, -kMaxSeconds, kMaxSeconds) * 1000);
}

std::string gtp_move(Move m) {
  if (m == kPass) return "pass";
  std::string name = move_name(m);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

// GTP's preprocessing: control characters other than tab and newline go,
// tabs become spaces, and everything after '#' is a comment.
std::string clean(std::string_view line) {
  std::string out;
  for (char c : line) {
    if (c == '#') break;
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '\t') out += ' ';
    else if (u >= 32 && u != 127) out += c;
  }
  return out;
}

// GTP's score: B+n, W+n or 0, counting the empty squares for the winner
// once the game is over.
std::string score_text(const Position& p) {
  const int score = p.board.game_over() ? p.black_score() : popcount(p.black()) - popcount(p.white());
  return score > 0 ? "B+" + std::to_string(score) : score < 0 ? "W+" + std::to_string(-score) : "0";
}

// The board as GoGui reads it: 'X', 'O' and '.', its top line first. GoGui
// puts row 1 at the bottom, so the rows go 8 to 1 and each vertex shows
// where GoGui draws it.
std::string gogui_board(const Position& p) {
  std::string text;
  for (int row = 7; row >= 0; --row) {
    for (int col = 0; col < 8; ++col) {
      const Bitboard b = bit(square_at(col, row));
      if (col) text += ' ';
      text += (p.black() & b) ? 'X' : (p.white() & b) ? 'O' : '.';
    }
    if (row) text += '\n';
  }
  return text;
}

// The moves of the side to move ("pass" when it has none), nothing once
// the game is over: GoGui's sign of the end.
std::string gogui_legal_moves(const Position& p) {
  if (p.board.game_over()) return "";
  if (p.board.must_pass()) return "pass";
  std::string text;
  for (Square sq : squares(p.board.legal_moves())) {
    if (!text.empty()) text += ' ';
    text += gtp_move(sq);
  }
  return text;
}

}  // namespace

bool is_gtp_command(std::string_view name) {
  return std::find(kCommands.begin(), kCommands.end(), name) != kCommands.end();
}

Gtp::Gtp(engine::Engine& engine, Output& out) : engine_(engine), out_(out) {
  engine_.on_info({});
  engine_.on_bestmove([this](const engine::BestMove& best) {
    reply(true, pending_id_, best.result.best == kNoMove ? "pass" : gtp_move(best.result.best));
  });
}

void Gtp::reply(bool ok, std::string_view id, std::string_view text) {
  std::string line = ok ? "=" : "?";
  line += id;
  if (!text.empty() && text.front() != '\n') line += ' ';
  line += text;
  out_.write(line + "\n");
}

bool Gtp::handle(std::string_view raw) {
  const std::string line = clean(raw);
  Words words = split_words(line);
  if (words.empty()) return true;
  std::string_view id;
  if (std::all_of(words[0].begin(), words[0].end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    id = words[0];
    words.erase(words.begin());
    if (words.empty()) return reply(false, id, "empty command"), true;
  }
  const std::string command = lower_case(words[0]);
  const Words args(words.begin() + 1, words.end());
  if (command == "quit") {
    engine_.halt();
    reply(true, id, "");
    return false;
  }
  engine_.wait();  // a genmove is answered before the next command
  const Position& now = engine_.position();
  if (command == "protocol_version") reply(true, id, "2");
  else if (command == "name") reply(true, id, engine_.display_name());
  else if (command == "version") reply(true, id, engine::version());
  else if (command == "known_command")
    reply(true, id, !args.empty() && is_gtp_command(lower_case(args[0])) ? "true" : "false");
  else if (command == "list_commands") {
    std::string text;
    for (auto c : kCommands) {
      if (!text.empty()) text += '\n';
      text += c;
    }
    reply(true, id, text);
  } else if (command == "boardsize") {
    const auto n = args.empty() ? std::nullopt : parse_integer(args[0]);
    if (!n) reply(false, id, "syntax error");
    else if (*n != 8) reply(false, id, "unacceptable size");
    else reply(true, id, "");
  } else if (command == "clear_board") {
    engine_.new_game();
    history_.clear();
    reply(true, id, "");
  } else if (command == "komi") {
    if (args.empty() || !parse_number(args[0])) reply(false, id, "syntax error");
    else reply(true, id, "");
  } else if (command == "play") {
    play(id, args);
  } else if (command == "genmove") {
    genmove(id, args);
  } else if (command == "undo") {
    // Back to the game before the last play or genmove, whatever passes it
    // played (an implied one, or none after the end).
    if (history_.empty()) return reply(false, id, "cannot undo"), true;
    engine_.set_game(std::move(history_.back()));
    history_.pop_back();
    reply(true, id, "");
  } else if (command == "time_settings") {
    if (args.size() != 3) return reply(false, id, "syntax error"), true;
    const auto main = seconds_to_ms(parse_number(args[0])), byo = seconds_to_ms(parse_number(args[1]));
    const auto stones = parse_integer(args[2]);
    if (!main || !byo || !stones || *main < 0 || *byo < 0 || *stones < 0) return reply(false, id, "syntax error"), true;
    clocks_ = GtpClocks{};
    clocks_.main_ms = *main;
    clocks_.byo_ms = *byo;
    clocks_.byo_stones = static_cast<int>(std::min<long long>(stones.value(), 1000));
    reply(true, id, "");
  } else if (command == "time_left") {
    const auto color = args.size() == 3 ? parse_color(args[0]) : std::nullopt;
    const auto left = args.size() == 3 ? seconds_to_ms(parse_number(args[1])) : std::nullopt;
    const auto stones = args.size() == 3 ? parse_integer(args[2]) : std::nullopt;
    if (!color || !left || !stones || *stones < 0) return reply(false, id, "syntax error"), true;
    clocks_.left[static_cast<int>(*color)] = GtpClocks::Left{*left, static_cast<int>(std::min<long long>(*stones, 1000))};
    reply(true, id, "");
  } else if (command == "set_game") {
    if (args.empty() || lower_case(join_words(args, 0)) != "othello") reply(false, id, "unsupported game");
    else reply(true, id, "");
  } else if (command == "list_games") {
    reply(true, id, "Othello");
  } else if (command == "showboard") {
    std::string picture = board_picture(now);
    if (!picture.empty() && picture.back() == '\n') picture.pop_back();
    reply(true, id, "\n" + picture);
  } else if (command == "final_score") {
    reply(true, id, score_text(now));
  } else if (command == "gogui-rules_game_id") {
    reply(true, id, "Othello");
  } else if (command == "gogui-rules_board_size") {
    reply(true, id, "8");
  } else if (command == "gogui-rules_board") {
    reply(true, id, gogui_board(now));
  } else if (command == "gogui-rules_legal_moves") {
    reply(true, id, gogui_legal_moves(now));
  } else if (command == "gogui-rules_side_to_move") {
    reply(true, id, now.side == Color::kBlack ? "black" : "white");
  } else if (command == "gogui-rules_final_result") {
    reply(true, id, now.board.game_over() ? score_text(now) : "unknown");
  } else {
    reply(false, id, "unknown command");
  }
  return true;
}

void Gtp::play(std::string_view id, const Words& args) {
  const auto color = args.size() == 2 ? parse_color(args[0]) : std::nullopt;
  if (!color) return reply(false, id, "syntax error");
  auto move = parse_move(args[1]);
  if (!move) return reply(false, id, "syntax error");
  Game game = engine_.game();
  const Board& board = game.position().board;
  // A pass by a side with no move changes nothing: after the end (GoGui
  // relays the last pass), or when the other side is to move.
  const bool idle_pass = *move == kPass && (board.game_over() || (*color != game.position().side && !board.opponent_can_move()));
  if (!idle_pass && game.play_as(*color, *move)) return reply(false, id, "illegal move");
  history_.push_back(engine_.game());
  engine_.set_game(std::move(game));
  reply(true, id, "");
}

void Gtp::genmove(std::string_view id, const Words& args) {
  const auto color = args.size() == 1 ? parse_color(args[0]) : std::nullopt;
  if (!color) return reply(false, id, "syntax error");
  Game game = engine_.game();
  // After the end, a pass, as GRhino answers: GoGui shows no error then.
  if (game.position().board.game_over()) {
    history_.push_back(game);
    return reply(true, id, "pass");
  }
  // Asked for the side not to move: the side to move must pass first.
  if (*color != game.position().side) {
    if (!game.position().board.must_pass()) return reply(false, id, "it is not that side's turn");
    game.play(kPass);
  }
  history_.push_back(engine_.game());
  if (game.position().board.must_pass()) {
    game.play(kPass);
    engine_.set_game(std::move(game));
    return reply(true, id, "pass");
  }
  engine_.set_game(std::move(game));
  pending_id_ = std::string(id);
  if (auto e = engine_.go_and_play(gtp_limits(clocks_, *color, engine_.default_limits()))) {
    history_.pop_back();
    reply(false, id, e->message);
  }
}

search::Limits gtp_limits(const GtpClocks& clocks, Color color, search::Limits base) {
  const GtpClocks::Left& left = clocks.left[static_cast<int>(color)];
  if (left.ms >= 0) {
    base.time_left_ms = left.ms;
    base.moves_to_go = left.stones;
  } else if (clocks.main_ms > 0) {
    base.time_left_ms = clocks.main_ms;
  } else if (clocks.byo_ms > 0 && clocks.byo_stones > 0) {
    base.time_left_ms = clocks.byo_ms;
    base.moves_to_go = clocks.byo_stones;
  }
  return base;
}

}  // namespace parity::protocol
