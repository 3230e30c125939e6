#pragma once
// A finished (or forfeited) game as the referee saw it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parity/core/position.hpp"

namespace parity::match {

// How a game ended. Every kind but kBoard is a loss by forfeit of `forfeiter`.
enum class Termination { kBoard, kIllegalMove, kCrash, kNoAnswer, kTime, kBadReply };

// "board", "illegal-move", "crash", "no-answer", "time", "bad-reply".
std::string_view termination_name(Termination t);
std::optional<Termination> parse_termination(std::string_view text);

struct Ply {
  Move move = kPass;
  std::optional<double> eval;     // discs, the mover's view, as the engine said
  std::optional<double> seconds;  // thinking time; none for opening and forced moves
};

struct GameRecord {
  int number = 0;                 // 1-based, in schedule order
  int opening = -1;               // index into the shuffled openings; -1 for none
  std::string black, white;       // engine names
  Position start;
  std::vector<Ply> plies;         // opening moves first, forced passes included
  int black_score = 0;            // disc difference, empties to the winner; +-64 on forfeit
  Termination termination = Termination::kBoard;
  std::optional<Color> forfeiter;
  std::string detail;             // why, for a forfeit
  std::string date;               // GGF DT
  std::optional<double> black_clock, white_clock, black_increment, white_increment;  // TB/TW

  // 1 black won, 0 draw, -1 white won.
  int black_result() const { return black_score > 0 ? 1 : black_score < 0 ? -1 : 0; }
};

}  // namespace parity::match
