#include "parity/protocol/uci.hpp"

#include <algorithm>
#include <chrono>

#include "parity/core/notation.hpp"
#include "parity/core/perft.hpp"
#include "parity/engine/bench.hpp"
#include "parity/protocol/text.hpp"
#include "parity/protocol/uci_go.hpp"

namespace parity::protocol {

namespace {

using engine::OptionType;

constexpr int kMaxPerftDepth = 60;

std::string option_line(const engine::Option& o) {
  std::string line = "option name " + o.name + " type ";
  switch (o.type) {
    case OptionType::kCheck: return line + "check default " + o.default_value;
    case OptionType::kSpin:
      return line + "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " +
             std::to_string(o.max);
    case OptionType::kCombo:
      line += "combo default " + o.default_value;
      for (const auto& c : o.choices) line += " var " + c;
      return line;
    case OptionType::kButton: return line + "button";
    case OptionType::kString: return line + "string default " + (o.default_value.empty() ? "<empty>" : o.default_value);
  }
  return line;
}

std::string pv_string(const std::vector<Move>& pv) {
  std::string out;
  for (Move m : pv) {
    out += ' ';
    out += move_name(m);
  }
  return out;
}

}  // namespace

Uci::Uci(engine::Engine& engine, Output& out) : engine_(engine), out_(out) {
  engine_.on_info([this](const search::Info& info) { out_.write(info_line(info)); });
  engine_.on_message([this](const std::string& text) { out_.write("info string " + text); });
  engine_.on_bestmove([this](const engine::BestMove& b) {
    out_.write("bestmove " + (b.result.best == kNoMove ? std::string("(none)") : move_name(b.result.best)));
  });
}

void Uci::error(std::string_view what) { out_.write("info string error: " + std::string(what)); }

std::string Uci::info_line(const search::Info& info) const {
  std::string line = "info depth " + std::to_string(info.depth);
  if (info.seldepth > 0) line += " seldepth " + std::to_string(info.seldepth);
  if (engine_.options().integer("MultiPV") > 1) line += " multipv " + std::to_string(info.multipv);
  line += " score cp " + std::to_string(info.score);
  if (info.bound == search::Bound::kLower) line += " lowerbound";
  if (info.bound == search::Bound::kUpper) line += " upperbound";
  if (info.exact) line += " exact";
  const std::int64_t ms = std::max<std::int64_t>(info.time_ms, 1);
  line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nodes * 1000 / ms) + " time " +
          std::to_string(info.time_ms);
  if (info.hashfull > 0) line += " hashfull " + std::to_string(info.hashfull);
  if (!info.pv.empty()) (line += " pv") += pv_string(info.pv);
  return line;
}

bool Uci::handle(std::string_view line) {
  const Words words = split_words(line);
  if (words.empty()) return true;
  const std::string command = lower_case(words[0]);
  if (command == "quit") {
    engine_.halt();
    return false;
  }
  if (command == "isready") out_.write("readyok");
  else if (command == "stop") engine_.stop();
  else if (command == "uci" || command == "ugi") hello(command == "ugi");
  else if (command == "setoption") set_option(words);
  else if (command == "ucinewgame" || command == "uginewgame") {
    engine_.new_game();
    has_position_ = true;
  }
  else if (command == "position") position(words);
  else if (command == "go") go(words);
  else if (command == "query") query(words);
  else if (command == "show") show();
  else if (command == "perft") perft(words);
  else if (command == "eval") eval();
  else if (command == "bench") bench();
  else if (command == "help") help();
  else error("unknown command " + shown(words[0]) + " (try help)");
  return true;
}

void Uci::hello(bool ugi) {
  std::string text = "id name " + engine_.display_name() + " " + std::string(engine::version()) + "\nid author " +
                     std::string(engine::kAuthor);
  for (const auto& o : engine_.options().all()) (text += '\n') += option_line(o);
  text += ugi ? "\nugiok" : "\nuciok";
  out_.write(text);
}

