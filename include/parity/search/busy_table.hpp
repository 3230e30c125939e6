#pragma once
// The positions other search threads are in the middle of: a thread that
// reaches a move whose position another thread is searching tries its other
// moves first and comes back to it last, by when the other thread's result
// is likely in the transposition table (deferred younger brothers, as in
// simplified ABDADA). Lossy by design: a slot holds one position, a collision
// or a race only changes the order moves are searched in, never a result.

#include <array>
#include <atomic>
#include <cstdint>

namespace parity::search {

class BusyTable {
public:
  // `key` is a position's hash (TranspositionTable::hash).
  bool busy(std::uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == tag(key); }
  void enter(std::uint64_t key) { slot(key).store(tag(key), std::memory_order_relaxed); }
  // Clears the slot unless another position has taken it since.
  void leave(std::uint64_t key) {
    std::uint64_t expected = tag(key);
    slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

private:
  static std::uint64_t tag(std::uint64_t key) { return key | 1; }  // 0 is a free slot
  static constexpr std::size_t kSlots = std::size_t{1} << 14;
  std::atomic<std::uint64_t>& slot(std::uint64_t key) { return slots_[key & (kSlots - 1)]; }
  const std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[key & (kSlots - 1)]; }

  std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

}  // namespace parity::search
