#pragma once
// Lazy SMP for the midgame: helper threads search the same root to the same
// depths as the main thread, one ply ahead on every other helper, and share
// what they learn only through the transposition table. The main thread's
// iterations then find bounds and best moves already stored, so it reaches
// a given depth sooner; the helpers' own results are thrown away.

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/eval/weights.hpp"
#include "parity/search/busy_table.hpp"
#include "parity/search/tt.hpp"

namespace parity::search {

struct HelperSetup {
  Board root;
  std::vector<Move> moves;  // the root moves, the main thread's best first
  int max_depth = 1;        // the main thread's depth cap
  int selectivity = 0;      // its probcut level
  bool baseline = false;    // evaluate with the disc-and-mobility baseline
  BusyTable* busy = nullptr;  // the positions in progress, shared by every thread
};

class HelperThreads {
public:
  // Starts `count` helpers (none when count <= 0).
  HelperThreads(int count, const HelperSetup& setup, TranspositionTable& tt,
                std::shared_ptr<const eval::Weights> weights);
  ~HelperThreads();  // stop()s
  HelperThreads(const HelperThreads&) = delete;
  HelperThreads& operator=(const HelperThreads&) = delete;

  // Ends every helper's search and waits for it; idempotent.
  void stop();
  // How many helpers run: fewer than asked when the system refused threads.
  int started() const { return static_cast<int>(threads_.size()); }
  // Nodes the helpers have searched so far (published once an iteration).
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

private:
  void run(int index, HelperSetup setup, TranspositionTable& tt, std::shared_ptr<const eval::Weights> weights);

  std::atomic<bool> done_{false};
  std::atomic<std::uint64_t> nodes_{0};
  std::vector<std::thread> threads_;
};

}  // namespace parity::search
