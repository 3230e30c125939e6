#include "parity/search/time_plan.hpp"

#include <algorithm>
#include <cmath>

#include "tuning.hpp"

namespace parity::search {

namespace {

using namespace time_tuning;

std::int64_t bounded(std::int64_t ms) { return std::min(ms, kMaxPlanMs); }

// The depth cap and the solver's reach without the clock: an exact
// search proves from anywhere, a level or a depth solves from its table
// (a low level's, full width, when both are given), a selective level
// hands over to the solver's ladder a few empties before its proofs, and
// no limit at all thinks until the proof or a stop.
void plan_depths(const Limits& limits, TimePlan& plan) {
  const int level = std::clamp(limits.level, 1, 60);
  plan.max_depth = limits.depth > 0 ? limits.depth : 60;
  if (level < 60) plan.max_depth = std::min(plan.max_depth, level_depth(level));
  plan.full_width = level < 60 && level_full_width(level);
  if (limits.exact || (level == 60 && limits.depth <= 0))
    plan.exact_empties = plan.wld_empties = 64;
  else
    plan.exact_empties = plan.wld_empties =
        plan.full_width ? level_exact_empties(plan.max_depth) : depth_exact_empties(plan.max_depth);
  plan.selective_empties = plan.exact_empties;
  // A selective depth above the full-width levels: its level's selective reach.
  if (level < 60 && !limits.exact && !level_full_width(plan.max_depth))
    plan.selective_empties = level_selective_empties(plan.max_depth);
}

// A selective level's move between its proofs and its selective reach:
// the ladder as high as the clock's. Its proofs keep the solver's own.
void plan_level_ladder(const Limits& limits, int empties, TimePlan& plan) {
  if (limits.level < 60 && empties > std::max(plan.exact_empties, plan.wld_empties) && empties <= plan.selective_empties)
    plan.ladder_last = root_tuning::kPlayLadderLast;
}

}  // namespace

TimePlan plan_time(const Limits& given, int empties, int threads) {
  Limits limits = given;
  limits.movetime_ms = bounded(limits.movetime_ms);
  limits.time_left_ms = bounded(limits.time_left_ms);
  limits.increment_ms = std::clamp<std::int64_t>(limits.increment_ms, 0, kMaxPlanMs);
  limits.move_overhead_ms = std::clamp<std::int64_t>(limits.move_overhead_ms, 0, kMaxPlanMs);
  // A clock at or below zero (a host that lets it run out) still gets a
  // legal move, at once; -1 alone means no clock.
  if (limits.time_left_ms < -1) limits.time_left_ms = 0;
  TimePlan plan;
  plan_depths(limits, plan);
  if (limits.infinite) {
    plan_level_ladder(limits, empties, plan);
    return plan;
  }
  std::int64_t hard = 0, soft = 0;
  if (limits.movetime_ms > 0) hard = soft = std::max<std::int64_t>(1, limits.movetime_ms - limits.move_overhead_ms);
  if (limits.time_left_ms >= 0) {
    const int own_moves = std::max(kMinMovesToPlan, (empties - kSolveEmpties) / 2 + kEndgameShares);
    const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, own_moves) : own_moves;
    const std::int64_t usable = std::max<std::int64_t>(
        1, limits.time_left_ms - limits.move_overhead_ms - static_cast<std::int64_t>(kReserveFraction * limits.time_left_ms));
    // With sudden death, the increments of our moves beyond the planned
    // ones (the endgame's, which the solver barely needs) are spent now.
    const int later_moves = limits.moves_to_go > 0 ? 0 : std::max(0, (empties + 1) / 2 - moves);
    const std::int64_t banked = limits.increment_ms * later_moves;
    const std::int64_t plain = std::max<std::int64_t>(1, usable / moves + limits.increment_ms * 3 / 4);
    const std::int64_t share = std::max<std::int64_t>(1, (usable + banked) / moves + limits.increment_ms * 3 / 4);
    const auto hard_cap = static_cast<std::int64_t>(kMaxMoveFraction * static_cast<double>(usable));
    // Increments not yet received are no clock: near the end the banked
    // ones would outgrow what is left, and on a nearly empty clock the
    // increment's share alone would take all of it, so no move plans past
    // the hard cap and the moves after it keep the rest.
    const std::int64_t clock_soft = std::max<std::int64_t>(1, std::min(hard_cap, std::max(plain, share)));
    const std::int64_t clock_hard = std::max(
        clock_soft, std::min(hard_cap, static_cast<std::int64_t>(static_cast<double>(share) * kHardShareFactor)));
    soft = soft ? std::min(soft, clock_soft) : clock_soft;
    hard = hard ? std::min(hard, clock_hard) : clock_hard;
  }
  plan.soft_ms = soft;
  if (soft > 0 && limits.level >= 60) plan.ladder_last = root_tuning::kPlayLadderLast;
  plan.new_iteration_ms = static_cast<std::int64_t>(kNewIterationShare * static_cast<double>(soft));
  plan.hard_ms = hard;
  // A move time without a clock: what this move leaves is lost, and a
  // depth the time cuts short still plays a move it proved better, so
  // new depths start until the time is up.
  if (limits.movetime_ms > 0 && limits.time_left_ms < 0) plan.new_iteration_ms = hard;
  // By the clock, the solver takes over where it is expected to finish
  // within the soft time. Several lines are proven one root move at a
  // time, each position with one empty fewer, in a share of that time each.
  const std::int64_t lines = std::max(1, limits.multipv);
  if (limits.level >= 60 && limits.depth <= 0 && !limits.exact && soft > 0) {
    plan.exact_empties = lines > 1 ? solvable_empties(soft / lines, false, threads) + 1 : solvable_empties(soft, false, threads);
    plan.wld_empties = solvable_empties(soft, true, threads);
    plan.selective_empties = plan.exact_empties + kSelectiveBonusEmpties;
  }
  if (limits.nodes > 0 && !limits.exact) {
    const auto nodes_ms = static_cast<std::int64_t>(limits.nodes / kSolverNodesPerMs);
    plan.exact_empties = std::min(plan.exact_empties, lines > 1 ? solvable_empties(nodes_ms / lines, false) + 1
                                                                : solvable_empties(nodes_ms, false));
    plan.wld_empties = std::min(plan.wld_empties, solvable_empties(nodes_ms, true));
  }
  // A node budget keeps to the proofs it allows.
  const int proofs = std::max(plan.exact_empties, plan.wld_empties);
  plan.selective_empties = limits.nodes > 0 ? proofs : std::max(plan.selective_empties, proofs);
  plan_level_ladder(limits, empties, plan);
  return plan;
}

