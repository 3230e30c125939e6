#pragma once
// --shard K/N for batch subcommands: keep the input lines whose 0-based
// index i has i mod N = K-1, so shards split a file between machines.

#include <cstddef>
#include <string_view>

#include "parity/core/expected.hpp"

namespace parity {

struct Shard {
  std::size_t k = 1, n = 1;  // 1 <= k <= n
  bool keeps(std::size_t index) const { return index % n == k - 1; }
};

Expected<Shard> parse_shard(std::string_view text);

}  // namespace parity
