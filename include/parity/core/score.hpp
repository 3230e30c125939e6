#pragma once
// Scores and their two units. Discs: the solver's and every proven
// result's, the final disc difference with the empties to the winner,
// -64..64. Centi-discs: the evaluation's and the midgame search's, 100 to
// the disc, so that a proven score and an estimate compare as
// to_centi(discs). The transposition table holds both and says which by
// its depth (tt.hpp).

namespace parity {

inline constexpr int kMaxDiscs = 64;        // no disc score is beyond +-64
inline constexpr int kNoDiscScore = -65;    // below every disc score: nothing searched yet
inline constexpr int kCentiPerDisc = 100;
inline constexpr int kMaxCenti = kMaxDiscs * kCentiPerDisc;  // a proven +-64 in centi-discs
inline constexpr int kCentiInfinity = 6500;  // beyond every centi-disc score: an open window's bound
// A window no evaluation reaches, for searches whose values are the raw
// evaluation (its sums of pattern weights are not clamped to +-64 discs).
inline constexpr int kEvalUnbounded = 1 << 20;

constexpr int to_centi(int discs) { return discs * kCentiPerDisc; }

}  // namespace parity
