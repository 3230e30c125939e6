#pragma once
// Reading the shared game records (WTHOR, Logistello, eOthello) and
// Parity's self-play games into labelled positions.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "parity/core/board.hpp"

namespace parity::trainer {

// One training position: the symmetry-canonical board from the mover's
// view, and its label in discs from the mover's view.
struct Sample {
  Board board;
  float label = 0;
  std::uint32_t count = 1;  // games that reached it (labels are averaged)
  bool exact = false;       // label is a proven score, not a game result
};

struct GameStats {
  std::size_t games = 0, skipped = 0, positions = 0;
};

// How WTHOR's positions before its theoretical score's point are labelled:
// by the game's final score, or by the theoretical score (perfect play from
// that point, free of the players' endgame errors).
enum class WthorLabels { kFinal, kTheoretical };

// Appends every position (the side to move having a move) of every finished
// game under `data_dir`, labelled with the game's final score. WTHOR's
// theoretical score labels its 24-empties position exactly, and the earlier
// ones as `wthor_labels` says.
// `progress(done, total)` is called now and then with bytes read.
GameStats read_all_games(const std::string& data_dir, std::vector<Sample>& out, WthorLabels wthor_labels,
                         const std::function<void(std::size_t, std::size_t)>& progress);

// The same for Parity's self-play games in a GGF file (one game a line, as
// `parity-match --ggf` writes them, XOT openings included as moves); games
// from another start than the standard one, or unfinished, are skipped.
GameStats read_ggf_games(const std::string& path, std::vector<Sample>& out);

// Adds the positions of one self-play game from its `skip_moves`-th move on
// (the moves before are random, not for training), labelled by the final
// score, proven for those with at most `perfect_empties` empties (both sides
// played perfectly from there). False if the moves are not a finished game.
bool add_self_play_game(const std::vector<Move>& moves, int skip_moves, int perfect_empties, std::vector<Sample>& out);

// Sorts and merges equal boards: exact labels win, game results average.
void deduplicate(std::vector<Sample>& samples);

// Held out from training (about 5%), decided by the canonical board alone.
bool is_held_out(const Board& canonical);

bool save_samples(const std::vector<Sample>& samples, const std::string& path);
bool load_samples(std::vector<Sample>& samples, const std::string& path);

}  // namespace parity::trainer
