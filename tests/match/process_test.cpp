// The engine process: lines, deadlines, exits, and killing the whole group.

#include <doctest/doctest.h>

#include <algorithm>
#include <cerrno>
#include <thread>

#include "match_helpers.hpp"
#include "process.hpp"

using namespace match_test;

namespace {

std::unique_ptr<Process> start(const std::string& script) {
  auto p = Process::start({"/bin/sh", {"-c", script}, ""});
  REQUIRE(p);
  return std::move(*p);
}

// A process is dead when /proc no longer has it or shows it a zombie.
bool dead(const std::string& stat_path) {
  std::ifstream in(stat_path);
  std::string pid, name, state;
  if (!(in >> pid >> name >> state)) return true;
  return state == "Z" || state == "X";
}

SteadyClock::time_point in_ms(int ms) { return SteadyClock::now() + std::chrono::milliseconds(ms); }

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("lines both ways, standard error kept in the tail") {
    auto p = start("read x; echo \"got $x\"; echo oops >&2; printf 'a\\r\\nb\\n'; read y");
    CHECK(p->write_line("hello"));
    std::string line;
    REQUIRE(p->read_line(line, in_ms(5000)) == Process::Read::kLine);
    CHECK(line == "got hello");
    REQUIRE(p->read_line(line, in_ms(5000)) == Process::Read::kLine);
    CHECK(line == "a");
    REQUIRE(p->read_line(line, in_ms(5000)) == Process::Read::kLine);
    CHECK(line == "b");
    CHECK(p->read_line(line, in_ms(300)) == Process::Read::kTimeout);  // polls stderr meanwhile
    CHECK(p->tail().front() == "> hello");
    CHECK(std::find(p->tail().begin(), p->tail().end(), "! oops") != p->tail().end());
  }

  TEST_CASE("a silent process times out, an exited one is closed") {
    auto silent = start("sleep 30");
    std::string line;
    const auto t0 = SteadyClock::now();
    CHECK(silent->read_line(line, in_ms(200)) == Process::Read::kTimeout);
    CHECK(SteadyClock::now() - t0 < std::chrono::seconds(5));
    auto gone = start("exit 3");
    CHECK(gone->read_line(line, in_ms(5000)) == Process::Read::kClosed);
    for (int i = 0; i < 100 && gone->write_line("x"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(!gone->write_line("x"));
  }

  TEST_CASE("kill takes the engine's whole process group") {
    auto p = start("sleep 60 & echo $!; sleep 60");
    std::string line;
    REQUIRE(p->read_line(line, in_ms(5000)) == Process::Read::kLine);
    const std::string helper = "/proc/" + line + "/stat";
    CHECK(!dead(helper));
    p->kill();
    // The helper is dead once gone or a zombie waiting for init.
    bool gone = false;
    for (int i = 0; i < 200 && !gone; ++i) {
      gone = dead(helper);
      if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(gone);
  }

  TEST_CASE("a program that cannot run is an error, not a process") {
    CHECK(contains(Process::start({"/nonexistent/x", {}, ""}).error().message, "cannot execute"));
    CHECK(contains(Process::start({"no-such-engine-anywhere", {}, ""}).error().message, "not found in PATH"));
    CHECK(contains(Process::start({"/bin/sh", {}, "/nonexistent-dir"}).error().message, "cannot enter"));
  }
}
