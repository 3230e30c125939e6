#pragma once
// Leaf counts of the game tree, the move generator's correctness check and
// speed benchmark.

#include <cstdint>

#include "parity/core/board.hpp"

namespace parity {

enum class PassRule {
  kPly,   // a forced pass counts as a ply (the published table)
  kSkip,  // a forced pass is not counted
};

// Leaves at `depth` plies from `board`; a game that ends sooner counts as
// one leaf. Single-threaded; the last ply is counted in bulk.
std::uint64_t perft(const Board& board, int depth, PassRule rule = PassRule::kPly);

}  // namespace parity
