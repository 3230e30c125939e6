// Every number a host can send, at the ends of its range and beyond: each
// command still gets its one answer (or one error line), every search its
// one move, and the session answers after. The sanitizer build runs this
// with undefined behaviour fatal, so an overflow in a parser fails it.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

const std::vector<std::string> kExtremes = {
    "0",    "-1",   "1",    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "99999999999999999999999999", "1e308", "-1e308", "1e-308", "1e309", "nan", "inf", "-inf", "0x10", "+5", "--3",
    "4294967296", "2147483648", "-2147483649"};

// The command with each "N" replaced by `value`.
std::string with(const std::string& command, const std::string& value) {
  std::string out;
  for (char c : command) out += c == 'N' ? value : std::string(1, c);
  return out;
}

int count(const Lines& lines, std::string_view prefix) {
  int n = 0;
  for (const auto& l : lines)
    if (starts_with(l, prefix)) ++n;
  return n;
}

int errors(const Lines& lines) {
  return count(lines, "info string error") + count(lines, "status error") + count(lines, "?");
}

// Settings with `value`: at most one error line each, and no search.
void set_each(Session& s, const std::vector<std::string>& settings, const std::string& value) {
  for (const std::string& command : settings) {
    const Lines reply = s.send_and_wait(with(command, value));
    CAPTURE(command);
    CHECK(errors(reply) <= 1);
    CHECK(count(reply, "bestmove") + count(reply, "=== ") + count(reply, "status thinking") == 0);
  }
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("extreme numbers: every UCI-style and UGI command answers, every go with one bestmove") {
    Session s(ProtocolKind::kUci);
    REQUIRE(!s.engine.set_option("Level", "1"));
    const std::vector<std::string> searches = {
        "go wtime N btime N",          "go wtime 1000 btime 1000 winc N binc N", "go wtime 1000 btime 1000 movestogo N",
        "go depth N",                  "go nodes N",                             "go movetime N",
        "go p1time N p2time N p1inc N p2inc N", "go wtime N btime N winc N binc N movestogo N movetime N"};
    const std::vector<std::string> settings = {"setoption name MultiPV value N", "setoption name MoveOverhead value N",
                                               "setoption name Level value N"};
    for (const std::string& value : kExtremes) {
      CAPTURE(value);
      set_each(s, settings, value);
      // Level back to 1 so that the searches below stay short.
      REQUIRE(!s.engine.set_option("Level", "1"));
      for (const std::string& command : searches) {
        s.send("position startpos moves f5 d6");
        const Lines reply = s.send_and_wait(with(command, value));
        CAPTURE(command);
        CHECK(errors(reply) <= 1);
        CHECK(count(reply, "bestmove") == 1);
      }
    }
    REQUIRE(s.send("isready") == Lines{"readyok"});
  }

  TEST_CASE("extreme numbers: every GTP command answers once") {
    Session s(ProtocolKind::kGtp);
    REQUIRE(!s.engine.set_option("Level", "1"));
    const std::vector<std::string> commands = {"komi N",        "boardsize N",       "time_settings N N N",
                                               "time_settings 60 N N", "time_left black N N", "time_left white N 0",
                                               "genmove black", "undo"};
    for (const std::string& value : kExtremes) {
      CAPTURE(value);
      REQUIRE(s.send("clear_board") == Lines{"=", ""});
      for (const std::string& command : commands) {
        const Lines reply = s.send_and_wait(with(command, value));
        CAPTURE(command);
        CHECK(count(reply, "=") + count(reply, "?") == 1);
      }
    }
    REQUIRE(s.send("protocol_version") == Lines{"= 2", ""});
  }

  TEST_CASE("extreme numbers: every NBoard command answers, every hint and go ends its status") {
    Session s(ProtocolKind::kNboard);
    REQUIRE(s.send("nboard 2").size() == 1);
    const std::vector<std::string> settings = {"set depth N", "set contempt N", "ping N"};
    for (const std::string& value : kExtremes) {
      CAPTURE(value);
      set_each(s, settings, value);
      // Back to a shallow search for the requests below.
      REQUIRE(errors(s.send("set depth 2")) == 0);
      const Lines hint = s.send_and_wait(with("hint N", value));
      CHECK(errors(hint) <= 1);
      // A search NBoard sees start ("status thinking") also ends ("status").
      CHECK(count(hint, "status thinking") == static_cast<int>(std::count(hint.begin(), hint.end(), "status")));
      const Lines go = s.send_and_wait("go");
      CHECK(count(go, "=== ") == 1);
    }
    REQUIRE(s.send("ping 5") == Lines{"pong 5"});
  }
}
