#pragma once
// The opening book: positions keyed by their symmetry-canonical board (from
// the side to move's view), each with its negamax score, the search depth
// behind it, how often games reached it, and its best move leading out of
// the book (the "leaf"), so that a builder can grow the book where it is
// most promising. Storage and lookup only: scores come from the builder.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/core/expected.hpp"

namespace parity::book {

inline constexpr int kNoScore = -32768;

struct Entry {
  Board board;                  // canonical image
  int score = kNoScore;         // centi-discs, side to move's view; kNoScore: not yet scored
  int depth = 0;                // search depth of the leaves below; 0: not yet searched
  bool exact = false;           // score proven (a solved position)
  std::uint32_t seen = 0;       // games that reached this position
  Move leaf = kNoMove;          // best move out of the book, in the canonical image's frame
  int leaf_score = kNoScore;    // its searched score, centi-discs
};

// One book move of a position, in that position's own frame.
struct BookMove {
  Move move = kNoMove;
  int score = 0;       // centi-discs, side to move's view
  bool exact = false;
  bool in_book = true; // false: the leaf move (searched, not expanded)
  std::uint32_t seen = 0;
  int depth = 0;       // search depth behind the score
};

struct BoardHasher {
  std::size_t operator()(const Board& b) const { return static_cast<std::size_t>(b.hash()); }
};

class Book {
public:
  // The entry for `board` under any of its 8 images, or null.
  const Entry* find(const Board& board) const;
  Entry* find(const Board& board);
  // Inserts (or returns) the entry of `board`'s class.
  Entry& add(const Board& board);
  void erase(const Board& board);
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  void clear() { entries_.clear(); }
  const std::unordered_map<Board, Entry, BoardHasher>& entries() const { return entries_; }

  // The scored moves of `board` known to the book (children in the book and
  // the leaf move), best first. Empty when the position is not in the book.
  std::vector<BookMove> moves(const Board& board) const;

  // Adds `other`'s positions; on a common position the deeper search wins
  // and the seen counts add up.
  void merge(const Book& other);

private:
  std::unordered_map<Board, Entry, BoardHasher> entries_;
};

// The symmetry taking `board` to its canonical image.
Symmetry canonical_symmetry(const Board& board);
// A move of `board` mapped into its canonical image's frame, and back.
Move to_canonical(Move move, Symmetry s);
Move from_canonical(Move move, Symmetry s);

}  // namespace parity::book
