// The solver's search, from the root down to the hand-written last moves.
// Layers by empties (see tuning.hpp): the table, ETC and the
// fastest-first sort at the top; fastest-first with a small per-thread
// table below (local_table.hpp); quadrant parity and lone squares near the
// end; last_moves.hpp for the last four.

#include <algorithm>

#include "endgame_split.hpp"
#include "tuning.hpp"
#include "endgame_worker.hpp"
#include "last_moves.hpp"
#include "local_table.hpp"
#include "stability.hpp"
#include "parity/core/score.hpp"
#include "parity/core/two_moves.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/endcut.hpp"
#include "parity/search/probcut.hpp"

namespace parity::endgame {

namespace {


// Squares of the quadrants holding an odd number of empties: moving there
// tends to leave the opponent the last move in the quadrant. Without
// branches: the parity is random, so a popcount test per quadrant
// mispredicts. Folding rows 0-3 onto row 0 and 4-7 onto row 4, then
// columns 0-3 onto column 0 and 4-7 onto column 4, leaves each quadrant's
// parity in its corner bit (0, 4, 32, 36); the multiply spreads each
// corner bit over its quadrant, the four products not overlapping.
constexpr Bitboard odd_quadrants(Bitboard empty) {
  Bitboard x = empty ^ (empty >> 8);
  x ^= x >> 16;
  x ^= x >> 1;
  x ^= x >> 2;
  return (x & 0x0000001100000011ULL) * 0x0F0F0F0FULL;
}

// The fold against a popcount per quadrant, on pseudo-random boards.
constexpr bool odd_quadrants_agree() {
  constexpr Bitboard kQuadrants[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x0F0F0F0F00000000ULL,
                                      0xF0F0F0F000000000ULL};
  Bitboard empty = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 2000; ++i) {
    empty = empty * 6364136223846793005ULL + 1442695040888963407ULL;
    const Bitboard sample = empty & (empty >> 7);  // sparser boards too
    for (Bitboard e : {empty, sample}) {
      Bitboard odd = 0;
      for (Bitboard q : kQuadrants)
        if (popcount(e & q) & 1) odd |= q;
      if (odd != odd_quadrants(e)) return false;
    }
  }
  return true;
}
static_assert(odd_quadrants_agree());

// The stability cutoff pays only when alpha is high enough for the
// opponent's stable discs to matter.
inline bool stability_cutoff(Bitboard player, Bitboard opponent, int alpha, int empties, int& bound) {
  if (empties < kTuning.stability_min_empties || alpha < std::min(kMaxDiscs, 2 * empties - 4)) return false;
  bound = kMaxDiscs - 2 * popcount(stable_discs(opponent, player));
  return bound <= alpha;
}

// Empty squares next to `discs`: where the other side may later move.
inline Bitboard frontier(Bitboard discs, Bitboard empty) {
  const Bitboard h = ((discs << 1) & kNotColumnA) | ((discs >> 1) & kNotColumnH);
  const Bitboard wide = discs | h;
  return (h | (wide << 8) | (wide >> 8)) & empty;
}

// Empty squares with no empty neighbour: a move there ends play in its
// region, so, like odd quadrants, they are worth trying first.
inline Bitboard lone_squares(Bitboard empty) { return empty & ~frontier(empty, empty); }

// The moves with their flips, valued for fastest-first order: fewest
// opponent replies (corners counting double), odd quadrants, corners, lone
// squares, and where asked (it pays only high in the tree) the opponent's
// potential mobility. With `children_table`, each child's entry there is
// fetched now: the first child is searched right after the sort, and a
// probe that missed the cache took two fifths of the sorted layer's time.
inline int list_moves(Bitboard player, Bitboard opponent, Bitboard moves, Move hash_move, MoveItem* list,
                      bool potential_mobility, const LocalTable* children_table) {
  const Bitboard empty = ~(player | opponent);
  const Bitboard odd = odd_quadrants(empty);
  const Bitboard lone = lone_squares(empty);
  int n = 0;
  const auto add = [&](Square x, Bitboard f, Bitboard replies) {
    if (children_table) children_table->prefetch(opponent ^ f, player ^ f ^ bit(x));
    int value = -popcount(replies) * kTuning.mobility_weight -
                popcount(replies & kCorners) * kTuning.corner_reply_weight;
    if (potential_mobility)
      value -= popcount(frontier(player ^ f ^ bit(x), empty & ~bit(x))) * kTuning.potential_mobility_weight;
    if (odd & bit(x)) value += kTuning.parity_bonus;
    if (kCorners & bit(x)) value += kTuning.corner_move_bonus;
    if (lone & bit(x)) value += kTuning.lone_bonus;
    if (x == hash_move) value += kTuning.hash_move_bonus;
    list[n++] = {x, f, value, replies};
  };
  // Two moves at a time: the kernel serves a pair in one pass.
  while (moves) {
    const Square a = first_square(moves);
    moves = without_first(moves);
    if (!moves) {
      const Bitboard f = flips(player, opponent, a);
      add(a, f, legal_moves(opponent ^ f, player ^ f ^ bit(a)));
      break;
    }
    const Square b = first_square(moves);
    moves = without_first(moves);
    const TwoMoves t = two_moves(player, opponent, a, b);
    add(a, t.flips[0], t.replies[0]);
    add(b, t.flips[1], t.replies[1]);
  }
  return n;
}

// Mobility balance, corners counting double, from the player's view.
inline int mobility_balance(Bitboard player, Bitboard opponent) {
  const Bitboard mine = legal_moves(player, opponent), theirs = legal_moves(opponent, player);
  return popcount(mine) + popcount(mine & kCorners) - popcount(theirs) - popcount(theirs & kCorners);
}

// High in the tree, look one reply further: a move is worth the mobility
// balance the opponent's best reply leaves. (Deeper lookahead on this
// balance ordered worse on FFO #40-#42.)
inline void order_by_lookahead(Bitboard player, Bitboard opponent, MoveItem* list, int n) {
  for (int i = 0; i < n; ++i) {
    const Bitboard cp = opponent ^ list[i].flips, co = player ^ list[i].flips ^ bit(list[i].sq);
    const Bitboard replies = legal_moves(cp, co);
    if (!replies) continue;
    int worst = 1000;
    for (Square r : squares(replies)) {
      const Bitboard f = flips(cp, co, r);
      worst = std::min(worst, mobility_balance(co ^ f, cp ^ f ^ bit(r)));
    }
    list[i].value += worst * kTuning.lookahead_weight;
  }
}

// High in the tree, add to each move's fastest-first value the opponent's
// shallow-search value after it; the search deepens with the empties, where
// a better order saves the most.
inline void order_by_eval(const eval::Weights& w, Bitboard player, Bitboard opponent, MoveItem* list, int n,
                          int empties) {
  const int depth = std::min(kTuning.eval_order_max_depth,
                             std::max(0, (empties - kTuning.eval_order_depth_base) / kTuning.eval_order_depth_step));
  for (int i = 0; i < n; ++i) {
    const int v = search::eval_search(w, opponent ^ list[i].flips, player ^ list[i].flips ^ bit(list[i].sq), -kEvalUnbounded, kEvalUnbounded, depth);
    list[i].value -= v * kTuning.eval_weight;
  }
}

// Moves of a table node in search order value: the shallow evaluation
// search high up, the mobility lookahead below it.
inline void order_high(const eval::Weights& w, Bitboard player, Bitboard opponent, MoveItem* list, int n,
                       int empties) {
  if (empties >= kTuning.eval_order_min_empties) order_by_eval(w, player, opponent, list, n, empties);
  else if (empties >= kTuning.lookahead_min_empties) order_by_lookahead(player, opponent, list, n);
}

// The depth of probcut's shallow search.
inline int endcut_depth(int empties) {
  return std::clamp((empties - kTuning.endcut_depth_base) / kTuning.endcut_depth_step, 0, kTuning.endcut_max_depth);
}

// Brings the best remaining move to position i.
inline void pick_best(MoveItem* list, int i, int n) {
  int best = i;
  for (int j = i + 1; j < n; ++j)
    if (list[j].value > list[best].value) best = j;
  std::swap(list[i], list[best]);
}

}  // namespace

