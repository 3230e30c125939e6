#pragma once
// The exact endgame solver: proves the final disc difference under perfect
// play (or only its sign, in win/draw/loss mode) and a best move.
//
// A node is a position the search visits: every call of the search on a
// position counts one, the hand-written code for the last 1-4 empties
// included (a position with one empty square is a node; the full board after
// its last move is not). A forced pass visits the passed position again and
// counts it again.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/eval/weights.hpp"
#include "parity/search/stop_when.hpp"
#include "parity/search/tt.hpp"

namespace parity::search {
class ThreadPool;
}

namespace parity {

namespace endgame {
class LocalTable;
}

struct SolveOptions {
  int threads = 1;   // search threads, 1..kMaxSolverThreads
  bool wld = false;  // prove only win, draw or loss: the score is then -1, 0 or +1
  bool pv = true;    // false: no line beyond the best move (labelling needs only the score)
  // Stop (complete == false) once about this many nodes are searched; 0: no limit.
  std::uint64_t node_limit = 0;
  // The probcut ladder's last rung (selectivity, probcut.hpp) at the root of
  // a solve with enough empties for a ladder; 0: the solver's own choice.
  // Play on the clock asks for more rungs than a plain solve, so that a
  // solve stopped by the clock still leaves the answer of a selective solve
  // (SolveResult::selectivity).
  int ladder_last = 0;
  // Only the ladder, without the proof after it: a selective solve, its
  // answer in SolveResult::selective_best and selective_score.
  bool selective_only = false;
};

inline constexpr int kMaxSolverThreads = 64;

struct SolveResult {
  Move best = kNoMove;  // a best move; kPass when the player must pass, kNoMove when the game is over
  int score = 0;        // final disc difference from the player's view (sign only with wld)
  std::uint64_t nodes = 0;
  std::vector<Move> pv;  // best line as far as the table remembers it, passes included
  bool complete = true;  // false when stopped: then score and move mean nothing
  // The last rung of the probcut ladder that finished, complete or not: a
  // selective solve's best move and disc score at that selectivity (0: no
  // rung finished).
  int selectivity = 0;
  Move selective_best = kNoMove;
  int selective_score = 0;
};

class Solver {
public:
  // Orders its moves, and makes its probcut's shallow searches, with the
  // built-in weights unless set_weights() says otherwise.
  explicit Solver(TranspositionTable& tt);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Solves the position. The stop flag, when set by another thread, or the
  // stop's hard time ends the search within milliseconds with
  // complete == false.
  SolveResult solve(const Board& board, const SolveOptions& options = {}, search::StopWhen stop = {});

  // The exact score if it lies strictly inside (alpha, beta); otherwise a
  // bound: a value <= alpha means score <= that value, >= beta means score
  // >= it (fail soft). -64 <= alpha < beta <= 64. With a stop, the value
  // means nothing; `stopped()` tells, as it does when `node_limit` nodes
  // (0: no limit) were searched.
  int solve_window(const Board& board, int alpha, int beta, int threads = 1, search::StopWhen stop = {},
                   std::uint64_t node_limit = 0);

  // Nodes of the current (or last) search so far; safe to call from another thread.
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  bool stopped() const { return stopped_; }
  TranspositionTable& table() { return tt_; }
  void set_weights(std::shared_ptr<const eval::Weights> weights);
  // Runs its helper threads on `pool` (nullptr: on threads of its own,
  // started at the first solve on more than one thread and kept).
  void share_threads(search::ThreadPool* pool) { shared_pool_ = pool; }

private:
  // Runs the root search at a probcut selectivity (0: exact); best receives the best move.
  int run(const Board& board, int alpha, int beta, int threads, search::StopWhen stop, Move& best,
          int selectivity = 0);
  // The score in the window guess +- delta, widened on failure.
  int aspirate(const Board& board, int guess, int delta, int threads, search::StopWhen stop, Move& best,
               int selectivity);

  // The pool with at least `helpers` threads where it can have them.
  search::ThreadPool& thread_pool(int helpers);
  // The small table of thread `index` (0: the calling thread), made on first use.
  endgame::LocalTable& local_table(int index);

  TranspositionTable& tt_;
  std::shared_ptr<const eval::Weights> weights_;
  search::ThreadPool* shared_pool_ = nullptr;
  std::unique_ptr<search::ThreadPool> own_pool_;
  // One small table a thread, kept from search to search: its entries are
  // exact bounds, true in every later search (local_table.hpp).
  std::vector<std::unique_ptr<endgame::LocalTable>> local_tables_;
  std::atomic<std::uint64_t> nodes_{0};
  std::uint64_t node_limit_ = 0;  // of the solve() in progress
  bool stopped_ = false;
};

}  // namespace parity
