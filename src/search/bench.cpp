#include "parity/search/bench.hpp"

#include <atomic>
#include <chrono>
#include <string_view>

#include "parity/core/notation.hpp"
#include "parity/search/search.hpp"

namespace parity::search {

namespace {

// Midgame positions from real openings, searched to a fixed depth.
constexpr std::string_view kBenchLines[] = {
    "f5d6c3d3c4f4f6f3e6e7",
    "f5f6e6f4e3c5c4e7b4d3",
    "f5d6c5f4e3f6d3e6g5c4",
    "d3c5f6f5e6e3d6f7b6d7e2c6",
};
constexpr int kBenchDepth = 6;

}  // namespace

BenchResult run_bench(const std::function<void(const std::string&)>& on_line) {
  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  for (std::string_view line : kBenchLines) {
    auto transcript = play_transcript(line);
    if (!transcript) continue;
    Search search;
    search.set_hash_mb(16);
    search.set_threads(1);
    Limits limits;
    limits.depth = kBenchDepth;
    std::atomic<bool> stop{false};
    const Result r = search.run(transcript->end.board, limits, stop, {});
    total.nodes += r.nodes;
    if (on_line) on_line(std::string(line) + ": " + move_name(r.best) + " nodes " + std::to_string(r.nodes));
  }
  total.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  total.nodes_per_second = total.time_ms > 0 ? total.nodes * 1000 / total.time_ms : total.nodes;
  return total;
}

}  // namespace parity::search
