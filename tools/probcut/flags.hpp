#pragma once
// Command-line parsing shared by the fitting tools: --help prints the flags,
// a bad flag or value prints the reason and the flags.

#include <iostream>
#include <optional>

#include <boost/program_options.hpp>

namespace parity::probcut_fit {

// Parses argv into the flags' variables; an exit status when the program
// should stop here (0 after --help, 2 after an error).
inline std::optional<int> parse_flags(int argc, char** argv, const boost::program_options::options_description& flags,
                                      const char* program) {
  namespace po = boost::program_options;
  try {
    po::variables_map vm;
    po::store(po::parse_command_line(argc, argv, flags), vm);
    if (vm.count("help")) {
      std::cout << flags;
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << program << ": " << e.what() << "\n" << flags;
    return 2;
  }
  return std::nullopt;
}

}  // namespace parity::probcut_fit
