#pragma once
// Every tunable of the endgame solver, in one place. Depths are counted in
// empty squares; each boundary was chosen by timing FFO #40-#44.

namespace parity::endgame {

struct Tuning {
  int tt_min_empties = 11;         // the transposition table pays from here up
  int local_table_min_empties = 6;  // a small per-thread table from here up to the shared one
  int local_table_bits = 14;        // ... of 2^bits entries (384 KB: fits the core's L2)
  // Sort by fewest opponent replies from here up. Since children take the
  // replies their parent counted as their moves, 6 (with the local table
  // from 6) beats 7: FFO #48 150.1 M -> 123.8 M nodes, time ratio 0.96 on
  // #45-#49; 5: 4% slower than 6.
  int sort_min_empties = 6;
  int etc_min_empties = 13;        // enhanced transposition cutoffs from here up
  // Try the stability cutoff from here up. With the sorted layer from 6:
  // FFO #45-#52, one thread, 1,672.6 M nodes at 8, 1,633.0 M at 7, 1,491.0 M
  // at 6, and about 1.5% / 4.6% less CPU time (the three sharing one core).
  int stability_min_empties = 6;
  int split_min_empties = 14;      // parallel split points from here up
  int poll_min_empties = 9;        // publish node counts and check for aborts
  int poll_interval_nodes = 4096;  // ... at most once per this many nodes,
  int poll_every_node_empties = 16;  // ... but at every node from here up, where
                                     // evaluation searches make a node slow
  // Move ordering weights (higher is searched first).
  int hash_move_bonus = 1 << 24;  // above any evaluation spread
  int mobility_weight = 1 << 12;        // per opponent reply
  int corner_reply_weight = 1 << 12;    // extra per opponent corner reply
  int potential_mobility_weight = 1 << 10;  // per empty square next to the mover's discs
  int lookahead_min_empties = 13;           // order by a one-reply lookahead from here up
  int lookahead_weight = 1 << 12;           // per unit of mobility balance after the best reply
  int parity_bonus = 1 << 10;           // move into a quadrant with odd empties
  int corner_move_bonus = 1 << 9;
  int lone_bonus = 1 << 10;             // move into an empty square with no empty neighbour
  // Above the mobility layers, order by a shallow search on the pattern
  // evaluation: it knows which moves are good, mobility only which are forcing.
  // From here up (replaces the lookahead). Since the evaluation's indices
  // come by PEXT, 14 beats 16: FFO #40-#47 529.0 M -> 494.1 M nodes, 14.9 ->
  // 13.1 s; 13 searched 487.9 M nodes but took longer.
  int eval_order_min_empties = 14;
  // One more ply of eval search per `step` empties above `base`: depth 0 at
  // 14-15 empties, 1 at 16-19, 2 from 20. Base 12 against 14 / 10, FFO nodes
  // (one thread, M): #40-#47 438.2 against 494.1 / 401.7, #48-#50 1,000.9
  // against 1,181.4 / 866.0, the time of #48-#50 35.1-38.6 s against 38.2-38.4
  // / 38.2-38.3 s: below 12 the ordering costs what it saves.
  int eval_order_depth_step = 4;
  int eval_order_depth_base = 12;
  int eval_order_max_depth = 2;
  // Per centi-disc of the child's evaluation. With the round-3 weights,
  // FFO nodes (one thread, M) for 1 << 3 / 4 / 5 / 6: #40-#44 150 / 145 /
  // 106 / 152, #45-#49 1,279 / 1,203 / 1,238 / 1,353, #50-#52 1,664 /
  // 1,725 / 2,276 / 2,776, #53 5,779 / 5,431 / - / - (6,476 with the
  // round-2 weights and 1 << 6).
  int eval_weight = 1 << 4;
  // The probcut ladder: at the root of an exact solve with this many empties
  // or more, solve first at rising probcut confidence (search::kProbcutT100
  // levels first..last), each level's score the centre of the next one's
  // aspiration window, then exactly in a window around the last score; the
  // table carries the order and bounds. Our evaluation misses final scores
  // by 6-10 discs (sigma, endcut_table.hpp), so a selective solve is not
  // cheap: on FFO #40-#44 and #47 (one thread, nodes in M), one rung
  // (t = 1.1) then exact +-1 took 145.9 against 237.8 without the
  // ladder; rungs 1-2 took 154.6, 1, 3, 5 took 223.0, all five (as Edax,
  // t = 1.1-3.3) 269.5, rung 3 alone 196.2; win/draw/loss and the half window
  // after the rung 161.3; no rung, exact +-1 around the static value 265.1;
  // t = 0.5 or 0.8 for the rung 158.0 and 163.3. Roots of 17-19 empties
  // lost (FFO #22-#24).
  int ladder_min_empties = 20;
  int ladder_first_selectivity = 1;
  int ladder_last_selectivity = 1;
  // From here up a second rung (t = 1.5) after the first: deeper roots
  // miss more from one rung. FFO nodes (one thread, M), rung 1 against
  // rungs 1-2: #49-#50 (26 empties) 686 / 687, #51-#52 (27) 419 / 369, #53
  // 2,046 / 1,801, #54 4,100 / 2,671, #56-#58 (29-30) 3,980 / 3,092; rungs
  // 1-3: #53 1,888, #54 2,888; rung 2 alone: #53 2,049; below 26 rungs 1-2
  // took more nodes on 8 of #40-#48 (up to 10%; #46 3% fewer).
  int ladder_deep_min_empties = 27;
  int ladder_deep_last_selectivity = 2;
  int ladder_aspiration = 4;        // discs either side of the previous score
  int ladder_exact_aspiration = 1;  // ... for the exact solve (scores are even: the window holds one)
  // Probcut at null-window table nodes of a selective search, from here up
  // (10: 141.7 M nodes on the set above but more time; 14: 161.1 M); its
  // shallow search has (empties - base) / step plies, at most max (one ply
  // more: 151.3 M, one less: 163.2 M).
  int endcut_min_empties = 12;
  int endcut_depth_base = 8;
  int endcut_depth_step = 4;
  int endcut_max_depth = 4;
};

inline constexpr Tuning kTuning{};

}  // namespace parity::endgame
