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
    g.plies = {{*parse_move("f5"), std::nullopt, std::nullopt}, {*parse_move("d6"), -1.5, 0.31}, {*parse_move("c3"), std::nullopt, 0.02}};
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
    CHECK(contains(line, "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6/-1.50/0.31]B[C3//0.02];)"));
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
    CHECK(back->plies[2].move == *parse_move("c3"));
    CHECK(!back->plies[2].eval);
    CHECK(back->plies[2].seconds == doctest::Approx(0.02));

    g.termination = Termination::kTime;
    CHECK(contains(ggf_line(g), "RE[+64.00:t]"));
    g.termination = Termination::kBoard;
    g.forfeiter.reset();
    g.black_score = 0;
    CHECK(contains(ggf_line(g), "RE[0.00]"));
    CHECK(!contains(ggf_line(g), "C[forfeit"));
    CHECK(!parse_game_record("(;GM[Othello]PB[a]PW[b]RE[+2.00];)"));  // no GN
    const std::string start_board = "BO[8 ---------------------------O*------*O--------------------------- *]";
    CHECK(!parse_game_record(std::string("(;GM[Othello]GN[1]RE[+2.00]") + start_board + "B[z9];)"));
    // Moves are replayed: one the position does not allow is refused.
    CHECK(!parse_game_record(std::string("(;GM[Othello]GN[1]RE[+2.00]") + start_board + "B[F5]W[PA];)"));
  }

  TEST_CASE("a game record keeps its passes, written and forced") {
    // White to move with no move (its b1 cannot flank a1): it passes, and
    // black's c1 ends the game.
    GameRecord g;
    g.number = 3;
    g.black = "first";
    g.white = "second";
    const std::string cells = std::string("*O") + std::string(62, '-');
    g.start = *parse_board(cells, "O");
    g.plies = {{kPass, std::nullopt, std::nullopt}, {*parse_move("c1"), 3.0, 0.5}};
    g.black_score = 64;
    const std::string line = ggf_line(g);
    CHECK(contains(line, std::string("BO[8 ") + cells + " O]W[PA]B[C1/3.00/0.50];)"));
    auto back = parse_game_record(line);
    REQUIRE(back);
    CHECK(back->start.side == Color::kWhite);
    REQUIRE(back->plies.size() == 2);
    CHECK(back->plies[0].move == kPass);
    CHECK(back->plies[1].move == *parse_move("c1"));
    CHECK(back->plies[1].eval == doctest::Approx(3.0));
    // A file that leaves the forced pass out gets it back, times kept.
    auto implied = parse_game_record(std::string("(;GM[Othello]GN[3]RE[+64.00]BO[8 ") + cells + " O]B[c1//0.50];)");
    REQUIRE(implied);
    REQUIRE(implied->plies.size() == 2);
    CHECK(implied->plies[0].move == kPass);
    CHECK(implied->plies[1].seconds == doctest::Approx(0.5));
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
