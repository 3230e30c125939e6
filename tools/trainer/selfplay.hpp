#pragma once
// Self-play games for training the evaluation: random openings, then both
// sides by a fixed-depth search, then perfect play by the exact solver.
//
// Game i is a function of (seed, i), the settings and the engine build
// alone: an RNG seeded from seed and i draws the number of random moves r
// in [random_min, random_max] and plays r uniformly random legal moves
// (forced passes are played and not counted; a game over after at most r
// moves is thrown away and drawn again from the same stream), then both
// sides move by search::Search at depth `depth` on one thread, its table
// cleared at the start of the game, while the side to move has more than
// `exact_empties` empties, and by Solver::solve's best move from there on.
//
// The file (text, one game a line, appended as games finish):
//
//   # parity-selfplay 1 engine=0.1.0 depth=8 exact=18 random=10-50 seed=1 games=1000
//   17 23 f5d6c3d3c4f4f6f3e6e7d7c6...a8 +4
//
// The header names every setting a game depends on (not the shard, so that
// the shards of one run have the same header). A game line is
// `<index> <r> <moves> <score>`: the index i, the number r of random moves,
// every move of the game as two characters without passes (they are
// forced), and black's final disc difference with the empties to the
// winner, signed ("+4", "-12", "0"). The positions after the first r moves
// are for training; those with at most `exact` empties were played
// perfectly by both sides, so the final score is their proven value.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "games.hpp"
#include "parity/core/board.hpp"

namespace parity::trainer {

struct SelfPlaySettings {
  int depth = 8;           // midgame search depth
  int exact_empties = 18;  // the solver plays from this many empties
  int random_min = 10, random_max = 50;  // random moves, 0 <= min <= max <= 59
  std::uint64_t seed = 0;
  std::uint64_t games = 0;  // the run's games are 0..games-1
};

struct SelfPlayGame {
  std::uint64_t index = 0;
  int random_plies = 0;     // the first moves, played at random
  std::vector<Move> moves;  // every move, passes left out: a side that must pass passes first
  int black_score = 0;      // final disc difference from black's view, empties to the winner
  int exact_empties = 0;    // from the header: positions with this many empties or fewer are proven
};

// The file's first line (without the newline).
std::string selfplay_header(const SelfPlaySettings& settings);
// A game's line (without the newline).
std::string selfplay_line(const SelfPlayGame& game);

// Plays games with its own search, solver and tables; one per thread.
class SelfPlayer {
public:
  explicit SelfPlayer(const SelfPlaySettings& settings);
  ~SelfPlayer();
  SelfPlayer(const SelfPlayer&) = delete;
  SelfPlayer& operator=(const SelfPlayer&) = delete;

  SelfPlayGame play(std::uint64_t index);

private:
  struct Engines;
  SelfPlaySettings settings_;
  std::unique_ptr<Engines> engines_;
};

// The games of a file, validated: the header must be well formed, and a
// game line is kept only when it is written as selfplay_line writes it, its
// index lies below the header's game count and was not seen before, its
// random moves lie in the header's range and leave the game running, its
// moves are legal and end the game, and its score is the final board's.
// `error` (when given) is cleared, or says why nothing was read (no games
// then), or how many lines were rejected and why the first one was.
std::vector<SelfPlayGame> read_selfplay(const std::string& path, std::string* error);

// Appends the training positions of a selfplay file's games (those after
// the random moves, proven from the header's exact empties on, as
// add_self_play_game labels them); `error` as read_selfplay says it.
GameStats selfplay_samples(const std::string& path, std::vector<Sample>& out, std::string* error);

// Whether the file starts as a selfplay file does (so that a reader of game
// records can tell it from GGF).
bool is_selfplay_file(const std::string& path);

struct SelfPlayJob {
  SelfPlaySettings settings;
  std::string out;                     // the file, created or resumed
  std::uint64_t shard_k = 1, shard_n = 1;  // only the games i with i % shard_n == shard_k - 1
  int threads = 1;
  std::function<bool()> keep_going;    // asked before each game; false: start no more
  // After each game is written, under the file's lock: games of the shard
  // in the file, of the shard in all, played by this run, to play by it.
  std::function<void(std::uint64_t done, std::uint64_t total, std::uint64_t played, std::uint64_t todo)> on_game;
};

struct SelfPlayReport {
  std::string error;               // not empty: nothing more was written, and why
  std::uint64_t played = 0;        // games this run added
  std::uint64_t positions = 0;     // their positions after the random moves where the side to move has a move
  std::uint64_t kept = 0;          // games of the file found at the start
  std::uint64_t dropped = 0;       // lines of the file dropped at the start (unfinished or invalid)
  std::uint64_t shard_games = 0;   // games of the shard in all
  bool stopped = false;            // keep_going ended the run before the shard was complete
  double seconds = 0;
};

// Plays the shard's games missing from job.out, resuming the file: its
// header must be the settings' one (otherwise an error and the file is
// left untouched), an unfinished last line or an invalid line is dropped
// by rewriting the file (a temporary file then a rename), and the games
// found are not played again.
SelfPlayReport run_selfplay(const SelfPlayJob& job);

struct MergeReport {
  std::string error;   // not empty: nothing was written, and why
  std::string notes;   // a line per input with rejected lines (they are left out)
  std::size_t games = 0;
};

// Writes to `out` (atomically: a temporary file then a rename) the header
// the inputs share and the union of their games sorted by index. An input
// without a header or with another header than the first input's, or an
// index given two different lines, is an error.
MergeReport merge_selfplay(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace parity::trainer
