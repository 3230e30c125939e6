#pragma once
// The bench signature as the `bench` command prints it.

#include <atomic>
#include <functional>
#include <string>

namespace parity::engine {

// Runs search::run_bench and reports one line per position, then
// "Nodes searched: N" and "Nodes/second: N"; stopped by `stop`, one line
// "bench stopped after N of M positions" instead (no signature).
void bench_report(const std::function<void(const std::string&)>& out, const std::atomic<bool>* stop = nullptr);

}  // namespace parity::engine