void Uci::set_option(const Words& words) {
  // setoption name <name words> [value <value words>]
  if (words.size() < 3 || lower_case(words[1]) != "name") return error("usage: setoption name <name> [value <value>]");
  std::size_t value_at = words.size();
  for (std::size_t i = 2; i < words.size(); ++i)
    if (lower_case(words[i]) == "value") {
      value_at = i;
      break;
    }
  const std::string name = join_words(Words(words.begin(), words.begin() + value_at), 2);
  if (name.empty()) return error("setoption: missing option name");
  const std::string value = value_at < words.size() ? join_words(words, value_at + 1) : "";
  const engine::Option* option = engine_.options().find(name);
  if (option && option->type != OptionType::kButton && option->type != OptionType::kString && value_at == words.size())
    return error("setoption: option " + option->name + " needs a value");
  if (auto e = engine_.set_option(name, value)) error(e->message);
}

namespace {

// A word made only of board cells: the start of a 64-cell board, not a
// move list (whose digits and letters a, c-h are never cells).
bool board_like(std::string_view word) {
  return std::all_of(word.begin(), word.end(), [](char c) { return std::string_view("XxOo0*bw-._").find(c) != std::string_view::npos; });
}

}  // namespace

void Uci::position(const Words& words) {
  // Until a position is read, go answers bestmove (none): a runner that
  // plays on from a board it did not mean would loop on it (docs/protocols.md).
  has_position_ = false;
  const auto fail = [this](const std::string& why) {
    error("position: " + why + "; no position until the next good one");
  };
  std::size_t next = 1;
  if (next < words.size() && (lower_case(words[next]) == "fen" || lower_case(words[next]) == "board")) ++next;
  if (next >= words.size()) return fail("expected startpos, <64 cells> <side>, or a move list like f5d6c3");
  std::size_t moves_at = next;
  while (moves_at < words.size() && lower_case(words[moves_at]) != "moves") ++moves_at;
  // The opening: the start position, a board, or the moves from the start.
  Position start = Position::start();
  std::string moves;
  if (lower_case(words[next]) == "startpos") {
    if (moves_at != next + 1) return fail("expected 'moves' after startpos, not " + shown(words[next + 1]));
  } else if (board_like(words[next])) {
    // The cells may come as one word or several (e.g. eight rows).
    std::string cells;
    while (next < moves_at && cells.size() < 64) cells += words[next++];
    // The side may also be written right after the cells.
    const bool joined = cells.size() == 65 && next == moves_at;
    if (!joined && (cells.size() != 64 || next + 1 != moves_at)) return fail("expected 64 cells and a side to move");
    auto parsed = joined ? parse_board(std::string_view(cells).substr(0, 64), std::string_view(cells).substr(64))
                         : parse_board(cells, words[next]);
    if (!parsed) return fail(parsed.error().message);
    start = *parsed;
  } else {
    moves = join_words(Words(words.begin() + static_cast<std::ptrdiff_t>(next), words.begin() + static_cast<std::ptrdiff_t>(moves_at)), 0);
  }
  if (moves_at < words.size()) (moves += ' ') += join_words(words, moves_at + 1);
  auto game = Game::from_transcript(moves, start);
  if (!game) return fail(game.error().message);
  engine_.set_game(std::move(*game));
  has_position_ = true;
}

void Uci::go(const Words& words) {
  // Every go gets exactly one bestmove: a running search or command ends
  // first (with its own answer), a word that cannot be read is ignored and
  // a limit out of range is clamped; all of that is told in one line.
  engine_.halt();
  GoRequest request = parse_go(words, engine_.default_limits(), engine_.position());
  if (!has_position_) {
    request.notes.push_back("no position (the last position command was rejected)");
    request.unreadable = true;
  }
  if (!request.notes.empty()) {
    std::string line = request.unreadable ? "info string error: go: " : "info string go: ";
    for (std::size_t k = 0; k < request.notes.size(); ++k) (line += k ? "; " : "") += request.notes[k];
    out_.write(line);
  }
  if (!has_position_) return out_.write("bestmove (none)");
  if (auto e = engine_.go(request.limits)) {
    error(e->message);
    out_.write("bestmove (none)");
  }
}

