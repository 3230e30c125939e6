#include "endgame_split.hpp"

namespace parity::endgame {

void Worker::work_at(SplitPoint& sp, bool) {
  SplitPoint* const saved = split_;
  split_ = &sp;
  for (;;) {
    const int i = sp.next.fetch_add(1);
    if (i >= sp.count || aborted()) break;
    const MoveItem& m = sp.moves[i];
    const int v = -nws(sp.opponent ^ m.flips, sp.player ^ m.flips ^ bit(m.sq), -sp.alpha - 1, sp.empties - 1);
    if (aborted()) break;
    {
      std::lock_guard lock(sp.mutex);
      if (v > sp.best) {
        sp.best = v;
        sp.best_move = m.sq;
      }
    }
    if (v > sp.alpha) {
      sp.cutoff = true;
      break;
    }
  }
  split_ = saved;
  sp.workers.fetch_sub(1);
}

}  // namespace parity::endgame
