#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "positions.hpp"

// End to end: the real program, its command line, and whole sessions over
// pipes, as a host runs it.

namespace {

struct Run {
  int status = -1;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// Runs `parity <args>` with `input` on standard input, under a time limit.
Run run_parity(const std::string& args, const std::string& input = "") {
  const std::string in = "parity_program_test.in", out = "parity_program_test.out", err = "parity_program_test.err";
  std::ofstream(in) << input;
  const std::string command = "timeout 60 " + std::string(PARITY_PROGRAM) + " " + args + " <" + in + " >" + out +
                              " 2>" + err;
  Run r;
  const int raw = std::system(command.c_str());
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("program: --version, --help, bad flags") {
    Run r = run_parity("--version");
    CHECK(r.status == 0);
    CHECK(r.out == "Parity " PARITY_VERSION_FOR_TESTS "\n");
    r = run_parity("--help");
    CHECK(r.status == 0);
    CHECK(has(r.out, "usage: parity"));
    CHECK(has(r.out, "--protocol"));
    CHECK(has(r.out, "--hash"));
    CHECK(has(r.out, "analyze"));
    // A mistake is one line: what is wrong, and where the options are.
    r = run_parity("--bogus");
    CHECK(r.status == 2);
    CHECK(r.err == "parity: unrecognised option '--bogus' ('parity --help' lists the commands and options)\n");
    r = run_parity("analyze - --depth 2/1");
    CHECK(r.status == 2);
    CHECK(r.err == "parity analyze: the argument ('2/1') for option '--depth' is invalid ('parity analyze --help' lists the options)\n");
    r = run_parity("book build --output b.bin --budget nan");
    CHECK(r.status == 2);
    CHECK(r.err == "parity book build: --budget must be 0..32000000 seconds ('parity book build --help' lists the options)\n");
    r = run_parity("--protocol chess");
    CHECK(r.status == 2);
    CHECK(has(r.err, "unknown protocol"));
    r = run_parity("--hash 0");
    CHECK(r.status == 2);
    CHECK(has(r.err, "--hash"));
    r = run_parity("frobnicate");
    CHECK(r.status == 2);
    CHECK(has(r.err, "unknown command 'frobnicate'"));
    r = run_parity("--threads 1 stray");
    CHECK(r.status == 2);
  }

  TEST_CASE("program: a session per protocol, flags applied, end of input mid-search") {
    Run r = run_parity("--level 2 --threads 1 --hash 8", "uci\nisready\nquit\n");
    CHECK(r.status == 0);
    CHECK(has(r.out, "option name Level type spin default 60 min 1 max 60\n"));
    CHECK(has(r.out, "uciok\nreadyok\n"));
    r = run_parity("", "nboard 2\nset depth 1\nset game (;GM[Othello]BO[8 " + parity::test::kMustPass + " *];)\nping 1\ngo\n");
    CHECK(r.out == "set myname Parity\npong 1\n=== PA\n");
    r = run_parity("--protocol gtp", "1 name\n2 boardsize 8\n3 quit\n");
    CHECK(r.out == "=1 Parity\n\n=2\n\n=3\n\n");
    r = run_parity("", "position board " + parity::test::kOneMove + " X\ngo infinite\n");
    CHECK(r.status == 0);
    CHECK(has(r.out, "bestmove c1\n"));
  }

  TEST_CASE("program: analyze, text and JSON, with shards") {
    const std::string input = std::string("f5d6c3\n") + "\n" + parity::test::kOneMove + " X\n" +
                              parity::test::kOneMove + " X; C1:+1;\nnot a position\n" + parity::test::kFull + " O\n";
    std::ofstream("parity_program_test.positions") << input;
    Run r = run_parity("analyze parity_program_test.positions --depth 2");
    CHECK(r.status == 1);  // one line could not be read
    std::istringstream lines(r.out);
    std::string line;
    std::vector<std::string> out;
    while (std::getline(lines, line)) out.push_back(line);
    REQUIRE(out.size() == 5);
    CHECK(out[0].rfind("0: ", 0) == 0);
    CHECK(out[1].rfind("2: c1 ", 0) == 0);
    CHECK(out[2].rfind("3: c1 ", 0) == 0);
    CHECK(out[3].rfind("4: error: ", 0) == 0);
    CHECK(out[4] == "5: none -62 exact depth 0 pv");

    r = run_parity("analyze - --depth 1 --json --shard 2/2", input);
    std::vector<std::string> json;
    std::istringstream jlines(r.out);
    while (std::getline(jlines, line)) json.push_back(line);
    REQUIRE(json.size() == 2);  // indices 1 (blank, skipped), 3 and 5
    CHECK(json[0].rfind("{\"index\":3,\"board\":\"XO", 0) == 0);
    CHECK(has(json[0], "\"side\":\"X\",\"empties\":62,\"move\":\"c1\",\"score\":"));
    CHECK(has(json[0], "\"exact\":false,\"depth\":1,\"pv\":[\"c1\""));
    CHECK(has(json[0], "\"nodes\":"));
    CHECK(has(json[0], "\"time_ms\":"));
    CHECK(json[1].rfind("{\"index\":5,", 0) == 0);
    CHECK(has(json[1], "\"move\":\"none\",\"score\":-62,\"exact\":true"));

    r = run_parity("analyze parity_program_test.positions --shard 3/2");
    CHECK(r.status == 2);
    CHECK(has(r.err, "--shard"));
    r = run_parity("analyze parity_program_test.positions --depth 1 --time 1");
    CHECK(r.status == 2);
    r = run_parity("analyze");
    CHECK(r.status == 2);
    r = run_parity("analyze /nonexistent/file");
    CHECK(r.status == 1);
    std::remove("parity_program_test.positions");
  }

  TEST_CASE("program: bench and the LogFile flag") {
    Run r = run_parity("bench");
    CHECK(r.status == 0);
    CHECK(has(r.out, "Nodes searched: "));
    CHECK(has(r.out, "Nodes/second: "));
    std::remove("parity_program_test.log");
    r = run_parity("--logfile parity_program_test.log", "isready\nquit\n");
    CHECK(r.out == "readyok\n");
    const std::string log = slurp("parity_program_test.log");
    CHECK(has(log, " < isready\n"));
    CHECK(has(log, " > readyok\n"));
    std::remove("parity_program_test.log");
  }
}
