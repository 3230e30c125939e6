#include <doctest/doctest.h>

#include <random>
#include <thread>

#include "harness.hpp"
#include "parity/core/notation.hpp"
#include "positions.hpp"

// Commands arriving in the middle of a search on several threads: stop,
// isready, setoption, new positions, a second go, quit. Every search must
// end with exactly one legal bestmove for the position it searched, every
// isready must get its readyok, and nothing may crash or hang. Under
// ThreadSanitizer (`.ci/run`) this is the race detector's workload: the
// positions have 14-21 empties, so the parallel endgame solver runs.

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

// A position `empties` from the end of a random game, with moves for the
// side to move (not always black: the side is part of the string).
std::pair<Board, std::string> random_position(std::mt19937& rng, int empties) {
  for (;;) {
    const Position p = random_game_position(rng, empties);
    if (p.board.game_over() || !p.board.legal_moves()) continue;
    return {p.board, board_string(p)};
  }
}

std::size_t count_prefix(const Lines& lines, std::string_view prefix) {
  std::size_t n = 0;
  for (const auto& l : lines) n += starts_with(l, prefix);
  return n;
}

// The one bestmove among `lines`, checked legal in `board`.
void check_one_legal_bestmove(const Lines& lines, const Board& board) {
  REQUIRE(count_prefix(lines, "bestmove ") == 1);
  for (const auto& l : lines) {
    if (!starts_with(l, "bestmove ")) continue;
    const auto move = parse_move(l.substr(9));
    INFO(l);
    REQUIRE(move.ok());
    CHECK(*move >= 0);
    CHECK(*move < 64);
    CHECK(board.is_legal(*move));
  }
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("stress: stop, isready, setoption, position, go and quit in the middle of 2-4 thread searches") {
    std::mt19937 rng(2026);
    Session s(ProtocolKind::kUci);
    REQUIRE(s.send("setoption name Hash value 2").empty());
    constexpr int kRounds = 48;
    for (int round = 0; round < kRounds; ++round) {
      CAPTURE(round);
      const int threads = 2 + static_cast<int>(rng() % 3);
      REQUIRE(s.send("setoption name Threads value " + std::to_string(threads)).empty());
      const auto [board, text] = random_position(rng, 14 + static_cast<int>(rng() % 8));
      REQUIRE(s.send("position board " + text).empty());
      // exact goes to the parallel solver after a depth-8 midgame search.
      const unsigned kind = rng() % 3;
      Lines lines = s.send(kind == 0 ? "go exact" : kind == 1 ? "go infinite" : "go movetime " + std::to_string(5 + rng() % 60));
      std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 60));
      std::size_t readyoks_expected = 0;
      const auto more = [&](const Lines& got) { lines.insert(lines.end(), got.begin(), got.end()); };
      switch (rng() % 7) {
        case 0: more(s.send("stop")); break;
        case 1:
          more(s.send("isready"));
          ++readyoks_expected;
          break;
        case 2: more(s.send("setoption name Hash value " + std::to_string(1 + rng() % 4))); break;
        case 3: more(s.send("setoption name Threads value " + std::to_string(1 + rng() % 4))); break;
        case 4: more(s.send("position startpos moves f5d6")); break;
        case 5: more(s.send("ucinewgame")); break;
        case 6: {
          const Lines busy = s.send("go depth 1");
          more(busy);
          // Refused while the search runs; a search that ended on its own by
          // now accepts it, and that one is stopped below.
          if (count_prefix(busy, "info string error") == 0) {
            s.engine.halt();
            more(s.take());
            lines.erase(std::find_if(lines.begin(), lines.end(), [](const auto& l) { return starts_with(l, "bestmove"); }));
          }
          break;
        }
      }
      more(s.send("isready"));
      ++readyoks_expected;
      if (count_prefix(lines, "bestmove ") == 0) more(s.send_until("stop", "bestmove"));
      s.engine.wait();
      more(s.take());
      CHECK(count_prefix(lines, "readyok") == readyoks_expected);
      check_one_legal_bestmove(lines, board);
    }
    // quit in the middle of a search ends the session; the engine ends the search.
    const auto [board, text] = random_position(rng, 20);
    REQUIRE(s.send("setoption name Threads value 4").empty());
    REQUIRE(s.send("position board " + text).empty());
    s.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    s.send("quit");
    CHECK(!s.alive);
    s.engine.wait();
    CHECK(!s.engine.searching());
  }

  TEST_CASE("stress: NBoard ping and new games in the middle of 2-thread searches") {
    std::mt19937 rng(7);
    Session s(ProtocolKind::kNboard);
    REQUIRE(s.send("nboard 2") == Lines{"set myname Parity"});
    s.engine.set_option("Threads", "2");
    for (int round = 0; round < 16; ++round) {
      CAPTURE(round);
      const auto [board, text] = random_position(rng, 16 + static_cast<int>(rng() % 6));
      const std::string side = text.substr(65);
      std::string cells = text.substr(0, 64);
      for (char& c : cells) c = c == 'X' ? '*' : c == 'O' ? 'O' : '-';
      REQUIRE(s.send("set game (;GM[Othello]PC[test]BO[8 " + cells + (side == "X" ? " *" : " O") + "];)").empty());
      Lines lines = s.send("go");
      std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 30));
      const std::string ping = "ping " + std::to_string(round);
      const Lines answered = s.send_until(ping, "pong " + std::to_string(round));
      lines.insert(lines.end(), answered.begin(), answered.end());
      s.engine.wait();
      const Lines rest = s.take();
      lines.insert(lines.end(), rest.begin(), rest.end());
      REQUIRE(count_prefix(lines, "=== ") == 1);
      CHECK(lines.back() == "pong " + std::to_string(round));
      for (const auto& l : lines)
        if (starts_with(l, "=== ")) {
          const auto move = parse_move(l.substr(4, 2));
          INFO(l);
          REQUIRE(move.ok());
          CHECK(board.is_legal(*move));
        }
    }
  }
}
