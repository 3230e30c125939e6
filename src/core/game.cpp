#include "parity/core/game.hpp"

namespace parity {

Expected<Game> Game::from_transcript(std::string_view moves, const Position& start) {
  auto transcript = play_transcript(moves, start);
  if (!transcript) return transcript.error();
  Game game(start);
  game.moves_ = std::move(transcript->moves);
  game.current_ = transcript->end;
  return game;
}

Position Game::position_at(std::size_t ply) const {
  Position p = start_;
  for (std::size_t i = 0; i < ply && i < moves_.size(); ++i) p = p.play(moves_[i]);
  return p;
}

std::optional<Error> Game::play(Move move) {
  const Board& board = current_.board;
  if (board.game_over()) return Error{"the game is over"};
  if (!board.is_legal(move)) {
    if (move == kPass) return Error{"pass while a move is legal"};
    return Error{"illegal move " + move_name(move)};
  }
  moves_.push_back(move);
  current_ = current_.play(move);
  return std::nullopt;
}

std::optional<Error> Game::play_as(Color color, Move move) {
  if (color == current_.side) return play(move);
  if (current_.board.game_over()) return Error{"the game is over"};
  if (!current_.board.must_pass())
    return Error{std::string(color == Color::kBlack ? "black" : "white") + " is not to move"};
  const Position before = current_;
  play(kPass);
  if (auto error = play(move)) {
    moves_.pop_back();
    current_ = before;
    return error;
  }
  return std::nullopt;
}

bool Game::undo() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  current_ = position_at(moves_.size());
  return true;
}

}  // namespace parity