void Worker::flush_nodes() {
  shared_.nodes.fetch_add(nodes - flushed_, std::memory_order_relaxed);
  flushed_ = nodes;
}

void Worker::poll(int empties) {
  if (nodes - flushed_ < shared_.poll_interval && empties < kTuning.poll_every_node_empties) return;
  flush_nodes();
  if (shared_.stop.now() ||
      (shared_.node_limit && shared_.nodes.load(std::memory_order_relaxed) >= shared_.node_limit))
    shared_.stopped.store(true, std::memory_order_relaxed);
}

bool Worker::aborted() const {
  return shared_.stopped.load(std::memory_order_relaxed) || (split_ && split_->cut_above());
}

int Worker::nws(Bitboard player, Bitboard opponent, int alpha, int empties) {
  if (empties >= kTuning.tt_min_empties) return nws_table(player, opponent, alpha, empties);
  return nws_below_table(player, opponent, alpha, empties, empties > 4 ? legal_moves(player, opponent) : 0);
}

int Worker::nws_below_table(Bitboard player, Bitboard opponent, int alpha, int empties, Bitboard moves) {
  if (empties >= kTuning.sort_min_empties) return nws_sorted(player, opponent, alpha, empties, moves);
  if (empties > 4) return nws_parity(player, opponent, alpha, empties, moves);
  return nws_small(player, opponent, alpha, empties);
}

