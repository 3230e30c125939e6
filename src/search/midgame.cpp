#include "parity/search/midgame.hpp"

#include <algorithm>
#include <optional>

#include "midgame_split.hpp"
#include "parity/search/midgame_threads.hpp"
#include "parity/eval/baseline.hpp"
#include "tuning.hpp"

namespace parity::search {

namespace {

constexpr const MidgameTuning& kT = kMidgameTuning;

// Null-window nodes this close to the leaves go to shallow1/shallow2,
// which neither probe nor store the table.
constexpr int kShallowDepth = 2;

int floor_div100(int v) { return v >= 0 ? v / 100 : -((-v + 99) / 100); }
int ceil_div100(int v) { return -floor_div100(-v); }

// The solver's entries are final disc differences (with its probcut
// ladder, at a confidence of their level); in centi-discs, +-64 is open.
int solved_lower(const TTData& e) { return e.lower <= -kMaxDiscs ? -kCentiInfinity : to_centi(e.lower); }
int solved_upper(const TTData& e) { return e.upper >= kMaxDiscs ? kCentiInfinity : to_centi(e.upper); }

// Where there is no time to sort, moves are tried by the usual worth of
// their square: corners, then the edges' A and B squares, the centre, the
// squares beside the centre, and last those next to a corner (C, then X).
constexpr std::array<Bitboard, 7> kSquareClasses = {
    0x8100000000000081ULL, 0x2400810000810024ULL, 0x1800008181000018ULL, 0x00003C3C3C3C0000ULL,
    0x003C424242423C00ULL, 0x4281000000008142ULL, 0x0042000000004200ULL,
};

// Calls f(square) for every move, best class first; stops when f returns true.
template <class F>
bool for_each_by_class(Bitboard moves, F&& f) {
  for (Bitboard c : kSquareClasses)
    for (Square sq : squares(moves & c))
      if (f(sq)) return true;
  return false;
}

// As for_each_by_class, but `first` and then `second` (squares, maybe not
// legal here) are tried before the others; one loop calls f, so that its
// body is compiled once.
template <class F>
bool for_each_refutation_first(Bitboard moves, Square first, Square second, F&& f) {
  std::array<Bitboard, 2 + kSquareClasses.size()> groups;
  groups[0] = moves & bit(first);
  moves &= ~bit(first);
  groups[1] = moves & bit(second);
  moves &= ~bit(second);
  for (std::size_t i = 0; i < kSquareClasses.size(); ++i) groups[2 + i] = moves & kSquareClasses[i];
  for (Bitboard g : groups)
    for (Square sq : squares(g))
      if (f(sq)) return true;
  return false;
}

// Nodes between checks of the budget: a small node limit is checked often
// enough to be kept within about 2%.
std::uint64_t poll_interval(const Budget& budget) {
  const auto usual = static_cast<std::uint64_t>(kT.poll_interval_nodes);
  return budget.node_limit ? std::clamp<std::uint64_t>(budget.node_limit / 64, 1, usual) : usual;
}

}  // namespace

Midgame::Midgame(TranspositionTable& tt, Solver& solver, std::shared_ptr<const eval::Weights> weights)
    : tt_(tt), solver_(solver), evaluator_(std::move(weights)) {}

void Midgame::start(const Board& root, const Budget& budget, int probcut_t100) {
  budget_ = budget;
  probcut_t100_ = probcut_t100;
  pruning_ = probcut_tt_pruning_t100(probcut_t100);
  nodes_ = 0;
  flushed_ = 0;
  next_poll_ = poll_interval(budget);
  stopped_ = false;
  aborted_ = false;
  seldepth_ = 0;
  refutations_ = {};
  evaluator_.set(root);
}

void Midgame::play(const Board& board, Move m) {
  if (m == kPass) evaluator_.pass();
  else evaluator_.play(m, board.flips(m));
}

void Midgame::undo() {
  evaluator_.undo();
}

bool Midgame::poll() {
  next_poll_ = nodes_ + poll_interval(budget_);
  if (budget_.stop.now()) stopped_ = true;
  if (budget_.node_limit && nodes_ >= budget_.node_limit) stopped_ = true;
  if (stopped_) aborted_ = true;
  return aborted_;
}

int Midgame::search(const Board& board, int depth, int alpha, int beta) {
  const int score = beta - alpha > 1 ? pvs<true>(board, depth, alpha, beta, 0, false)
                                      : pvs<false>(board, depth, alpha, beta, 0, false);
  if (beta - alpha <= 1) pv_length_[0] = 0;
  last_pv_.assign(pv_table_[0].begin(), pv_table_[0].begin() + pv_length_[0]);
  return score;
}

void Midgame::share(MidgameSplit& sp, const Board& board, const Move* moves, int count, int depth, int alpha,
                    int beta, int ply, bool pv) {
  sp.parent = split_;
  sp.count = count;
  sp.owner = this;
  sp.board = board;
  sp.depth = depth;
  sp.beta = beta;
  sp.ply = ply;
  sp.pv = pv;
  sp.moves = moves;
  sp.alpha = alpha;
  pool_->split(*this, sp);
}

bool Midgame::can_share(int depth) const {
  return pool_ && depth >= threads_->split_min_depth() && pool_->has_idle();
}

int Midgame::search_younger(const Board& board, const Move* moves, int count, int depth, int alpha, int beta,
                            Move& best_move) {
  MidgameSplit sp;
  share(sp, board, moves, count, depth, alpha, beta, 0, beta - alpha > 1);
  best_move = sp.best_move;
  last_pv_.assign(sp.line.begin(), sp.line.begin() + (sp.best > alpha ? sp.line_length : 0));
  return sp.best;
}

Square& Midgame::refutation(int plies, Move last, int empties) {
  Refutations& r = refutations_[plies - 1];
  return last == kNoMove ? r.at_empties[empties] : r.of_move[last];
}

int Midgame::shallow1(const Board& board, int beta, bool passed, Move last) {
  ++nodes_;
  if (nodes_ >= next_poll_) poll();
  if (aborted_) return 0;
  const int empties = board.empties();
  if (empties == 0) return 100 * board.final_score();
  const Bitboard moves = board.legal_moves();
  if (!moves) {
    if (passed || !board.opponent_can_move()) return 100 * board.final_score();
    evaluator_.pass();
    const int v = -shallow1(board.pass(), 1 - beta, true, kNoMove);
    evaluator_.undo();
    return v;
  }
  int best = -kCentiInfinity;
  Square& refuter = refutation(1, last, empties);
  Square& at_empties = refutation(1, kNoMove, empties);
  for_each_refutation_first(moves, refuter, at_empties, [&](Square sq) {
    const Bitboard f = board.flips(sq);
    ++nodes_;
    int v;
    if (empties == 1) {
      v = -100 * board.after(sq, f).final_score();
    } else {
      v = -evaluator_.value_after(sq, f, empties - 1);
    }
    if (v > best) best = v;
    if (v < beta) return false;
    refuter = at_empties = sq;
    return true;
  });
  return best;
}

int Midgame::shallow2(const Board& board, int alpha, int beta, bool passed, Move last) {
  ++nodes_;
  if (nodes_ >= next_poll_) poll();
  if (aborted_) return 0;
  const int empties = board.empties();
  if (empties <= 2 && !passed) return exact(board, alpha, beta);
  const Bitboard moves = board.legal_moves();
  if (!moves) {
    if (passed || !board.opponent_can_move()) return 100 * board.final_score();
    evaluator_.pass();
    const int v = -shallow2(board.pass(), -beta, -alpha, true, kNoMove);
    evaluator_.undo();
    return v;
  }
  int best = -kCentiInfinity, a = alpha;
  Square& refuter = refutation(2, last, empties);
  Square& at_empties = refutation(2, kNoMove, empties);
  for_each_refutation_first(moves, refuter, at_empties, [&](Square sq) {
    const Bitboard f = board.flips(sq);
    evaluator_.play(sq, f);
    const int v = -shallow1(board.after(sq, f), -a, false, sq);
    evaluator_.undo();
    if (aborted_) return true;
    if (v > best) {
      best = v;
      if (v > a) a = v;
    }
    if (a < beta) return false;
    refuter = at_empties = sq;
    return true;
  });
  return aborted_ ? 0 : best;
}

// The exact solver on a centi-disc window: the disc window it gets holds
// (alpha, beta), so its fail-soft bounds stay bounds in centi-discs.
int Midgame::exact(const Board& board, int alpha, int beta) {
  int a = std::max(-kMaxDiscs, floor_div100(alpha)), b = std::min(kMaxDiscs, ceil_div100(beta));
  if (a >= kMaxDiscs) a = kMaxDiscs - 1, b = kMaxDiscs;
  if (b <= -kMaxDiscs) a = -kMaxDiscs, b = -kMaxDiscs + 1;
  // What is left of a node budget bounds the solver too (at least 1: 0 is none).
  const std::uint64_t left = budget_.node_limit ? std::max<std::uint64_t>(1, budget_.node_limit - std::min(nodes_, budget_.node_limit)) : 0;
  const int score = solver_.solve_window(board, a, b, 1, budget_.stop, left);
  nodes_ += solver_.nodes();
  if (solver_.stopped()) stopped_ = aborted_ = true;
  return 100 * score;
}

bool Midgame::probcut(const Board& board, int depth, int alpha, int beta, int ply, int& score) {
  const int empties = board.empties();
  const int shallow = probcut_shallow_depth(depth);
  const int t100 = probcut_t100_;
  const int margin = t100 * probcut_sigma(empties, shallow, depth) / 100;
  // The static value says which side can cut: a shallow search is tried
  // only on a side the value lies near or beyond, within a share of the
  // mean error of the evaluation and of the shallow search.
  const int value = baseline_ ? eval::baseline_evaluate(board) : evaluator_.value(empties);
  const int value_margin =
      kT.probcut_gate_percent * t100 * (probcut_sigma(empties, 0, depth) + probcut_sigma(empties, shallow, depth)) / 20000;
  if (value >= beta - value_margin && beta + margin < kMaxCenti) {
    const int bound = beta + margin;
    const int v = pvs<false>(board, shallow, bound - 1, bound, ply, false);
    if (aborted_) return false;
    if (v >= bound) {
      score = beta;
      return true;
    }
  }
  if (value < alpha + value_margin && alpha - margin > -kMaxCenti) {
    const int bound = alpha - margin;
    const int v = pvs<false>(board, shallow, bound, bound + 1, ply, false);
    if (aborted_) return false;
    if (v <= bound) {
      score = alpha;
      return true;
    }
  }
  return false;
}

void Midgame::order_moves(const Board& board, Bitboard moves, int depth, int ply, Move* out) {
  std::array<int, kMaxMoves> key{};
  int n = 0;
  const int sort_depth = depth >= kT.sort_shallow_min_depth ? std::max(1, depth / kT.sort_shallow_depth_share) : 0;
  const Move refuter = depth == 3 ? refutation(3, last_move(ply), board.empties()) : kNoMove;
  for_each_by_class(moves, [&](Square sq) {
    const Bitboard f = board.flips(sq);
    const Board child = board.after(sq, f);
    // A child deeper than the shallow searches probes the table when it is
    // searched: its bucket can be on its way to the cache while the other
    // moves are sorted.
    if (depth - 1 > kShallowDepth) tt_.prefetch(child);
    const Bitboard replies = child.legal_moves();
    int k = -kT.mobility_weight * popcount(replies) - kT.corner_reply_weight * popcount(replies & kCorners);
    if (bit(sq) & kCorners) k += kT.corner_move_bonus;
    if (sq == refuter) k += kT.refutation_bonus;
    if (sort_depth > 0) {
      played_[ply] = sq;  // the move that led to the child, for its refutations
      evaluator_.play(sq, f);
      k -= pvs<false>(child, sort_depth - 1, -kCentiInfinity, kCentiInfinity, ply + 1, false);
      evaluator_.undo();
    }
    int i = n++;
    for (; i > 0 && key[i - 1] < k; --i) {
      key[i] = key[i - 1];
      out[i] = out[i - 1];
    }
    key[i] = k;
    out[i] = sq;
    return false;
  });
}

template <bool kPv>
int Midgame::pvs(const Board& board, int depth, int alpha, int beta, int ply, bool passed) {
  ++nodes_;
  if (nodes_ >= next_poll_) poll();
  // A move of a split point above failed high: this subtree is not needed.
  if (split_ && split_->cut_above()) aborted_ = true;
  if (aborted_) return 0;
  if (kPv) pv_length_[ply] = 0;
  seldepth_ = std::max(seldepth_, ply);
  const int empties = board.empties();
  if (depth >= empties && !passed) return exact(board, alpha, beta);
  if (depth <= 0 || ply >= kMaxPly - 2) return baseline_ ? eval::baseline_evaluate(board) : evaluator_.value(empties);
  if (!kPv && !baseline_ && depth <= kShallowDepth) {
    --nodes_;  // counted again there
    const Move last = passed ? kNoMove : last_move(ply);
    return depth == 1 ? shallow1(board, beta, passed, last) : shallow2(board, alpha, beta, passed, last);
  }

  const Bitboard moves = board.legal_moves();
  if (!moves) {
    if (passed || !board.opponent_can_move()) return 100 * board.final_score();
    played_[ply] = kNoMove;
    evaluator_.pass();
    const int v = -pvs<kPv>(board.pass(), depth, -beta, -alpha, ply + 1, true);
    evaluator_.undo();
    if (kPv && !aborted_) set_line(ply, kPass, pv_table_[ply + 1].data(), pv_length_[ply + 1]);
    return v;
  }

  Move hash_move = kNoMove;
  TTData entry;
  const int pruning = pruning_;
  if (depth >= kT.tt_min_depth && tt_.probe(board, entry)) {
    hash_move = entry.move;
    if (entry.solved() && entry.pruning <= pruning) {
      const int lower = solved_lower(entry);
      const int upper = solved_upper(entry);
      if (!kPv && lower >= beta) return lower;
      if (!kPv && upper <= alpha) return upper;
      if (lower == upper) return lower;
    } else if (!kPv && entry.depth >= depth && entry.pruning <= pruning) {
      if (entry.lower >= beta) return entry.lower;
      if (entry.upper <= alpha) return entry.upper;
    }
  }

  // Enhanced transposition cutoff: a child whose stored upper bound is
  // already below -beta refutes this node without a search.
  if (!kPv && depth >= kT.etc_min_depth) {
    // Every child's bucket is asked for first, so that the misses overlap.
    std::array<Board, kMaxMoves> children;
    int count = 0;
    for (Square sq : squares(moves)) {
      children[count] = board.after(sq, board.flips(sq));
      tt_.prefetch(children[count++]);
    }
    for (int i = 0; i < count; ++i) {
      TTData e;
      if (!tt_.probe(children[i], e) || e.pruning > pruning) continue;
      const int upper = e.solved() ? solved_upper(e) : e.depth >= depth - 1 ? e.upper : kCentiInfinity;
      if (-upper >= beta) return -upper;
    }
  }

  if (!kPv && probcut_t100_ != kNoProbcut && depth >= kProbcutMinDepth) {
    int score;
    if (probcut(board, depth, alpha, beta, ply, score)) return score;
    if (aborted_) return 0;
  }

  // The table's move is searched before the others are valued: when it
  // cuts off, their ordering searches are saved.
  MoveList list;
  const bool hash_first = hash_move != kNoMove && (moves & bit(hash_move));
  const int n = popcount(moves);
  if (hash_first) list[0] = hash_move;
  else order_moves(board, moves, depth, ply, list.data());
  if (aborted_) return 0;
  int best = -kCentiInfinity, a = alpha;
  Move best_move = kNoMove;
  for (int i = 0; i < n; ++i) {
    if (i == 1 && hash_first) {
      order_moves(board, moves & ~bit(hash_move), depth, ply, list.data() + 1);
      if (aborted_) return 0;
    }
    if (i > 0 && n - i >= 2 && can_share(depth)) {
      // Young brothers wait: the first move is searched; now share the rest.
      MidgameSplit sp;
      share(sp, board, list.data() + i, n - i, depth, a, beta, ply, kPv);
      if (aborted_) return 0;
      if (sp.best > best) {
        best = sp.best;
        best_move = sp.best_move;
        if (best > a) {
          a = best;
          if (kPv) set_line(ply, best_move, sp.line.data(), sp.line_length);
        }
      }
      break;
    }
    const Move m = list[i];
    const Bitboard f = board.flips(m);
    const Board child = board.after(m, f);
    played_[ply] = m;
    evaluator_.play(m, f);
    bool child_line = i == 0;
    const int v = i == 0 ? -pvs<kPv>(child, depth - 1, -beta, -a, ply + 1, false)
                         : younger(child, depth, a, beta, ply, kPv, child_line);
    evaluator_.undo();
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = m;
      if (v > a) {
        a = v;
        if (kPv) set_line(ply, m, pv_table_[ply + 1].data(), child_line ? pv_length_[ply + 1] : 0);
        if (a >= beta) {
          if (depth == 3) refutation(3, last_move(ply), empties) = m;
          break;
        }
      }
    }
  }
  if (depth >= kT.tt_min_depth) tt_.store(board, depth, pruning, alpha, beta, best, best_move);
  return best;
}

