#include <cstring>
#include <iostream>
#include <string>

#include "commands.hpp"

#ifndef PARITY_VERSION
#define PARITY_VERSION "dev"
#endif

namespace {

void print_usage(std::ostream& out) {
  out << "usage: parity [--version] [--help] | parity <command> [options]\n"
         "With no command, Parity reads protocol commands on standard input.\n\ncommands:\n";
  for (const auto& c : parity::app::commands()) out << "  " << c.name << ": " << c.summary << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2) {
    const std::string first = argv[1];
    for (const auto& c : parity::app::commands())
      if (first == c.name) return c.run(parity::app::Args(argv + 2, argv + argc));
    if (first == "--version" || first == "-v") {
      std::cout << "Parity " << PARITY_VERSION << "\n";
      return 0;
    }
    if (first == "--help" || first == "-h") {
      print_usage(std::cout);
      return 0;
    }
    std::cerr << "parity: unknown command '" << first << "'\n";
    print_usage(std::cerr);
    return 2;
  }
  print_usage(std::cerr);
  return 0;
}
