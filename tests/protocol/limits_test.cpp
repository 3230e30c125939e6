#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <regex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "harness.hpp"
#include "parity/core/notation.hpp"
#include "parity/search/endgame.hpp"
#include "parity/search/search.hpp"
#include "parity/search/time_plan.hpp"
#include "positions.hpp"
#include "program.hpp"

// The edges of the input: lines of any length, PVs to the end of the game,
// MultiPV over every legal move, boards with no empty square or one disc,
// clocks of 0 ms and of days (and beyond: no overflow anywhere).

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The moves after "pv" on an info line.
std::vector<Move> pv_of(const std::string& info) {
  const auto words = words_of(info);
  std::vector<Move> pv;
  const auto at = std::find(words.begin(), words.end(), "pv");
  for (auto w = at == words.end() ? at : at + 1; w != words.end(); ++w) pv.push_back(parse_move(*w).value());
  return pv;
}

// Plays `pv` from `board`; false at the first illegal move.
bool legal_line(Board board, const std::vector<Move>& pv, Board* end = nullptr) {
  for (Move m : pv) {
    if (m == kPass ? !board.must_pass() : !(m >= 0 && m < 64 && board.is_legal(m))) return false;
    board = board.play(m);
  }
  if (end) *end = board;
  return true;
}

// A position from a random game at `empties`, with at least `moves` legal moves.
Position position_with(int empties, int moves, unsigned seed) {
  std::mt19937 rng(seed);
  for (;;) {
    const Position p = random_game_position(rng, empties);
    if (p.board.empties() == empties && std::popcount(p.board.legal_moves()) >= moves) return p;
  }
}

std::string bestmove_of(const Lines& lines) {
  for (const auto& l : lines)
    if (starts_with(l, "bestmove ")) return l.substr(9);
  return "";
}