void Uci::query(const Words& words) {
  const std::string what = words.size() > 1 ? lower_case(words[1]) : "";
  const Position& p = engine_.position();
  // Without a position the game is over, with no result, so that a runner
  // that asks before each move ends the game instead of playing on.
  if (!has_position_ && (what == "gameover" || what == "result"))
    out_.write(std::string("response ") + (what == "gameover" ? "true" : "none"));
  else if (what == "p1turn") out_.write(std::string("response ") + (p.side == Color::kBlack ? "true" : "false"));
  else if (what == "gameover") out_.write(std::string("response ") + (p.board.game_over() ? "true" : "false"));
  else if (what == "result") {
    const char* result = !p.board.game_over() ? "none" : p.black_score() > 0 ? "p1win" : p.black_score() < 0 ? "p2win" : "draw";
    out_.write(std::string("response ") + result);
  } else {
    error("query: expected p1turn, gameover or result");
  }
}

void Uci::show() {
  const Game& game = engine_.game();
  std::string text = board_picture(game.position());
  text += "Board: " + board_string(game.position());
  text += "\nMoves: " + (game.moves().empty() ? std::string("(none)") : transcript_string(game.moves(), true));
  if (const std::string name = engine_.opening(); !name.empty()) text += "\nOpening: " + name;
  if (!has_position_) text += "\nNo position: the last position command was rejected; go answers bestmove (none)";
  out_.write(text);
}

void Uci::perft(const Words& words) {
  const auto depth = words.size() > 1 ? parse_integer(words[1]) : std::nullopt;
  if (!depth || *depth < 0 || *depth > kMaxPerftDepth)
    return error("usage: perft <depth 0.." + std::to_string(kMaxPerftDepth) + ">");
  engine_.halt();
  // Off the protocol thread: deep counts take years, and stop, quit and
  // the end of input must still end them.
  const Board board = engine_.position().board;
  const int plies = static_cast<int>(*depth);
  engine_.run_task([this, board, plies](const std::atomic<bool>& stop) {
    const auto start = std::chrono::steady_clock::now();
    const auto leaves = parity::perft(board, plies, stop);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    const std::string head = "perft " + std::to_string(plies) + ": ";
    if (!leaves) out_.write(head + "stopped after " + std::to_string(ms) + " ms");
    else out_.write(head + std::to_string(*leaves) + " leaves, " + std::to_string(ms) + " ms");
  });
}

void Uci::eval() {
  std::string text = engine_.explain_eval();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  out_.write(text);
}

void Uci::bench() {
  engine_.halt();
  // Off the protocol thread, so that isready is answered meanwhile and
  // stop, quit or the end of input end it.
  engine_.run_task([this](const std::atomic<bool>& stop) {
    engine::bench_report([this](const std::string& line) { out_.write(line); }, &stop);
  });
}

void Uci::help() {
  out_.write(
      "Commands (moves a1..h8 or pass; docs/protocols.md has the details):\n"
      "  uci | ugi                         identify, list the options, then uciok | ugiok\n"
      "  isready                           readyok, also while searching\n"
      "  setoption name <N> [value <V>]    set an option\n"
      "  ucinewgame | uginewgame           forget the game and clear the hash\n"
      "  position [fen] startpos|<64 cells> <side>|<moves> [moves <m>...]   set the position\n"
      "  go [depth N] [nodes N] [movetime MS] [btime MS wtime MS binc MS winc MS movestogo N] [infinite] [exact]\n"
      "  stop                              end the search; bestmove follows\n"
      "  query p1turn|gameover|result      response ...\n"
      "  show | perft N | eval | bench     board picture, perft, evaluation terms, bench signature\n"
      "  help | quit");
}

}  // namespace parity::protocol
