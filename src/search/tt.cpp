#include "parity/search/tt.hpp"

#include <algorithm>
#include <new>

#if defined(__SSE4_2__) && !defined(PARITY_PORTABLE)
#include <nmmintrin.h>
#endif

namespace parity {

namespace {

// Data word: lower+offset (16 bits), upper+offset (16), move+1 (8), depth (8),
// level with a "used" bit (8), age (8). The used bit keeps a written word
// non-zero, so an all-zero entry is empty.
constexpr int kScoreOffset = 32768;
constexpr std::uint64_t kUsed = 0x80;

std::uint64_t pack(const TTData& d, unsigned age) {
  return static_cast<std::uint64_t>(d.lower + kScoreOffset) | static_cast<std::uint64_t>(d.upper + kScoreOffset) << 16 |
         static_cast<std::uint64_t>((d.move + 1) & 0xFF) << 32 | static_cast<std::uint64_t>(d.depth & 0xFF) << 40 |
         (static_cast<std::uint64_t>(d.level & kTTMaxLevel) | kUsed) << 48 | static_cast<std::uint64_t>(age) << 56;
}

TTData unpack(std::uint64_t w) {
  TTData d;
  d.lower = static_cast<int>(w & 0xFFFF) - kScoreOffset;
  d.upper = static_cast<int>((w >> 16) & 0xFFFF) - kScoreOffset;
  d.move = static_cast<int>((w >> 32) & 0xFF) - 1;
  d.depth = static_cast<int>((w >> 40) & 0xFF);
  d.level = static_cast<int>((w >> 48) & kTTMaxLevel);
  return d;
}

unsigned age_of(std::uint64_t w) { return static_cast<unsigned>(w >> 56); }

}  // namespace

std::uint64_t TranspositionTable::hash(const Board& board) {
#if defined(__SSE4_2__) && !defined(PARITY_PORTABLE)
  const std::uint64_t a = _mm_crc32_u64(0, board.player);
  const std::uint64_t b = _mm_crc32_u64(a, board.opponent);
  return b ^ (a << 32);
#else
  std::uint64_t h = board.player * 0x9E3779B97F4A7C15ULL ^ (board.opponent + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
  return h ^ (h >> 29);
#endif
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  // A power of two buckets that fits in the given size.
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  std::size_t count = 1;
  while (count * 2 * sizeof(Bucket) <= bytes) count *= 2;
  buckets_.reset();
  buckets_ = std::make_unique<Bucket[]>(count);
  bucket_count_ = count;
  megabytes_ = megabytes;
  age_ = 1;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < bucket_count_; ++i)
    for (Entry& e : buckets_[i].entry) {
      e.player_check.store(0, std::memory_order_relaxed);
      e.opponent_check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  age_ = 1;
}

bool TranspositionTable::probe(const Board& board, TTData& out) const {
  const Bucket& bucket = buckets_[index(board)];
  for (const Entry& e : bucket.entry) {
    const std::uint64_t w = e.data.load(std::memory_order_relaxed);
    if ((e.player_check.load(std::memory_order_relaxed) ^ w) == board.player &&
        (e.opponent_check.load(std::memory_order_relaxed) ^ w) == board.opponent && w != 0) {
      out = unpack(w);
      return true;
    }
  }
  return false;
}

void TranspositionTable::store(const Board& board, int depth, int level, int alpha, int beta, int score, Move move) {
  TTData d;
  d.lower = score > alpha ? score : -kTTInfinity;
  d.upper = score < beta ? score : kTTInfinity;
  d.move = move;
  d.depth = depth;
  d.level = level;

  Bucket& bucket = buckets_[index(board)];
  Entry* victim = nullptr;
  int victim_worth = 1 << 30;
  for (Entry& e : bucket.entry) {
    const std::uint64_t w = e.data.load(std::memory_order_relaxed);
    if ((e.player_check.load(std::memory_order_relaxed) ^ w) == board.player &&
        (e.opponent_check.load(std::memory_order_relaxed) ^ w) == board.opponent && w != 0) {
      const TTData old = unpack(w);
      if (old.depth == depth && old.level == level) {
        d.lower = std::max(d.lower, old.lower);
        d.upper = std::min(d.upper, old.upper);
        // Racing writers may leave crossed bounds; the newer result wins.
        if (d.lower > d.upper) d.lower = d.upper = score;
      }
      if (d.move == kNoMove) d.move = old.move;
      victim = &e;
      break;
    }
    // Replace the emptiest, oldest, shallowest, most selective entry first.
    const int worth = w == 0 ? -1 : (age_of(w) == age_ ? 1 << 16 : 0) + unpack(w).depth * 256 - unpack(w).level;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &e;
    }
  }
  const std::uint64_t w = pack(d, age_);
  victim->data.store(w, std::memory_order_relaxed);
  victim->player_check.store(board.player ^ w, std::memory_order_relaxed);
  victim->opponent_check.store(board.opponent ^ w, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(bucket_count_, 250);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Entry& e : buckets_[i].entry) {
      const std::uint64_t w = e.data.load(std::memory_order_relaxed);
      if (w != 0 && age_of(w) == age_) ++used;
    }
  return static_cast<int>(used * 1000 / (sample * kWays));
}

}  // namespace parity
