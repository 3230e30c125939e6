#pragma once
// The flag parsing every batch subcommand shares: parse, answer --help, and
// turn a bad flag into one error line.

#include <boost/program_options.hpp>
#include <optional>
#include <string>

#include "commands.hpp"

namespace parity::app {

// A mistake on the command line: one line on stderr naming the command,
// the mistake and where the options are listed. Returns 2, the status.
// `command` is "" for parity itself.
int usage_error(const std::string& command, const std::string& message);

// Parses `args` into `vm`. Returns an exit status when the command is done
// already (0 after printing --help, 2 after a bad flag), nothing otherwise.
std::optional<int> parse_subcommand_flags(const std::string& command, const Args& args,
                                          const boost::program_options::options_description& shown,
                                          const boost::program_options::options_description& all,
                                          const boost::program_options::positional_options_description& positional,
                                          const std::string& usage, boost::program_options::variables_map& vm);

}  // namespace parity::app
