#pragma once
// Every tunable of the midgame search, in one place.

namespace parity::search {

struct MidgameTuning {
  int poll_interval_nodes = 2048;  // check the clock and the stop flag this often
  int tt_min_depth = 1;            // probe and store from this remaining depth up
  int etc_min_depth = 6;           // enhanced transposition cutoff from here up
  int sort_shallow_min_depth = 4;  // order moves by a shallow search from here up
  int sort_shallow_depth_share = 6;  // ... of depth / share (at least 1) plies
  // Cheap ordering (and the tie-break of the shallow one), higher first.
  int hash_move_bonus = 1 << 24;
  int mobility_weight = 300;       // per opponent reply, in centi-discs
  int corner_reply_weight = 300;   // extra per opponent reply on a corner
  int corner_move_bonus = 400;
};

inline constexpr MidgameTuning kMidgameTuning{};

}  // namespace parity::search
