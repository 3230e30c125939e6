#include "match.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <memory>
#include <vector>

#include "parity/core/file_io.hpp"
#include "parity/core/notation.hpp"
#include "parity/search/search.hpp"

namespace parity::trainer {

namespace {

std::unique_ptr<search::Search> make_player(const std::string& spec) {
  auto s = std::make_unique<search::Search>();
  s->set_hash_mb(16);
  if (spec == "baseline") {
    s->use_baseline_eval(true);
  } else if (spec != "default") {
    std::string error;
    if (!s->set_eval_file(spec, &error)) {
      std::fprintf(stderr, "match: %s\n", error.c_str());
      return nullptr;
    }
  }
  return s;
}

// Black's final disc difference of one game from `start`.
int play_game(Position pos, search::Search& black, search::Search& white, int depth) {
  black.clear();
  white.clear();
  std::atomic<bool> stop{false};
  search::Limits limits;
  limits.depth = depth;
  while (!pos.board.game_over()) {
    if (pos.board.must_pass()) {
      pos = pos.play(kPass);
      continue;
    }
    search::Search& mover = pos.side == Color::kBlack ? black : white;
    const auto r = mover.run(pos.board, limits, stop, {});
    pos = pos.play(r.best);
  }
  return pos.black_score();
}

}  // namespace

int run_match(const MatchOptions& o) {
  const auto text = read_file(o.openings, kMaxTextFileBytes, "openings file");
  if (!text) {
    std::fprintf(stderr, "match: %s\n", text.error().message.c_str());
    return 1;
  }
  std::istringstream in(*text);
  std::vector<std::string> openings;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) openings.push_back(line);
  if (openings.empty()) {
    std::fprintf(stderr, "match: no openings in '%s'\n", o.openings.c_str());
    return 1;
  }
  auto a = make_player(o.first), b = make_player(o.second);
  if (!a || !b) return 1;
  const int pairs = (o.games + 1) / 2;
  double points = 0;
  int wins = 0, draws = 0, losses = 0, played = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < pairs; ++i) {
    // Spread over the file so that a short match still sees varied openings.
    const auto& line = openings[static_cast<std::size_t>(i) * openings.size() / pairs];
    auto t = play_transcript(line);
    if (!t) continue;
    for (int colour = 0; colour < 2; ++colour) {
      const int black_score = colour == 0 ? play_game(t->end, *a, *b, o.depth) : play_game(t->end, *b, *a, o.depth);
      const int first_score = colour == 0 ? black_score : -black_score;
      ++played;
      if (first_score > 0) ++wins, points += 1;
      else if (first_score == 0) ++draws, points += 0.5;
      else ++losses;
    }
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double f = static_cast<double>(i + 1) / pairs;
    std::fprintf(stderr, "\rmatch [%-30s] %5.1f%% ETA %4.0fs  %s %.1f/%d ", std::string(static_cast<int>(30 * f), '#').c_str(),
                 100 * f, spent * (1 - f) / f, o.first.c_str(), points, played);
  }
  std::fprintf(stderr, "\n");
  const double p = played ? points / played : 0;
  const double se = played ? std::sqrt(p * (1 - p) / played) : 0;
  std::printf("match: %s vs %s, depth %d, %d games from %s: +%d =%d -%d, %.1f%% (+- %.1f%% at 95%%)\n", o.first.c_str(),
              o.second.c_str(), o.depth, played, o.openings.c_str(), wins, draws, losses, 100 * p, 196 * se);
  return 0;
}

}  // namespace parity::trainer
