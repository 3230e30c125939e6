#pragma once
// How long and how deep to think, from the limits and the stage: a soft
// target, the time after which no new iteration starts (an iteration takes
// about twice the one before), a hard limit at which the search stops, the
// depth cap and where the exact solver takes over. The protocols only
// parse; every rule of time is here.

#include <cstdint>

#include "parity/search/search.hpp"

namespace parity::search {

struct TimePlan {
  std::int64_t soft_ms = 0;  // 0: no time limit
  std::int64_t new_iteration_ms = 0;  // no new iteration after this; 0: none; the hard limit: until it
  std::int64_t hard_ms = 0;
  int max_depth = 60;       // the midgame's depth cap
  // The solver takes over at or below these empties: the exact score, and
  // the win/draw/loss proof first.
  int exact_empties = 64;
  int wld_empties = 64;
  // By the clock, and at a selective level, a few empties more than the
  // proofs reach: the solver's selective ladder (probcut at the root, to
  // the end of the game) gives the move instead of the midgame search.
  // Never below the two above.
  int selective_empties = 64;
  // The ladder's last rung (probcut.hpp's selectivity) before a proof or
  // instead of one; 0: the solver's own choice.
  int ladder_last = 0;
  // A low level: the midgame searches without probcut.
  bool full_width = false;
};

// `threads`: the solver's threads, which reach further in the same time.
TimePlan plan_time(const Limits& limits, int empties, int threads = 1);

// After an iteration at `depth` that took the search to `elapsed_ms`:
// whether the next one is worth starting. `stable_iterations` counts the
// iterations before it that ended on the same best move (0: it just
// changed). An unsettled move earns more of the soft time, a settled one
// less; the extra time stops at half the hard limit, past which the next
// iteration would likely not finish. A move time without a clock has
// nothing to save: new iterations start until the hard limit.
bool start_iteration(const TimePlan& plan, std::int64_t elapsed_ms, int depth, int stable_iterations);

// A host that gives no limit at full strength (no clock, move time, depth,
// node budget, infinite or exact search: a bare UCI `go`, GTP without time
// settings, NBoard without `set depth`) wants a move, not a proof: the
// `positions` searched for one request share a fixed move time, each
// getting at least a minimum. Other limits come back unchanged.
Limits with_default_time(Limits limits, std::int64_t positions = 1);

// The most empties the exact solver (or its win/draw/loss form) is expected
// to finish in `ms` milliseconds on `threads` threads, on this project's solver.
int solvable_empties(std::int64_t ms, bool wld, int threads = 1);

// Level L < 60: the midgame depth cap, the empties from which the position
// is solved exactly, from which the solver's selective ladder gives the
// move, and whether the midgame searches full width
// (docs/evaluation-and-search.md has the table). A depth D without a level
// solves from depth_exact_empties(D), stays selective and has no selective
// solve before the exact one. A level with a smaller depth D plans as D
// of the level's kind: full width, or selective with its selective solve
// from level 11 up.
int level_depth(int level);
int level_exact_empties(int level);
int level_selective_empties(int level);
bool level_full_width(int level);
int depth_exact_empties(int depth);

}  // namespace parity::search
