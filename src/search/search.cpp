// The root of the search: iterative deepening with aspiration windows over
// the midgame search, multipv, time management, levels, and the hand-over
// to the exact solver (win/draw/loss first, then the exact score).

#include "parity/search/search.hpp"

#include <algorithm>
#include <chrono>
#include <new>
#include <optional>
#include <thread>

#include "parity/eval/evaluator.hpp"
#include "parity/search/endgame.hpp"
#include "parity/search/midgame.hpp"
#include "parity/search/midgame_threads.hpp"
#include "parity/search/thread_pool.hpp"
#include "parity/search/time_plan.hpp"
#include "parity/search/tt.hpp"
#include "tuning.hpp"

namespace parity::search {

namespace {

using Clock = std::chrono::steady_clock;

using namespace root_tuning;

std::int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

struct RootMove {
  Move move = kNoMove;
  int score = -kCentiInfinity;
  std::vector<Move> pv;  // the line after the move
  bool proven = false;   // score and line from the exact solver
};

}  // namespace

struct SearchState {
  explicit SearchState(std::size_t hash_mb) : tt(hash_mb) { solver.share_threads(&pool); }
  TranspositionTable tt;
  ThreadPool pool;  // the helper threads of the midgame and of the solver
  Solver solver{tt};
  std::shared_ptr<const eval::Weights> weights = eval::default_weights();
  int threads = 1;
  bool baseline = false;
};

Search::Search(std::size_t hash_mb) : state_(std::make_unique<SearchState>(hash_mb)) {}
Search::~Search() = default;

bool Search::set_hash_mb(std::size_t megabytes) { return state_->tt.resize(std::max<std::size_t>(1, megabytes)); }
std::size_t Search::hash_mb() const { return state_->tt.megabytes(); }
void Search::set_threads(int threads) {
  state_->threads = std::clamp(threads, 1, kMaxSolverThreads);
  state_->pool.resize(state_->threads - 1);
}
void Search::clear() { state_->tt.clear(); }

bool Search::set_eval_file(const std::string& path, std::string* error) {
  if (path.empty() || path == "<default>") {
    state_->weights = eval::default_weights();
    state_->solver.set_weights(state_->weights);
    return true;
  }
  auto loaded = eval::load_weights_file(path);
  if (!loaded) {
    if (error) *error = loaded.error().message;
    return false;
  }
  state_->weights = *loaded;
  state_->solver.set_weights(state_->weights);
  return true;
}

void Search::use_baseline_eval(bool on) { state_->baseline = on; }
int Search::static_eval(const Board& board) const { return eval::evaluate(*state_->weights, board); }
std::string Search::explain_eval(const Board& board) const { return eval::explain(*state_->weights, board); }

Result Search::run(const Board& board, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& on_info) {
  const auto start = Clock::now();
  Result result;
  const Bitboard legal = board.legal_moves();
  const bool restricted = (limits.root_moves & legal) != 0 && (limits.root_moves & legal) != legal;
  const Bitboard moves = restricted ? limits.root_moves & legal : legal;
  if (!moves) {
    result.best = board.opponent_can_move() ? kPass : kNoMove;
    if (result.best == kNoMove) {
      result.score = 100 * board.final_score();
      result.exact = true;
    }
    if (limits.infinite)
      while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return result;
  }
  result.best = first_square(moves);

  const int empties = board.empties();
  const TimePlan plan = plan_time(limits, empties, limits.nodes > 0 ? 1 : state_->threads);
  // The caller's stop, and the plan's hard time: every search thread asks
  // at its polls.
  const StopWhen halt = plan.hard_ms > 0 ? StopWhen(&stop, start + std::chrono::milliseconds(plan.hard_ms)) : StopWhen(&stop);
  std::uint64_t solver_nodes = 0;
  {
    const int max_depth = plan.max_depth;
    const int exact_empties = plan.exact_empties, wld_empties = plan.wld_empties;
    const int proof_empties = std::max(exact_empties, wld_empties);
    const int multipv = std::clamp(limits.multipv, 1, popcount(moves));
    // One solve proves one best move: several lines in the exact solver's
    // reach are proven one root move at a time, after a short midgame
    // search that orders them.
    const bool solve_lines = multipv > 1 && empties <= exact_empties;
    const bool hand_over =
        multipv > 1 ? solve_lines : !restricted && empties <= std::max(proof_empties, plan.selective_empties);
    int mid_cap = std::min(max_depth, empties - 1);
    if (hand_over && !limits.infinite) mid_cap = std::min(mid_cap, kPreSolveDepth);

    state_->tt.new_search();
    Midgame mid(state_->tt, state_->solver, state_->weights);
    mid.use_baseline_eval(state_->baseline);
    const int probcut_t100 = plan.full_width ? kNoProbcut : kMidgameProbcutT100;
    mid.start(board, Budget{halt, limits.nodes}, probcut_t100);

    std::vector<RootMove> root;
    for (Square sq : squares(moves)) root.push_back({sq, -mid.evaluate_static(board.play(sq)), {}});
    std::stable_sort(root.begin(), root.end(), [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    // A node budget stays a budget of one thread's nodes, reproducible.
    std::optional<MidgameThreads> helpers;
    std::uint64_t helper_nodes = 0;  // once the helpers are gone
    if (limits.nodes == 0 && state_->threads > 1) {
      helpers.emplace(state_->pool, state_->threads, state_->tt, state_->weights, halt, probcut_t100, state_->baseline);
      mid.share_threads(&*helpers);
    }
    result.threads = 1 + (helpers ? helpers->helpers() : 0);

    const auto report = [&](int depth, const RootMove& rm, int rank, Bound bound, bool exact) {
      if (!on_info) return;
      Info info;
      info.depth = depth;
      info.seldepth = std::max(depth, mid.seldepth());
      info.score = rm.score;
      info.bound = bound;
      info.exact = exact;
      info.nodes = mid.nodes() + (helpers ? helpers->nodes() : helper_nodes) + solver_nodes;
      info.time_ms = ms_since(start);
      info.hashfull = state_->tt.hashfull();
      info.multipv = rank;
      info.pv.push_back(rm.move);
      info.pv.insert(info.pv.end(), rm.pv.begin(), rm.pv.end());
      on_info(info);
    };

    // Set when a move of the current depth has proven better than the last
    // best: kept if that depth does not finish.
    bool front_improved = false;
    // One pass over the root moves at `depth` in (alpha, beta); the best first.
    const auto iterate = [&](int depth, int alpha, int beta) {
      int best = -kCentiInfinity, a = alpha;
      for (std::size_t i = 0; i < root.size(); ++i) {
        if (i > 0 && multipv == 1 && root.size() - i >= 2 && mid.can_share(depth)) {
          // The younger root moves shared with the helpers, as any node's:
          // no thread waits for the last of one move before the next starts.
          std::vector<Move> younger;
          for (std::size_t j = i; j < root.size(); ++j) younger.push_back(root[j].move);
          Move m = kNoMove;
          const int v = mid.search_younger(board, younger.data(), static_cast<int>(younger.size()), depth, a, beta, m);
          for (std::size_t j = i; j < root.size(); ++j) root[j].score = -kCentiInfinity;
          if (v > best) {
            best = v;
            if (v > a) {
              const auto it = std::find_if(root.begin() + static_cast<std::ptrdiff_t>(i), root.end(),
                                           [m](const RootMove& r) { return r.move == m; });
              it->score = v;
              it->pv = mid.pv();
              std::rotate(root.begin(), it, it + 1);
              front_improved = true;
            }
          }
          break;
        }
        RootMove& rm = root[i];
        const Board child = board.play(rm.move);
        mid.play(board, rm.move);
        int v;
        if (multipv > 1) {
          v = -mid.search(child, depth - 1, -kCentiInfinity, kCentiInfinity);
        } else if (i == 0) {
          v = -mid.search(child, depth - 1, -beta, -a);
        } else {
          v = -mid.search(child, depth - 1, -a - 1, -a);
          if (v > a && v < beta && !mid.aborted()) v = -mid.search(child, depth - 1, -beta, -a);
        }
        mid.undo();
        if (mid.aborted()) break;
        rm.score = i == 0 || multipv > 1 || v > a ? v : -kCentiInfinity;
        if (multipv > 1 || i == 0 || v > a) rm.pv = mid.pv();
        if (v > best) {
          best = v;
          if (v > a) a = v;
          if (multipv == 1 && i > 0 && v > alpha) {
            std::rotate(root.begin(), root.begin() + i, root.begin() + i + 1);
            front_improved = true;
          }
          if (multipv == 1 && a >= beta) break;
        }
      }
      if (multipv > 1)
        std::stable_sort(root.begin(), root.end(), [](const RootMove& x, const RootMove& y) { return x.score > y.score; });
      return best;
    };

    int score = 0, stable = 0;
    for (int depth = 1; depth <= mid_cap; ++depth) {
      int alpha = -kCentiInfinity, beta = kCentiInfinity, delta = kAspirationWindow;
      if (depth >= kAspirationMinDepth && multipv == 1) alpha = score - delta, beta = score + delta;
      int v;
      front_improved = false;
      for (;;) {
        v = iterate(depth, alpha, beta);
        if (mid.aborted()) break;
        if (v <= alpha && alpha > -kCentiInfinity) {
          delta *= 2;
          alpha = delta > kAspirationOpenAfter ? -kCentiInfinity : std::max(-kCentiInfinity, v - delta);
          report(depth, root.front(), 1, Bound::kUpper, false);
        } else if (v >= beta && beta < kCentiInfinity) {
          delta *= 2;
          beta = delta > kAspirationOpenAfter ? kCentiInfinity : std::min(kCentiInfinity, v + delta);
          report(depth, root.front(), 1, Bound::kLower, false);
        } else {
          break;
        }
      }
      if (mid.aborted()) {
        // An unfinished depth still refuted the last best move: a move
        // that searched better at this depth is the better guess.
        if (front_improved && root.front().move != result.best) {
          result.best = root.front().move;
          result.score = root.front().score;
          result.pv.assign(1, result.best);
          result.pv.insert(result.pv.end(), root.front().pv.begin(), root.front().pv.end());
          report(depth, root.front(), 1, Bound::kLower, false);
        }
        break;
      }
      score = v;
      stable = depth > 1 && root.front().move == result.best ? stable + 1 : 0;
      result.best = root.front().move;
      result.score = root.front().score;
      result.depth = depth;
      result.exact = false;
      result.pv.assign(1, result.best);
      result.pv.insert(result.pv.end(), root.front().pv.begin(), root.front().pv.end());
      for (int k = 0; k < multipv; ++k) report(depth, root[k], k + 1, Bound::kExact, false);
      if (!start_iteration(plan, ms_since(start), depth, stable)) break;
    }

    // The solver's helpers run on the same threads: the midgame's leave first.
    if (helpers) {
      mid.share_threads(nullptr);
      helper_nodes = helpers->nodes();
      helpers.reset();
    }
    // On the clock, time the plan gave this move and the search has not
    // used goes to the solver: a midgame search that reached the last ply
    // hands over to the selective solve, and a selective solve that
    // finished early goes on to the proofs while the hard limit allows.
    const bool by_clock = plan.soft_ms > 0 && limits.level >= 60 && limits.depth <= 0 && !limits.exact &&
                          limits.nodes == 0 && !limits.infinite && !restricted;
    const auto time_to_spare = [&] {
      return by_clock && !halt.now() && start_iteration(plan, ms_since(start), result.depth, stable);
    };
    const bool full_depth =
        by_clock && multipv == 1 && !hand_over && result.depth >= empties - 1 && !mid.aborted() && time_to_spare();
    const bool solver_may_start = !halt.now() && !mid.aborted() && (limits.nodes == 0 || mid.nodes() < limits.nodes);
    if (solve_lines && solver_may_start) {
      // Each line's exact score, in the midgame's order; a stop keeps the
      // proofs that finished, beside the midgame's scores of the rest.
      for (RootMove& rm : root) {
        SolveOptions options{limits.nodes > 0 ? 1 : state_->threads, false};
        if (limits.nodes > 0) {
          const std::uint64_t spent = mid.nodes() + solver_nodes;
          if (spent >= limits.nodes) break;
          options.node_limit = limits.nodes - spent;
        }
        const SolveResult s = state_->solver.solve(board.play(rm.move), options, halt);
        solver_nodes += s.nodes;
        if (!s.complete) break;
        rm.score = -100 * s.score;
        rm.pv = s.pv;
        rm.proven = true;
      }
      // Proofs go in order and stop at the first that does not finish.
      if (root.front().proven) {
        std::stable_sort(root.begin(), root.end(), [](const RootMove& x, const RootMove& y) { return x.score > y.score; });
        result.best = root.front().move;
        result.score = root.front().score;
        result.exact = std::all_of(root.begin(), root.end(), [](const RootMove& rm) { return rm.proven; });
        if (result.exact) result.depth = empties;
        result.pv.assign(1, result.best);
        result.pv.insert(result.pv.end(), root.front().pv.begin(), root.front().pv.end());
        for (int k = 0; k < multipv; ++k)
          report(root[k].proven ? empties : result.depth, root[k], k + 1, Bound::kExact, root[k].proven);
      }
    }
    // The hand-over: prove win/draw/loss first, then the exact score; a few
    // empties further, by the clock, a selective solve.
    if (multipv == 1 && (hand_over || full_depth) && solver_may_start) {
      bool proven = false;
      const auto prove = [&](bool wld, bool selective_only) {
        // A node budget: one thread, as in the midgame, and what is left of it.
        SolveOptions options{limits.nodes > 0 ? 1 : state_->threads, wld};
        if (limits.nodes > 0) {
          const std::uint64_t spent = mid.nodes() + solver_nodes;
          if (spent >= limits.nodes) return false;
          options.node_limit = limits.nodes - spent;
        }
        options.ladder_last = plan.ladder_last;
        options.selective_only = selective_only;
        SolveResult s = state_->solver.solve(board, options, halt);
        solver_nodes += s.nodes;
        // Short of a proof, the last selective solve that finished beats
        // the shallow midgame search before the hand-over.
        if ((!s.complete || selective_only) && !proven && s.selectivity > 0 && board.is_legal(s.selective_best)) {
          result.best = s.selective_best;
          result.score = 100 * s.selective_score;
          result.depth = empties;
          result.exact = false;
          result.pv.assign(1, s.selective_best);
          report(empties, RootMove{s.selective_best, result.score, {}}, 1, Bound::kExact, false);
        }
        if (!s.complete || s.best == kNoMove || (selective_only && s.selectivity > 0)) return false;
        proven = true;
        result.best = s.best;
        result.pv = s.pv;
        result.depth = empties;
        RootMove rm{s.best, 100 * s.score, std::vector<Move>(s.pv.begin() + (s.pv.empty() ? 0 : 1), s.pv.end())};
        if (wld) {
          // Only the sign is proven: keep the midgame estimate on the right side of it.
          rm.score = s.score > 0 ? std::max(result.score, 100) : s.score < 0 ? std::min(result.score, -100) : 0;
          report(empties, rm, 1, s.score > 0 ? Bound::kLower : s.score < 0 ? Bound::kUpper : Bound::kExact, s.score == 0);
        } else {
          report(empties, rm, 1, Bound::kExact, true);
        }
        result.score = rm.score;
        result.exact = !wld || s.score == 0;
        return true;
      };
      if (empties > proof_empties) {
        const bool proven_by_ladder = prove(true, true);
        if (!proven_by_ladder && time_to_spare() && prove(true, false) && !result.exact && time_to_spare())
          prove(false, false);
      } else if (empties <= wld_empties && prove(true, false) && empties <= exact_empties && !result.exact) prove(false, false);
      else if (empties <= exact_empties && !result.exact && !halt.now()) prove(false, false);
    }
    result.nodes = mid.nodes() + helper_nodes + solver_nodes;
  }
  if (limits.infinite)
    while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  result.time_ms = ms_since(start);
  return result;
}

}  // namespace parity::search
