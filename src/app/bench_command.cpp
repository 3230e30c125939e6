#include <iostream>

#include "commands.hpp"
#include "parity/engine/bench.hpp"
#include "subcommand_flags.hpp"

namespace parity::app {

int run_bench(const Args& args) {
  if (!args.empty()) {
    if (args[0] != "--help" && args[0] != "-h") return usage_error("bench", "takes no arguments, not '" + args[0] + "'");
    std::cout << "usage: parity bench\n"
              << "Searches the fixed bench positions and prints the node count (the bench signature) and the speed.\n";
    return 0;
  }
  engine::bench_report([](const std::string& line) { std::cout << line << "\n"; });
  return 0;
}

}  // namespace parity::app
