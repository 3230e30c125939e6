#include "parity/search/endgame.hpp"

#include <algorithm>
#include <optional>

#include "endgame_split.hpp"
#include "endgame_worker.hpp"

namespace parity {

int Solver::run(const Board& board, int alpha, int beta, int threads, const std::atomic<bool>* stop, Move& best) {
  endgame::SharedSearch shared{tt_, nodes_, stop};
  std::optional<endgame::SplitPool> pool;
  threads = std::clamp(threads, 1, kMaxSolverThreads);
  if (threads > 1) {
    pool.emplace(shared, threads);
    shared.pool = &*pool;
  }
  endgame::Worker worker(shared);
  const int score = worker.pvs(board.player, board.opponent, alpha, beta, board.empties(), &best);
  worker.flush_nodes();
  pool.reset();
  stopped_ = shared.stopped.load();
  return score;
}

int Solver::solve_window(const Board& board, int alpha, int beta, int threads, const std::atomic<bool>* stop) {
  Move best;
  nodes_ = 0;
  return run(board, alpha, beta, threads, stop, best);
}

SolveResult Solver::solve(const Board& board, const SolveOptions& options, const std::atomic<bool>* stop) {
  tt_.new_search();
  SolveResult result;
  nodes_ = 0;
  // Win/draw/loss first: its cutoffs fill the table with moves that order
  // the exact search, which then needs only the half window the sign leaves.
  int score = run(board, -1, 1, options.threads, stop, result.best);
  if (!options.wld && !stopped_ && score != 0) {
    Move best;
    score = score > 0 ? run(board, 0, 64, options.threads, stop, best) : run(board, -64, 0, options.threads, stop, best);
    result.best = best;
  }
  result.score = options.wld ? (score > 0) - (score < 0) : score;
  result.nodes = nodes();
  result.complete = !stopped_;
  if (!result.complete || result.best == kNoMove) return result;

  // The line the table remembers, and below its reach (where a search is
  // cheap) moves that keep the proven score, to the end of the game.
  constexpr int kVerifiedPvEmpties = 12;
  result.pv.push_back(result.best);
  Board b = board.play(result.best);
  int target = -result.score;  // the proven score of the side to move at b
  while (result.pv.size() < 64 && !b.game_over() && !stopped_) {
    Move next = kNoMove;
    if (b.must_pass()) {
      next = kPass;
    } else {
      TTData entry;
      const bool hinted = tt_.probe(b, entry) && entry.depth == kTTSolvedDepth && entry.move >= 0 &&
                          entry.move < 64 && b.is_legal(entry.move);
      if (options.wld || b.empties() > kVerifiedPvEmpties) {
        if (hinted) next = entry.move;
      } else {
        const Bitboard moves = b.legal_moves() & ~(hinted ? bit(entry.move) : 0);
        // The hinted move first, then the others.
        Move order[32];
        int n = 0;
        if (hinted) order[n++] = entry.move;
        for (Square m : squares(moves)) order[n++] = m;
        for (int i = 0; i < n && next == kNoMove; ++i) {
          Move ignored;
          if (-run(b.play(order[i]), -target - 1, -target + 1, 1, stop, ignored) == target) next = order[i];
        }
      }
    }
    if (next == kNoMove) break;
    result.pv.push_back(next);
    b = b.play(next);
    target = -target;
  }
  result.nodes = nodes();
  return result;
}

}  // namespace parity
