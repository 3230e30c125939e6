// parity-probcut-fit: fits the multi-probcut error model from our own
// searches. For positions from WTHOR games it searches every depth 1..D
// full width (no probcut), then measures, per group of plies and depth,
// the spread of deep - shallow at the shallow depth probcut uses, and fits
//   sigma = a + b x deep + c x (deep - shallow)
// per group by least squares. Writes src/search/probcut_table.hpp with the
// deepest depth fitted: the search holds sigma flat beyond it rather than
// follow the line where no data was.
//   parity-probcut-fit --data ../shared/data --positions 400 --depth 14 --out src/search/probcut_table.hpp

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <iostream>
#include <string>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/core/file_io.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/midgame.hpp"
#include "parity/search/probcut.hpp"
#include "flags.hpp"
#include "normal_equations.hpp"
#include "sample.hpp"

using namespace parity;

namespace {

constexpr int kGroups = 6, kPliesPerGroup = 10;
constexpr int kMaxDepthAllowed = 16;  // positions keep more empties than any depth searched

}  // namespace

int main(int argc, char** argv) {
  parity::ignore_file_size_signal();
  std::string data = "../shared/data", out_path = "src/search/probcut_table.hpp";
  int positions = 300, max_depth = 9;
  namespace po = boost::program_options;
  po::options_description flags("parity-probcut-fit [flags]");
  flags.add_options()("help,h", "show this help")(
      "data", po::value(&data)->default_value(data), "the shared game records")(
      "positions", po::value(&positions)->default_value(positions), "positions sampled from WTHOR games")(
      "depth", po::value(&max_depth)->default_value(max_depth), "deepest full-width search")(
      "out", po::value(&out_path)->default_value(out_path), "the table written");
  if (auto status = probcut_fit::parse_flags(argc, argv, flags, "parity-probcut-fit")) return *status;
  if (positions < 1 || max_depth < 1) {
    std::cerr << "parity-probcut-fit: need positions >= 1 and depth >= 1\n";
    return 2;
  }
  max_depth = std::min(max_depth, kMaxDepthAllowed);
  const auto boards = probcut_fit::sample_positions(data, positions, 1, 8, 59 - max_depth, max_depth + 1);
  if (boards.empty()) {
    std::fprintf(stderr, "no positions: is %s/wthor/WTH_2010.wtb there?\n", data.c_str());
    return 1;
  }
  TranspositionTable tt(64);
  Solver solver(tt);
  search::Midgame mid(tt, solver, eval::default_weights());
  // sum of squared errors and counts per group and deep depth
  std::vector<std::array<double, 64>> sq(kGroups), n(kGroups);
  for (auto& a : sq) a.fill(0);
  for (auto& a : n) a.fill(0);
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t p = 0; p < boards.size(); ++p) {
    const Board& b = boards[p];
    std::vector<int> v(max_depth + 1);
    tt.clear();
    mid.start(b, search::Budget{}, search::kNoProbcut);
    for (int d = 1; d <= max_depth; ++d) v[d] = mid.search(b, d, -kCentiInfinity, kCentiInfinity);
    const int group = std::min(kGroups - 1, (60 - b.empties()) / kPliesPerGroup);
    for (int d = search::kProbcutMinDepth; d <= max_depth; ++d) {
      const double e = v[d] - v[search::probcut_shallow_depth(d)];
      sq[group][d] += e * e;
      n[group][d] += 1;
    }
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double f = static_cast<double>(p + 1) / boards.size();
    std::fprintf(stderr, "\rsearching [%-30s] %5.1f%% ETA %4.0fs ", std::string(static_cast<int>(30 * f), '#').c_str(),
                 100 * f, spent * (1 - f) / f);
  }
  std::fprintf(stderr, "\n");

  std::string table, last_line;
  for (int g = 0; g < kGroups; ++g) {
    if (n[g][search::kProbcutMinDepth] < 5) {  // no data this late: reuse the group before
      table += last_line;
      continue;
    }
    // Least squares over the depths with data: rows (1, deep, deep - shallow).
    probcut_fit::NormalEquations3 eq;
    for (int d = search::kProbcutMinDepth; d <= max_depth; ++d) {
      if (n[g][d] < 5) continue;
      const double sigma = std::sqrt(sq[g][d] / n[g][d]);
      const double row[3] = {1.0, static_cast<double>(d), static_cast<double>(d - search::probcut_shallow_depth(d))};
      std::printf("group %d (plies %d-%d) deep %d shallow %d: sigma %.0f cp over %.0f positions\n", g, g * kPliesPerGroup,
                  g * kPliesPerGroup + kPliesPerGroup - 1, d, search::probcut_shallow_depth(d), sigma, n[g][d]);
      eq.add(row, sigma);
    }
    double x[3] = {};
    eq.solve(x);
    char line[96];
    std::snprintf(line, sizeof line, "    {%ld, %ld, %ld},\n", std::lround(x[0]), std::lround(x[1]), std::lround(x[2]));
    table += line;
    last_line = line;
  }
  std::ostringstream out;
  out << "#pragma once\n"
         "// Written by tools/probcut (parity-probcut-fit): sigma coefficients per\n"
         "// group of plies, centi-discs: {a, b, c} in a + b x deep + c x (deep - shallow),\n"
         "// fitted on deep depths up to kProbcutFitDepth.\n\n"
         "#include <array>\n\n"
         "namespace parity::search {\n\n"
         "inline constexpr int kProbcutFitDepth = "
      << max_depth << ";\ninline constexpr int kProbcutPliesPerGroup = " << kPliesPerGroup << ";\ninline constexpr int kProbcutGroups = " << kGroups
      << ";\ninline constexpr std::array<std::array<int, 3>, kProbcutGroups> kProbcutFit = {{\n"
      << table << "}};\n\n}  // namespace parity::search\n";
  if (auto err = write_file(out_path, out.str())) {
    std::fprintf(stderr, "%s\n", err->message.c_str());
    return 1;
  }
  std::printf("wrote %s\n", out_path.c_str());
  return 0;
}
