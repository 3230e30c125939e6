#pragma once
// The pattern evaluation of a position, in centi-discs from the side to
// move's view, and its incremental form for the search.

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "parity/core/board.hpp"
#include "parity/eval/patterns.hpp"
#include "parity/eval/weights.hpp"

namespace parity::eval {

// Pattern indices of every instance with digit 1 for `first` and 2 for `second`.
using Indices = std::array<std::uint16_t, kNumInstances>;
Indices compute_indices(Bitboard first, Bitboard second);
// The same, cell by cell: the oracle of the fast form.
Indices compute_indices_reference(Bitboard first, Bitboard second);

// Full evaluation from scratch; the value the incremental form must match.
int evaluate(const Weights& weights, const Board& board);

// Follows a line of play with one update per move instead of a recompute.
class Evaluator {
public:
  explicit Evaluator(std::shared_ptr<const Weights> weights);

  void set(const Board& board);
  // The side to move plays `sq`, flipping `flipped`.
  void play(Square sq, Bitboard flipped);
  void pass();
  void undo();  // takes back the last play() or pass()

  // The current position's value; `empties` picks the stage.
  int value(int empties) const;
  // The value, from the opponent's view, of the position after the side to
  // move plays `sq` flipping `flipped` (`empties` of that position): what
  // play(), value() and undo() give, for a leaf, at half the work.
  int value_after(Square sq, Bitboard flipped, int empties) const;
  const Weights& weights() const { return *weights_; }

  // The indices padded to a whole number of vector registers, so that a
  // move updates them all with a few vector adds.
  static constexpr int kLanes = (kNumInstances + 15) / 16 * 16;
  struct alignas(32) Lanes {
    std::array<std::uint16_t, kLanes> v;
  };

private:
  // The indices twice: seen by the side to move (its discs digit 1) and by
  // its opponent. A move turns one into the other, so a single table a
  // stage serves both colours, half the cache a pair of tables would take.
  struct Views {
    Lanes mover;
    Lanes other;
  };
  std::shared_ptr<const Weights> weights_;
  // The per-square powers of 3 (built once for the program), held here so
  // that the hot path does not test a static's guard at every move.
  const std::array<Lanes, 64>* powers_;
  static constexpr int kMaxPly = 128;
  std::array<Views, kMaxPly> stack_{};
  int ply_ = 0;
};

// A readable breakdown for the `eval` command: each pattern's share and
// the total, in discs from the side to move's view.
std::string explain(const Weights& weights, const Board& board);

}  // namespace parity::eval
