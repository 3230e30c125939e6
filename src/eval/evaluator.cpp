#include "parity/eval/evaluator.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <vector>

#if (defined(__BMI2__) || defined(__AVX2__)) && !defined(PARITY_PORTABLE)
#include <immintrin.h>
#endif

namespace parity::eval {

namespace {

using Lanes = Evaluator::Lanes;

// Per square, 3^position in each instance it takes part in (0 in the
// others): what a disc placed on the square, or flipped there, adds to the
// indices, times its digit change.
const std::array<Lanes, 64>& square_powers() {
  static const std::array<Lanes, 64> table = [] {
    std::array<Lanes, 64> t{};
    const auto& all = instances();
    for (int i = 0; i < static_cast<int>(all.size()); ++i)
      for (int c = 0; c < static_cast<int>(all[i].cells.size()); ++c)
        t[all[i].cells[c]].v[i] = static_cast<std::uint16_t>(pow3(c));
    return t;
  }();
  return table;
}

constexpr int kMaxValue = 6400;  // a position is worth no more than 64 discs

// Unrolled, with the offsets as constants, every lookup is one load at a
// fixed displacement; four sums, so that the adds do not wait on each
// other's loads.
template <class Digits>
int sum(const Weights& weights, const Digits& indices, int stage) {
  const std::int16_t* table = weights.stage_table(stage);
  int part[4] = {weights.bias(stage), 0, 0, 0};
#pragma GCC unroll 64
  for (int i = 0; i < kNumInstances; ++i) part[i % 4] += table[kInstanceOffsets[i] + indices[i]];
  return std::clamp(part[0] + part[1] + part[2] + part[3], -kMaxValue, kMaxValue);
}

}  // namespace

Indices compute_indices_reference(Bitboard first, Bitboard second) {
  Indices out{};
  const auto& all = instances();
  for (int i = 0; i < kNumInstances; ++i) {
    int index = 0;
    for (int c = static_cast<int>(all[i].cells.size()) - 1; c >= 0; --c) {
      const Bitboard b = bit(all[i].cells[c]);
      index = index * 3 + ((first & b) ? 1 : (second & b) ? 2 : 0);
    }
    out[i] = static_cast<std::uint16_t>(index);
  }
  return out;
}

#if defined(__BMI2__) && !defined(PARITY_PORTABLE)
namespace {

// Per instance, its cells as a mask and, for every subset of them in square
// order (what PEXT extracts), the index with digit 1 on that subset: the
// index is then one lookup per colour. Endgame move ordering evaluates
// from scratch at every leaf, so this is hot there.
struct IndexTables {
  std::array<Bitboard, kNumInstances> mask{};
  std::array<std::uint32_t, kNumInstances> offset{};
  std::vector<std::uint16_t> ternary;
};

const IndexTables& index_tables() {
  static const IndexTables tables = [] {
    IndexTables t;
    const auto& all = instances();
    for (int i = 0; i < kNumInstances; ++i) {
      const auto& cells = all[i].cells;
      for (Square c : cells) t.mask[i] |= bit(c);
      t.offset[i] = static_cast<std::uint32_t>(t.ternary.size());
      const int n = static_cast<int>(cells.size());
      for (std::uint32_t subset = 0; subset < (1u << n); ++subset) {
        // Bit j of `subset` is the j-th lowest square of the mask.
        int index = 0, j = 0;
        for (Square sq : squares(t.mask[i])) {
          if (subset >> j & 1) {
            const int position = static_cast<int>(std::find(cells.begin(), cells.end(), sq) - cells.begin());
            index += pow3(position);
          }
          ++j;
        }
        t.ternary.push_back(static_cast<std::uint16_t>(index));
      }
    }
    return t;
  }();
  return tables;
}

}  // namespace

Indices compute_indices(Bitboard first, Bitboard second) {
  const IndexTables& t = index_tables();
  const std::uint16_t* ternary = t.ternary.data();
  Indices out;
  for (int i = 0; i < kNumInstances; ++i) {
    const std::uint16_t* table = ternary + t.offset[i];
    out[i] = static_cast<std::uint16_t>(table[_pext_u64(first, t.mask[i])] + 2 * table[_pext_u64(second, t.mask[i])]);
  }
  return out;
}
#else
Indices compute_indices(Bitboard first, Bitboard second) { return compute_indices_reference(first, second); }
#endif

int evaluate(const Weights& weights, const Board& board) {
  return sum(weights, compute_indices(board.player, board.opponent), stage_of(board.empties()));
}

Evaluator::Evaluator(std::shared_ptr<const Weights> weights) : weights_(std::move(weights)), powers_(&square_powers()) {}

void Evaluator::set(const Board& board) {
  ply_ = 0;
  const Indices mover = compute_indices(board.player, board.opponent);
  const Indices other = compute_indices(board.opponent, board.player);
  stack_[0] = Views{};
  std::copy(mover.begin(), mover.end(), stack_[0].mover.v.begin());
  std::copy(other.begin(), other.end(), stack_[0].other.v.begin());
}

namespace {

#if defined(__AVX2__) && !defined(PARITY_PORTABLE)
// The lanes as whole vector registers: the compiler keeps these in
// registers across a move's update (a zeroed array of lanes it would clear
// in memory first).
constexpr int kRegs = Evaluator::kLanes / 16;
struct Regs {
  __m256i r[kRegs];
};

[[gnu::always_inline]] inline Regs load(const Lanes& l) {
  Regs out;
  for (int k = 0; k < kRegs; ++k) out.r[k] = _mm256_load_si256(reinterpret_cast<const __m256i*>(l.v.data()) + k);
  return out;
}

[[gnu::always_inline]] inline void store(Lanes& l, const Regs& x) {
  for (int k = 0; k < kRegs; ++k) _mm256_store_si256(reinterpret_cast<__m256i*>(l.v.data()) + k, x.r[k]);
}

// What the discs of `flipped` add to the indices, one power of 3 each.
[[gnu::always_inline]] inline Regs flip_sum(const std::array<Lanes, 64>& powers, Bitboard flipped) {
  Regs flips;
  for (int k = 0; k < kRegs; ++k) flips.r[k] = _mm256_setzero_si256();
  for (Square s : squares(flipped)) {
    const Regs p = load(powers[s]);
    for (int k = 0; k < kRegs; ++k) flips.r[k] = _mm256_add_epi16(flips.r[k], p.r[k]);
  }
  return flips;
}

// The opponent's view after the move (other + 2 placed + flips) and,
// where `mover` is given, the mover's (mover + placed - flips).
[[gnu::always_inline]] inline void after_move(const std::array<Lanes, 64>& powers, Square sq, Bitboard flipped,
                                              const Lanes& other, Lanes& next_mover, const Lanes* mover,
                                              Lanes* next_other) {
  const Regs flips = flip_sum(powers, flipped);
  const Regs placed = load(powers[sq]);
  const Regs o = load(other);
  Regs next;
  for (int k = 0; k < kRegs; ++k)
    next.r[k] = _mm256_add_epi16(_mm256_add_epi16(o.r[k], flips.r[k]), _mm256_add_epi16(placed.r[k], placed.r[k]));
  store(next_mover, next);
  if (mover) {
    const Regs m = load(*mover);
    for (int k = 0; k < kRegs; ++k) next.r[k] = _mm256_sub_epi16(_mm256_add_epi16(m.r[k], placed.r[k]), flips.r[k]);
    store(*next_other, next);
  }
}
#else
// What the discs of `flipped` add to the indices, one power of 3 each.
Lanes flip_sum(const std::array<Lanes, 64>& powers, Bitboard flipped) {
  Lanes flips{};
  for (Square s : squares(flipped))
    for (int i = 0; i < Evaluator::kLanes; ++i) flips.v[i] = static_cast<std::uint16_t>(flips.v[i] + powers[s].v[i]);
  return flips;
}

// The opponent's view after the move (other + 2 placed + flips) and,
// where `mover` is given, the mover's (mover + placed - flips).
[[gnu::always_inline]] inline void after_move(const std::array<Lanes, 64>& powers, Square sq, Bitboard flipped,
                                              const Lanes& other, Lanes& next_mover, const Lanes* mover,
                                              Lanes* next_other) {
  const Lanes flips = flip_sum(powers, flipped);
  const Lanes& placed = powers[sq];
  for (int i = 0; i < Evaluator::kLanes; ++i)
    next_mover.v[i] = static_cast<std::uint16_t>(other.v[i] + 2 * placed.v[i] + flips.v[i]);
  if (mover)
    for (int i = 0; i < Evaluator::kLanes; ++i)
      next_other->v[i] = static_cast<std::uint16_t>(mover->v[i] + placed.v[i] - flips.v[i]);
}
#endif

}  // namespace

int Evaluator::value_after(Square sq, Bitboard flipped, int empties) const {
  Lanes next;
  after_move(*powers_, sq, flipped, stack_[ply_].other, next, nullptr, nullptr);
  return sum(*weights_, next.v, stage_of(empties));
}

void Evaluator::play(Square sq, Bitboard flipped) {
  // The mover's new disc is digit 1 in its own view and 2 in the other's;
  // a flip turns the opponent's digit into the mover's. The sums wrap mod
  // 2^16 and land on the right index. Then the opponent is to move.
  assert(ply_ + 1 < kMaxPly);
  const Views& from = stack_[ply_];
  Views& to = stack_[ply_ + 1];
  after_move(*powers_, sq, flipped, from.other, to.mover, &from.mover, &to.other);
  ++ply_;
}

void Evaluator::pass() {
  assert(ply_ + 1 < kMaxPly);
  stack_[ply_ + 1].mover = stack_[ply_].other;
  stack_[ply_ + 1].other = stack_[ply_].mover;
  ++ply_;
}

void Evaluator::undo() {
  if (ply_ > 0) --ply_;
}

int Evaluator::value(int empties) const {
  assert(empties >= 0 && empties <= 64);
  return sum(*weights_, stack_[ply_].mover.v, stage_of(empties));
}

std::string explain(const Weights& weights, const Board& board) {
  const Indices indices = compute_indices(board.player, board.opponent);
  const int stage = stage_of(board.empties());
  const auto& patterns = base_patterns();
  const auto& all = instances();
  std::vector<int> per_pattern(patterns.size(), 0);
  for (int i = 0; i < kNumInstances; ++i) per_pattern[all[i].pattern] += weights.table(stage, all[i].pattern)[indices[i]];
  std::string out;
  char line[96];
  std::snprintf(line, sizeof line, "stage %d (%d empties), discs from the side to move's view\n", stage, board.empties());
  out += line;
  std::snprintf(line, sizeof line, "  %-10s %+7.2f\n", "bias", weights.bias(stage) / 100.0);
  out += line;
  for (std::size_t p = 0; p < patterns.size(); ++p) {
    std::snprintf(line, sizeof line, "  %-10s %+7.2f\n", std::string(patterns[p].name).c_str(), per_pattern[p] / 100.0);
    out += line;
  }
  std::snprintf(line, sizeof line, "  %-10s %+7.2f\n", "total", evaluate(weights, board) / 100.0);
  out += line;
  return out;
}

}  // namespace parity::eval