int Midgame::younger(const Board& child, int depth, int alpha, int beta, int ply, bool pv, bool& line) {
  const int v = -pvs<false>(child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
  if (!pv || v <= alpha || v >= beta || aborted_) return v;
  line = true;
  return -pvs<true>(child, depth - 1, -beta, -alpha, ply + 1, false);
}

void Midgame::set_line(int ply, Move m, const Move* tail, int length) {
  pv_table_[ply][0] = m;
  std::copy_n(tail, length, pv_table_[ply].begin() + 1);
  pv_length_[ply] = length + 1;
}

void Midgame::share_threads(MidgameThreads* threads) {
  pool_ = threads ? &threads->pool() : nullptr;
  threads_ = threads;
}

void Midgame::share_threads(SplitPool<MidgameSplit, Midgame>& pool, const MidgameThreads& threads) {
  pool_ = &pool;
  threads_ = &threads;
}

void Midgame::work_at(MidgameSplit& sp, bool nested) {
  // A thread from elsewhere takes the split point's position; an owner
  // visiting from its own split point keeps its evaluator to return to.
  std::optional<eval::Evaluator> saved_eval;
  if (sp.owner != this) {
    if (nested) saved_eval.emplace(evaluator_);
    evaluator_.set(sp.board);
  }
  MidgameSplit* const saved = split_;
  split_ = &sp;
  for (;;) {
    const int i = sp.next.fetch_add(1);
    if (i >= sp.count || aborted_) break;
    const Move m = sp.moves[i];
    const Bitboard f = sp.board.flips(m);
    const Board child = sp.board.after(m, f);
    const int a = sp.alpha.load(std::memory_order_relaxed);
    played_[sp.ply] = m;
    evaluator_.play(m, f);
    bool child_line = false;
    const int v = younger(child, sp.depth, a, sp.beta, sp.ply, sp.pv, child_line);
    evaluator_.undo();
    if (aborted_) break;
    {
      std::lock_guard lock(sp.mutex);
      if (v > sp.best) {
        sp.best = v;
        sp.best_move = m;
      }
      if (v > sp.alpha.load(std::memory_order_relaxed)) {
        sp.alpha.store(v, std::memory_order_relaxed);
        sp.line_length = child_line ? pv_length_[sp.ply + 1] : 0;
        std::copy_n(pv_table_[sp.ply + 1].begin(), sp.line_length, sp.line.begin());
      }
    }
    if (v >= sp.beta) {
      sp.cutoff = true;
      break;
    }
  }
  split_ = saved;
  if (saved_eval) evaluator_ = *saved_eval;
  // A cutoff at this split point ends only the work under it.
  aborted_ = stopped_ || (split_ && split_->cut_above());
  flush_nodes();
  sp.workers.fetch_sub(1);
}

void Midgame::flush_nodes() {
  if (node_sink_) node_sink_->fetch_add(nodes_ - flushed_, std::memory_order_relaxed);
  flushed_ = nodes_;
}

template int Midgame::pvs<true>(const Board&, int, int, int, int, bool);
template int Midgame::pvs<false>(const Board&, int, int, int, int, bool);

}  // namespace parity::search
