#include <boost/program_options.hpp>
#include <cmath>
#include <sstream>
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "positions_file.hpp"
#include "subcommand_flags.hpp"
#include "engine_flags.hpp"
#include "parity/core/file_io.hpp"
#include "parity/core/progress.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/shard.hpp"
#include "parity/engine/engine.hpp"

namespace parity::app {

namespace po = boost::program_options;

namespace {

constexpr double kDefaultSeconds = 1.0;  // per position when neither --depth nor --time is given

// A board string, an OBF line or a transcript from the start position.
Expected<Position> read_position(const std::string& line) {
  if (auto obf = parse_obf(line)) return obf->position;
  auto transcript = play_transcript(line);
  if (transcript) return transcript->end;
  return Error{"neither a board, an OBF line nor a transcript: " + transcript.error().message};
}

std::string json_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') out += std::string("\\") + c;
    else if (u < 32 || u >= 127) out += '?';
    else out += c;
  }
  return out;
}

// Discs with up to two decimals: 4, -1.5, 0.25.
std::string score_number(int centi, bool exact) {
  if (exact) return std::to_string(centi / 100);
  std::string s = std::to_string(std::abs(centi) / 100);
  const int frac = std::abs(centi) % 100;
  if (frac) {
    s += frac < 10 ? ".0" : ".";
    s += std::to_string(frac % 10 == 0 ? frac / 10 : frac);
  }
  return (centi < 0 ? "-" : "") + s;
}

std::string result_line(std::size_t index, const Position& p, const search::Result& r, bool json) {
  const std::string board = board_string(p);
  if (!json) {
    std::string line = std::to_string(index) + ": " + move_name(r.best) + " " + score_number(r.score, r.exact) +
                       (r.exact ? " exact" : "") + " depth " + std::to_string(r.depth) + " pv";
    for (Move m : r.pv) {
      line += ' ';
      line += move_name(m);
    }
    return line;
  }
  std::string pv;
  for (Move m : r.pv) pv += std::string(pv.empty() ? "" : ",") + "\"" + move_name(m) + "\"";
  return "{\"index\":" + std::to_string(index) + ",\"board\":\"" + board.substr(0, 64) + "\",\"side\":\"" +
         board.substr(65) + "\",\"empties\":" + std::to_string(p.board.empties()) + ",\"move\":\"" +
         move_name(r.best) + "\",\"score\":" + score_number(r.score, r.exact) + ",\"exact\":" +
         (r.exact ? "true" : "false") + ",\"depth\":" + std::to_string(r.depth) + ",\"pv\":[" + pv +
         "],\"nodes\":" + std::to_string(r.nodes) + ",\"time_ms\":" + std::to_string(r.time_ms) + "}";
}

std::string error_line(std::size_t index, const std::string& message, bool json) {
  if (json) return "{\"index\":" + std::to_string(index) + ",\"error\":\"" + json_escape(message) + "\"}";
  return std::to_string(index) + ": error: " + message;
}

}  // namespace

int run_analyze(const Args& args) {
  engine::Engine engine;
  po::options_description flags("analyze options");
  flags.add_options()("help,h", "show this help")("depth", po::value<int>()->value_name("N"), "search N plies deep")(
      "time", po::value<double>()->value_name("S"), "search S seconds a position (default 1)")(
      "json", "one JSON object a line (docs/protocols.md has its fields)")(
      "shard", po::value<std::string>()->value_name("K/N"), "only the lines whose 0-based index i has i mod N = K-1");
  add_engine_flags(flags, engine.options());
  po::options_description hidden;
  hidden.add_options()("input", po::value<std::string>(), "input");
  po::options_description all;
  all.add(flags).add(hidden);
  po::positional_options_description positional;
  positional.add("input", 1);
  const char* usage =
      "usage: parity analyze <file|-> [--depth N | --time S] [--json] [--shard K/N]\n"
      "Each line is a board (<64 cells> <side>), an OBF line or a transcript (f5d6c3...); one result line each.\n";
  po::variables_map vm;
  if (auto done = parse_subcommand_flags("analyze", args, flags, all, positional, usage, vm)) return *done;
  const auto fail = [](const std::string& message) { return usage_error("analyze", message); };
  if (!vm.count("input")) return fail("missing input file (- for standard input)");
  if (vm.count("depth") && vm.count("time")) return fail("--depth and --time exclude each other");
  Shard shard;
  if (vm.count("shard")) {
    auto s = parse_shard(vm["shard"].as<std::string>());
    if (!s) return fail(s.error().message);
    shard = *s;
  }
  if (auto e = apply_engine_flags(vm, engine)) return fail(*e);
  search::Limits limits = engine.default_limits();
  if (vm.count("depth")) {
    const int depth = vm["depth"].as<int>();
    if (depth < 1 || depth > 60) return fail("--depth must be 1..60");
    limits.depth = depth;
  } else {
    const double seconds = vm.count("time") ? vm["time"].as<double>() : kDefaultSeconds;
    if (!(seconds > 0) || seconds > 1e6) return fail("--time must be a positive number of seconds");
    limits.movetime_ms = std::max<std::int64_t>(1, std::llround(seconds * 1000));
  }
  const std::string input = vm["input"].as<std::string>();
  std::istringstream file;
  if (input != "-") {
    auto text = read_file(input, kMaxTextFileBytes, "positions file");
    if (!text) {
      std::cerr << "parity analyze: " << text.error().message << "\n";
      return 1;
    }
    file.str(std::move(*text));
  }
  std::istream& in = input == "-" ? std::cin : file;
  const bool json = vm.count("json") > 0;

  search::Result found;
  engine.on_bestmove([&found](const engine::BestMove& b) { found = b.result; });
  int errors = 0;
  // A file's positions are counted first; standard input has no total.
  Progress progress;
  const std::size_t to_analyze = input == "-" ? 0 : count_positions(file.str(), shard, '#');
  std::size_t done = 0;
  std::uint64_t nodes = 0;
  std::int64_t ms = 0;
  std::string line;
  for (std::size_t index = 0; std::getline(in, line); ++index) {
    if (!shard.keeps(index)) continue;
    if (!holds_position(line, '#')) continue;
    auto position = read_position(line);
    progress.finish();
    if (!position) {
      ++errors;
      std::cout << error_line(index, position.error().message, json) << std::endl;
    } else {
      engine.analyze(limits, {*position});
      engine.wait();
      std::cout << result_line(index, *position, found, json) << std::endl;
      nodes += found.nodes;
      ms += found.time_ms;
    }
    if (to_analyze > 0) {
      char detail[96];
      std::snprintf(detail, sizeof detail, "%zu/%zu positions, %.1f M nodes/s", ++done, to_analyze,
                    ms > 0 ? static_cast<double>(nodes) / static_cast<double>(ms) / 1e3 : 0.0);
      progress.update("analyze", static_cast<double>(done) / static_cast<double>(to_analyze), detail);
    }
  }
  progress.finish();
  return errors ? 1 : 0;
}

}  // namespace parity::app