bool start_iteration(const TimePlan& plan, std::int64_t elapsed_ms, int depth, int stable_iterations) {
  if (plan.soft_ms <= 0) return true;
  if (plan.new_iteration_ms >= plan.hard_ms) return elapsed_ms < plan.hard_ms;
  double limit = static_cast<double>(plan.new_iteration_ms);
  if (depth >= kStabilityMinDepth) {
    if (stable_iterations == 0) limit *= kUnstableFactor;
    else if (stable_iterations >= kStableIterations) limit *= kStableFactor;
  }
  // More than the plain share only while the hard limit leaves room to finish.
  const std::int64_t cap = std::max(plan.new_iteration_ms, plan.hard_ms / 2);
  return elapsed_ms <= std::min(static_cast<std::int64_t>(std::llround(limit)), cap);
}

Limits with_default_time(Limits limits, std::int64_t positions) {
  if (limits.time_left_ms < 0 && limits.movetime_ms <= 0 && limits.depth <= 0 && limits.nodes == 0 &&
      !limits.infinite && !limits.exact && limits.level >= 60)
    limits.movetime_ms = std::max(kMinSharedMoveTimeMs, kNoLimitMoveTimeMs / std::max<std::int64_t>(1, positions));
  return limits;
}

int solvable_empties(std::int64_t ms, bool wld, int threads) {
  if (ms <= 0) return 0;
  const double speedup = 1.0 + kSolverThreadGain * static_cast<double>(std::clamp(threads, 1, kSolverMaxThreadsModelled) - 1);
  const double extra = std::log(static_cast<double>(ms) * speedup / kSolveBaseMs) / std::log(kSolveGrowth);
  const int e = kSolveBaseEmpties + static_cast<int>(std::floor(extra));
  return std::clamp(e + (wld ? kWldBonusEmpties : 0), 8, 40);
}

int level_depth(int level) { return std::clamp(level, 1, 60); }

int level_exact_empties(int level) {
  level = std::clamp(level, 1, 60);
  return level_full_width(level) ? 2 * level : depth_exact_empties(level);
}

int level_selective_empties(int level) {
  level = std::clamp(level, 1, 60);
  if (level_full_width(level)) return level_exact_empties(level);
  // Each term at least depth_exact_empties' (2L, L + 8, 24): never below the proofs.
  return std::min({2 * level, level + kLevelSelectiveReach, kLevelSelectiveMaxEmpties});
}

bool level_full_width(int level) { return level <= kFullWidthMaxLevel; }

int depth_exact_empties(int depth) {
  depth = std::clamp(depth, 1, 60);
  return std::min({2 * depth, depth + 8, 24});
}

}  // namespace parity::search
