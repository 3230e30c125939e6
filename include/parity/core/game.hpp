#pragma once
// A game as the protocols set it up: a start position and the moves played
// from it, passes included, so that hosts can replay, undo and save it.

#include <optional>
#include <string_view>
#include <vector>

#include "parity/core/expected.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/position.hpp"

namespace parity {

class Game {
public:
  explicit Game(const Position& start = Position::start()) : start_(start), current_(start) {}
  // The game of a transcript (see play_transcript) played from `start`.
  static Expected<Game> from_transcript(std::string_view moves, const Position& start = Position::start());

  const Position& start() const { return start_; }
  const std::vector<Move>& moves() const { return moves_; }
  const Position& position() const { return current_; }
  // The position before ply `ply` (0 = the start, moves().size() = now).
  Position position_at(std::size_t ply) const;

  // Plays a legal move or forced pass for the side to move; else an error
  // and nothing changes.
  std::optional<Error> play(Move move);
  // Plays `move` for `color`: when `color` is not to move, the side to move
  // must have no move and passes first. Errors change nothing.
  std::optional<Error> play_as(Color color, Move move);
  // Takes back the last ply; false when there is none.
  bool undo();

private:
  Position start_;
  std::vector<Move> moves_;
  Position current_;
};

}  // namespace parity
