#pragma once
// One search thread of the endgame solver, and the state its threads share.

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "tuning.hpp"
#include "local_table.hpp"
#include "parity/core/board.hpp"
#include "parity/eval/weights.hpp"
#include "parity/search/stop_when.hpp"
#include "parity/search/tt.hpp"

namespace parity::search {
template <class Point, class Worker>
class SplitPool;
}

namespace parity::endgame {

struct SplitPoint;
class Worker;
using SplitPool = search::SplitPool<SplitPoint, Worker>;

// An x86-64 cache line (elsewhere the padding is harmless).
inline constexpr std::size_t kCacheLineBytes = 64;

// What all threads of one solve share. Each thread reads it at every node
// and writes its own Worker's node count at every node: a cache line of
// their own keeps those writes from evicting what the others read.
struct alignas(kCacheLineBytes) SharedSearch {
  TranspositionTable& tt;
  std::atomic<std::uint64_t>& nodes;  // published node count
  const eval::Weights& weights;       // move ordering and probcut's shallow searches
  search::StopWhen stop;
  std::uint64_t node_limit = 0;      // stop once `nodes` reaches it; 0: none
  // Nodes between publications of the count; a small node limit needs them often.
  std::uint64_t poll_interval = static_cast<std::uint64_t>(kTuning.poll_interval_nodes);
  int poll_min_empties = kTuning.poll_min_empties;
  std::atomic<bool> stopped{false};  // set once `stop` is seen or the limit reached
  SplitPool* pool = nullptr;         // null on one thread
  // Probcut confidence (search::kProbcutT100 index; 0: exact) and the
  // table pruning grade its results are stored with (0: exact).
  int selectivity = 0;
  int pruning = 0;
};

// A move with its flips and ordering value.
struct MoveItem {
  Square sq;
  Bitboard flips;
  int value;
  Bitboard replies;  // the opponent's moves after it
};

class alignas(kCacheLineBytes) Worker {
public:
  // `local` is this thread's own small table; no other thread uses it meanwhile.
  Worker(SharedSearch& shared, LocalTable& local) : shared_(shared), local_(local) {}

  // Fail-soft null-window search on (alpha, alpha + 1).
  int nws(Bitboard player, Bitboard opponent, int alpha, int empties);
  // Fail-soft search on (alpha, beta); records its best move in the table.
  // best_out, when given, receives the best move (kPass, or kNoMove when the game is over).
  int pvs(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, Move* best_out = nullptr);

  // Searches the moves a split point hands out until none is left or one
  // cuts off (a visit leaves nothing behind: no state to keep).
  void work_at(SplitPoint& sp, bool nested);

  // Publishes the nodes not yet counted in the shared total.
  void flush_nodes();
  bool aborted() const;

  std::uint64_t nodes = 0;

private:
  int nws_small(Bitboard player, Bitboard opponent, int alpha, int empties);
  int nws_parity(Bitboard player, Bitboard opponent, int alpha, int empties, Bitboard moves);
  int nws_sorted(Bitboard player, Bitboard opponent, int alpha, int empties, Bitboard moves);
  // Below the shared table, with the player's legal moves (unused at 4 or fewer empties).
  int nws_below_table(Bitboard player, Bitboard opponent, int alpha, int empties, Bitboard moves);
  int nws_child(const MoveItem& m, Bitboard player, Bitboard opponent, int alpha, int empties);
  int nws_table(Bitboard player, Bitboard opponent, int alpha, int empties);
  int pvs_by_nws(Bitboard player, Bitboard opponent, int alpha, int beta, int empties);
  bool endcut(Bitboard player, Bitboard opponent, int alpha, int empties, int& score);
  int pass_or_end(Bitboard player, Bitboard opponent, int alpha, int empties);
  void poll(int empties);

  SharedSearch& shared_;
  LocalTable& local_;
  SplitPoint* split_ = nullptr;  // the innermost split point this thread works under
  std::uint64_t flushed_ = 0;
};

}  // namespace parity::endgame
