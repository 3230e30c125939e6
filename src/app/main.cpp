#include <boost/program_options.hpp>
#include <csignal>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "engine_flags.hpp"
#include "subcommand_flags.hpp"
#include "parity/core/cpu.hpp"
#include "parity/core/file_io.hpp"
#include "parity/engine/engine.hpp"
#include "parity/protocol/output.hpp"
#include "parity/protocol/session.hpp"

namespace {

namespace po = boost::program_options;

void print_usage(std::ostream& out, const po::options_description& flags) {
  out << "usage: parity [options]            read protocol commands (UCI-style, NBoard or GTP) on standard input\n"
         "       parity <command> [options]  run one command; parity <command> --help for its options\n\n"
         "commands:\n";
  for (const auto& c : parity::app::commands()) out << "  " << c.name << ": " << c.summary << "\n";
  out << "\n" << flags;
}

}  // namespace

int main(int argc, char** argv) {
  if (const auto mismatch = parity::cpu_mismatch("parity")) {
    std::cerr << *mismatch << "\n";
    return 1;
  }
  parity::ignore_file_size_signal();
  // A host that goes away must not kill the engine in the middle of a write.
  std::signal(SIGPIPE, SIG_IGN);
  if (argc >= 2 && argv[1][0] != '-') {
    const std::string first = argv[1];
    for (const auto& c : parity::app::commands())
      if (first == c.name) return c.run(parity::app::Args(argv + 2, argv + argc));
  }

  parity::engine::Engine engine;
  po::options_description flags("options");
  flags.add_options()("help,h", "show this help")("version,v", "show the version")(
      "protocol", po::value<std::string>()->value_name("name")->default_value("auto"),
      "auto (the first command decides), uci (also ugi), nboard or gtp");
  parity::app::add_engine_flags(flags, engine.options());
  if (argc >= 2 && argv[1][0] != '-') return parity::app::usage_error("", std::string("unknown command '") + argv[1] + "'");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(flags).positional({}).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return parity::app::usage_error("", e.what());
  }
  if (vm.count("help")) {
    print_usage(std::cout, flags);
    return 0;
  }
  if (vm.count("version")) {
    std::cout << parity::engine::kName << " " << parity::engine::version() << "\n";
    return 0;
  }
  const auto kind = parity::protocol::parse_protocol_kind(vm["protocol"].as<std::string>());
  if (!kind) return parity::app::usage_error("", kind.error().message);
  if (auto error = parity::app::apply_engine_flags(vm, engine)) {
    std::cerr << "parity: " << *error << "\n";
    return 2;
  }
  parity::protocol::Output out(std::cout, &engine.log());
  auto protocol = parity::protocol::make_protocol(*kind, engine, out);
  parity::protocol::run_session(std::cin, *protocol, engine.log());
  return 0;
}
