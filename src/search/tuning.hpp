#pragma once
// Every tunable of the search layer, in one place: the root, the time plan,
// the midgame tree and the endgame solver. Each says its unit and, where a
// measurement chose it, that measurement in brief; the measurements in
// full are in the commits and docs/tuning-log.md. Fitted tables (probcut,
// endcut) are written by their fitters to probcut_table.hpp and
// endcut_table.hpp.

#include <cstdint>

namespace parity::search {

// The root and iterative deepening (search.cpp).
namespace root_tuning {
inline constexpr int kAspirationWindow = 150;      // centi-discs each side of the last score
inline constexpr int kAspirationOpenAfter = 1600;  // centi-discs: a side that fails wider opens fully
inline constexpr int kAspirationMinDepth = 4;      // plies: aspiration from this depth
// The midgame's probcut confidence, t x 100 (probcut.hpp; the solver's
// levels are its own). Against t = 1.1: 2.0 -44 +- 45 Elo (200 games at
// 2+0.02); 0.8 +24 +- 31 at 2+0.02 (400 games) but -60 +- 58 at 10+0.1
// (112 games); 1.4 -40 +- 60 at 10+0.1 (104 games).
inline constexpr int kMidgameProbcutT100 = 110;
inline constexpr int kPreSolveDepth = 8;  // plies searched before a hand-over to the solver
// On the clock the solver climbs its ladder to this rung (t = 2.0) before a
// proof, so that a proof the clock cuts short still leaves a selective move;
// a selective level stops there, short of its proofs.
inline constexpr int kPlayLadderLast = 3;
}  // namespace root_tuning

// The time plan (time_plan.cpp), in milliseconds, moves and shares.
namespace time_tuning {
inline constexpr std::int64_t kNoLimitMoveTimeMs = 2000;  // a request with no limit at all
inline constexpr std::int64_t kMinSharedMoveTimeMs = 50;  // ... each of its positions at least
inline constexpr int kSolveEmpties = 22;                  // empties: moves after this are nearly free
// Shares kept for the solver's moves: 2 left 1.1 s at 25-22 empties, 0 lost
// won endgames, 1 kept 0.57 s and lost none (30 games each at 10+0.1).
inline constexpr int kEndgameShares = 1;
inline constexpr int kMinMovesToPlan = 2;
inline constexpr double kHardShareFactor = 4.0;    // hard limit: this many soft shares
inline constexpr double kMaxMoveFraction = 0.75;   // ... above the soft time, at most this much of the usable clock
inline constexpr double kReserveFraction = 0.05;   // never spend the last 5% of the clock
inline constexpr double kNewIterationShare = 0.7;  // no new iteration after this share of the soft time
// Best-move stability scales that share from this depth (plies), where the
// search has stopped reshuffling moves at every ply: x1.5 after a change,
// x0.85 after this many iterations unchanged.
inline constexpr int kStabilityMinDepth = 6;
inline constexpr int kStableIterations = 4;
inline constexpr double kUnstableFactor = 1.5;
inline constexpr double kStableFactor = 0.85;
// Solver speed model: kSolveBaseMs at kSolveBaseEmpties, x kSolveGrowth an
// empty (positions of games against Edax, one thread: 0.1, 0.25, 1.6, 6.5 s
// at 20, 22, 24, 26 empties).
inline constexpr double kSolveBaseMs = 100.0;
inline constexpr int kSolveBaseEmpties = 20;
inline constexpr double kSolveGrowth = 2.1;
// Each thread beyond the first adds this much of one thread's speed (two
// threads solved FFO #40-#54 1.77x and 1.96x as fast as one, medians of
// two sittings, the lower kept); the model stops there.
inline constexpr double kSolverThreadGain = 0.77;
inline constexpr int kSolverMaxThreadsModelled = 2;
inline constexpr int kWldBonusEmpties = 1;  // a win/draw/loss proof reaches one empty further
// The ladder's first rungs cost about a quarter of a proof at 24 empties:
// two empties' worth of growth.
inline constexpr int kSelectiveBonusEmpties = 2;
// Solver nodes a millisecond (one thread), for handing a node budget over.
inline constexpr std::int64_t kSolverNodesPerMs = 10000;
// Clocks and move times beyond this (about 35 years) plan as this, so that
// no sum, product or deadline computed from them overflows.
inline constexpr std::int64_t kMaxPlanMs = std::int64_t{1} << 40;
// Levels up to this one search the midgame full width and solve from twice
// the level's empties, as Edax's and Egaroucid's levels do, so that a level
// names the same search in each and a match at equal levels compares the
// evaluations; above it, a level is a selective depth solved exactly
// like `go depth`, with a selective solve before it (below).
inline constexpr int kFullWidthMaxLevel = 10;
// Above it, the move from min(2L, L + 12, 26) empties down to the exact
// solve's reach comes from the solver's selective ladder to rung
// kPlayLadderLast (t = 2.0), as Edax's levels 11-12 solve 22-24 empties at
// 98% and Egaroucid for Web's level 12 22 empties at 95%; at 26 empties the
// ladder takes 1-3 s.
inline constexpr int kLevelSelectiveReach = 12;
inline constexpr int kLevelSelectiveMaxEmpties = 26;
}  // namespace time_tuning

// The midgame tree (midgame.cpp); depths in plies left.
struct MidgameTuning {
  int poll_interval_nodes = 2048;    // check the clock and the stop flag this often
  int tt_min_depth = 1;              // probe and store from this depth up
  int etc_min_depth = 6;             // enhanced transposition cutoff from here up (+19 +- 44 Elo)
  // Probcut tries a side only when the static value is within this share
  // (percent) of t x the mean of the evaluation's and the shallow search's
  // sigma of it (depth 18 on the 50 midgame positions: 69.8 M nodes
  // without the gate, 68.3 M at 100, 68.0 M at 50, 65.1 M at 25).
  int probcut_gate_percent = 50;
  int split_min_depth = 4;           // with helper threads, share a node's younger moves from here up
  int sort_shallow_min_depth = 4;    // order moves by a shallow search from here up
  int sort_shallow_depth_share = 6;  // ... of depth / share (at least 1) plies
  // Cheap ordering (and the tie-break of the shallow one), higher first.
  int mobility_weight = 300;      // centi-discs per opponent reply
  int corner_reply_weight = 300;  // extra per opponent reply on a corner
  int corner_move_bonus = 400;
  int refutation_bonus = 1000;    // the last refutation after the same move, 3 plies above the leaves
};

inline constexpr MidgameTuning kMidgameTuning{};

}  // namespace parity::search

