#pragma once
// Multi-probcut: a shallow search predicts a deep one. The deep value v_d
// is modelled as the shallow value v_s plus a normal error whose spread
// depends on the depths and on the stage; tools/probcut fits the table
// below from our own shallow-versus-deep searches (docs/evaluation-and-search.md).
// Integer throughout: sigmas in centi-discs, confidence as t x 100.

#include <array>

namespace parity::search {

inline constexpr int kNoProbcut = 0;  // selectivity: full width
inline constexpr int kMaxSelectivity = 5;

// Confidence of each selectivity 1..kMaxSelectivity as t x 100
// (the normal quantile): 1.1 ~ 86%, 1.5 ~ 93%, 2.0 ~ 98%, 2.6 ~ 99.5%, 3.3 ~ 99.95%.
inline constexpr std::array<int, kMaxSelectivity + 1> kProbcutT100 = {0, 110, 150, 200, 260, 330};

// The table's pruning grade (0: none, higher: more) of a confidence t x 100
// (0: none): one more than the number of selectivities that prune less, so
// that a confidence below every selectivity's grades above them all.
constexpr int probcut_tt_pruning_t100(int t100) {
  if (t100 <= 0) return 0;
  int grade = 1;
  for (int s = 1; s <= kMaxSelectivity; ++s) grade += kProbcutT100[s] > t100;
  return grade;
}

// The same of a selectivity here, whose scale grows with confidence.
constexpr int probcut_tt_pruning(int selectivity) { return probcut_tt_pruning_t100(kProbcutT100[selectivity]); }
static_assert(probcut_tt_pruning(kNoProbcut) == 0 && probcut_tt_pruning(1) == kMaxSelectivity &&
              probcut_tt_pruning(kMaxSelectivity) == 1 && probcut_tt_pruning_t100(80) == kMaxSelectivity + 1);

// Searched only from this depth on; the shallow depth is a fixed share.
inline constexpr int kProbcutMinDepth = 3;
constexpr int probcut_shallow_depth(int depth) { return (depth & 1) + depth / 4 * 2; }

// sigma(stage group, deep depth) in centi-discs, from tools/probcut.
int probcut_sigma(int empties, int shallow, int deep);
// The deepest depth the table was fitted on; beyond it sigma is held at
// its value there (for probcut's own shallow depth, at the deepest depth
// with the same shallow step).
int probcut_fitted_depth();

}  // namespace parity::search
