#pragma once
// The transposition table shared by the endgame solver and the midgame
// search. Each entry keeps the whole position, so a hit is never a false
// match; entries are written without locks: the position words are stored
// XOR-ed with the data word, and a reader whose words come from two racing
// writes sees a position that does not match and treats it as a miss.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "parity/core/board.hpp"

namespace parity {

// Bounds beyond any score; stored scores lie in [-kTTInfinity, kTTInfinity].
inline constexpr int kTTInfinity = 32000;
// Depths 0..kTTMaxDepth: plies searched for a midgame entry, empties for a
// solved one.
inline constexpr int kTTMaxDepth = 127;
// Pruning grades 0..kTTMaxPruning: 0 means no selective pruning (an exact
// solve, or a full-width search), higher grades prune more (probcut).
// ("Level" is only the playing strength a host asks for.)
inline constexpr int kTTMaxPruning = 127;

// The unit of an entry's bounds. The midgame search stores centi-discs
// valid for its depth; the endgame solver stores final disc differences,
// valid at any depth.
enum class TTUnit { kCentiDiscs, kDiscs };

// What the table knows about a position: the score lies in [lower, upper].
struct TTData {
  int lower = -kTTInfinity;
  int upper = kTTInfinity;
  Move move = kNoMove;  // best move found (a square or kPass), or kNoMove
  TTUnit unit = TTUnit::kCentiDiscs;
  int depth = 0;        // plies searched (centi-discs) or empties solved (discs), 0..kTTMaxDepth
  int pruning = 0;      // probcut pruning grade, 0 (none)..kTTMaxPruning
  bool solved() const { return unit == TTUnit::kDiscs; }
};

class TranspositionTable {
public:
  // The table in whole megabytes (at least one bucket).
  explicit TranspositionTable(std::size_t megabytes = 16);
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Drops every entry and reallocates; not while a search runs. The old
  // table is freed first, so that both never take memory at once; when the
  // new size cannot be allocated, the table falls back to the old size (or
  // the largest power-of-two share of it that can be) and returns false.
  bool resize(std::size_t megabytes);
  // Allocations above this many bytes fail as if the system had refused
  // them, so that tests can reach the fallback.
  void limit_allocation(std::size_t bytes) { allocation_limit_ = bytes; }
  // Drops every entry; not while a search runs.
  void clear();
  // Starts a new search: older entries become the first to be replaced.
  void new_search() { age_ = (age_ + 1) & kAgeMask; }

  // True and `out` filled when the table holds this position.
  bool probe(const Board& board, TTData& out) const;
  // Records a search result: `score` searched in the window (alpha, beta)
  // is a lower bound when >= beta, an upper bound when <= alpha, else exact.
  // A result for the same position, unit, depth and pruning grade tightens the old
  // bounds. When a bucket is full, a solved entry outranks every midgame
  // one and more empties outrank fewer, so that a long solve keeps its
  // costly entries.
  void store(const Board& board, int depth, int pruning, int alpha, int beta, int score, Move move) {
    store(board, TTUnit::kCentiDiscs, depth, pruning, alpha, beta, score, move);
  }
  // The same for the exact solver: disc bounds of a position with `empties`.
  void store_solved(const Board& board, int empties, int pruning, int alpha, int beta, int score, Move move) {
    store(board, TTUnit::kDiscs, empties, pruning, alpha, beta, score, move);
  }
  // Brings the position's bucket into the cache ahead of a probe.
  void prefetch(const Board& board) const {
    const char* p = reinterpret_cast<const char*>(&buckets_[index(board)]);
    __builtin_prefetch(p);
    __builtin_prefetch(p + sizeof(Bucket) - 1);
  }

  // Permille of sampled entries written in the current search.
  int hashfull() const;
  std::size_t megabytes() const { return megabytes_; }
  // The bytes a table of `megabytes` takes: a power of two buckets, at
  // least one, within that size.
  static std::size_t table_bytes(std::size_t megabytes);
  std::size_t entries() const { return bucket_count_ * kWays; }

  // The index hash of a position (CRC32C where the CPU has it).
  static std::uint64_t hash(const Board& board);

private:
  static constexpr int kWays = 4;
  static constexpr unsigned kAgeMask = 0xFF;

  struct Entry {
    std::atomic<std::uint64_t> player_check{0};    // player ^ data
    std::atomic<std::uint64_t> opponent_check{0};  // opponent ^ data
    std::atomic<std::uint64_t> data{0};            // packed TTData + age; 0 = empty
  };
  struct alignas(32) Bucket {
    Entry entry[kWays];
  };

  std::size_t index(const Board& board) const { return hash(board) & (bucket_count_ - 1); }
  void store(const Board& board, TTUnit unit, int depth, int pruning, int alpha, int beta, int score, Move move);
  bool allocate(std::size_t megabytes);

  // The table is its own memory mapping, so that freeing it gives the
  // memory back to the system at once (malloc may keep a freed block).
  struct Unmap {
    std::size_t bytes;
    void operator()(Bucket* table) const;
  };
  std::unique_ptr<Bucket[], Unmap> buckets_;
  std::size_t bucket_count_ = 0;
  std::size_t megabytes_ = 0;
  unsigned age_ = 1;
  std::size_t allocation_limit_ = SIZE_MAX;
};

}  // namespace parity
