#pragma once
// Building a book: the opening lines of game records become the book's
// tree; every position's best move out of the book (its leaf) is scored by
// a search; negamax backs the scores up; then the most promising leaves
// (within a margin of their position's best) are expanded while the CPU
// budget lasts. The book file doubles as the checkpoint: a build resumes
// from it, re-searching only what is missing.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "parity/builder/games.hpp"
#include "parity/book/book.hpp"

namespace parity::book_builder {

// The builder's tunables, in one place.
struct BuildOptions {
  std::vector<std::string> games;      // game record files
  std::vector<std::string> self_play;  // Parity's own games: every position enters, whatever min_seen says
  std::string output;              // the book file (read first when it exists)
  int plies = 20;                  // opening plies taken from each game
  int min_seen = 2;                // games that must share a position for it to enter the book
  int depth = 10;                  // leaf search depth
  double budget_s = 900;           // CPU seconds (1 thread: wall seconds)
  double checkpoint_s = 60;        // save this often
  int deviation_cd = 200;          // expand leaves within this many centi-discs of their position's best
  int threads = 1;
  int hash_mb = 64;
  bool progress = true;
};

struct BuildReport {
  std::size_t games = 0, positions = 0, searched = 0, expanded = 0;
  double seconds = 0;
  bool finished = false;  // false: the budget ran out first (resume later)
};

// Adds the first `plies` moves of `lines` to `book` (seen counts), keeping
// positions reached by at least `min_seen` lines.
void add_lines(book::Book& book, const std::vector<Line>& lines, int plies, int min_seen);

// Recomputes every score from the leaves up (negamax over the book's DAG).
void negamax(book::Book& book);

Expected<BuildReport> build(const BuildOptions& options);

}  // namespace parity::book_builder
