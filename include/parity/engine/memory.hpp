#pragma once
// How much memory the engine may still take, read before the hash table is
// resized so that a Hash the machine (or the container) cannot give is
// refused instead of ending in the kernel's out-of-memory killer.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace parity::engine {

struct MemoryLimit {
  std::uint64_t bytes = 0;  // what may still be allocated
  std::string source;       // where the figure comes from, for the error message
};

// The least of MemAvailable (/proc/meminfo) and, under a cgroup memory limit
// (v2 memory.max or v1 memory.limit_in_bytes), that limit less the group's
// usage. Nothing when neither can be read.
std::optional<MemoryLimit> available_memory();

// Tests replace the probe to see a machine of any size.
using MemoryProbe = std::function<std::optional<MemoryLimit>()>;

// The one check a hash table size passes before it is allocated (the Hash
// option, `parity solve --hash`): nothing when `megabytes` fit once
// `freed_megabytes` (the old table) are released, with `reserve_megabytes`
// kept for the rest of the program; else the reason, in words. No probe
// figure: it fits.
std::optional<std::string> hash_room_problem(std::size_t megabytes, std::size_t freed_megabytes,
                                             std::size_t reserve_megabytes, const MemoryProbe& probe);

// The parsers, apart, for the tests: the MemAvailable line of a meminfo text
// (in bytes), and a cgroup limit file ("max" or a byte count).
std::optional<std::uint64_t> parse_meminfo_available(const std::string& meminfo);
std::optional<std::uint64_t> parse_cgroup_limit(const std::string& text);

}  // namespace parity::engine
