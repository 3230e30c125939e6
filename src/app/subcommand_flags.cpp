#include "subcommand_flags.hpp"

#include <iostream>

namespace parity::app {

namespace po = boost::program_options;

int usage_error(const std::string& command, const std::string& message) {
  const std::string program = command.empty() ? "parity" : "parity " + command;
  std::cerr << program << ": " << message << " ('" << program << " --help' lists the "
            << (command.empty() ? "commands and options" : "options") << ")\n";
  return 2;
}

std::optional<int> parse_subcommand_flags(const std::string& command, const Args& args,
                                          const po::options_description& shown, const po::options_description& all,
                                          const po::positional_options_description& positional,
                                          const std::string& usage, po::variables_map& vm) {
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usage_error(command, e.what());
  }
  if (vm.count("help")) {
    std::cout << usage << shown;
    return 0;
  }
  return std::nullopt;
}

}  // namespace parity::app
