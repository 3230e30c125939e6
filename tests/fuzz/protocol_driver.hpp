#pragma once
// Drives one protocol session in-process with the fuzz input, line by line,
// as run_session would, with a fake output (tests/protocol/line_capture.hpp).
// Every search is stopped after the line that started it, so no input runs
// long and each ends with no thread left. Lines that would only spend the
// machine (bench, deep perft, a huge Hash, many threads, files to write or
// read) are skipped: they test the machine, not the parser.
//
// Invariants after every line: at most one error line; a started search
// ends with exactly one answer and every move it names is legal; the game
// the engine holds replays from its start. At the end the session still
// answers its liveness probe.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "check.hpp"
#include "parity/core/notation.hpp"
#include "parity/protocol/text.hpp"
#include "protocol/harness.hpp"

namespace parity::fuzz {

using test::Lines;
using test::starts_with;

inline constexpr long long kMaxPerftDepth = 6;

// Only values that keep the engine small; anything else for these options
// is skipped. Values that are not numbers still reach the option parser.
inline bool allowed_option_value(std::string_view option, std::string_view value) {
  const std::string v = lower_case(value);
  if (option == "Hash") return v == "1" || v == "2" || v == "0" || v == "-1" || v == "x" || v == "";
  if (option == "Threads") return v == "1" || v == "2" || v == "0" || v == "-1" || v == "x" || v == "";
  if (option == "EvalFile" || option == "BookFile")
    return v == "" || v == "<default>" || v == "/nonexistent/parity-fuzz";
  if (option == "LogFile") return v == "";
  return true;
}

// The UCI-style lines worth running (see the top of this file).
inline bool allowed_uci_line(const engine::Engine& engine, std::string_view line) {
  const auto words = protocol::split_words(line);
  if (words.empty()) return true;
  const std::string command = lower_case(words[0]);
  if (command == "bench") return false;
  if (command == "perft") {
    const auto depth = words.size() > 1 ? protocol::parse_integer(words[1]) : std::nullopt;
    return !depth || *depth <= kMaxPerftDepth;
  }
  if (command != "setoption" || words.size() < 3) return true;
  std::size_t value_at = words.size();
  for (std::size_t i = 2; i < words.size(); ++i)
    if (lower_case(words[i]) == "value") {
      value_at = i;
      break;
    }
  const std::string name =
      protocol::join_words(std::vector<std::string_view>(words.begin(), words.begin() + value_at), 2);
  const engine::Option* option = engine.options().find(name);
  if (!option) return true;
  const std::string value = value_at < words.size() ? protocol::join_words(words, value_at + 1) : "";
  return allowed_option_value(option->name, value);
}

// The first word of a line, in lower case ("" for a blank line).
inline std::string command_word(std::string_view line) {
  const auto words = protocol::split_words(line);
  return words.empty() ? "" : lower_case(words[0]);
}

inline std::string joined(const Lines& lines) {
  std::string out;
  for (const auto& l : lines) (out += l) += '\n';
  return out;
}

// Plays `moves` (move names, passes as pass/PA) from `from`; false at the
// first illegal one.
inline bool legal_line(Position from, const std::vector<std::string_view>& moves) {
  for (std::string_view word : moves) {
    const auto move = parse_move(word);
    if (!move || from.board.game_over() || !from.board.is_legal(*move)) return false;
    from = from.play(*move);
  }
  return true;
}

// The game the engine holds is a start and legal moves leading to its position.
inline void check_game(const Game& game) {
  check((game.position().board.player & game.position().board.opponent) == 0, "a square holds two discs");
  Position p = game.start();
  for (Move m : game.moves()) {
    check(!p.board.game_over() && p.board.is_legal(m), "the game holds an illegal move",
          transcript_string(game.moves(), true));
    p = p.play(m);
  }
  check(p == game.position(), "the game's moves do not lead to its position", board_string(game.position()));
}

struct LineResult {
  std::string_view line;
  Lines replies;           // everything written for the line, the search's answer included
  Position before, after;  // the engine's position around the line
};

struct ProtocolChecks {
  protocol::ProtocolKind kind;
  bool (*is_error)(const std::string& reply);
  void (*check_line)(const LineResult& result);
  std::string_view probe, answer;  // the liveness probe and the first line of its reply
  bool (*allowed)(const engine::Engine& engine, std::string_view line) = nullptr;
};

// One engine for the whole run: building one per input (its hash table,
// its weights) would cost more than the input. Each input gets it back in
// the state a new process would have, and a new protocol.
inline engine::Engine& shared_engine() {
  static engine::Engine* engine = [] {
    auto* e = new engine::Engine;
    check(!e->set_option("Hash", "1"), "Hash 1 is refused");
    return e;
  }();
  return *engine;
}

inline void reset(engine::Engine& engine) {
  engine.halt();
  for (const engine::Option& o : engine.options().all()) {
    const std::string value = o.name == "Hash" ? "1" : o.default_value;
    if (o.type != engine::OptionType::kButton && o.value != value)
      check(!engine.set_option(o.name, value), "an option refuses its default", o.name);
  }
  engine.new_game();
}

inline int run_protocol(const ProtocolChecks& checks, const std::uint8_t* data, std::size_t size) {
  engine::Engine& engine = shared_engine();
  reset(engine);
  test::LineCapture capture;
  protocol::Output out([&capture](std::string_view text) { capture.add(text); });
  const auto session = protocol::make_protocol(checks.kind, engine, out);
  // Whatever happens below, no search outlives this input.
  struct Halt {
    engine::Engine& engine;
    ~Halt() { engine.halt(); }
  } halt{engine};

  // Sends one line and stops what it started; returns all it wrote.
  const auto send = [&](std::string_view line, bool& alive) {
    alive = session->handle(line);
    engine.halt();
    return capture.take();
  };
  std::string_view input(reinterpret_cast<const char*>(data), size);
  bool alive = true;
  while (!input.empty() && alive) {
    const auto end = input.find('\n');
    std::string_view line = input.substr(0, end);
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (checks.allowed && !checks.allowed(engine, line)) continue;
    LineResult result{line, {}, engine.position(), {}};
    result.replies = send(line, alive);
    result.after = engine.position();
    const auto errors = std::count_if(result.replies.begin(), result.replies.end(), checks.is_error);
    check(errors <= 1, "more than one error line for one line of input", joined(result.replies));
    checks.check_line(result);
    check_game(engine.game());
  }
  if (!alive) return 0;
  const Lines reply = send(checks.probe, alive);
  check(!reply.empty() && reply.front() == checks.answer, "the session no longer answers its probe", joined(reply));
  session->finish();
  return 0;
}

}  // namespace parity::fuzz
