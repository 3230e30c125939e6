#include "parity/search/endgame.hpp"

#include <algorithm>
#include <optional>

#include "endgame_split.hpp"
#include "endgame_worker.hpp"

namespace parity {

int Solver::run(const Board& board, int alpha, int beta, int threads, const std::atomic<bool>* stop, Move& best) {
  nodes_ = 0;
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
  return run(board, alpha, beta, threads, stop, best);
}

SolveResult Solver::solve(const Board& board, const SolveOptions& options, const std::atomic<bool>* stop) {
  tt_.new_search();
  SolveResult result;
  const int score = options.wld ? run(board, -1, 1, options.threads, stop, result.best)
                                : run(board, -64, 64, options.threads, stop, result.best);
  result.score = options.wld ? (score > 0) - (score < 0) : score;
  result.nodes = nodes();
  result.complete = !stopped_;
  if (!result.complete || result.best == kNoMove) return result;

  // The line the table remembers: each position's best move while it is legal.
  result.pv.push_back(result.best);
  Board b = board.play(result.best);
  while (result.pv.size() < 60) {
    if (b.must_pass()) {
      result.pv.push_back(kPass);
      b = b.pass();
      continue;
    }
    TTData entry;
    if (!tt_.probe(b, entry) || entry.depth != kTTSolvedDepth || entry.move < 0 || entry.move >= 64 ||
        !b.is_legal(entry.move))
      break;
    result.pv.push_back(entry.move);
    b = b.play(entry.move);
  }
  return result;
}

}  // namespace parity
