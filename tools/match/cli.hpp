#pragma once
// The command line, cutechess-cli style:
//   parity-match --engine name=A cmd=PATH proto=uci depth=4 --engine ...
//                --each tc=60+0.5 --openings FILE --games 100 ...
// Options take one or two dashes. Engine keys are listed by usage().

#include <string>
#include <string_view>
#include <vector>

#include "parity/core/expected.hpp"
#include "tournament.hpp"

namespace parity::match {

struct CommandLine {
  enum class Action { kRun, kHelp, kVersion } action = Action::kRun;
  TournamentConfig config;
  std::string notice;  // worth telling the user, not an error
};

Expected<CommandLine> parse_command_line(const std::vector<std::string>& args);

// Engines defined in a config file, one a line in --engine's key=value
// syntax ("name=grhino cmd=/usr/games/gtp-rhino arg=-l arg=1 proto=gtp"),
// values with spaces in double quotes, '#' comments.
Expected<std::vector<std::vector<std::string>>> read_engine_config(const std::string& path);
// The words of each engine line of a config file's text.
std::vector<std::vector<std::string>> parse_engine_config(std::string_view text);

std::string usage();

}  // namespace parity::match
