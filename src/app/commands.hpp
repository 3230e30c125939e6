#pragma once
// The subcommands of the `parity` program. Each lives in its own file and
// parses its own flags with Boost.Program_options.

#include <string>
#include <vector>

namespace parity::app {

using Args = std::vector<std::string>;

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const Args& args);  // args after the subcommand name; returns the exit status
};

const std::vector<Command>& commands();

int run_perft(const Args& args);
int run_solve(const Args& args);
int run_analyze(const Args& args);
int run_bench(const Args& args);

}  // namespace parity::app
