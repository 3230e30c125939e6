// The command line, parsed and run end to end as a user runs it.

#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdio>

#include "cli.hpp"
#include "match_helpers.hpp"

using namespace match_test;

namespace {

struct Output {
  int code = -1;
  std::string text;  // stdout and stderr
};

Output run_program(const std::string& args) {
  Output o;
  const std::string cmd = std::string(PARITY_MATCH_PROGRAM) + " " + args + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) o.text.append(buf, n);
  const int status = ::pclose(p);
  o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return o;
}

std::string fake_engine(const std::string& name, const std::string& proto) {
  return "--engine name=" + name + " cmd=" + PARITY_FAKE_ENGINE + " arg=" + proto + " proto=" + proto;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("the shipped balanced openings by default, none on request") {
    auto cl = parse_command_line({"--engine", "cmd=a", "--engine", "cmd=b"});
    REQUIRE(cl);
    CHECK(cl->notice.empty());
    CHECK(cl->config.openings_path.ends_with("openings.txt"));
    const auto shipped = load_openings(cl->config.openings_path);
    REQUIRE(shipped);
    CHECK(cl->config.openings.size() == shipped->size());
    CHECK(cl->config.openings.size() >= 50);
    for (const Opening& o : cl->config.openings) CHECK(o.moves.size() == 8);

    auto none = parse_command_line({"--engine", "cmd=a", "--engine", "cmd=b", "--openings", "none"});
    REQUIRE(none);
    CHECK(none->config.openings.empty());
    CHECK(none->config.openings_path.empty());
  }

  TEST_CASE("cutechess-style arguments") {
    auto cl = parse_command_line({"--engine", "name=p", "cmd=parity", "proto=uci", "option.Hash=64", "st=0.5", "-engine",
                                  "name=g", "cmd=/usr/games/gtp-rhino", "arg=-l", "arg=3", "proto=gtp", "tc=inf", "--each",
                                  "timeout=60", "--games", "10", "--rounds", "3", "--concurrency", "2", "--seed", "9",
                                  "--tournament", "gauntlet", "--sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.1",
                                  "--ggf", "g.ggf", "--json", "s.json", "--resume"});
    REQUIRE(cl);
    const TournamentConfig& c = cl->config;
    REQUIRE(c.engines.size() == 2);
    CHECK(c.engines[0].options == std::vector<std::pair<std::string, std::string>>{{"Hash", "64"}});
    CHECK(c.engines[0].time.move_seconds == 0.5);
    CHECK(c.engines[0].hang_timeout_seconds == 60.0);
    CHECK(c.engines[1].command.args == std::vector<std::string>{"-l", "3"});
    CHECK(c.engines[1].time.unlimited());
    CHECK(c.games == 10);
    CHECK(c.rounds == 3);
    CHECK(c.concurrency == 2);
    CHECK(c.seed == 9);
    CHECK(c.kind == TournamentKind::kGauntlet);
    REQUIRE(c.sprt);
    CHECK(c.sprt->elo1 == 10.0);
    CHECK(c.sprt->beta == 0.1);
    CHECK(c.ggf_path == "g.ggf");
    CHECK(c.json_path == "s.json");
    CHECK(c.resume);

    CHECK(contains(parse_command_line({"--games"}).error().message, "--games takes one value"));
    CHECK(contains(parse_command_line({"--games", "x"}).error().message, "not a number"));
    CHECK(contains(parse_command_line({"--engine", "cmd"}).error().message, "expected key=value"));
    CHECK(contains(parse_command_line({"--frobnicate"}).error().message, "unknown option"));
    CHECK(contains(parse_command_line({"--tournament", "swiss"}).error().message, "round-robin or gauntlet"));
    CHECK(contains(parse_command_line({"--sprt", "elo2=3"}).error().message, "unknown key"));
    CHECK(contains(parse_command_line({"--resume", "x"}).error().message, "takes no value"));
    CHECK(parse_command_line({"--help"})->action == CommandLine::Action::kHelp);
  }

  TEST_CASE("a config file's text: one engine a line, quoted values, comments and blank lines left out") {
    using Lines = std::vector<std::vector<std::string>>;
    CHECK(parse_engine_config("# engines\n\n  \t\nname=a cmd=\"/opt/my engine\" arg=-l\r\n  # off\nname=b st=\"\"\n") ==
          Lines{{"name=a", "cmd=/opt/my engine", "arg=-l"}, {"name=b", "st="}});
    CHECK(parse_engine_config("name=\"unclosed quote tc=1").size() == 1);
    CHECK(parse_engine_config("").empty());
  }

  TEST_CASE("engines from a config file, overridden on the command line") {
    const ScratchDir dir("config");
    const auto file = (dir / "engines.conf").string();
    std::ofstream(file) << "# engines\n"
                           "name=grhino cmd=/usr/games/gtp-rhino arg=-l arg=1 proto=gtp tc=inf\n"
                           "name=\"my parity\" cmd=parity option.Hash=\"16\" depth=3\n";
    auto cl = parse_command_line({"--config", file, "--engine", "conf=grhino", "arg=-r", "arg=2", "--engine",
                                  "conf=my parity", "depth=5"});
    REQUIRE(cl);
    REQUIRE(cl->config.engines.size() == 2);
    CHECK(cl->config.engines[0].command.args == std::vector<std::string>{"-l", "1", "-r", "2"});
    CHECK(cl->config.engines[1].name == "my parity");
    CHECK(cl->config.engines[1].time.depth == 5);
    CHECK(contains(parse_command_line({"--config", file, "--engine", "conf=nope"}).error().message, "no such engine"));
  }

  TEST_CASE("parity-match end to end") {
    const ScratchDir dir("cli");
    const std::string openings = (dir / "openings.txt").string();
    std::ofstream(openings) << "f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4e7\n";
    const Output o = run_program(fake_engine("alpha", "uci") + " depth=1 " + fake_engine("beta", "nboard") +
                                 " depth=1 --openings " + openings + " --games 4 --ggf " + (dir / "g.ggf").string() +
                                 " --json " + (dir / "s.json").string());
    CHECK(o.code == 0);
    CHECK(contains(o.text, "Finished game 4 (beta vs alpha): "));
    CHECK(contains(o.text, "Games 4 of 4, alpha: +"));
    CHECK(contains(o.text, "Score of alpha vs beta: "));
    CHECK(contains(o.text, "] 4\nElo difference: "));
    CHECK(contains(o.text, "Rank Name"));
    CHECK(read_games(dir / "g.ggf").size() == 4);
    CHECK(std::filesystem::exists(dir / "s.json"));

    const Output help = run_program("--help");
    CHECK(help.code == 0);
    CHECK(contains(help.text, "usage: parity-match"));
    const Output bad = run_program("--games 0 " + fake_engine("a", "uci") + " " + fake_engine("b", "uci"));
    CHECK(bad.code == 1);
    CHECK(contains(bad.text, "must be at least 1"));
    const Output debug = run_program("--debug --games 1 " + fake_engine("a", "uci") + " depth=1 " + fake_engine("b", "gtp"));
    CHECK(debug.code == 0);
    CHECK(contains(debug.text, ") > uci\n"));
    CHECK(contains(debug.text, ") < uciok\n"));
    CHECK(contains(debug.text, ") > genmove "));
    const Output wrong = run_program("--engine cmd");
    CHECK(wrong.code == 2);
  }
}
