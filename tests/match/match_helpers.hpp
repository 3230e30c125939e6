#pragma once
// Shared by the runner's tests: fake engines, a scratch directory, and a
// tournament run whose games are read back from its GGF file.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "engine_spec.hpp"
#include "ggf.hpp"
#include "openings.hpp"
#include "tournament.hpp"

namespace match_test {

using namespace parity;
using namespace parity::match;

// A fresh empty directory for one test, removed with what it holds when
// the test is done.
class ScratchDir {
public:
  explicit ScratchDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("parity-match-test-" + std::to_string(::getpid()) + "-" + name)) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
  std::filesystem::path path_;
};

// The fake engine speaking `proto`, with an optional fault after `before` moves.
inline EngineSpec fake(const std::string& name, const std::string& proto, const std::string& fault = "none",
                       int before = 0, std::vector<std::string> extra = {}) {
  EngineSpec e;
  e.name = name;
  e.command.program = PARITY_FAKE_ENGINE;
  e.command.args = {proto, fault, std::to_string(before)};
  for (auto& x : extra) e.command.args.push_back(x);
  e.protocol = *parse_protocol(proto);
  if (proto != "gtp") e.time.depth = 1;
  return e;
}

// Two short transcripts: enough for colour-swapped pairs.
inline std::vector<Opening> few_openings() {
  return *parse_openings("f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4e7\n", "test");
}

struct MatchRun {
  int code = -1;
  std::string out, err;
  std::vector<GameRecord> games;  // as the GGF file holds them
};

inline std::vector<GameRecord> read_games(const std::filesystem::path& ggf) {
  std::vector<GameRecord> out;
  std::ifstream in(ggf);
  std::string line;
  while (std::getline(in, line))
    if (auto g = parse_game_record(line)) out.push_back(*g);
  return out;
}

inline MatchRun run_match(TournamentConfig c, const std::string& name) {
  const ScratchDir dir(name);
  if (c.ggf_path.empty()) c.ggf_path = (dir / "games.ggf").string();
  std::ostringstream out, err;
  MatchRun r;
  r.code = run_tournament(c, out, err);
  r.out = out.str();
  r.err = err.str();
  r.games = read_games(c.ggf_path);
  return r;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Replays a record: the game must be over and its score the recorded one.
inline bool replays_to_its_result(const GameRecord& g) {
  Position p = g.start;
  for (const Ply& ply : g.plies) {
    if (!p.board.is_legal(ply.move)) return false;
    p = p.play(ply.move);
  }
  return p.board.game_over() && p.black_score() == g.black_score;
}

}  // namespace match_test
