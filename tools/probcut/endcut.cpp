// parity-endcut-fit: fits the error model of probcut inside the exact
// solver. For positions from WTHOR games with MIN..MAX empties it solves
// the exact score and runs the shallow evaluation search at depths 0..D,
// measures the spread of 100 x score - shallow value per (empties, depth)
// and fits
//   sigma = a + b x empties + c x depth
// by least squares over the cells, weighted by their counts. Writes
// src/search/endcut_table.hpp.
//   parity-endcut-fit --data ../shared/data --positions 600 --min 12 --max 22 --depth 6 --out src/search/endcut_table.hpp

#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "parity/core/file_io.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/endcut.hpp"
#include "parity/search/endgame.hpp"
#include "flags.hpp"
#include "normal_equations.hpp"
#include "sample.hpp"

using namespace parity;

int main(int argc, char** argv) {
  parity::ignore_file_size_signal();
  std::string data = "../shared/data", out_path = "src/search/endcut_table.hpp";
  int positions = 600, min_empties = 12, max_empties = 22, max_depth = 6;
  namespace po = boost::program_options;
  po::options_description flags("parity-endcut-fit [flags]");
  flags.add_options()("help,h", "show this help")(
      "data", po::value(&data)->default_value(data), "the shared game records")(
      "positions", po::value(&positions)->default_value(positions), "positions sampled from WTHOR games")(
      "min", po::value(&min_empties)->default_value(min_empties), "fewest empties")(
      "max", po::value(&max_empties)->default_value(max_empties), "most empties")(
      "depth", po::value(&max_depth)->default_value(max_depth), "deepest evaluation search")(
      "out", po::value(&out_path)->default_value(out_path), "the table written");
  if (auto status = probcut_fit::parse_flags(argc, argv, flags, "parity-endcut-fit")) return *status;
  if (positions < 1 || min_empties < 1 || max_empties > 40 || min_empties > max_empties || max_depth < 0 || max_depth > 10) {
    std::fprintf(stderr, "parity-endcut-fit: need positions >= 1, 1 <= min <= max <= 40 and 0 <= depth <= 10\n");
    return 1;
  }
  const auto boards =
      probcut_fit::sample_positions(data, positions, 2, 60 - max_empties, 60 - min_empties, min_empties);
  if (boards.empty()) {
    std::fprintf(stderr, "no positions: is %s/wthor/WTH_2010.wtb there?\n", data.c_str());
    return 1;
  }
  const auto weights = eval::default_weights();
  TranspositionTable tt(64);
  Solver solver(tt);
  // Sums of errors, squared errors and counts per empties and depth.
  const int rows = max_empties + 1, cols = max_depth + 1;
  std::vector<double> sum(rows * cols, 0), sq(rows * cols, 0), n(rows * cols, 0);
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t p = 0; p < boards.size(); ++p) {
    const Board& b = boards[p];
    const int e = b.empties();
    if (e > max_empties) continue;
    const int score = solver.solve(b).score;
    for (int d = 0; d <= max_depth; ++d) {
      const double err = 100.0 * score - search::eval_search(*weights, b.player, b.opponent, -1 << 20, 1 << 20, d);
      sum[e * cols + d] += err;
      sq[e * cols + d] += err * err;
      n[e * cols + d] += 1;
    }
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double f = static_cast<double>(p + 1) / boards.size();
    std::fprintf(stderr, "\rsolving [%-30s] %5.1f%% ETA %4.0fs ", std::string(static_cast<int>(30 * f), '#').c_str(),
                 100 * f, spent * (1 - f) / f);
  }
  std::fprintf(stderr, "\n");

  // Weighted least squares on rows (1, empties, depth).
  probcut_fit::NormalEquations3 eq;
  for (int e = min_empties; e <= max_empties; ++e)
    for (int d = 0; d <= max_depth; ++d) {
      const double k = n[e * cols + d];
      if (k < 5) continue;
      const double sigma = std::sqrt(sq[e * cols + d] / k);
      std::printf("empties %2d depth %d: sigma %4.0f cp, mean %+5.0f cp over %.0f positions\n", e, d, sigma,
                  sum[e * cols + d] / k, k);
      const double row[3] = {1.0, static_cast<double>(e), static_cast<double>(d)};
      eq.add(row, sigma, k);
    }
  double x[3] = {};
  eq.solve(x);
  std::ostringstream out;
  out << "#pragma once\n"
         "// Written by parity-endcut-fit (tools/probcut): the spread of the final score\n"
         "// around the shallow evaluation search, centi-discs:\n"
         "// {a, b, c} in a + b x empties + c x depth, fitted on "
      << min_empties << "-" << max_empties << " empties, depths 0-" << max_depth
      << ".\n\n#include <array>\n\nnamespace parity::search {\n\n"
         "inline constexpr int kEndcutMinSigma = 100;\n"
         "inline constexpr std::array<int, 3> kEndcutFit = {"
      << std::lround(x[0]) << ", " << std::lround(x[1]) << ", " << std::lround(x[2]) << "};\n\n}  // namespace parity::search\n";
  if (auto err = write_file(out_path, out.str())) {
    std::fprintf(stderr, "%s\n", err->message.c_str());
    return 1;
  }
  std::printf("sigma = %.1f + %.2f x empties + %.2f x depth; wrote %s\n", x[0], x[1], x[2], out_path.c_str());
  return 0;
}
