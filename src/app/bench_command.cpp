#include <iostream>

#include "commands.hpp"
#include "parity/engine/bench.hpp"

namespace parity::app {

int run_bench(const Args& args) {
  if (!args.empty()) {
    const bool help = args[0] == "--help" || args[0] == "-h";
    (help ? std::cout : std::cerr) << "usage: parity bench\n"
                                   << "Searches the fixed bench positions and prints the node count (the bench "
                                      "signature) and the speed.\n";
    return help ? 0 : 2;
  }
  engine::bench_report([](const std::string& line) { std::cout << line << "\n"; });
  return 0;
}

}  // namespace parity::app