// The child's own moves are the replies its parent counted to order it.
int Worker::nws_child(const MoveItem& m, Bitboard player, Bitboard opponent, int alpha, int empties) {
  const Bitboard child_player = opponent ^ m.flips, child_opponent = player ^ m.flips ^ bit(m.sq);
  if (empties >= kTuning.tt_min_empties) return -nws_table(child_player, child_opponent, -alpha - 1, empties);
  return -nws_below_table(child_player, child_opponent, -alpha - 1, empties, m.replies);
}

int Worker::pass_or_end(Bitboard player, Bitboard opponent, int alpha, int empties) {
  if (legal_moves(opponent, player)) return -nws(opponent, player, -alpha - 1, empties);
  return final_score(player, empties);
}

// Probcut: when the shallow evaluation search clears the window by the
// confidence margin, the node is taken to fail the same way; the score is
// then the window's edge (alpha + 1 or alpha), a bound at this pruning grade only.
bool Worker::endcut(Bitboard player, Bitboard opponent, int alpha, int empties, int& score) {
  const int depth = endcut_depth(empties);
  const int margin = search::kProbcutT100[shared_.selectivity] * search::endcut_sigma(empties, depth) / 100;
  const eval::Weights& w = shared_.weights;
  const int high = 100 * (alpha + 1) + margin;
  if (high < kMaxCenti && search::eval_search(w, player, opponent, high - 1, high, depth) >= high) {
    score = alpha + 1;
    return true;
  }
  const int low = 100 * alpha - margin;
  if (low > -kMaxCenti && search::eval_search(w, player, opponent, low, low + 1, depth) <= low) {
    score = alpha;
    return true;
  }
  return false;
}

int Worker::nws_small(Bitboard player, Bitboard opponent, int alpha, int empties) {
  const Bitboard empty = ~(player | opponent);
  const Bitboard odd = empty & odd_quadrants(empty);
  Square sq[4];
  int k = 0;
  const Bitboard lone = lone_squares(empty);
  for (Bitboard group : {odd & lone, odd & ~lone, empty & ~odd & lone, empty & ~odd & ~lone})
    for (Square x : squares(group)) sq[k++] = x;
  switch (empties) {
    case 4: return last_n<4>(player, opponent, alpha, sq, nodes);
    case 3: return last_n<3>(player, opponent, alpha, sq, nodes);
    case 2: return last2(player, opponent, alpha, sq[0], sq[1], nodes);
    case 1: return last1(player, sq[0], nodes);
    default: ++nodes; return final_score(player, 0);
  }
}

