#pragma once
// The search as the engine sees it: one call that searches a position within
// limits, reports progress through a callback, and honours a stop flag.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "parity/core/board.hpp"

namespace parity::search {

struct Limits {
  int depth = 0;                    // midgame depth cap; 0: none
  std::uint64_t nodes = 0;          // node budget; 0: none
  std::int64_t movetime_ms = 0;     // hard time for this move; 0: none
  std::int64_t time_left_ms = -1;   // side to move's clock; -1: no clock
  std::int64_t increment_ms = 0;    // added to that clock after each move
  int moves_to_go = 0;              // moves until the next time control; 0: the rest of the game
  std::int64_t move_overhead_ms = 0;  // kept in reserve per move for the host's latency
  bool infinite = false;            // search until stopped
  bool exact = false;               // prove the final score
  int multipv = 1;                  // how many best moves to score
  int level = 60;                   // 1..60: 60 full strength; below, depth caps (docs/evaluation-and-search.md)
  // Only these root moves are searched (UCI searchmoves; the book builder
  // scores a position's moves outside the book). 0: every legal move. The
  // exact solver knows no such restriction, so a restricted search of one
  // line stays a midgame search to the end; several lines are proven one
  // root move at a time, as without it.
  Bitboard root_moves = 0;
};

enum class Bound { kExact, kLower, kUpper };

// One progress report: a line of `info` in the UCI-style protocol.
struct Info {
  int depth = 0;
  int seldepth = 0;
  int score = 0;             // centi-discs from the side to move's view
  Bound bound = Bound::kExact;
  bool exact = false;        // score is a proven final disc difference (times 100)
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;          // per mille
  int multipv = 1;           // rank of this line, 1 = best
  std::vector<Move> pv;
};

struct Result {
  Move best = kNoMove;       // kPass for a forced pass, kNoMove when the game is over
  int score = 0;             // centi-discs from the side to move's view
  bool exact = false;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Move> pv;
  int threads = 0;           // midgame threads that ran, fewer than set when the system refused some (0: no midgame)
};

using InfoCallback = std::function<void(const Info&)>;

struct SearchState;

class Search {
public:
  // With a hash table of `hash_mb` MB.
  explicit Search(std::size_t hash_mb = 16);
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // Resizes the hash table, freeing the old one first; false when the new
  // size could not be allocated (the table then has the old size, or less:
  // hash_mb() tells).
  bool set_hash_mb(std::size_t megabytes);
  std::size_t hash_mb() const;
  void set_threads(int threads);
  void clear();  // forget everything learnt (new game)

  // Evaluates with the weights in `path` ("" or "<default>": the built-in
  // ones). A missing or corrupt file leaves the weights unchanged, returns
  // false and says why in `error`.
  bool set_eval_file(const std::string& path, std::string* error = nullptr);
  // The static evaluation in centi-discs from the side to move's view, and
  // its breakdown by pattern for the `eval` command.
  int static_eval(const Board& board) const;
  // Searches with the disc-count-and-mobility baseline instead (matches).
  void use_baseline_eval(bool on);
  std::string explain_eval(const Board& board) const;

  // Searches `board` until a limit is reached or `stop` becomes true.
  // Always returns a legal move (kPass when forced) unless the game is over.
  Result run(const Board& board, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& on_info);

private:
  std::unique_ptr<SearchState> state_;
};

}  // namespace parity::search