const std::string kOneDisc = "X" + std::string(63, '-');
const std::string kTenDaysMs = "864000000";
const std::string kInt64Max = "9223372036854775807";

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("limits: lines of 10 MB and 64 MB, and one without an end, leave the session working") {
    for (const char* protocol : {"uci", "nboard", "gtp"}) {
      CAPTURE(protocol);
      Program p(protocol);
      const std::string proto(protocol);
      const std::string ping = proto == "uci" ? "isready" : proto == "nboard" ? "ping 1" : "1 name";
      const std::string pong = proto == "uci" ? "readyok" : proto == "nboard" ? "pong 1" : "=1 Parity";
      if (proto == "nboard") {
        p.send("nboard 2");
        p.until("set myname");
      }
      for (std::size_t mb : {10, 64}) {
        p.send(std::string(mb << 20, 'x'));
        p.send(ping);
        const Lines lines = p.until(pong);
        if (proto == "gtp") CHECK(p.until("") == Lines{""});  // GTP ends each reply with a blank line
        REQUIRE(lines.size() == (proto == "gtp" ? 3u : 2u));
        CHECK(lines[0].find("line longer than") != std::string::npos);
      }
      // A line of exactly the limit is a line (an unknown command), not an error about its length.
      p.send(std::string(protocol::kMaxLineBytes, 'y'));
      p.send(ping);
      const Lines at_limit = p.until(pong);
      if (proto == "gtp") p.until("");
      REQUIRE(!at_limit.empty());
      CHECK(at_limit[0].find("line longer than") == std::string::npos);
      // The rest of a long line is dropped, never kept.
      if (!kSanitized) CHECK(p.status_mb("VmHWM") < 200);
      // A last line without its newline, as long as the others.
      p.send(std::string(10 << 20, 'z') + "\n" + ping);
      p.until(pong);
      CHECK(p.quit() == 0);
    }
  }

  TEST_CASE("limits: the principal variation reaches the end of the game, passes included") {
    const Position start = position_with(16, 1, 3);
    Session s(ProtocolKind::kUci);
    CHECK(s.send("position board " + board_string(start)).empty());
    const Lines lines = s.send_and_wait("go exact");
    std::vector<Move> last;
    for (const auto& l : lines)
      if (starts_with(l, "info ")) {
        INFO(l);
        const auto pv = pv_of(l);
        CHECK(legal_line(start.board, pv));
        last = pv;
      }
    Board end;
    REQUIRE(legal_line(start.board, last, &end));
    CHECK(end.game_over());
    CHECK(last.size() >= 16u);
    CHECK(bestmove_of(lines) == move_name(last.front()));

    // The longest move list there is: a whole game, its passes written out.
    std::mt19937 rng(11);
    std::vector<Move> game;
    for (Board b = Board::start(); !b.game_over();) {
      Move m = kPass;
      if (const Bitboard legal = b.legal_moves()) {
        std::vector<Square> options;
        for (Square sq : squares(legal)) options.push_back(sq);
        m = options[rng() % options.size()];
      }
      game.push_back(m);
      b = b.play(m);
    }
    CHECK(game.size() >= 60u);
    std::string moves;
    for (Move m : game) {
      moves += ' ';
      moves += move_name(m);
    }
    CHECK(s.send("position startpos moves" + moves).empty());
    CHECK(s.engine.game().moves() == game);
  }

  TEST_CASE("limits: MultiPV over every legal move scores each once, at every depth") {
    const Position p = position_with(44, 14, 5);
    const int legal = std::popcount(p.board.legal_moves());
    Session s(ProtocolKind::kUci);
    CHECK(s.send("setoption name MultiPV value 64").empty());
    CHECK(s.send("position board " + board_string(p)).empty());
    const Lines lines = s.send_and_wait("go depth 3");
    for (int depth = 1; depth <= 3; ++depth) {
      CAPTURE(depth);
      std::set<Move> first;
      std::vector<int> ranks;
      for (const auto& l : lines) {
        const auto w = words_of(l);
        if (w.size() < 6 || w[0] != "info" || w[2] != std::to_string(depth)) continue;
        const auto rank = std::find(w.begin(), w.end(), "multipv");
        REQUIRE(rank != w.end());
        ranks.push_back(std::stoi(*(rank + 1)));
        const auto pv = pv_of(l);
        REQUIRE(!pv.empty());
        CHECK(legal_line(p.board, pv));
        first.insert(pv.front());
      }
      CHECK(static_cast<int>(first.size()) == legal);
      std::vector<int> expected(static_cast<std::size_t>(legal));
      for (int i = 0; i < legal; ++i) expected[static_cast<std::size_t>(i)] = i + 1;
      CHECK(ranks == expected);
    }
    // NBoard's hint for more moves than there are scores each legal move once.
    Session nb(ProtocolKind::kNboard);
    nb.send("nboard 2");
    nb.send("set depth 2");
    std::string cells = board_string(p).substr(0, 64);
    std::replace(cells.begin(), cells.end(), 'X', '*');
    CHECK(nb.send("set game (;GM[Othello]BO[8 " + cells + (p.side == Color::kBlack ? " *" : " O") + "];)").empty());
    const Lines hint = nb.send_and_wait("hint 64");
    std::set<std::string> searched;
    for (const auto& l : hint)
      if (starts_with(l, "search ")) searched.insert(words_of(l)[1].substr(0, 2));
    CHECK(static_cast<int>(searched.size()) == legal);
  }

  TEST_CASE("limits: a full board and a board with one disc are finished games everywhere") {
    for (const std::string& cells : {kFull, kOneDisc}) {
      for (const char* side : {"X", "O"}) {
        CAPTURE(cells);
        CAPTURE(side);
        Session s(ProtocolKind::kUci);
        CHECK(s.send("position board " + cells + " " + side).empty());
        CHECK(s.send("query gameover") == Lines{"response true"});
        CHECK(s.send("query result") == Lines{"response p1win"});
        for (const char* go : {"go depth 5", "go wtime 0 btime 0", "go movetime 10", "go exact", "go nodes 1"})
          CHECK(bestmove_of(s.send_and_wait(go)) == "(none)");
        s.send("go infinite");
        CHECK(bestmove_of(s.send_until("stop", "bestmove")) == "(none)");
        CHECK(s.send_and_wait("perft 3").size() == 1);
        CHECK(s.send("eval").size() > 1);
        CHECK(s.send("show").size() > 10);
      }
    }
    // The search and the solver alone.
    search::Search search;
    const std::atomic<bool> stop{false};
    for (const Board& b : {Board{~Bitboard{0} & ~Bitboard{1}, 1}, Board{1, 0}, Board{0, 1}}) {
      const search::Result r = search.run(b, search::Limits{}, stop, {});
      CHECK(r.best == kNoMove);
      CHECK(r.exact);
      CHECK(r.score == 100 * b.final_score());
      TranspositionTable tt(1);
      Solver solver(tt);
      const SolveResult solved = solver.solve(b);
      CHECK(solved.best == kNoMove);
      CHECK(solved.score == b.final_score());
    }
    CHECK(Board{1, 0}.final_score() == 64);
    CHECK(Board{0, 1}.final_score() == -64);
    // GTP and NBoard on a finished game: an error reply, and the session goes on.
    Session nb(ProtocolKind::kNboard);
    nb.send("nboard 2");
    CHECK(nb.send("set game (;GM[Othello]BO[8 *" + std::string(63, '-') + " O];)").empty());
    CHECK(starts_with(nb.send("go").at(0), "status error"));
    CHECK(nb.send("ping 3") == Lines{"pong 3"});
  }

  TEST_CASE("limits: a clock at 0 ms (or below) gets a legal move; clocks of days and beyond do not overflow") {
    Session s(ProtocolKind::kUci);
    for (const char* go : {"go wtime 0 btime 0", "go btime 0 wtime 0 binc 0 winc 0 movestogo 1", "go btime -5 wtime -5",
                           "go movetime 0", "go p1time 0 p2time 0"}) {
      CAPTURE(go);
      CHECK(s.send("position startpos moves f5").empty());
      const std::string move = bestmove_of(s.send_and_wait(go));
      REQUIRE(parse_move(move));
      CHECK(s.engine.position().board.is_legal(*parse_move(move)));
    }
    for (const std::string& go :
         {"go wtime " + kTenDaysMs + " btime " + kTenDaysMs, "go wtime " + kTenDaysMs + " btime 1 movestogo 1",
          "go wtime " + kInt64Max + " btime " + kInt64Max + " winc " + kInt64Max + " binc " + kInt64Max,
          "go movetime " + kInt64Max, "go wtime " + kInt64Max + " movetime " + kInt64Max + " movestogo 1"}) {
      CAPTURE(go);
      CHECK(s.send("position startpos moves f5").empty());
      CHECK(bestmove_of(s.send(go)).empty());
      // An overflowed deadline would lie in the past and end the search at once.
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
      CHECK(s.engine.searching());
      const std::string move = bestmove_of(s.send_until("stop", "bestmove"));
      REQUIRE(parse_move(move));
      CHECK(s.engine.position().board.is_legal(*parse_move(move)));
    }
    // GTP's clock in seconds: days, beyond any int64 in milliseconds, infinity; NaN is refused.
    Session g(ProtocolKind::kGtp);
    CHECK(g.send("1 time_settings 864000 0 0") == Lines{"=1", ""});
    CHECK(g.send("2 time_settings 1e300 1e300 1") == Lines{"=2", ""});
    CHECK(g.send("3 time_left black inf 0") == Lines{"=3", ""});
    CHECK(g.send("4 time_settings nan 0 0") == Lines{"?4 syntax error", ""});
    CHECK(g.send("5 time_left white 0 0") == Lines{"=5", ""});
    g.send("6 genmove b");
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    CHECK(g.engine.searching());
    g.engine.stop();
    const Lines reply = g.wait_for("=6");
    REQUIRE(!reply.empty());
    CHECK(std::regex_search(reply[0], std::regex("^=6 [A-H][1-8]$")));
  }

  TEST_CASE("limits: a request with no limit at all gets the fixed move time, shared between its positions") {
    const search::Limits none;
    CHECK(search::with_default_time(none).movetime_ms == 2000);
    CHECK(search::with_default_time(none, 4).movetime_ms == 500);
    CHECK(search::with_default_time(none, 100).movetime_ms == 50);
    // Any limit at all, or a level below 60, keeps the limits as given.
    const auto with = [](auto set) {
      search::Limits l;
      set(l);
      return l;
    };
    for (const search::Limits& l :
         {with([](search::Limits& l) { l.depth = 8; }), with([](search::Limits& l) { l.nodes = 1000; }),
          with([](search::Limits& l) { l.time_left_ms = 0; }), with([](search::Limits& l) { l.movetime_ms = 300; }),
          with([](search::Limits& l) { l.infinite = true; }), with([](search::Limits& l) { l.exact = true; }),
          with([](search::Limits& l) { l.level = 59; })})
      CHECK(search::with_default_time(l).movetime_ms == l.movetime_ms);
  }

  TEST_CASE("limits: the time plan stays exact for days and bounded beyond") {
    search::Limits days;
    days.time_left_ms = 864000000;  // 10 days
    days.move_overhead_ms = 30;
    // usable = 864000000 - 30 - 5% = 820799970, over 20 moves at 60 empties
    // (our moves to 22 empties, plus one for the solver's); hard 4 shares;
    // no new iteration after 70% of the soft time.
    const search::TimePlan plan = search::plan_time(days, 60);
    CHECK(plan.soft_ms == 41039998);
    CHECK(plan.hard_ms == 164159992);
    CHECK(plan.new_iteration_ms == 28727998);
    search::Limits huge = days;
    huge.time_left_ms = std::numeric_limits<std::int64_t>::max();
    huge.increment_ms = std::numeric_limits<std::int64_t>::max();
    huge.movetime_ms = std::numeric_limits<std::int64_t>::max();
    huge.moves_to_go = 1;
    const search::TimePlan most = search::plan_time(huge, 60);
    CHECK(most.soft_ms > 0);
    CHECK(most.hard_ms >= most.soft_ms);
    CHECK(most.hard_ms <= std::int64_t{1} << 40);
    huge.move_overhead_ms = std::numeric_limits<std::int64_t>::max();
    CHECK(search::plan_time(huge, 60).hard_ms >= 1);
  }

  TEST_CASE("limits: the time plan spends the endgame's increments in the midgame") {
    search::Limits l;
    l.time_left_ms = 10000;
    l.increment_ms = 100;
    l.move_overhead_ms = 30;
    // usable 10000 - 30 - 5% = 9470 over 20 planned moves at 60 empties; our
    // 10 moves after those bring 10 increments: (9470 + 1000) / 20 + 75.
    CHECK(search::plan_time(l, 60).soft_ms == 598);
    CHECK(search::plan_time(l, 60).hard_ms == 2392);
    // At 24 empties: 2 planned of 12 moves left, (9470 + 1000) / 2 + 75; the
    // hard limit at 75% of the usable clock, not 4 shares (21240).
    CHECK(search::plan_time(l, 24).soft_ms == 5310);
    CHECK(search::plan_time(l, 24).hard_ms == 7102);
    // Never a move that leaves less than 5% of the clock: here a quarter
    // of the usable clock, 40440.
    l.time_left_ms = 42600;
    l.increment_ms = 0;
    CHECK(search::plan_time(l, 24).hard_ms == 30330);
    // Late, the banked increments outgrow the clock: 850 ms left at 25
    // empties, usable 778, share (778 + 11 * 100) / 2 + 75 = 1014, but a
    // move plans at most the hard cap, 75% of 778, and leaves the rest.
    l.time_left_ms = 850;
    l.increment_ms = 100;
    CHECK(search::plan_time(l, 25).soft_ms == 583);
    CHECK(search::plan_time(l, 25).hard_ms == 583);
    // A nearly empty clock: 180 ms, usable 141; the increment's share
    // alone (141 / 2 + 75 = 145) would take all of it, but the move plans
    // 75% and leaves the rest (an engine overrunning by a few ms keeps
    // its clock).
    l.time_left_ms = 180;
    CHECK(search::plan_time(l, 21).soft_ms == 105);
    CHECK(search::plan_time(l, 21).hard_ms == 105);
    l.time_left_ms = 10000;
    // A time control with moves to go banks nothing: 9470 / 10 + 75.
    l.moves_to_go = 10;
    CHECK(search::plan_time(l, 60).soft_ms == 1022);
  }

  TEST_CASE("limits: the next iteration starts by the soft time and the best move's stability") {
    search::Limits l;
    l.time_left_ms = 10000;
    l.move_overhead_ms = 30;
    const search::TimePlan clock = search::plan_time(l, 40);
    // On a clock, 10 s at 40 empties: soft 947, hard 3788, no new iteration
    // after 70% of the soft time.
    REQUIRE(clock.soft_ms == 947);
    REQUIRE(clock.hard_ms == 3788);
    REQUIRE(clock.new_iteration_ms == 662);
    // Shallow iterations: 70% of the soft time, whatever the best move does.
    CHECK(search::start_iteration(clock, 662, 5, 0));
    CHECK_FALSE(search::start_iteration(clock, 663, 5, 0));
    CHECK_FALSE(search::start_iteration(clock, 663, 5, 9));
    // From depth 6: a best move that just changed earns half as much again
    // (up to half the hard limit); one that held for 4 iterations gets 85%
    // of the share.
    CHECK(search::start_iteration(clock, 993, 10, 0));
    CHECK_FALSE(search::start_iteration(clock, 994, 10, 0));
    CHECK(search::start_iteration(clock, 662, 6, 3));
    CHECK_FALSE(search::start_iteration(clock, 663, 6, 3));
    CHECK(search::start_iteration(clock, 563, 10, 5));
    CHECK_FALSE(search::start_iteration(clock, 564, 10, 5));
    // A move time without a clock saves nothing for later: new iterations
    // start until the time is up, stable or not.
    search::Limits m;
    m.movetime_ms = 1030;
    m.move_overhead_ms = 30;
    const search::TimePlan fixed = search::plan_time(m, 40);
    REQUIRE(fixed.soft_ms == 1000);
    REQUIRE(fixed.hard_ms == 1000);
    CHECK(fixed.new_iteration_ms == 1000);
    for (const int depth : {5, 6, 12})
      for (const int stable : {0, 3, 9}) {
        CHECK(search::start_iteration(fixed, 999, depth, stable));
        CHECK_FALSE(search::start_iteration(fixed, 1000, depth, stable));
      }
    // A move time with a clock keeps the clock's rule.
    m.time_left_ms = 10000;
    CHECK(search::plan_time(m, 40).new_iteration_ms == 662);
    // No clock: the depth cap decides.
    CHECK(search::start_iteration(search::plan_time(search::Limits{}, 40), 1000000, 20, 0));
  }

  TEST_CASE("limits: the time plan decides the zero clock and the solver's reach") {
    const auto plan = [](auto set, int empties) {
      search::Limits l;
      l.move_overhead_ms = 30;
      set(l);
      return search::plan_time(l, empties);
    };
    // A clock run out or overdrawn: a move at once; -1 is no clock.
    for (std::int64_t left : {0, -2, -200}) {
      const search::TimePlan p = plan([left](search::Limits& l) { l.time_left_ms = left; }, 30);
      CHECK(p.soft_ms == 1);
      CHECK(p.hard_ms == 1);
    }
    const search::TimePlan no_clock = plan([](search::Limits& l) { l.time_left_ms = -1; }, 30);
    CHECK(no_clock.hard_ms == 0);
    CHECK(no_clock.exact_empties == 64);
    // By the clock: 4 s of soft time solves 24 empties (win/draw/loss 25)
    // by the solver's model (100 ms at 20 empties, x2.1 an empty).
    const search::TimePlan clock = plan([](search::Limits& l) { l.movetime_ms = 4030; }, 30);
    CHECK(clock.soft_ms == 4000);
    CHECK(clock.exact_empties == 24);
    CHECK(clock.wld_empties == 25);
    // ... and a selective solve (the solver's probcut ladder) 2 empties more.
    CHECK(clock.selective_empties == 26);
    CHECK(clock.max_depth == 60);
    // ... whose ladder climbs to t = 2.0 before a proof.
    CHECK(clock.ladder_last == 3);
    // A depth or a level: the level table, whatever the clock.
    const search::TimePlan depth = plan([](search::Limits& l) { l.depth = 10, l.movetime_ms = 4030; }, 30);
    CHECK(depth.max_depth == 10);
    CHECK(depth.exact_empties == 18);
    CHECK(depth.wld_empties == 18);
    CHECK(depth.selective_empties == 18);
    CHECK(!depth.full_width);
    CHECK(plan([](search::Limits& l) { l.depth = 10; }, 30).ladder_last == 0);
    const search::TimePlan level = plan([](search::Limits& l) { l.level = 5; }, 30);
    CHECK(level.max_depth == 5);
    CHECK(level.exact_empties == 10);
    CHECK(level.selective_empties == 10);
    CHECK(level.full_width);
    CHECK(level.ladder_last == 0);
    // Up to level 10 a level is Edax's and Egaroucid's: full width, solved
    // from twice its empties; above, a selective depth solved like `go depth`.
    const search::TimePlan ten = plan([](search::Limits& l) { l.level = 10; }, 30);
    CHECK(ten.exact_empties == 20);
    CHECK(ten.full_width);
    const search::TimePlan ten_five = plan([](search::Limits& l) { l.level = 10, l.depth = 5; }, 30);
    CHECK(ten_five.max_depth == 5);
    CHECK(ten_five.exact_empties == 10);
    const search::TimePlan twelve = plan([](search::Limits& l) { l.level = 12; }, 30);
    // A selective level's move from 24 empties comes from the solver's
    // ladder, as Edax's and Egaroucid's levels 12 solve selectively first.
    CHECK(twelve.exact_empties == 20);
    CHECK(twelve.selective_empties == 24);
    CHECK(twelve.ladder_last == 0);
    CHECK(!twelve.full_width);
    // There the ladder climbs as high as the clock's; the proofs below keep
    // the solver's own, and so does a node budget.
    CHECK(plan([](search::Limits& l) { l.level = 12; }, 24).ladder_last == 3);
    CHECK(plan([](search::Limits& l) { l.level = 12; }, 20).ladder_last == 0);
    CHECK(plan([](search::Limits& l) { l.level = 12, l.nodes = 1'000'000; }, 22).ladder_last == 0);
    CHECK(plan([](search::Limits& l) { l.level = 12, l.infinite = true; }, 22).ladder_last == 3);
    // A smaller depth caps the level: depth 10 of a selective level is `go
    // depth 10`, without the selective solve; depth 11 has level 11's.
    const search::TimePlan twelve_ten = plan([](search::Limits& l) { l.level = 12, l.depth = 10; }, 30);
    CHECK(twelve_ten.exact_empties == 18);
    CHECK(twelve_ten.selective_empties == 18);
    CHECK(plan([](search::Limits& l) { l.level = 12, l.depth = 11; }, 30).selective_empties == 22);
    CHECK(!plan([](search::Limits& l) { l.movetime_ms = 4030; }, 30).full_width);
    // A node budget keeps to the proofs it allows, whatever the clock.
    const search::TimePlan nodes = plan([](search::Limits& l) { l.nodes = 40'000'000, l.movetime_ms = 4030; }, 30);
    CHECK(nodes.exact_empties == 24);
    CHECK(nodes.wld_empties == 25);
    CHECK(nodes.selective_empties == 25);
    const search::TimePlan exact = plan([](search::Limits& l) { l.exact = true, l.level = 5; }, 30);
    CHECK(exact.exact_empties == 64);
    // Several lines: a share of the time for each proof, of a position with
    // one empty fewer. Four: 1 s solves 23 empties, so the root 24; eight:
    // 0.5 s, 22 and 23.
    const search::TimePlan four = plan([](search::Limits& l) { l.movetime_ms = 4030, l.multipv = 4; }, 30);
    CHECK(four.exact_empties == 24);
    const search::TimePlan eight = plan([](search::Limits& l) { l.movetime_ms = 4030, l.multipv = 8; }, 30);
    CHECK(eight.exact_empties == 23);
    const search::TimePlan eight_nodes = plan([](search::Limits& l) { l.nodes = 40'000'000, l.multipv = 8; }, 30);
    CHECK(eight_nodes.exact_empties == 23);
  }
}

