#pragma once
// Reading and writing Othello notation: squares, passes, transcripts, board
// strings, OBF lines and a printable board. Every parser returns an
// Expected: a value, or an Error naming what was wrong and where.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parity/core/expected.hpp"
#include "parity/core/position.hpp"

namespace parity {

// "a1".."h8" in either case.
Expected<Square> parse_square(std::string_view text);
// pass, pa, ps, @@ or 0000, in any case.
bool is_pass_token(std::string_view text);
// A square or a pass token.
Expected<Move> parse_move(std::string_view text);
// "a1".."h8" in lower case, or "pass".
std::string move_name(Move m);

// A side token: X x * b black B, or O o 0 w white W.
Expected<Color> parse_side(std::string_view text);
// 64 cells a1..h8 row by row (X x * b black, O o 0 w white, - . _ empty).
Expected<Position> parse_board(std::string_view cells, std::string_view side);
// "<64 cells> <side>", with optional white space between and around.
Expected<Position> parse_board_line(std::string_view text);
// 64 cells and the side, "X" or "O": "---...--- X".
std::string board_string(const Position& position);

struct Transcript {
  Position start;
  std::vector<Move> moves;  // every ply, forced passes included
  Position end;
};
// Plays a transcript like "f5d6c3" (white space between moves allowed) from
// `start`. A forced pass may be left out and is inserted; an explicit pass
// token is accepted where the side to move must pass.
Expected<Transcript> play_transcript(std::string_view text, const Position& start = Position::start());
// The moves as one string of two-character moves, passes written "PA" only
// where `with_passes` is set (forced passes are implied otherwise).
std::string transcript_string(const std::vector<Move>& moves, bool with_passes = false);

struct ObfLine {
  Position position;
  std::vector<std::pair<Move, int>> move_scores;  // as listed; best first in FFO files
};
// "<64 cells> <side>; G8:+18; H1:+12;" (scores optional; "% comment" ignored).
Expected<ObfLine> parse_obf(std::string_view line);

// The board with coordinates, legal moves marked '*', and disc counts.
std::string board_picture(const Position& position);

}  // namespace parity
