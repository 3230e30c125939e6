// parity solve: the exact solver on each position of an OBF file, checked
// against the move scores the file lists.

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <sstream>
#include <iostream>

#include "commands.hpp"
#include "positions_file.hpp"
#include "subcommand_flags.hpp"
#include "parity/core/file_io.hpp"
#include "parity/core/progress.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/shard.hpp"
#include "parity/engine/engine.hpp"
#include "parity/engine/memory.hpp"
#include "parity/search/endgame.hpp"
#include "parity/search/probcut.hpp"

namespace parity::app {

namespace po = boost::program_options;

namespace {

// Empty when the result agrees with the listed scores, else what differs.
std::string check(const ObfLine& obf, const SolveResult& r, bool wld) {
  if (obf.move_scores.empty()) return {};
  int best = -65;
  for (const auto& [m, s] : obf.move_scores) best = std::max(best, s);
  auto sign = [](int v) { return (v > 0) - (v < 0); };
  const int expected = wld ? sign(best) : best;
  if (r.score != expected)
    return "score " + std::to_string(r.score) + " but the file says " + std::to_string(expected);
  for (const auto& [m, s] : obf.move_scores)
    if (m == r.best && (wld ? sign(s) == sign(best) : s == best)) return {};
  return "move " + move_name(r.best) + " is not among the file's best moves";
}

// How a selective answer fares against the file's exact move scores: how
// many discs its move gives up against the best one (-1: the move is not
// listed) and how far its score is from the true one.
struct SelectiveCheck {
  bool listed = false;
  int loss = 0;
  int error = 0;
};

SelectiveCheck check_selective(const ObfLine& obf, const SolveResult& r) {
  SelectiveCheck c;
  int best = -65;
  for (const auto& [m, s] : obf.move_scores) best = std::max(best, s);
  c.error = r.score - best;
  for (const auto& [m, s] : obf.move_scores)
    if (m == r.best) {
      c.listed = true;
      c.loss = best - s;
    }
  return c;
}

std::string signed_score(int s) {
  char text[8];
  std::snprintf(text, sizeof text, "%+d", s);
  return s == 0 ? "0" : text;
}

}  // namespace

int run_solve(const Args& args) {
  po::options_description flags("solve options");
  flags.add_options()("help,h", "show this help")("threads", po::value<int>()->default_value(1), "search threads")(
      "hash", po::value<int>()->default_value(256), "transposition table size in MB")(
      "wld", "prove only win, draw or loss (score -1, 0 or +1)")(
      "selectivity", po::value<int>(),
      "N: a selective solve instead, the probcut ladder up to confidence level N (1..5: t = 1.1, 1.5, 2.0, 2.6, "
      "3.3) as in play; under 20 empties the solve is exact")("json", "one JSON object a line")(
      "shard", po::value<std::string>(), "K/N: solve only the lines whose 0-based index i has i mod N = K-1");
  po::options_description hidden;
  hidden.add_options()("input", po::value<std::string>(), "file");
  po::options_description all;
  all.add(flags).add(hidden);
  po::positional_options_description positional;
  positional.add("input", 1);
  const char* usage =
      "usage: parity solve <file.obf | -> [--threads N] [--hash MB] [--wld | --selectivity N] [--json] [--shard K/N]\n";
  po::variables_map vm;
  if (auto done = parse_subcommand_flags("solve", args, flags, all, positional, usage, vm)) return *done;
  if (!vm.count("input")) return usage_error("solve", "missing input file ('-' reads standard input)");
  const int threads = vm["threads"].as<int>();
  const int hash_mb = vm["hash"].as<int>();
  if (threads < 1 || threads > kMaxSolverThreads) {
    std::cerr << "parity solve: --threads must be 1.." << kMaxSolverThreads << "\n";
    return 2;
  }
  if (hash_mb < 1 || hash_mb > (1 << 20)) {
    std::cerr << "parity solve: --hash must be 1..1048576 MB\n";
    return 2;
  }
  Shard shard;
  if (vm.count("shard")) {
    const auto parsed = parse_shard(vm["shard"].as<std::string>());
    if (!parsed) {
      std::cerr << "parity solve: --shard must be K/N with 1 <= K <= N\n";
      return 2;
    }
    shard = *parsed;
  }
  const bool wld = vm.count("wld") > 0, json = vm.count("json") > 0;
  const int selectivity = vm.count("selectivity") ? vm["selectivity"].as<int>() : 0;
  if (vm.count("selectivity") && (selectivity < 1 || selectivity > search::kMaxSelectivity)) {
    std::cerr << "parity solve: --selectivity must be 1.." << search::kMaxSelectivity << "\n";
    return 2;
  }
  if (wld && selectivity) return usage_error("solve", "--wld and --selectivity do not go together");
  const std::string input = vm["input"].as<std::string>();
  std::istringstream file;
  if (input != "-") {
    auto text = read_file(input, kMaxTextFileBytes, "positions file");
    if (!text) {
      std::cerr << "parity solve: " << text.error().message << "\n";
      return 2;
    }
    file.str(std::move(*text));
  }
  std::istream& in = input == "-" ? std::cin : file;

  if (const auto problem = engine::hash_room_problem(static_cast<std::size_t>(hash_mb), 0,
                                                    engine::defaults::kHashReserveMb, engine::available_memory)) {
    std::cerr << "parity solve: --hash " << hash_mb << " MB refused: " << *problem << "\n";
    return 2;
  }
  TranspositionTable tt(static_cast<std::size_t>(hash_mb));
  if (tt.megabytes() < static_cast<std::size_t>(hash_mb))
    std::cerr << "parity solve: could not allocate " << hash_mb << " MB; solving with a table of " << tt.megabytes()
              << " MB\n";
  Solver solver(tt);
  SolveOptions options;
  options.threads = threads;
  options.wld = wld;
  options.selective_only = selectivity > 0;
  options.ladder_last = selectivity;

  int solved = 0, mismatches = 0, bad_lines = 0;
  int judged = 0, best_moves = 0, total_loss = 0, total_error = 0;  // selective answers against the file
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  if (!json) std::printf("%5s %7s %5s %6s %14s %10s %12s  %s\n", "#", "empties", "move", "score", "nodes", "time(s)", "nodes/s", "check");
  // A file's positions are counted first; standard input has no total.
  Progress progress;
  const std::size_t to_solve = input == "-" ? 0 : count_positions(file.str(), shard, '%');
  std::string line;
  for (int index = 0; std::getline(in, line); ++index) {
    if (!shard.keeps(static_cast<std::size_t>(index))) continue;
    if (!holds_position(line, '%')) continue;
    const auto obf = parse_obf(line);
    if (!obf) {
      progress.finish();
      std::cerr << "parity solve: line " << index + 1 << ": " << obf.error().message << "\n";
      ++bad_lines;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const SolveResult r = solver.solve(obf->position.board, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // A selective answer is measured, not checked: missing is what it may do.
    const bool selective = r.selectivity > 0;
    const std::string problem = selective ? std::string() : check(*obf, r, wld);
    std::string verdict = obf->move_scores.empty() ? "-" : problem.empty() ? "ok" : "MISMATCH";
    if (selective && !obf->move_scores.empty()) {
      const SelectiveCheck c = check_selective(*obf, r);
      verdict = (!c.listed ? std::string("unlisted") : c.loss == 0 ? std::string("best") : "loses " + std::to_string(c.loss)) +
                ", error " + signed_score(c.error);
      if (c.listed) {
        ++judged;
        best_moves += c.loss == 0;
        total_loss += c.loss;
        total_error += std::abs(c.error);
      }
    }
    const double nps = seconds > 0 ? r.nodes / seconds : 0.0;
    ++solved;
    mismatches += !problem.empty();
    total_nodes += r.nodes;
    total_seconds += seconds;
    const int empties = obf->position.board.empties();
    progress.finish();
    if (json) {
      const std::string board = board_string(obf->position);
      std::string pv;
      for (Move m : r.pv) pv += (pv.empty() ? "\"" : ",\"") + move_name(m) + "\"";
      std::printf(
          "{\"index\":%d,\"board\":\"%s\",\"side\":\"%c\",\"empties\":%d,\"move\":\"%s\",\"score\":%d,\"exact\":%s,"
          "\"selectivity\":%d,\"wld\":%s,\"pv\":[%s],\"nodes\":%llu,\"time_ms\":%.1f,\"nps\":%.0f,\"check\":\"%s\"}\n",
          index, board.substr(0, 64).c_str(), board.back(), empties, move_name(r.best).c_str(), r.score,
          selective ? "false" : "true", r.selectivity, wld ? "true" : "false", pv.c_str(),
          static_cast<unsigned long long>(r.nodes), seconds * 1000, nps,
          obf->move_scores.empty() ? "none" : selective ? verdict.c_str() : problem.empty() ? "ok" : "mismatch");
    } else {
      std::printf("%5d %7d %5s %6s %14llu %10.3f %12.0f  %s\n", index + 1, empties, move_name(r.best).c_str(),
                  signed_score(r.score).c_str(), static_cast<unsigned long long>(r.nodes), seconds, nps, verdict.c_str());
    }
    if (!problem.empty()) std::cerr << "parity solve: line " << index + 1 << ": mismatch: " << problem << "\n";
    std::fflush(stdout);
    if (to_solve > 0) {
      const std::size_t done = static_cast<std::size_t>(solved + bad_lines);
      char detail[96];
      std::snprintf(detail, sizeof detail, "%zu/%zu positions, %.1f M nodes/s", done, to_solve,
                    total_seconds > 0 ? total_nodes / total_seconds / 1e6 : 0.0);
      progress.update("solve", static_cast<double>(done) / static_cast<double>(to_solve), detail);
    }
  }
  progress.finish();
  char total[256];
  std::snprintf(total, sizeof total, "total: %d positions, %llu nodes, %.3f s, %.0f nodes/s, %d threads, %d mismatches\n",
                solved, static_cast<unsigned long long>(total_nodes), total_seconds,
                total_seconds > 0 ? total_nodes / total_seconds : 0.0, threads, mismatches);
  (json ? std::cerr : std::cout) << total;
  if (selectivity && judged) {
    char summary[256];
    std::snprintf(summary, sizeof summary,
                  "selective answers against the file: %d of %d best moves, %.2f discs lost a move, %.2f discs of score error\n",
                  best_moves, judged, static_cast<double>(total_loss) / judged, static_cast<double>(total_error) / judged);
    (json ? std::cerr : std::cout) << summary;
  }
  if (bad_lines) std::cerr << "parity solve: " << bad_lines << " malformed lines\n";
  return mismatches || bad_lines ? 1 : 0;
}

}  // namespace parity::app
