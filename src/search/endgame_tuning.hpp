#pragma once
// Every tunable of the endgame solver, in one place. Depths are counted in
// empty squares; each boundary was chosen by timing FFO #40-#44.

namespace parity::endgame {

struct Tuning {
  int tt_min_empties = 11;         // the transposition table pays from here up
  int sort_min_empties = 7;        // sort by fewest opponent replies from here up
  int etc_min_empties = 13;        // enhanced transposition cutoffs from here up
  int stability_min_empties = 7;   // try the stability cutoff from here up
  int split_min_empties = 14;      // parallel split points from here up
  int poll_min_empties = 9;        // publish node counts and check for aborts
  int poll_interval_nodes = 4096;  // ... at most once per this many nodes
  // Move ordering weights (higher is searched first).
  int hash_move_bonus = 1 << 24;  // above any evaluation spread
  int mobility_weight = 1 << 12;        // per opponent reply
  int corner_reply_weight = 1 << 12;    // extra per opponent corner reply
  int potential_mobility_weight = 1 << 10;  // per empty square next to the mover's discs
  int lookahead_min_empties = 13;           // order by a one-reply lookahead from here up
  int lookahead_weight = 1 << 12;           // per unit of mobility balance after the best reply
  int parity_bonus = 1 << 10;           // move into a quadrant with odd empties
  int corner_move_bonus = 1 << 9;
  // Above the mobility layers, order by a shallow search on the pattern
  // evaluation: it knows which moves are good, mobility only which are forcing.
  int eval_order_min_empties = 16;     // from here up (replaces the lookahead)
  int eval_order_depth_step = 4;       // one more ply of eval search per this many empties ...
  int eval_order_depth_base = 14;      // ... above this count (depth 0 at 16-17 empties)
  int eval_order_max_depth = 2;
  int eval_weight = 1 << 6;            // per centi-disc of the child's evaluation
};

inline constexpr Tuning kTuning{};

}  // namespace parity::endgame
