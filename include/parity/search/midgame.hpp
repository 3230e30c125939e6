#pragma once
// The midgame tree search: principal variation search on the pattern
// evaluation with the shared transposition table, move ordering by hash
// move, shallow searches and mobility, multi-probcut, and the exact solver
// wherever the remaining depth reaches the end of the game.
// Scores are centi-discs from the side to move's view; proven final scores
// are 100 x the disc difference.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/core/score.hpp"
#include "parity/eval/baseline.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/endgame.hpp"
#include "parity/search/probcut.hpp"
#include "parity/search/stop_when.hpp"
#include "parity/search/tt.hpp"

namespace parity::search {

inline constexpr int kMaxPly = 96;

template <class Point, class Worker>
class SplitPool;
struct MidgameSplit;
class MidgameThreads;

// When to give up: a stop flag, the hard time and a node budget.
struct Budget {
  StopWhen stop;
  std::uint64_t node_limit = 0;  // 0: none
};

class Midgame {
public:
  Midgame(TranspositionTable& tt, Solver& solver, std::shared_ptr<const eval::Weights> weights);

  // Starts a search from `root` within `budget`; `probcut_t100` is probcut's
  // confidence t x 100 (kNoProbcut for a full-width search).
  void start(const Board& root, const Budget& budget, int probcut_t100);
  // Evaluates with eval::baseline_evaluate instead of the patterns (matches).
  void use_baseline_eval(bool on) { baseline_ = on; }
  // Splits its nodes with the helper threads of `threads` (nullptr: alone).
  void share_threads(MidgameThreads* threads);
  // A helper of `threads`, running in `pool`, splits its own nodes too: a
  // thread waiting at a split point for this one then helps below it.
  void share_threads(SplitPool<MidgameSplit, Midgame>& pool, const MidgameThreads& threads);

  // Plays or takes back a move on the root path (the root driver's moves).
  void play(const Board& board, Move m);
  void undo();

  // The value of `board` (the position reached by the moves played) to
  // `depth` plies in the window (alpha, beta), fail soft; a null window
  // searches as a non-PV node and leaves pv() empty.
  int search(const Board& board, int depth, int alpha, int beta);

  // Whether search_younger() at `depth` would share its moves now: helper
  // threads, a deep enough node and one of them free.
  bool can_share(int depth) const;
  // The younger moves of `board` (the position reached by the moves
  // played; its eldest move searched by the caller) to `depth` plies in
  // (alpha, beta), shared with the helper threads: each searched as at a
  // split point of the tree, a null window first and on a PV window the
  // full window again where it lands inside. Returns the best value of
  // the moves searched to the end (-kCentiInfinity if none was), sets
  // `best_move` to its move and, when it beat alpha, pv() to the line
  // after it. Moves cut short by a stop are not counted.
  int search_younger(const Board& board, const Move* moves, int count, int depth, int alpha, int beta, Move& best_move);

  // The best line found by the last search() call (from its board).
  const std::vector<Move>& pv() const { return last_pv_; }
  std::uint64_t nodes() const { return nodes_; }
  bool aborted() const { return aborted_; }
  int seldepth() const { return seldepth_; }

  // A split point's moves, searched until none is left or one cuts off;
  // `nested`: the thread waits at a split point of its own, whose position
  // its evaluator holds and must hold again after the visit.
  void work_at(MidgameSplit& sp, bool nested);
  // Adds the nodes not yet counted to the node count given to
  // publish_nodes (a helper's).
  void flush_nodes();
  void publish_nodes(std::atomic<std::uint64_t>* sink) { node_sink_ = sink; }

  // The static value of a position, from the side to move's view.
  int evaluate_static(const Board& board) const {
    return baseline_ ? eval::baseline_evaluate(board) : eval::evaluate(evaluator_.weights(), board);
  }

private:
  // Room for every legal move of a node, a square each: no position can
  // overrun it, whatever its mobility.
  static constexpr int kMaxMoves = 64;
  using MoveList = std::array<Move, kMaxMoves>;

  template <bool kPv>
  int pvs(const Board& board, int depth, int alpha, int beta, int ply, bool passed);
  // Null-window searches of the last one and two plies above the leaves,
  // where most nodes of a tree are: no table, no probcut, no sorting; the
  // refutations first, then by square class. shallow1 searches the window
  // (beta - 1, beta). `last`: the move that led here, kNoMove after a pass.
  int shallow1(const Board& board, int beta, bool passed, Move last);
  int shallow2(const Board& board, int alpha, int beta, bool passed, Move last);
  // The move that last refuted a node `plies` (1-3) above the leaves
  // reached by `last`, or with kNoMove, the last at `empties`.
  Square& refutation(int plies, Move last, int empties);
  // The move that led to the node at `ply`, kNoMove at the root.
  Move last_move(int ply) const { return ply > 0 ? played_[ply - 1] : kNoMove; }
  int exact(const Board& board, int alpha, int beta);
  // A younger move of a node (depth, ply) in (alpha, beta): a null window,
  // and on a PV node the full window again when the value lands inside it;
  // `line` is set when that second search filled the child's line. (Only a
  // PV search fills it; after a null window the child's line is an earlier
  // sibling's.)
  int younger(const Board& child, int depth, int alpha, int beta, int ply, bool pv, bool& line);
  // The line at `ply`: `m`, then `length` moves of `tail`.
  void set_line(int ply, Move m, const Move* tail, int length);
  bool probcut(const Board& board, int depth, int alpha, int beta, int ply, int& score);
  // Sorts `moves` into `out`, best first.
  void order_moves(const Board& board, Bitboard moves, int depth, int ply, Move* out);
  bool poll();
  // Opens `sp` on `count` moves of `board` (under the split point this
  // thread works under) and searches them with the idle threads.
  void share(MidgameSplit& sp, const Board& board, const Move* moves, int count, int depth, int alpha, int beta,
             int ply, bool pv);

  TranspositionTable& tt_;
  Solver& solver_;
  eval::Evaluator evaluator_;
  Budget budget_;
  int probcut_t100_ = kNoProbcut;
  int pruning_ = 0;  // the table grade of probcut_t100_, worked out once a search, not at every node
  bool baseline_ = false;
  SplitPool<MidgameSplit, Midgame>* pool_ = nullptr;
  const MidgameThreads* threads_ = nullptr;  // with pool_: its split depth
  MidgameSplit* split_ = nullptr;  // the innermost split point this thread works under
  std::atomic<std::uint64_t>* node_sink_ = nullptr;
  std::uint64_t flushed_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t next_poll_ = 0;
  bool stopped_ = false;  // the stop flag or the node budget: the whole search ends
  bool aborted_ = false;  // stopped, or a cutoff at a split point this thread works under
  int seldepth_ = 0;
  // Near the leaves the move that refuted a sibling, or the same move
  // elsewhere, refutes again more often than the square classes guess
  // (counter moves and killers; depth 18 on the 50 midgame positions:
  // 65.0 M nodes against 74.0 M). Kept for one search by each thread; an
  // empty entry names a1, which the square classes try first anyway.
  struct Refutations {
    std::array<Square, 64> of_move{};     // by the move that led to the node
    std::array<Square, 64> at_empties{};  // by the node's empties
  };
  std::array<Refutations, 3> refutations_{};
  std::array<Move, kMaxPly> played_{};  // the move at each ply of the line searched
  std::array<std::array<Move, kMaxPly>, kMaxPly> pv_table_{};
  std::array<int, kMaxPly> pv_length_{};
  std::vector<Move> last_pv_;
};

}  // namespace parity::search
