#pragma once
// GGF, the game format of GGS and of NBoard's `set game`:
// (;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TI[..]TY[8]BO[8 <64 cells> <*|O>]B[f5//1.2]W[d6/0.5/0.3]...;)

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parity/core/expected.hpp"
#include "parity/engine/game.hpp"

namespace parity::protocol {

struct GgfMove {
  Move move = kPass;
  std::string eval;  // as written, may be empty
  std::string time;  // as written, may be empty
};

struct GgfGame {
  std::vector<std::pair<std::string, std::string>> tags;  // every tag but BO, B and W, in order
  Position start = Position::start();
  std::vector<GgfMove> moves;  // as written: passes only where the file has them
  engine::Game game;           // replayed, forced passes included
};

// Reads one game. Cells `* x X` black, `O o 0` white, `- . _` empty; a pass
// is any prefix of PASS, or `--`. A move by the side not to move, when the
// side to move has no move, implies that side's pass.
Expected<GgfGame> parse_ggf(std::string_view text);

// The games of a file that holds one game a line, as parity-match writes
// them: one result for each line that has a `(;`, in order; other lines
// are not games and give none.
std::vector<Expected<GgfGame>> parse_ggf_lines(std::string_view text);

// Writes `game` with the given tags (GM and BO are always written).
std::string write_ggf(const engine::Game& game, const std::vector<std::pair<std::string, std::string>>& tags = {});

}  // namespace parity::protocol
