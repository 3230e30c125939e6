#include "parity/engine/bench.hpp"

#include "parity/search/bench.hpp"

namespace parity::engine {

void bench_report(const std::function<void(const std::string&)>& out, const std::atomic<bool>* stop) {
  const search::BenchResult result = search::run_bench(out, stop);
  if (result.stopped) {
    out("bench stopped after " + std::to_string(result.positions) + " of " + std::to_string(search::kBenchPositions) +
        " positions");
    return;
  }
  out("Nodes searched: " + std::to_string(result.nodes));
  out("Nodes/second: " + std::to_string(result.nodes_per_second));
}

}  // namespace parity::engine
