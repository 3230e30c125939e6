#pragma once
// A small per-thread table for the solver's layers just below the shared
// transposition table. There a probe of the shared table costs a cache miss
// that the node saved does not repay; this one stays in the core's cache
// and needs no atomics. Every search below the shared table is exact (probcut
// works only above it), so an entry's bounds are facts about the position,
// true for every later search: the table is never cleared, and the solver
// keeps each thread's from one search to the next (the ladder's rungs, the
// exact search after them and the next position share it).

#include <cstdint>
#include <memory>

#include "parity/core/board.hpp"

namespace parity::endgame {

class LocalTable {
public:
  struct Entry {
    Bitboard player = 0;  // an empty entry matches no position: the board is never all empty
    Bitboard opponent = 0;
    std::int8_t lower = -64;
    std::int8_t upper = 64;
    std::int8_t move = -1;
  };

  explicit LocalTable(int bits) : entries_(new Entry[std::size_t{1} << bits]), bits_(bits) {}

  // The entry this position uses: its own when `matches`, else the one to overwrite.
  Entry& slot(Bitboard player, Bitboard opponent) { return entries_[index(player, opponent)]; }
  // Starts loading the entry of a position about to be searched.
  void prefetch(Bitboard player, Bitboard opponent) const { __builtin_prefetch(&entries_[index(player, opponent)]); }
  static bool matches(const Entry& e, Bitboard player, Bitboard opponent) {
    return e.player == player && e.opponent == opponent;
  }

  // Records a fail-soft null-window result on (alpha, alpha + 1).
  static void store(Entry& e, Bitboard player, Bitboard opponent, int alpha, int score, Move move) {
    if (!matches(e, player, opponent)) e = Entry{player, opponent};
    if (score > alpha) e.lower = static_cast<std::int8_t>(score);
    else e.upper = static_cast<std::int8_t>(score);
    if (move != kNoMove) e.move = static_cast<std::int8_t>(move);
  }

private:
  // Multiply-shift: the same on every build, so node counts are too.
  std::size_t index(Bitboard player, Bitboard opponent) const {
    const std::uint64_t h = player * 0x9E3779B97F4A7C15ULL ^ opponent * 0xC2B2AE3D27D4EB4FULL;
    return static_cast<std::size_t>(h >> (64 - bits_));
  }

  std::unique_ptr<Entry[]> entries_;
  int bits_;
};

}  // namespace parity::endgame
