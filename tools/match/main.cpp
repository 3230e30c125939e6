// parity-match: engine-vs-engine Othello tournaments (see cli.hpp).

#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "parity/core/cpu.hpp"
#include "cli.hpp"
#include "interrupt.hpp"
#include "parity/core/file_io.hpp"
#include "tournament.hpp"

#ifndef PARITY_VERSION
#define PARITY_VERSION "dev"
#endif

int main(int argc, char** argv) {
  if (const auto mismatch = parity::cpu_mismatch("parity-match")) {
    std::cerr << *mismatch << "\n";
    return 1;
  }
  parity::ignore_file_size_signal();
  using namespace parity::match;
  auto cl = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (!cl) {
    std::cerr << "parity-match: " << cl.error().message << "\n";
    return 2;
  }
  if (cl->action == CommandLine::Action::kHelp || argc == 1) {
    std::cout << usage();
    return 0;
  }
  if (cl->action == CommandLine::Action::kVersion) {
    std::cout << "parity-match " << PARITY_VERSION << "\n";
    return 0;
  }
  if (!cl->notice.empty()) std::cerr << "parity-match: " << cl->notice << "\n";
  cl->config.live_progress = ::isatty(STDOUT_FILENO);
  install_interrupt_handler();
  return run_tournament(cl->config, std::cout, std::cerr);
}
