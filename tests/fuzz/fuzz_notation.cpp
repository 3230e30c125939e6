// Board strings, squares, moves and move transcripts (src/core/notation.cpp).
// The first line is read as a square, a move, a side and a board; the rest
// as a transcript, from the start and from that board.

#include <string>
#include <string_view>

#include "check.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/game.hpp"

using namespace parity;
using parity::fuzz::check;

namespace {

void check_transcript(std::string_view text, const Position& start) {
  auto t = play_transcript(text, start);
  auto game = Game::from_transcript(text, start);
  check(t.ok() == game.ok(), "Game::from_transcript and play_transcript disagree");
  if (!t) return;
  check(t->start == start, "the transcript keeps its start");
  Position p = start;
  for (Move m : t->moves) {
    check(!p.board.game_over() && p.board.is_legal(m), "a transcript holds an illegal move",
          transcript_string(t->moves, true));
    p = p.play(m);
  }
  check(p == t->end, "the moves do not lead to the transcript's end");
  check(game->position() == t->end && game->moves() == t->moves, "the game is not the transcript");

  // Written with its passes, a transcript reads back the same.
  auto again = play_transcript(transcript_string(t->moves, true), start);
  check(again && again->moves == t->moves && again->end == t->end, "transcript with passes does not round-trip",
        transcript_string(t->moves, true));
  // Without them, forced passes come back, except one at the very end.
  std::vector<Move> expected = t->moves;
  if (!expected.empty() && expected.back() == kPass) expected.pop_back();
  auto implied = play_transcript(transcript_string(t->moves, false), start);
  check(implied && implied->moves == expected, "transcript without passes does not round-trip",
        transcript_string(t->moves, false));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto newline = text.find('\n');
  const std::string_view first = text.substr(0, newline);
  const std::string_view rest = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);

  if (auto sq = parse_square(first)) {
    check(*sq >= 0 && *sq < 64, "a square out of the board");
    auto again = parse_square(move_name(*sq));
    check(again && *again == *sq, "square name does not round-trip", move_name(*sq));
  }
  if (auto m = parse_move(first)) {
    check(*m == kPass || (*m >= 0 && *m < 64), "a move out of the board");
    auto again = parse_move(move_name(*m));
    check(again && *again == *m, "move name does not round-trip", move_name(*m));
    check(is_pass_token(first) == (*m == kPass), "pass token and parse_move disagree");
  }
  if (auto side = parse_side(first)) {
    auto again = parse_side(*side == Color::kBlack ? "X" : "O");
    check(again && *again == *side, "side does not round-trip");
  }

  Position start = Position::start();
  if (auto board = parse_board_line(first)) {
    check((board->black() & board->white()) == 0, "a square holds two discs");
    const std::string written = board_string(*board);
    auto again = parse_board_line(written);
    check(again && *again == *board, "board string does not round-trip", written);
    // The picture shows every disc and the legal moves: 64 cells, each once.
    const std::string picture = board_picture(*board);
    check(!picture.empty() && picture.back() == '\n', "the picture ends its last line");
    start = *board;
  }
  check_transcript(rest, Position::start());
  if (!(start == Position::start())) check_transcript(rest, start);
  return 0;
}
