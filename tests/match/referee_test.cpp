// Whole matches between fake engines: every protocol, every forfeit kind.

#include <doctest/doctest.h>

#include "match_helpers.hpp"

using namespace match_test;

namespace {

TournamentConfig two(EngineSpec a, EngineSpec b, int games = 2) {
  TournamentConfig c;
  c.engines = {std::move(a), std::move(b)};
  c.openings = few_openings();
  c.games = games;
  return c;
}

// Moves a colour's engine made itself (the opening's and forced ones carry no time).
int engine_moves(const GameRecord& g, Color c) {
  int n = 0;
  Color side = g.start.side;
  for (const Ply& p : g.plies) {
    if (side == c && p.seconds) ++n;
    side = opposite(side);
  }
  return n;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("random movers finish their games over each protocol") {
    for (const char* proto : {"uci", "ugi", "nboard", "gtp"}) {
      INFO(proto);
      const MatchRun r = run_match(two(fake("a", proto, "none", 0, {"seed=3"}), fake("b", proto, "none", 0, {"seed=5"}), 4),
                                   std::string("proto-") + proto);
      CHECK(r.code == 0);
      REQUIRE(r.games.size() == 4);
      for (const auto& g : r.games) {
        CHECK(g.termination == Termination::kBoard);
        CHECK(replays_to_its_result(g));
        CHECK(engine_moves(g, Color::kBlack) > 0);
      }
      CHECK(r.games[0].black == "a");
      CHECK(r.games[1].black == "b");
      CHECK(contains(r.out, "Score of a vs b: "));
      CHECK(contains(r.out, "] 4\nElo difference: "));
      CHECK(r.err.empty());
    }
  }

  TEST_CASE("the three protocols play each other in a round robin") {
    TournamentConfig c;
    c.engines = {fake("u", "uci"), fake("n", "nboard"), fake("g", "gtp")};
    c.openings = few_openings();
    c.games = 2;
    const MatchRun r = run_match(c, "mixed");
    CHECK(r.code == 0);
    REQUIRE(r.games.size() == 6);
    for (const auto& g : r.games) CHECK(replays_to_its_result(g));
    CHECK(contains(r.out, "Score of u vs n: "));
    CHECK(contains(r.out, "Score of u vs g: "));
    CHECK(contains(r.out, "Score of n vs g: "));
  }

  TEST_CASE("every kind of misbehaviour is a forfeit, and the engine is restarted") {
    struct Case {
      const char* fault;
      Termination kind;
      const char* log;  // a line of the engine's own output the report must quote
    };
    const Case cases[] = {
        {"illegal", Termination::kIllegalMove, "< "},
        {"crash", Termination::kCrash, "> "},
        {"hang", Termination::kNoAnswer, "> "},
        {"garbage", Termination::kBadReply, "%%% garbage ?? line"},
    };
    for (const char* proto : {"uci", "nboard", "gtp"})
      for (const Case& k : cases) {
        INFO(proto << " " << k.fault);
        EngineSpec bad = fake("bad", proto, k.fault, 2);
        // Short only where it is the point: a loaded machine may be slow to answer.
        if (k.kind == Termination::kNoAnswer) bad.hang_timeout_seconds = 1.0;
        const MatchRun r = run_match(two(bad, fake("good", proto)), std::string("fault-") + proto + k.fault);
        CHECK(r.code == 0);
        REQUIRE(r.games.size() == 2);
        for (const auto& g : r.games) {
          const Color bad_colour = g.black == "bad" ? Color::kBlack : Color::kWhite;
          CHECK(g.termination == k.kind);
          REQUIRE(g.forfeiter.has_value());
          CHECK(*g.forfeiter == bad_colour);
          CHECK(g.black_score == (bad_colour == Color::kBlack ? -64 : 64));
          // A fresh engine in every game: it answers twice before misbehaving.
          CHECK(engine_moves(g, bad_colour) == 2);
        }
        CHECK(contains(r.out, "Score of bad vs good: 0 - 2 - 0  [0.000] 2\n"));
        CHECK(contains(r.out, "Forfeits: bad 2, good 0\n"));
        CHECK(contains(r.err, "bad (black) forfeits, " + std::string(termination_name(k.kind))));
        CHECK(contains(r.err, k.log));
      }
  }

  TEST_CASE("a move past the time a move or the clock loses on time") {
    EngineSpec slow = fake("slow", "uci", "slow", 1, {"slow_ms=700"});
    slow.time = {};
    slow.time.move_seconds = 0.2;
    slow.time_margin_seconds = 0.1;
    MatchRun r = run_match(two(slow, fake("quick", "uci")), "time-st");
    REQUIRE(r.games.size() == 2);
    for (const auto& g : r.games) CHECK(g.termination == Termination::kTime);

    EngineSpec slow_clock = fake("slow", "nboard", "slow", 1, {"slow_ms=700"});
    slow_clock.time = {};
    slow_clock.time.base_seconds = 0.5;
    slow_clock.time_margin_seconds = 0.05;
    r = run_match(two(slow_clock, fake("quick", "nboard")), "time-clock");
    REQUIRE(r.games.size() == 2);
    for (const auto& g : r.games) CHECK(g.termination == Termination::kTime);
    CHECK(contains(r.err, "time: no move within"));
  }

  TEST_CASE("clocks are kept and carried by every protocol") {
    for (const char* proto : {"uci", "ugi", "nboard", "gtp"}) {
      INFO(proto);
      EngineSpec a = fake("a", proto), b = fake("b", proto);
      for (EngineSpec* e : {&a, &b}) {
        e->time = {};
        e->time.base_seconds = 30;
        e->time.increment_seconds = 1;
      }
      TournamentConfig c = two(a, b);
      const ScratchDir dir(std::string("clock-") + proto);
      c.ggf_path = (dir / "clock.ggf").string();
      const MatchRun r = run_match(c, std::string("clock-run-") + proto);
      CHECK(r.code == 0);
      REQUIRE(r.games.size() == 2);
      for (const auto& g : r.games) {
        CHECK(g.termination == Termination::kBoard);
        CHECK(g.plies.back().seconds.has_value());
      }
      std::ifstream in(c.ggf_path);
      std::stringstream text;
      text << in.rdbuf();
      CHECK(contains(text.str(), "TI[00:30/00:01/00:00]"));
    }
  }

  TEST_CASE("what a protocol cannot carry is refused before any game") {
    struct Case {
      const char* proto;
      void (*set)(EngineSpec&);
      const char* message;
    };
    const Case cases[] = {
        {"nboard", [](EngineSpec& e) { e.time.move_seconds = 1; }, "NBoard has no time a move"},
        {"nboard", [](EngineSpec& e) { e.time.nodes = 1000; }, "NBoard has no node limit"},
        {"gtp", [](EngineSpec& e) { e.time.depth = 3; }, "GTP has no depth limit"},
        {"gtp", [](EngineSpec& e) { e.time.move_seconds = 0.5; }, "whole seconds"},
        {"gtp", [](EngineSpec& e) { e.options.emplace_back("Hash", "16"); }, "GTP has no engine options"},
        {"gtp", [](EngineSpec& e) { e.time.move_seconds = 2; e.time.base_seconds = 60; }, "st= or tc=, not both"},
    };
    for (const Case& k : cases) {
      INFO(k.message);
      EngineSpec e = fake("x", k.proto);
      e.time = {};
      k.set(e);
      const MatchRun r = run_match(two(e, fake("y", "uci")), "refuse");
      CHECK(r.code == 1);
      CHECK(r.games.empty());
      CHECK(contains(r.err, k.message));
    }
    TournamentConfig c = two(fake("g", "gtp"), fake("u", "uci"));
    c.openings = *parse_openings(std::string(27, '-') + "OX------XO" + std::string(27, '-') + " X\n", "boards");
    const MatchRun r = run_match(c, "refuse-board");
    CHECK(r.code == 1);
    CHECK(contains(r.err, "GTP cannot set up a board"));
  }

  TEST_CASE("board-string openings reach UCI and NBoard engines") {
    TournamentConfig c = two(fake("u", "uci"), fake("n", "nboard"));
    const std::string board = std::string(27, '-') + "OX------XO" + std::string(27, '-') + " O\n";
    c.openings = *parse_openings(board, "boards");
    const MatchRun r = run_match(c, "boards");
    REQUIRE(r.games.size() == 2);
    for (const auto& g : r.games) {
      CHECK(g.start.side == Color::kWhite);
      CHECK(g.termination == Termination::kBoard);
      CHECK(replays_to_its_result(g));
    }
  }

  TEST_CASE("an engine that cannot be started stops the tournament with a message") {
    EngineSpec missing = fake("missing", "uci");
    missing.command.program = "/nonexistent/engine";
    const MatchRun r = run_match(two(missing, fake("y", "uci")), "missing");
    CHECK(r.code == 1);
    CHECK(r.games.empty());
    CHECK(contains(r.err, "cannot execute '/nonexistent/engine'"));
  }
}
