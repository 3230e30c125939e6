// Scheduling, resuming and the SPRT stop of whole tournaments.

#include <doctest/doctest.h>

#include "match_helpers.hpp"
#include "schedule.hpp"

using namespace match_test;

TEST_SUITE("fast") {
  TEST_CASE("round robin and gauntlet schedules") {
    const auto rr = pairings(4, TournamentKind::kRoundRobin);
    CHECK(rr.size() == 6);
    const auto gauntlet = pairings(4, TournamentKind::kGauntlet);
    REQUIRE(gauntlet.size() == 3);
    for (const auto& p : gauntlet) CHECK(p.first == 0);

    // 3 games a pair and 2 rounds over 5 openings: openings 0,0,1 then 2,2,3.
    const auto games = schedule(gauntlet, 3, 2, 5);
    REQUIRE(games.size() == 18);
    CHECK(games[0].number == 1);
    CHECK(games[17].number == 18);
    CHECK(games[0].black == 0);
    CHECK(games[1].black == 1);
    CHECK(games[1].white == 0);
    CHECK(games[0].opening == 0);
    CHECK(games[1].opening == 0);
    CHECK(games[2].opening == 1);
    CHECK(games[3].opening == 0);  // the next pair sees the same openings
    CHECK(games[9].opening == 2);  // the second round goes on
    CHECK(games[11].opening == 3);
    CHECK(schedule(gauntlet, 2, 1, 0)[0].opening == -1);
  }

  TEST_CASE("openings: transcripts and boards, shuffled the same way by the same seed") {
    auto o = parse_openings("# comment\n\nf5d6c4d3c2b3b4b5\n" + std::string(27, '-') + "OX------XO" + std::string(27, '-') +
                                " O\r\nf5f6\n",
                            "inline");
    REQUIRE(o);
    REQUIRE(o->size() == 3);
    CHECK(o->at(0).moves.size() == 8);
    CHECK(o->at(1).from_board);
    CHECK(o->at(1).start.side == Color::kWhite);
    CHECK(!parse_openings("f5f5\n", "bad"));
    CHECK(contains(parse_openings("f5f5\n", "bad").error().message, "bad:1: "));
    auto a = *o, b = *o;
    shuffle_openings(a, 7);
    shuffle_openings(b, 7);
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].moves == b[i].moves);
  }

  TEST_CASE("a gauntlet plays the first engine against each other one") {
    TournamentConfig c;
    c.engines = {fake("hero", "uci"), fake("x", "nboard"), fake("y", "gtp")};
    c.openings = few_openings();
    c.kind = TournamentKind::kGauntlet;
    c.games = 2;
    c.concurrency = 2;
    const MatchRun r = run_match(c, "gauntlet");
    CHECK(r.code == 0);
    REQUIRE(r.games.size() == 4);
    for (const auto& g : r.games) CHECK((g.black == "hero" || g.white == "hero"));
    CHECK(contains(r.out, "Score of hero vs x: "));
    CHECK(contains(r.out, "Score of hero vs y: "));
    CHECK(!contains(r.out, "Score of x vs y"));
    CHECK(contains(r.out, "Rank Name"));
  }

  TEST_CASE("a run resumes from its GGF file and plays only the missing games") {
    const ScratchDir dir("resume");
    TournamentConfig c;
    c.engines = {fake("a", "uci"), fake("b", "gtp")};
    c.openings = few_openings();
    c.games = 2;
    c.ggf_path = (dir / "games.ggf").string();
    MatchRun first = run_match(c, "resume-1");
    CHECK(first.code == 0);
    CHECK(first.games.size() == 2);

    c.games = 4;
    MatchRun refused = run_match(c, "resume-2");
    CHECK(refused.code == 1);
    CHECK(contains(refused.err, "pass --resume"));

    c.resume = true;
    MatchRun second = run_match(c, "resume-3");
    CHECK(second.code == 0);
    CHECK(contains(second.out, "Resuming: 2 of 4 games already played"));
    REQUIRE(second.games.size() == 4);
    for (int i = 0; i < 4; ++i) CHECK(second.games[static_cast<std::size_t>(i)].number == i + 1);
    CHECK(contains(second.out, "] 4\n"));
    CHECK(!contains(second.out, "Finished game 1 "));
    CHECK(contains(second.out, "Finished game 3 "));

    // A run killed in the middle of a line: that game is played again.
    {
      std::ifstream in(c.ggf_path);
      std::string l1, l2;
      std::getline(in, l1);
      std::getline(in, l2);
      in.close();
      std::ofstream(c.ggf_path) << l1 << "\n" << l2.substr(0, l2.size() / 2);
    }
    MatchRun third = run_match(c, "resume-5");
    CHECK(third.code == 0);
    CHECK(contains(third.err, ":2: an unfinished line, skipped"));
    CHECK(contains(third.out, "Resuming: 1 of 4 games already played"));
    CHECK(third.games.size() == 4);  // the half line is unreadable, games 2-4 follow on lines of their own

    // The same file under other engines does not match the schedule.
    c.engines = {fake("b", "gtp"), fake("a", "uci")};
    MatchRun other = run_match(c, "resume-4");
    CHECK(other.code == 1);
    CHECK(contains(other.err, "not as scheduled"));
  }

  TEST_CASE("an SPRT stops as soon as it is decided") {
    SprtBounds b{0, 400, 0.05, 0.05};
    int expected = 0;
    for (int n = 1; n < 100; ++n)
      if (sprt_verdict({n, 0, 0}, b) == SprtVerdict::kH1) {
        expected = n;
        break;
      }
    REQUIRE(expected > 1);
    REQUIRE(expected < 20);
    TournamentConfig c;
    c.engines = {fake("good", "uci"), fake("bad", "uci", "illegal", 0)};
    c.openings = few_openings();
    c.games = 100;
    c.sprt = b;
    const MatchRun r = run_match(c, "sprt");
    CHECK(r.code == 0);
    CHECK(static_cast<int>(r.games.size()) == expected);
    CHECK(contains(r.out, "H1 was accepted"));
    CHECK(contains(r.out, "Score of good vs bad: " + std::to_string(expected) + " - 0 - 0"));
  }

  TEST_CASE("the JSON summary") {
    const ScratchDir dir("json");
    TournamentConfig c;
    c.engines = {fake("a", "uci"), fake("b", "uci", "crash", 1)};
    c.openings = few_openings();
    c.games = 2;
    c.json_path = (dir / "summary.json").string();
    c.sprt = SprtBounds{0, 10, 0.05, 0.05};
    const MatchRun r = run_match(c, "json-run");
    CHECK(r.code == 0);
    std::ifstream in(c.json_path);
    std::stringstream s;
    s << in.rdbuf();
    const std::string json = s.str();
    CHECK(contains(json, "\"games_played\": 2,"));
    CHECK(contains(json, "{\"first\": \"a\", \"second\": \"b\", \"games\": 2, \"wins\": 2, \"losses\": 0, \"draws\": 0"));
    CHECK(contains(json, "\"first_forfeits\": 0, \"second_forfeits\": 2}"));
    CHECK(contains(json, "\"crash\": 2"));
    CHECK(contains(json, "\"elo\": null"));
    CHECK(contains(json, "\"sprt\": {\"elo0\": 0.00, \"elo1\": 10.00"));
  }
}

TEST_SUITE("fast") {
  TEST_CASE("more engine threads than cores draws a warning, and the games still run") {
    TournamentConfig c;
    c.engines = {fake("a", "uci"), fake("b", "uci")};
    c.engines[0].options.emplace_back("Threads", "4096");
    c.games = 1;
    const MatchRun r = run_match(c, "threads");
    CHECK(r.code == 0);
    CHECK(r.games.size() == 1);
    CHECK(contains(r.err, "warning: 1 games x 4096 engine threads exceed the "));
  }
}
