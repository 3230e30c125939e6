#include "parity/search/bench.hpp"

#include <atomic>
#include <chrono>
#include <iterator>
#include <string_view>

#include "parity/core/notation.hpp"
#include "parity/search/search.hpp"

namespace parity::search {

namespace {

// Positions from two real games (eOthello) at 48, 40, 32, 24 and 16
// empties, searched to a fixed depth; at this depth the last one is handed
// to the exact solver (level table), so the bench covers both searches.
constexpr std::string_view kBenchLines[] = {
    "f5d6c4d3e6f4e3f6c5b4e7f3",
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5",
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8",
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2",
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2",
    "d3c5f6f5e6e3d6f7b6d7e2c6",
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2",
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2",
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1",
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1",
};
static_assert(std::size(kBenchLines) == kBenchPositions);
constexpr int kBenchDepth = 10;

}  // namespace

BenchResult run_bench(const std::function<void(const std::string&)>& on_line, const std::atomic<bool>* stop) {
  BenchResult total;
  const std::atomic<bool> never{false};
  const std::atomic<bool>& halt = stop ? *stop : never;
  const auto start = std::chrono::steady_clock::now();
  for (std::string_view line : kBenchLines) {
    if (halt.load()) {
      total.stopped = true;
      break;
    }
    auto transcript = play_transcript(line);
    if (!transcript) continue;  // the list is fixed and tested; never taken
    Search search;
    search.set_hash_mb(16);
    search.set_threads(1);
    Limits limits;
    limits.depth = kBenchDepth;
    const Result r = search.run(transcript->end.board, limits, halt, {});
    total.nodes += r.nodes;
    if (halt.load()) {
      total.stopped = true;
      break;
    }
    ++total.positions;
    if (on_line) on_line(std::string(line) + ": " + move_name(r.best) + " nodes " + std::to_string(r.nodes));
  }
  total.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  total.nodes_per_second = total.time_ms > 0 ? total.nodes * 1000 / total.time_ms : total.nodes;
  return total;
}

}  // namespace parity::search
