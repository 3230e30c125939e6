// GGF lines, time controls and engine keys: the runner's text formats.

#include <doctest/doctest.h>

#include "match_helpers.hpp"
#include "parity/core/notation.hpp"

using namespace match_test;

TEST_SUITE("fast") {
  TEST_CASE("a game survives a GGF round trip") {
    GameRecord g;
    g.number = 17;
    g.black = "parity";
    g.white = "grh]ino";
    g.date = "2026.11.29_12:00:00.UTC";
    g.plies = {{*parse_move("f5"), std::nullopt, std::nullopt}, {*parse_move("d6"), -1.5, 0.31}, {kPass, std::nullopt, std::nullopt}};
    g.black_score = 64;
    g.termination = Termination::kNoAnswer;
    g.forfeiter = Color::kWhite;
    g.detail = "no answer in time while thinking";
    g.black_clock = g.white_clock = 90.5;
    g.black_increment = g.white_increment = 2;
    const std::string line = ggf_line(g);
    CHECK(contains(line, "(;GM[Othello]PC[parity-match]DT[2026.11.29_12:00:00.UTC]GN[17]PB[parity]PW[grh)ino]RE[+64.00:r]"));
    CHECK(contains(line, "C[forfeit no-answer by grh)ino: no answer in time while thinking]"));
    CHECK(contains(line, "TI[01:30.500/00:02/00:00]"));
    CHECK(contains(line, "BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6/-1.50/0.31]B[PA];)"));
    auto back = parse_game_record(line);
    REQUIRE(back);
    CHECK(back->number == 17);
    CHECK(back->white == "grh)ino");
    CHECK(back->black_score == 64);
    CHECK(back->termination == Termination::kNoAnswer);
    CHECK(back->forfeiter == Color::kWhite);
    REQUIRE(back->plies.size() == 3);
    CHECK(back->plies[1].eval == doctest::Approx(-1.5));
    CHECK(back->plies[1].seconds == doctest::Approx(0.31));
    CHECK(back->plies[2].move == kPass);

    g.termination = Termination::kTime;
    CHECK(contains(ggf_line(g), "RE[+64.00:t]"));
    g.termination = Termination::kBoard;
    g.forfeiter.reset();
    g.black_score = 0;
    CHECK(contains(ggf_line(g), "RE[0.00]"));
    CHECK(!contains(ggf_line(g), "C[forfeit"));
    CHECK(!parse_game_record("(;GM[Othello]PB[a]PW[b]RE[+2.00];)"));  // no GN
    CHECK(!parse_ggf("(;GM[Othello]B[z9];)"));
    auto other = parse_ggf("(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O]B[--]W[pass];)");
    REQUIRE(other);
    CHECK(other->start.side == Color::kWhite);
    CHECK(other->plies.size() == 2);
  }

  TEST_CASE("time controls") {
    TimeControl tc;
    CHECK(!apply_time_key(tc, "tc", "40+0.4"));
    CHECK(tc.base_seconds == 40.0);
    CHECK(tc.increment_seconds == doctest::Approx(0.4));
    CHECK(!apply_time_key(tc, "tc", "1:30+2"));
    CHECK(tc.base_seconds == 90.0);
    CHECK(!apply_time_key(tc, "depth", "5"));
    CHECK(tc.describe() == "depth 5, 90+2");
    CHECK(!apply_time_key(tc, "tc", "inf"));
    CHECK(tc.describe() == "depth 5");
    CHECK(!apply_time_key(tc, "st", "0.5"));
    CHECK(!apply_time_key(tc, "nodes", "100000"));
    CHECK(tc.describe() == "depth 5, nodes 100000, st 0.5");
    CHECK(*parse_seconds("0:30") == 30.0);
    CHECK(*parse_seconds("2:00.5") == 120.5);
    CHECK(!parse_seconds("x:30"));
    CHECK(!parse_seconds("1:"));
    CHECK(TimeControl{}.describe() == "inf");
    CHECK(TimeControl{}.unlimited());
    for (auto [k, v] : {std::pair{"tc", "40/60"}, {"tc", "abc"}, {"depth", "0"}, {"depth", "x"}, {"st", "-1"}, {"nodes", "1e"}}) {
      INFO(k << "=" << v);
      TimeControl t;
      CHECK(apply_time_key(t, k, v).has_value());
    }
  }

  TEST_CASE("engine keys") {
    EngineSpec e;
    for (auto [k, v] : {std::pair{"cmd", "/usr/games/gtp-rhino"}, {"arg", "-l"}, {"arg", "3"}, {"proto", "gtp"},
                        {"dir", "/tmp"}, {"timemargin", "50"}, {"timeout", "7"}, {"option.Threads", "4"}, {"tc", "inf"}})
      CHECK(!apply_engine_key(e, k, v));
    CHECK(e.name == "gtp-rhino");
    CHECK(e.command.args == std::vector<std::string>{"-l", "3"});
    CHECK(e.command.directory == "/tmp");
    CHECK(e.protocol == Protocol::kGtp);
    CHECK(e.time_margin_seconds == doctest::Approx(0.05));
    CHECK(e.hang_timeout_seconds == 7.0);
    CHECK(e.threads() == 4);
    CHECK(apply_engine_key(e, "proto", "xboard").has_value());
    // Times past the clock's range are refused, not sent as a 0 ms clock.
    const auto huge_tc = apply_engine_key(e, "tc", "1e300");
    REQUIRE(huge_tc);
    CHECK(huge_tc->message == "tc=1e300: not a time: '1e300' is over the 1000000 seconds a clock may have");
    CHECK(apply_engine_key(e, "st", "1e12").has_value());
    CHECK(apply_engine_key(e, "tc", "10+1e300").has_value());
    const auto huge_timeout = apply_engine_key(e, "timeout", "1e300");
    REQUIRE(huge_timeout);
    CHECK(huge_timeout->message == "timeout=1e300: expected seconds, at most 1000000");
    CHECK(!apply_engine_key(e, "tc", "1000000+0"));
    CHECK(apply_engine_key(e, "colour", "red").has_value());
    CHECK(*parse_protocol("UGI") == Protocol::kUgi);
    CHECK(*parse_protocol("uci") == Protocol::kUci);
  }
}
