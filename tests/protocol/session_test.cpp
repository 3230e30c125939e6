#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "parity/protocol/session.hpp"

using namespace parity;
using namespace parity::protocol;

namespace {

// Runs a whole session over `input` and returns everything written.
std::string run(const std::string& input, ProtocolKind kind = ProtocolKind::kAuto) {
  engine::Engine engine;
  std::ostringstream written;
  Output out(written, &engine.log());
  std::istringstream in(input);
  auto protocol = make_protocol(kind, engine, out);
  run_session(in, *protocol, engine.log());
  return written.str();
}

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("the first command picks the protocol") {
    CHECK(detect_protocol("nboard 2") == ProtocolKind::kNboard);
    CHECK(detect_protocol("  NBoard 2") == ProtocolKind::kNboard);
    for (const char* gtp : {"protocol_version", "name", "version", "list_commands", "boardsize 8", "clear_board",
                            "genmove black", "play white c5", "set_game Othello", "list_games", "1 genmove b",
                            "12 protocol_version", "known_command play", "showboard", "final_score", "komi 0",
                            "undo", "time_settings 0 0 0", "time_left b 1 0"})
      CHECK(detect_protocol(gtp) == ProtocolKind::kGtp);
    for (const char* uci : {"uci", "ugi", "isready", "position startpos", "go depth 1", "setoption name Hash value 1",
                            "ucinewgame", "show", "help", "xyzzy", "\x01\xff", "1"})
      CHECK(detect_protocol(uci) == ProtocolKind::kUci);
    CHECK(!detect_protocol("quit"));
    CHECK(!detect_protocol("QUIT"));
    CHECK(parse_protocol_kind("gtp").value() == ProtocolKind::kGtp);
    CHECK(parse_protocol_kind("UGI").value() == ProtocolKind::kUci);
    CHECK(!parse_protocol_kind("chess"));
  }

  TEST_CASE("a session: auto-detected, CRLF lines, quit or end of input ends it") {
    CHECK(run("isready\r\nquit\nisready\n") == "readyok\n");
    CHECK(run("\n\nnboard 2\nping 1\n") == "set myname Parity\npong 1\n");
    CHECK(run("1 protocol_version\n2 quit\n3 name\n") == "=1 2\n\n=2\n\n");
    CHECK(run("quit\nisready\n").empty());
    CHECK(run("isready", ProtocolKind::kUci) == "readyok\n");  // no final newline
    CHECK(run("protocol_version\n", ProtocolKind::kGtp) == "= 2\n\n");
    CHECK(run("ping 3\n", ProtocolKind::kNboard) == "pong 3\n");
    CHECK(run("").empty());
  }

  TEST_CASE("end of input in the middle of a search ends it cleanly, with its answer") {
    const std::string uci = run("position board XO" + std::string(62, '-') + " X\ngo infinite\n");
    CHECK(ends_with(uci, "bestmove c1\n"));
    const std::string gtp = run("clear_board\ngenmove b\n");
    CHECK(gtp.rfind("=\n\n= ", 0) == 0);
    CHECK(gtp.size() == 9);
  }

  TEST_CASE("a line longer than the limit is one error, and the session goes on") {
    const std::string huge(kMaxLineBytes + 10, 'x');
    CHECK(run(huge + "\nisready\n") ==
          "info string error: line longer than " + std::to_string(kMaxLineBytes) + " bytes\nreadyok\n");
    CHECK(run("nboard 2\n" + huge + "\nping 2\n").find("status error: line longer") != std::string::npos);
    const std::string binary = std::string("\x00\x01\x02\xff\x80garbage", 12) + "\nisready\n";
    CHECK(run(binary) == "info string error: unknown command '?????garbage' (try help)\nreadyok\n");
  }

  TEST_CASE("LogFile records the session, lines in and out") {
    const std::string path = "parity_session_test.log";
    std::remove(path.c_str());
    run("setoption name LogFile value " + path + "\nisready\nbogus\n");
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    CHECK(text.str().find(" < isready\n") != std::string::npos);
    CHECK(text.str().find(" > readyok\n") != std::string::npos);
    CHECK(text.str().find(" < bogus\n") != std::string::npos);
    CHECK(text.str().find(" > info string error: unknown command 'bogus' (try help)\n") != std::string::npos);
    std::remove(path.c_str());
  }

  TEST_CASE("LogFile: a reply is logged before it is sent, so the log order is the wire order") {
    const std::string path = "parity_log_order_test.log";
    std::remove(path.c_str());
    engine::Engine engine;
    REQUIRE(!engine.set_option("LogFile", path));
    // A host that answers the moment it reads a reply: its next line is
    // logged (by the reading side) from inside the send.
    Output out([&engine](std::string_view) { engine.log().in("next"); }, &engine.log());
    out.write("= D3\n");
    out.write("readyok");
    REQUIRE(!engine.set_option("LogFile", ""));
    std::ifstream file(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(file, line);) lines.push_back(line.substr(line.find(' ', 11) + 1));
    CHECK(lines == std::vector<std::string>{"> = D3", "> ", "< next", "> readyok", "< next"});
    std::remove(path.c_str());
  }
}