namespace parity::endgame {

// The endgame solver; depths in empty squares. The boundaries were chosen by
// FFO nodes and time on one thread.
struct Tuning {
  int tt_min_empties = 11;           // the transposition table pays from here up
  int local_table_min_empties = 6;   // a small per-thread table from here up to the shared one
  int local_table_bits = 14;         // ... of 2^bits entries (384 KB: fits the core's L2)
  int sort_min_empties = 6;          // sort by fewest replies from here up (#48: 150.1 M -> 123.8 M nodes against 7)
  int etc_min_empties = 13;          // enhanced transposition cutoffs from here up
  int stability_min_empties = 6;     // stability cutoff from here up (#45-#52: 1,672.6 M nodes at 8, 1,491.0 M at 6)
  int split_min_empties = 14;        // parallel split points from here up
  int poll_min_empties = 9;          // publish node counts and check for aborts
  int poll_interval_nodes = 4096;    // ... at most once per this many nodes,
  int poll_every_node_empties = 16;  // ... but at every node from here up (evaluation searches make a node slow)
  // Move ordering weights (higher is searched first).
  int hash_move_bonus = 1 << 24;            // above any evaluation spread
  int mobility_weight = 1 << 12;            // per opponent reply
  int corner_reply_weight = 1 << 12;        // extra per opponent corner reply
  int potential_mobility_weight = 1 << 10;  // per empty square next to the mover's discs
  int lookahead_min_empties = 13;           // order by a one-reply lookahead from here up
  int lookahead_weight = 1 << 12;           // per unit of mobility balance after the best reply
  int parity_bonus = 1 << 10;               // move into a quadrant with odd empties
  int corner_move_bonus = 1 << 9;
  int lone_bonus = 1 << 10;  // move into an empty square with no empty neighbour
  // From here up, order by a shallow search on the pattern evaluation
  // instead of the lookahead (#40-#47: 529.0 M -> 494.1 M nodes against 16).
  int eval_order_min_empties = 14;
  // One more ply of it per `step` empties above `base`, at most `max`: 0 at
  // 14-15, 1 at 16-19, 2 at 20-23, 3 from 24 (#48-#50: 1,000.9 M nodes
  // against 1,181.4 M at base 14). The third ply, against a cap of 2:
  // #40-#54 5,143 M -> 4,969 M nodes, #55-#58 9,812 M -> 8,421 M (#55
  // 7,165 M -> 6,040 M); a fourth from 28 empties gained nothing.
  int eval_order_depth_step = 4;
  int eval_order_depth_base = 12;
  int eval_order_max_depth = 3;
  int eval_weight = 1 << 4;  // per centi-disc of the child's evaluation (#40-#52 fewest nodes at 1 << 4)
  // The probcut ladder at the root of an exact solve from this many empties:
  // selective solves at rising confidence (search::kProbcutT100 levels
  // first..last), each the centre of the next one's window, then the exact
  // solve (#40-#44, #47: 145.9 M nodes against 237.8 M without it).
  int ladder_min_empties = 20;
  int ladder_first_selectivity = 1;
  int ladder_last_selectivity = 1;
  // A second rung (t = 1.5) from here up (#54: 4,100 M -> 2,671 M nodes;
  // below 26 empties it cost up to 10%).
  int ladder_deep_min_empties = 27;
  int ladder_deep_last_selectivity = 2;
  int ladder_aspiration = 4;        // discs either side of the previous score
  int ladder_exact_aspiration = 1;  // ... for the exact solve (scores are even: the window holds one)
  // Probcut at null-window table nodes of a selective solve from here up, its
  // shallow search (empties - base) / step plies, at most max (141.7 M nodes
  // at 10 but more time, 161.1 M at 14).
  int endcut_min_empties = 12;
  int endcut_depth_base = 8;
  int endcut_depth_step = 4;
  int endcut_max_depth = 4;
};

inline constexpr Tuning kTuning{};

}  // namespace parity::endgame
