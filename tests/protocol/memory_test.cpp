#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>

#include "harness.hpp"
#include "program.hpp"
#include "parity/engine/memory.hpp"
#include "parity/search/tt.hpp"

// The Hash option bounds the engine's memory: the real program, run as a
// host runs it, must stay within Hash plus a fixed overhead at any thread
// count, and a Hash the machine cannot give is refused with the old table
// kept.

using namespace parity;
using namespace parity::test;

namespace {

// Resident memory of the program beyond its hash table: 19-21 MB measured
// here at 1, 2 and 4 threads (docs/hardening.md); the bound leaves 3 MB
// for other builds of the C++ library.
constexpr std::uint64_t kOverheadMb = 24;

// FFO #40, 20 empties: the parallel solver takes it.
const std::string kEndgame = "position board O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

// Runs a solver search at `threads` with `hash_mb`; returns VmHWM in MB.
std::uint64_t peak_after_search(int threads, int hash_mb) {
  Program p;
  p.send("setoption name Threads value " + std::to_string(threads));
  p.send("setoption name Hash value " + std::to_string(hash_mb));
  p.send(kEndgame);
  p.send("go movetime 1500");
  const Lines lines = p.until("bestmove");
  for (const auto& l : lines) CHECK_MESSAGE(!starts_with(l, "info string error"), l);
  const std::uint64_t peak = p.status_mb("VmHWM");
  CHECK(p.quit() == 0);
  return peak;
}

std::optional<engine::MemoryLimit> pretend(std::uint64_t mb) { return engine::MemoryLimit{mb << 20, "a test probe"}; }

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("memory: peak resident memory stays within Hash plus the fixed overhead at 1, 2 and 4 threads") {
    if (kSanitized) {
      MESSAGE("skipped under the sanitizers");
      return;
    }
    for (int threads : {1, 2, 4}) {
      for (int hash : {1, 64, 256}) {
        CAPTURE(threads);
        CAPTURE(hash);
        const std::uint64_t peak = peak_after_search(threads, hash);
        MESSAGE("threads ", threads, ", Hash ", hash, " MB: VmHWM ", peak, " MB");
        CHECK(peak <= static_cast<std::uint64_t>(hash) + kOverheadMb);
        // The table is really there (it is written when allocated).
        CHECK(peak >= TranspositionTable::table_bytes(static_cast<std::size_t>(hash)) >> 20);
      }
    }
  }

  TEST_CASE("memory: the old table is freed before the new one is allocated") {
    if (kSanitized) {
      MESSAGE("skipped under the sanitizers");
      return;
    }
    Program p;
    p.send("setoption name Hash value 256");
    p.send("setoption name Hash value 320");
    p.send("isready");
    p.until("readyok");
    // Both at once would be 576 MB.
    CHECK(p.status_mb("VmHWM") <= 320 + kOverheadMb);
    CHECK(p.quit() == 0);
  }

  TEST_CASE("memory: a Hash larger than the machine can give is one error line, the old table kept") {
    Program p;
    p.send("setoption name Hash value 32");
    p.send("isready");
    p.until("readyok");
    const auto available = engine::available_memory();
    REQUIRE(available.has_value());
    if (available->bytes < (std::uint64_t{32768} << 20)) {
      p.send("setoption name Hash value 32768");
      p.send("isready");
      const Lines lines = p.until("readyok");
      REQUIRE(lines.size() == 2);
      CHECK(starts_with(lines[0], "info string error: Hash 32768 MB refused: "));
      CHECK(lines[0].find("Hash stays 32 MB") != std::string::npos);
      if (!kSanitized) CHECK(p.status_mb("VmHWM") <= 32 + kOverheadMb);
    } else {
      MESSAGE("this machine can give 32 GB: the refusal is tested with a probe below");
    }
    // The session goes on with the old table.
    p.send("position startpos");
    p.send("go depth 3");
    p.until("bestmove");
    CHECK(p.quit() == 0);
  }

  TEST_CASE("memory: the Hash option asks the memory probe; refused sizes change nothing") {
    {
      // Refused before the first search: that search still gets the default size.
      engine::Engine e;
      e.set_memory_probe([] { return pretend(300); });
      CHECK(e.set_option("Hash", "4096").has_value());
      CHECK(e.options().value("Hash") == std::to_string(engine::defaults::kHashMb));
      e.new_game();
      CHECK(e.hash_mb() == static_cast<std::size_t>(engine::defaults::kHashMb));
    }
    engine::Engine e;
    e.set_memory_probe([] { return pretend(200); });
    CHECK(!e.set_option("Hash", "64"));
    CHECK(e.hash_mb() == 64);
    // 64 MB now in the table count as free: 200 + 64 - the reserve.
    const int most = 200 + 64 - engine::defaults::kHashReserveMb;
    CHECK(!e.set_option("Hash", std::to_string(most)));
    CHECK(e.hash_mb() == static_cast<std::size_t>(most));
    const auto refused = e.set_option("Hash", std::to_string(most + 200 + 1));
    REQUIRE(refused.has_value());
    CHECK(refused->message == "Hash " + std::to_string(most + 201) + " MB refused: a test probe leaves room for " +
                                  std::to_string(200 + most) + " MB, and " +
                                  std::to_string(engine::defaults::kHashReserveMb) +
                                  " MB are kept for the rest of the engine; Hash stays " +
                                  std::to_string(most) + " MB");
    CHECK(e.hash_mb() == static_cast<std::size_t>(most));
    CHECK(e.options().value("Hash") == std::to_string(most));
    // Shrinking needs no memory, whatever the probe says.
    e.set_memory_probe([] { return pretend(0); });
    CHECK(!e.set_option("Hash", "8"));
    CHECK(e.hash_mb() == 8);
    // A machine that says nothing about its memory gets what it asks for.
    e.set_memory_probe([] { return std::optional<engine::MemoryLimit>(); });
    CHECK(!e.set_option("Hash", "33"));
    CHECK(e.hash_mb() == 33);
  }

  TEST_CASE("memory: /proc/meminfo and cgroup limits are read") {
    CHECK(engine::parse_meminfo_available("MemTotal:       24684000 kB\nMemFree:        23000000 kB\n"
                                          "MemAvailable:   23705948 kB\nBuffers: 1 kB\n") ==
          std::uint64_t{23705948} * 1024);
    CHECK(!engine::parse_meminfo_available("MemTotal: 1 kB\n"));
    CHECK(!engine::parse_meminfo_available("MemAvailable: lots kB\n"));
    CHECK(engine::parse_cgroup_limit("536870912\n") == std::uint64_t{536870912});
    CHECK(!engine::parse_cgroup_limit("max\n"));
    CHECK(!engine::parse_cgroup_limit("9223372036854771712\n"));  // cgroup v1's "no limit"
    CHECK(!engine::parse_cgroup_limit(""));
    const auto here = engine::available_memory();
    REQUIRE(here.has_value());
    CHECK(here->bytes > 0);
  }
}
