#pragma once
// Leaf counts of the game tree, the move generator's correctness check and
// speed benchmark.

#include <atomic>
#include <cstdint>
#include <optional>

#include "parity/core/board.hpp"

namespace parity {

enum class PassRule {
  kPly,   // a forced pass counts as a ply (the published table)
  kSkip,  // a forced pass is not counted
};

// Leaves at `depth` plies from `board`; a game that ends sooner counts as
// one leaf. Single-threaded; the last ply is counted in bulk.
std::uint64_t perft(const Board& board, int depth, PassRule rule = PassRule::kPly);
// The same, ending soon once `stop` becomes true (set by another thread):
// then no count (std::nullopt).
std::optional<std::uint64_t> perft(const Board& board, int depth, const std::atomic<bool>& stop,
                                   PassRule rule = PassRule::kPly);

}  // namespace parity
