#include "engine_flags.hpp"

#include <cctype>

namespace parity::app {

namespace po = boost::program_options;

namespace {

std::string flag_name(const std::string& option) {
  std::string out;
  for (char c : option) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

void add_engine_flags(po::options_description& flags, const engine::Options& options) {
  for (const auto& o : options.all()) {
    if (o.type == engine::OptionType::kButton) continue;
    std::string help = o.help;
    if (o.type == engine::OptionType::kSpin)
      help += " (" + std::to_string(o.min) + "-" + std::to_string(o.max) + ", default " + o.default_value + ")";
    flags.add_options()(flag_name(o.name).c_str(), po::value<std::string>()->value_name("value"), help.c_str());
  }
}

std::optional<std::string> apply_engine_flags(const po::variables_map& vm, engine::Engine& engine) {
  for (const auto& o : engine.options().all()) {
    const std::string name = flag_name(o.name);
    if (!vm.count(name)) continue;
    if (auto e = engine.set_option(o.name, vm[name].as<std::string>())) return "--" + name + ": " + e->message;
  }
  return std::nullopt;
}

}  // namespace parity::app
