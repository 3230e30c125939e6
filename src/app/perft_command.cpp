#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "subcommand_flags.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/perft.hpp"

namespace parity::app {

namespace po = boost::program_options;

int run_perft(const Args& args) {
  po::options_description flags("perft options");
  flags.add_options()("help,h", "show this help")("passes", po::value<std::string>()->default_value("ply"),
                                                  "ply: a forced pass counts as a ply; skip: it does not")(
      "board", "<64 cells> <side>: start from this position instead of the start position");
  po::options_description hidden;
  hidden.add_options()("depth", po::value<int>(), "depth");
  po::options_description all;
  all.add(flags).add(hidden);
  po::positional_options_description positional;
  positional.add("depth", 1);
  const char* usage = "usage: parity perft <depth> [--passes ply|skip] [--board <64 cells> <side>]\n";
  // A board string may begin with '-' (an empty a1), so --board takes its
  // two words before Program_options could read them as flags.
  Args rest;
  std::vector<std::string> board_words;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--board") {
      // Either two words, or one quoted word holding both.
      const std::size_t words = (i + 1 < args.size() && args[i + 1].find(' ') != std::string::npos) ? 1 : 2;
      for (std::size_t k = 1; k <= words && i + k < args.size(); ++k) board_words.push_back(args[i + k]);
      i += words;
    } else {
      rest.push_back(args[i]);
    }
  }
  po::variables_map vm;
  if (auto done = parse_subcommand_flags("perft", rest, flags, all, positional, usage, vm)) return *done;
  if (!vm.count("depth")) return usage_error("perft", "missing depth");
  const int depth = vm["depth"].as<int>();
  if (depth < 0 || depth > 60) {
    std::cerr << "parity perft: depth must be 0..60\n";
    return 2;
  }
  PassRule rule;
  const std::string passes = vm["passes"].as<std::string>();
  if (passes == "ply") rule = PassRule::kPly;
  else if (passes == "skip") rule = PassRule::kSkip;
  else {
    std::cerr << "parity perft: --passes must be ply or skip, not '" << passes << "'\n";
    return 2;
  }
  Position position = Position::start();
  if (args.end() != std::find(args.begin(), args.end(), "--board")) {
    if (board_words.empty()) {
      std::cerr << "parity perft: --board takes <64 cells> <side>\n";
      return 2;
    }
    auto parsed = board_words.size() == 2 ? parse_board(board_words[0], board_words[1]) : parse_board_line(board_words[0]);
    if (!parsed) {
      std::cerr << "parity perft: " << parsed.error().message << "\n";
      return 2;
    }
    position = *parsed;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t leaves = perft(position.board, depth, rule);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("perft %d: %llu leaves, %.3f s, %.0f leaves/s (%s kernel, passes %s)\n", depth,
              static_cast<unsigned long long>(leaves), seconds, seconds > 0 ? leaves / seconds : 0.0, kKernelName,
              passes.c_str());
  return 0;
}

}  // namespace parity::app
