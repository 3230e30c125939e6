#pragma once
// The bench signature as the `bench` command prints it.

#include <functional>
#include <string>

namespace parity::engine {

// Runs search::run_bench and reports one line per position, then
// "Nodes searched: N" and "Nodes/second: N".
void bench_report(const std::function<void(const std::string&)>& out);

}  // namespace parity::engine
