#pragma once
// The bench signature: a fixed search over fixed positions (fixed depth, one
// thread, 16 MB hash) whose node count identifies the search's behaviour.

#include <cstdint>
#include <functional>
#include <string>

namespace parity::search {

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::uint64_t nodes_per_second = 0;
};

// Runs the bench; `on_line` gets one human-readable line per position.
BenchResult run_bench(const std::function<void(const std::string&)>& on_line = {});

}  // namespace parity::search
