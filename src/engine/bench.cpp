#include "parity/engine/bench.hpp"

#include "parity/search/bench.hpp"

namespace parity::engine {

void bench_report(const std::function<void(const std::string&)>& out) {
  const search::BenchResult result = search::run_bench(out);
  out("Nodes searched: " + std::to_string(result.nodes));
  out("Nodes/second: " + std::to_string(result.nodes_per_second));
}

}  // namespace parity::engine