int Worker::nws_parity(Bitboard player, Bitboard opponent, int alpha, int empties, Bitboard moves) {
  ++nodes;
  if (!moves) return pass_or_end(player, opponent, alpha, empties);
  const Bitboard empty = ~(player | opponent);
  const Bitboard odd = odd_quadrants(empty);
  const Bitboard lone = lone_squares(empty);
  int best = kNoDiscScore;
  // Odd quadrants first; in each, lone squares first.
  for (Bitboard group : {moves & odd & lone, moves & odd & ~lone, moves & ~odd & lone,
                         moves & ~odd & ~lone})
    for (Square x : squares(group)) {
      const Bitboard f = flips(player, opponent, x);
      const Bitboard child_player = opponent ^ f, child_opponent = player ^ f ^ bit(x);
      const int v = empties == 5 ? -nws_small(child_player, child_opponent, -alpha - 1, 4)
                                 : -nws_parity(child_player, child_opponent, -alpha - 1, empties - 1,
                                               legal_moves(child_player, child_opponent));
      if (v > best) {
        best = v;
        if (v > alpha) return v;
      }
    }
  return best;
}

int Worker::nws_sorted(Bitboard player, Bitboard opponent, int alpha, int empties, Bitboard moves) {
  ++nodes;
  if (empties >= shared_.poll_min_empties) poll(empties);
  LocalTable::Entry* entry = nullptr;
  Move hash_move = kNoMove;
  if (empties >= kTuning.local_table_min_empties) {
    entry = &local_.slot(player, opponent);
    if (LocalTable::matches(*entry, player, opponent)) {
      if (entry->lower > alpha) return entry->lower;
      if (entry->upper <= alpha) return entry->upper;
      hash_move = entry->move;
    }
  }
  if (!moves) return pass_or_end(player, opponent, alpha, empties);
  int bound;
  if (stability_cutoff(player, opponent, alpha, empties, bound)) return bound;
  MoveItem list[32];
  const int n = list_moves(player, opponent, moves, hash_move, list, false,
                           empties > kTuning.local_table_min_empties ? &local_ : nullptr);
  int best = kNoDiscScore;
  Move best_move = kNoMove;
  for (int i = 0; i < n; ++i) {
    pick_best(list, i, n);
    const MoveItem& m = list[i];
    const int v = nws_child(m, player, opponent, alpha, empties - 1);
    if (aborted()) return 0;  // stopped: the value means nothing, and is not stored
    if (v > best) {
      best = v;
      best_move = m.sq;
      if (v > alpha) break;
    }
  }
  if (entry) LocalTable::store(*entry, player, opponent, alpha, best, best_move);
  return best;
}

int Worker::nws_table(Bitboard player, Bitboard opponent, int alpha, int empties) {
  ++nodes;
  poll(empties);
  const Board board{player, opponent};
  TTData entry;
  Move hash_move = kNoMove;
  const int pruning = shared_.pruning;
  if (shared_.tt.probe(board, entry)) {
    if (entry.solved() && entry.pruning <= pruning) {
      if (entry.lower > alpha) return entry.lower;
      if (entry.upper <= alpha) return entry.upper;
    }
    hash_move = entry.move;
  }
  const Bitboard moves = legal_moves(player, opponent);
  if (!moves) return pass_or_end(player, opponent, alpha, empties);
  int bound;
  if (stability_cutoff(player, opponent, alpha, empties, bound)) return bound;
  if (pruning && empties >= kTuning.endcut_min_empties && endcut(player, opponent, alpha, empties, bound)) {
    shared_.tt.store_solved(board, empties, pruning, alpha, alpha + 1, bound, hash_move);
    return bound;
  }
  MoveItem list[32];
  const int n = list_moves(player, opponent, moves, hash_move, list, true,
                           empties == kTuning.tt_min_empties ? &local_ : nullptr);
  // The children's probes (ETC below, then their own) miss the cache: start
  // the loads now, while the ordering works.
  if (empties > kTuning.tt_min_empties)
    for (int i = 0; i < n; ++i)
      shared_.tt.prefetch(Board{opponent ^ list[i].flips, player ^ list[i].flips ^ bit(list[i].sq)});
  order_high(shared_.weights, player, opponent, list, n, empties);

  if (empties >= kTuning.etc_min_empties) {
    for (int i = 0; i < n; ++i) {
      TTData child;
      const Board b{opponent ^ list[i].flips, player ^ list[i].flips ^ bit(list[i].sq)};
      if (shared_.tt.probe(b, child) && child.solved() && child.pruning <= pruning && -child.upper > alpha) {
        shared_.tt.store_solved(board, empties, pruning, alpha, alpha + 1, -child.upper, list[i].sq);
        return -child.upper;
      }
    }
  }

  int best = kNoDiscScore;
  Move best_move = kNoMove;
  for (int i = 0; i < n; ++i) {
    pick_best(list, i, n);
    const MoveItem& m = list[i];
    if (i > 0 && n - i >= 2 && shared_.pool && empties >= kTuning.split_min_empties && shared_.pool->has_idle()) {
      // Young brothers wait: the first move is searched; now share the rest.
      std::sort(list + i, list + n, [](const MoveItem& a, const MoveItem& b) { return a.value > b.value; });
      SplitPoint sp;
      sp.parent = split_;
      sp.count = n - i;
      sp.player = player;
      sp.opponent = opponent;
      sp.alpha = alpha;
      sp.empties = empties;
      sp.moves = list + i;
      shared_.pool->split(*this, sp);
      if (aborted()) return 0;
      if (sp.best > best) {
        best = sp.best;
        best_move = sp.best_move;
      }
      break;
    }
    const int v = nws_child(m, player, opponent, alpha, empties - 1);
    if (aborted()) return 0;
    if (v > best) {
      best = v;
      best_move = m.sq;
      if (v > alpha) break;
    }
  }
  shared_.tt.store_solved(board, empties, pruning, alpha, alpha + 1, best, best_move);
  return best;
}

