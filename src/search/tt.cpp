#include "parity/search/tt.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cassert>
#include <array>
#include <memory>
#include <new>

#if defined(__SSE4_2__) && !defined(PARITY_PORTABLE)
#include <nmmintrin.h>
#endif

namespace parity {

namespace {

// Data word: lower+offset (16 bits), upper+offset (16), move+1 (8), rank
// (8), pruning grade with a "used" bit (8), age (8). The rank is the depth, plus
// kSolvedRank for disc bounds: one byte orders entries for replacement.
// The used bit keeps a written word non-zero, so an all-zero entry is empty.
constexpr int kScoreOffset = 32768;
constexpr std::uint64_t kUsed = 0x80;
constexpr int kSolvedRank = kTTMaxDepth + 1;

int rank_of(TTUnit unit, int depth) { return (unit == TTUnit::kDiscs ? kSolvedRank : 0) + (depth & kTTMaxDepth); }

std::uint64_t pack(const TTData& d, unsigned age) {
  return static_cast<std::uint64_t>(d.lower + kScoreOffset) | static_cast<std::uint64_t>(d.upper + kScoreOffset) << 16 |
         static_cast<std::uint64_t>((d.move + 1) & 0xFF) << 32 | static_cast<std::uint64_t>(rank_of(d.unit, d.depth)) << 40 |
         (static_cast<std::uint64_t>(d.pruning & kTTMaxPruning) | kUsed) << 48 | static_cast<std::uint64_t>(age) << 56;
}

TTData unpack(std::uint64_t w) {
  TTData d;
  d.lower = static_cast<int>(w & 0xFFFF) - kScoreOffset;
  d.upper = static_cast<int>((w >> 16) & 0xFFFF) - kScoreOffset;
  d.move = static_cast<int>((w >> 32) & 0xFF) - 1;
  const int rank = static_cast<int>((w >> 40) & 0xFF);
  d.unit = rank >= kSolvedRank ? TTUnit::kDiscs : TTUnit::kCentiDiscs;
  d.depth = rank & kTTMaxDepth;
  d.pruning = static_cast<int>((w >> 48) & kTTMaxPruning);
  return d;
}

unsigned age_of(std::uint64_t w) { return static_cast<unsigned>(w >> 56); }
int rank_of(std::uint64_t w) { return static_cast<int>((w >> 40) & 0xFF); }

#if !(defined(__SSE4_2__) && !defined(PARITY_PORTABLE))
// CRC32C (Castagnoli, reflected 0x82F63B78) a byte at a time: the same
// values as the SSE4.2 instruction, so that every build fills the table
// alike and the bench node count is the same everywhere.
constexpr std::array<std::uint32_t, 256> make_crc32c_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
    t[i] = c;
  }
  return t;
}
constexpr auto kCrc32cTable = make_crc32c_table();

std::uint64_t crc32c_u64(std::uint64_t crc, std::uint64_t data) {
  auto c = static_cast<std::uint32_t>(crc);
  for (int i = 0; i < 8; ++i) c = kCrc32cTable[(c ^ (data >> (8 * i))) & 0xFF] ^ (c >> 8);
  return c;
}
#endif

}  // namespace

std::uint64_t TranspositionTable::hash(const Board& board) {
#if defined(__SSE4_2__) && !defined(PARITY_PORTABLE)
  const std::uint64_t a = _mm_crc32_u64(0, board.player);
  const std::uint64_t b = _mm_crc32_u64(a, board.opponent);
  return b ^ (a << 32);
#else
  const std::uint64_t a = crc32c_u64(0, board.player);
  const std::uint64_t b = crc32c_u64(a, board.opponent);
  return b ^ (a << 32);
#endif
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

bool TranspositionTable::allocate(std::size_t megabytes) {
  const std::size_t bytes = table_bytes(megabytes);
  const std::size_t count = bytes / sizeof(Bucket);
  if (bytes > allocation_limit_) return false;
  void* memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return false;
#if defined(MADV_HUGEPAGE)
  // Probes land anywhere in the table: with 4 KB pages nearly each one
  // misses the TLB too. A hint only; without huge pages nothing changes.
  ::madvise(memory, bytes, MADV_HUGEPAGE);
#endif
  // Every entry written here, so the whole table is resident from now on
  // and the process's size is known from the start of the game.
  std::uninitialized_value_construct_n(static_cast<Bucket*>(memory), count);
  buckets_ = std::unique_ptr<Bucket[], Unmap>(static_cast<Bucket*>(memory), Unmap{bytes});
  bucket_count_ = count;
  megabytes_ = megabytes;
  age_ = 1;
  return true;
}

std::size_t TranspositionTable::table_bytes(std::size_t megabytes) {
  const std::size_t limit = std::max<std::size_t>(megabytes, 1) << 20;
  std::size_t count = 1;
  while (count * 2 * sizeof(Bucket) <= limit) count *= 2;
  return count * sizeof(Bucket);
}

void TranspositionTable::Unmap::operator()(Bucket* table) const {
  if (table) ::munmap(table, bytes);
}

bool TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::max<std::size_t>(megabytes, 1);
  const std::size_t old = megabytes_ ? megabytes_ : megabytes;
  buckets_.reset();
  bucket_count_ = 0;
  megabytes_ = 0;
  if (allocate(megabytes)) return true;
  for (std::size_t mb = std::min(old, megabytes / 2 ? megabytes / 2 : 1); mb >= 1; mb /= 2)
    if (allocate(mb)) return false;
  throw std::bad_alloc();
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

void TranspositionTable::store(const Board& board, TTUnit unit, int depth, int pruning, int alpha, int beta, int score,
                               Move move) {
  assert(depth >= 0 && depth <= kTTMaxDepth && pruning >= 0 && pruning <= kTTMaxPruning);
  TTData d;
  d.lower = score > alpha ? score : -kTTInfinity;
  d.upper = score < beta ? score : kTTInfinity;
  d.move = move;
  d.unit = unit;
  d.depth = depth;
  d.pruning = pruning;

  Bucket& bucket = buckets_[index(board)];
  Entry* victim = nullptr;
  int victim_worth = 1 << 30;
  for (Entry& e : bucket.entry) {
    const std::uint64_t w = e.data.load(std::memory_order_relaxed);
    if ((e.player_check.load(std::memory_order_relaxed) ^ w) == board.player &&
        (e.opponent_check.load(std::memory_order_relaxed) ^ w) == board.opponent && w != 0) {
      const TTData old = unpack(w);
      if (old.unit == unit && old.depth == depth && old.pruning == pruning) {
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
    const int worth = w == 0 ? -1 : (age_of(w) == age_ ? 1 << 16 : 0) + rank_of(w) * 256 - unpack(w).pruning;
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
