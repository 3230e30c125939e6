#pragma once
// GGF, the game format of GGS, of NBoard's `set game` and of parity-match's
// game files; the one reader and writer of it for every layer and tool:
// (;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TI[..]TY[8]BO[8 <64 cells> <*|O>]B[F5//1.2]W[D6/0.5/0.3]...;)

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parity/core/expected.hpp"
#include "parity/core/game.hpp"

namespace parity {

struct GgfMove {
  Move move = kPass;
  std::string eval;  // as written, may be empty
  std::string time;  // as written, may be empty
};

using GgfTags = std::vector<std::pair<std::string, std::string>>;

struct GgfGame {
  GgfTags tags;  // every tag but BO, B and W, in order; line breaks in values read as spaces
  Position start = Position::start();
  std::vector<GgfMove> moves;  // as written: passes only where the file has them
  Game game;           // replayed, forced passes included

  // The value of the first tag `name`, or "" when there is none.
  std::string tag(std::string_view name) const;
};

// Reads one game. Cells `* x X` black, `O o 0` white, `- . _` empty; a pass
// is any prefix of PASS, or `--`. A move by the side not to move, when the
// side to move has no move, implies that side's pass.
Expected<GgfGame> parse_ggf(std::string_view text);

// The games of a file that holds one game a line, as parity-match writes
// them: one result for each line that has a `(;`, in order; other lines
// are not games and give none.
std::vector<Expected<GgfGame>> parse_ggf_lines(std::string_view text);

// One move as GGF writes it: "F5", "PA" for a pass, then "/eval/time"
// when either is given ("F5//0.31" with a time alone).
std::string ggf_move(const GgfMove& move);

// Writes a game from `start`: GM first, then `tags` in their order (a GM
// or BO among them is left out), the board, and the moves, passes
// included, tagged B and W in turn from the side to move at `start`. Values are cleaned: a ']'
// becomes ')' and a line break a space, so the file stays one game a line.
std::string write_ggf(const Position& start, const std::vector<GgfMove>& moves, const GgfTags& tags = {});
// The same for `game`'s moves, with neither evaluations nor times.
std::string write_ggf(const Game& game, const GgfTags& tags = {});

}  // namespace parity
