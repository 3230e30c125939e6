// Matches against real engines. ctest runs these suites through
// if_available.sh, which skips them when the engine is missing.

#include <doctest/doctest.h>

#include "match_helpers.hpp"

using namespace match_test;

namespace {

EngineSpec engine(const std::string& name, const std::string& program, Protocol proto, std::vector<std::string> args = {}) {
  EngineSpec e;
  e.name = name;
  e.command.program = program;
  e.command.args = std::move(args);
  e.protocol = proto;
  e.hang_timeout_seconds = 60;
  return e;
}

void check_clean(const MatchRun& r, std::size_t games) {
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  REQUIRE(r.games.size() == games);
  for (const auto& g : r.games) {
    CHECK(g.termination == Termination::kBoard);
    CHECK(replays_to_its_result(g));
  }
}

}  // namespace

TEST_SUITE("grhino") {
  TEST_CASE("two games against GRhino at level 1, from UCI and from GTP") {
    const std::string grhino = "/usr/games/gtp-rhino";
    for (const char* proto : {"uci", "gtp"}) {
      INFO(proto);
      TournamentConfig c;
      c.engines = {fake("random", proto), engine("grhino", grhino, Protocol::kGtp, {"-l", "1"})};
      c.openings = few_openings();
      c.games = 2;
      const MatchRun r = run_match(c, std::string("grhino-") + proto);
      check_clean(r, 2);
      CHECK(contains(r.out, "Score of random vs grhino: "));
    }
  }

  TEST_CASE("GRhino with a clock it ignores: whole seconds over time_settings and time_left") {
    TournamentConfig c;
    EngineSpec g = engine("grhino", "/usr/games/gtp-rhino", Protocol::kGtp, {"-l", "1"});
    g.time.base_seconds = 60;
    c.engines = {g, fake("random", "uci")};
    c.openings = few_openings();
    c.games = 2;
    check_clean(run_match(c, "grhino-clock"), 2);
  }
}

TEST_SUITE("parity") {
  TEST_CASE("Parity against Parity over each protocol") {
    for (Protocol proto : {Protocol::kUci, Protocol::kUgi, Protocol::kNboard, Protocol::kGtp}) {
      INFO(protocol_name(proto));
      // GTP carries no depth: Parity's own --level 1 caps it instead.
      const std::vector<std::string> args = proto == Protocol::kGtp ? std::vector<std::string>{"--level", "1"}
                                                                     : std::vector<std::string>{};
      EngineSpec a = engine("parity-a", PARITY_ENGINE_PROGRAM, proto, args);
      EngineSpec b = engine("parity-b", PARITY_ENGINE_PROGRAM, proto, args);
      for (EngineSpec* e : {&a, &b})
        if (proto != Protocol::kGtp) e->time.depth = 1;
      TournamentConfig c;
      c.engines = {a, b};
      c.openings = few_openings();
      c.games = 2;
      check_clean(run_match(c, std::string("parity-") + std::string(protocol_name(proto))), 2);
    }
  }
}