int Worker::pvs_by_nws(Bitboard player, Bitboard opponent, int alpha, int beta, int empties) {
  // Few PV nodes are this shallow: walk the null window up to the score.
  int v = nws(player, opponent, alpha, empties);
  while (v > alpha && v < beta) {
    const int w = nws(player, opponent, v, empties);
    if (w <= v) return v;
    v = w;
  }
  return v;
}

int Worker::pvs(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, Move* best_out) {
  if (empties <= 4 && !best_out) return pvs_by_nws(player, opponent, alpha, beta, empties);
  ++nodes;
  poll(empties);
  const Board board{player, opponent};
  const bool use_table = empties >= kTuning.tt_min_empties;
  TTData entry;
  Move hash_move = kNoMove;
  if (use_table && shared_.tt.probe(board, entry)) {
    if (!best_out && entry.solved() && entry.pruning <= shared_.pruning) {
      if (entry.lower >= beta) return entry.lower;
      if (entry.upper <= alpha) return entry.upper;
      if (entry.lower == entry.upper) return entry.lower;
    }
    hash_move = entry.move;
  }
  const Bitboard moves = legal_moves(player, opponent);
  if (!moves) {
    if (legal_moves(opponent, player)) {
      if (best_out) *best_out = kPass;
      return -pvs(opponent, player, -beta, -alpha, empties, nullptr);
    }
    if (best_out) *best_out = kNoMove;
    return final_score(player, empties);
  }
  MoveItem list[32];
  const int n = list_moves(player, opponent, moves, hash_move, list, true, nullptr);
  order_high(shared_.weights, player, opponent, list, n, empties);
  std::sort(list, list + n, [](const MoveItem& a, const MoveItem& b) { return a.value > b.value; });
  int best = kNoDiscScore;
  Move best_move = kNoMove;
  int a = alpha;
  for (int i = 0; i < n; ++i) {
    const MoveItem& m = list[i];
    const Bitboard cp = opponent ^ m.flips, co = player ^ m.flips ^ bit(m.sq);
    int v;
    if (i == 0) {
      v = -pvs(cp, co, -beta, -a, empties - 1, nullptr);
    } else {
      v = -nws(cp, co, -a - 1, empties - 1);
      if (v > a && v < beta && !aborted()) v = -pvs(cp, co, -beta, -a, empties - 1, nullptr);
    }
    if (aborted()) return 0;
    if (v > best) {
      best = v;
      best_move = m.sq;
      if (v > a) {
        a = v;
        if (v >= beta) break;
      }
    }
  }
  if (use_table) shared_.tt.store_solved(board, empties, shared_.pruning, alpha, beta, best, best_move);
  if (best_out) *best_out = best_move;
  return best;
}

}  // namespace parity::endgame
