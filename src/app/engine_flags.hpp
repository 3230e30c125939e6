#pragma once
// Command-line flags made from the engine's options registry: every option
// is also a flag, its name in lower case (Hash -> --hash).

#include <boost/program_options.hpp>
#include <optional>
#include <string>

#include "parity/engine/engine.hpp"

namespace parity::app {

void add_engine_flags(boost::program_options::options_description& flags, const engine::Options& options);
// Sets the options given on the command line; the first error, if any.
std::optional<std::string> apply_engine_flags(const boost::program_options::variables_map& vm, engine::Engine& engine);

}  // namespace parity::app
