#include "parity/search/endgame.hpp"

#include <algorithm>
#include <memory>
#include <optional>

#include "endgame_split.hpp"
#include "tuning.hpp"
#include "endgame_worker.hpp"
#include "parity/core/score.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/endcut.hpp"
#include "parity/search/probcut.hpp"
#include "parity/search/thread_pool.hpp"

namespace parity {

Solver::Solver(TranspositionTable& tt) : tt_(tt), weights_(eval::default_weights()) {}
Solver::~Solver() = default;

search::ThreadPool& Solver::thread_pool(int helpers) {
  if (!shared_pool_ && !own_pool_) own_pool_ = std::make_unique<search::ThreadPool>();
  search::ThreadPool& pool = shared_pool_ ? *shared_pool_ : *own_pool_;
  if (pool.size() < helpers) pool.resize(helpers);
  return pool;
}

endgame::LocalTable& Solver::local_table(int index) {
  if (static_cast<int>(local_tables_.size()) <= index) local_tables_.resize(index + 1);
  auto& table = local_tables_[index];
  if (!table) table = std::make_unique<endgame::LocalTable>(endgame::kTuning.local_table_bits);
  return *table;
}

void Solver::set_weights(std::shared_ptr<const eval::Weights> weights) { weights_ = std::move(weights); }

int Solver::run(const Board& board, int alpha, int beta, int threads, search::StopWhen stop, Move& best,
                int selectivity) {
  endgame::SharedSearch shared{tt_, nodes_, *weights_, stop};
  if (node_limit_) {
    // Publish often enough, and deep enough, that the limit is kept within
    // about 2%.
    constexpr std::uint64_t kLimitShare = 64;
    shared.node_limit = node_limit_;
    shared.poll_interval = std::clamp<std::uint64_t>(node_limit_ / kLimitShare, 1, shared.poll_interval);
    shared.poll_min_empties = endgame::kTuning.sort_min_empties;
  }
  shared.selectivity = selectivity;
  shared.pruning = search::probcut_tt_pruning(selectivity);
  // Each helper its own table: the tables are made here, before the
  // helpers start, and handed out one a thread as each helper starts, which
  // may be after this block; the counter outlives the pool for that reason.
  std::atomic<int> next_table{1};
  std::optional<endgame::SplitPool> pool;
  threads = std::clamp(threads, 1, kMaxSolverThreads);
  if (threads > 1) {
    for (int i = 1; i < threads; ++i) local_table(i);
    pool.emplace(thread_pool(threads - 1), threads - 1, [this, &shared, &next_table](endgame::SplitPool&) {
      return std::make_shared<endgame::Worker>(shared, *local_tables_[next_table.fetch_add(1)]);
    });
    shared.pool = &*pool;
  }
  endgame::Worker worker(shared, local_table(0));
  const int score = worker.pvs(board.player, board.opponent, alpha, beta, board.empties(), &best);
  worker.flush_nodes();
  pool.reset();
  stopped_ = shared.stopped.load();
  return score;
}

int Solver::solve_window(const Board& board, int alpha, int beta, int threads, search::StopWhen stop,
                         std::uint64_t node_limit) {
  Move best;
  nodes_ = 0;
  node_limit_ = node_limit;
  return run(board, alpha, beta, threads, stop, best);
}

int Solver::aspirate(const Board& board, int guess, int delta, int threads, search::StopWhen stop, Move& best,
                     int selectivity) {
  int alpha = std::max(-kMaxDiscs, guess - delta), beta = std::min(kMaxDiscs, guess + delta);
  for (;;) {
    const int v = run(board, alpha, beta, threads, stop, best, selectivity);
    if (stopped_) return v;
    delta *= 2;
    // Fail soft: a failed search still bounds the score by v. Final scores
    // are even, so the far bound is made odd: an even bound would leave the
    // score on it outside the window (v - 2 after a fail low at v, the
    // usual case, cost a third search).
    const auto odd_below = [](int x) { return x & 1 ? x : x - 1; };
    const auto odd_above = [](int x) { return x & 1 ? x : x + 1; };
    if (v <= alpha && alpha > -kMaxDiscs) {
      beta = v + 1;
      alpha = std::max(-kMaxDiscs, odd_below(v - delta));
    } else if (v >= beta && beta < kMaxDiscs) {
      alpha = v - 1;
      beta = std::min(kMaxDiscs, odd_above(v + delta));
    } else {
      return v;
    }
  }
}

SolveResult Solver::solve(const Board& board, const SolveOptions& options, search::StopWhen stop) {
  constexpr const endgame::Tuning& kT = endgame::kTuning;
  tt_.new_search();
  SolveResult result;
  nodes_ = 0;
  node_limit_ = options.node_limit;
  stopped_ = false;  // a stopped solve before must not end this one
  int score = 0;
  if (kT.ladder_min_empties <= board.empties() && !board.game_over()) {
    // The probcut ladder: cheap selective solves first, from the static
    // evaluation up; their scores and table entries give the exact search
    // a narrow window and its move order.
    score = search::eval_search(*weights_, board.player, board.opponent, -kEvalUnbounded, kEvalUnbounded, 0) / kCentiPerDisc;
    const int last = options.ladder_last > 0 ? std::min(options.ladder_last, search::kMaxSelectivity)
                     : board.empties() >= kT.ladder_deep_min_empties ? kT.ladder_deep_last_selectivity
                                                                     : kT.ladder_last_selectivity;
    for (int s = kT.ladder_first_selectivity; s <= last && !stopped_; ++s) {
      score = aspirate(board, score, kT.ladder_aspiration, options.threads, stop, result.best, s);
      if (stopped_) break;
      result.selectivity = s;
      result.selective_best = result.best;
      result.selective_score = score;
    }
    if (!options.selective_only && !stopped_)
      score = options.wld ? run(board, -1, 1, options.threads, stop, result.best)
                          : aspirate(board, score, kT.ladder_exact_aspiration, options.threads, stop, result.best, 0);
  } else {
    // Win/draw/loss first: its cutoffs fill the table with moves that order
    // the exact search, which then needs only the half window the sign leaves.
    score = run(board, -1, 1, options.threads, stop, result.best);
    if (!options.wld && !stopped_ && score != 0) {
      Move best;
      score = score > 0 ? run(board, 0, kMaxDiscs, options.threads, stop, best) : run(board, -kMaxDiscs, 0, options.threads, stop, best);
      result.best = best;
    }
  }
  // A selective answer keeps its disc score; a proof of win/draw/loss its sign.
  const bool proof = !options.selective_only || result.selectivity == 0;
  result.score = options.wld && proof ? (score > 0) - (score < 0) : score;
  result.nodes = nodes();
  result.complete = !stopped_;
  if (!result.complete || result.best == kNoMove) return result;
  result.pv.push_back(result.best);
  if (!options.pv || !proof) return result;

  // The line the table remembers, and below its reach (where a search is
  // cheap) moves that keep the proven score, to the end of the game.
  constexpr int kVerifiedPvEmpties = 12;
  Board b = board.play(result.best);
  int target = -result.score;  // the proven score of the side to move at b
  while (result.pv.size() < 64 && !b.game_over() && !stopped_) {
    Move next = kNoMove;
    if (b.must_pass()) {
      next = kPass;
    } else {
      TTData entry;
      const bool hinted = tt_.probe(b, entry) && entry.solved() && entry.move >= 0 &&
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
