#include "parity/book/book.hpp"

#include <algorithm>

namespace parity::book {

Symmetry canonical_symmetry(const Board& board) {
  Symmetry best_s = Symmetry::kIdentity;
  Board best = board;
  for (Symmetry s : kAllSymmetries) {
    const Board b = board.transformed(s);
    if (b < best) {
      best = b;
      best_s = s;
    }
  }
  return best_s;
}

Move to_canonical(Move move, Symmetry s) { return move >= 0 && move < 64 ? transform(move, s) : move; }
Move from_canonical(Move move, Symmetry s) { return move >= 0 && move < 64 ? transform(move, inverse(s)) : move; }

const Entry* Book::find(const Board& board) const {
  const auto it = entries_.find(board.canonical());
  return it == entries_.end() ? nullptr : &it->second;
}

Entry* Book::find(const Board& board) {
  const auto it = entries_.find(board.canonical());
  return it == entries_.end() ? nullptr : &it->second;
}

Entry& Book::add(const Board& board) {
  const Board key = board.canonical();
  auto [it, inserted] = entries_.try_emplace(key);
  if (inserted) it->second.board = key;
  return it->second;
}

void Book::erase(const Board& board) { entries_.erase(board.canonical()); }

std::vector<BookMove> Book::moves(const Board& board) const {
  std::vector<BookMove> out;
  const Entry* entry = find(board);
  if (!entry) return out;
  Bitboard legal = board.legal_moves();
  if (!legal && board.opponent_can_move()) {
    if (const Entry* child = find(board.pass()); child && child->score != kNoScore)
      out.push_back({kPass, -child->score, child->exact, true, child->seen, child->depth});
    return out;
  }
  while (legal) {
    const Move m = first_square(legal);
    legal &= legal - 1;
    if (const Entry* child = find(board.play(m)); child && child->score != kNoScore)
      out.push_back({m, -child->score, child->exact, true, child->seen, child->depth});
  }
  if (entry->leaf != kNoMove && entry->leaf_score != kNoScore) {
    const Move leaf = from_canonical(entry->leaf, canonical_symmetry(board));
    // Several images may map the canonical leaf onto different moves of a
    // symmetric position; any legal one not already listed is equivalent.
    const bool listed = std::any_of(out.begin(), out.end(), [&](const BookMove& b) { return b.move == leaf; });
    if (!listed && board.is_legal(leaf)) out.push_back({leaf, entry->leaf_score, false, false, 0, entry->depth});
  }
  std::stable_sort(out.begin(), out.end(), [](const BookMove& a, const BookMove& b) { return a.score > b.score; });
  return out;
}

void Book::merge(const Book& other) {
  for (const auto& [key, theirs] : other.entries_) {
    auto [it, inserted] = entries_.try_emplace(key, theirs);
    if (inserted) continue;
    Entry& mine = it->second;
    const std::uint64_t seen = std::uint64_t{mine.seen} + theirs.seen;
    if (theirs.depth > mine.depth || (theirs.exact && !mine.exact)) mine = theirs;
    mine.seen = static_cast<std::uint32_t>(std::min<std::uint64_t>(seen, UINT32_MAX));
  }
}

}  // namespace parity::book