TEST_SUITE("fast") {
  TEST_CASE("limits: every spin option refuses numbers out of its range and malformed ones, and keeps its value") {
    Session s(ProtocolKind::kUci);
    const std::regex spin("option name (\\w+) type spin default (-?[0-9]+) min (-?[0-9]+) max (-?[0-9]+)");
    int options = 0;
    for (const std::string& line : s.send("uci")) {
      std::smatch m;
      if (!std::regex_match(line, m, spin)) continue;
      ++options;
      const std::string name = m[1], value = m[2];
      const long long min = std::stoll(m[3]), max = std::stoll(m[4]);
      CAPTURE(name);
      const std::string range = "option " + name + " takes an integer from " + std::to_string(min) + " to " +
                                std::to_string(max) + ", not ";
      for (const std::string& bad : std::vector<std::string>{std::to_string(min - 1), std::to_string(max + 1), kInt64Max,
                                    "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                                    "99999999999999999999999", "1e999", "nan", "inf", "0x10", "1.5", "+", "-", "12abc"}) {
        CAPTURE(bad);
        CHECK(s.send("setoption name " + name + " value " + bad) ==
              Lines{"info string error: " + range + "'" + bad + "'"});
        CHECK(s.engine.options().value(name) == value);
      }
    }
    CHECK(options == 6);
    CHECK(s.send("isready") == Lines{"readyok"});
  }
}
