#pragma once
// The bench signature: a fixed search over fixed positions (fixed depth, one
// thread, 16 MB hash) whose node count identifies the search's behaviour.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace parity::search {

inline constexpr int kBenchPositions = 10;

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::uint64_t nodes_per_second = 0;
  int positions = 0;     // searched to the end
  bool stopped = false;  // `stop` ended it: the node count is not the signature
};

// Runs the bench; `on_line` gets one human-readable line per position.
// `stop` (when given) ends it at once, from another thread.
BenchResult run_bench(const std::function<void(const std::string&)>& on_line = {},
                      const std::atomic<bool>* stop = nullptr);

}  // namespace parity::search
