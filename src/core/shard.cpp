#include "parity/core/shard.hpp"

#include <charconv>
#include <string>

namespace parity {

Expected<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  Shard s;
  const auto read = [](std::string_view part, std::size_t& v) {
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    return !part.empty() && ec == std::errc() && ptr == part.data() + part.size();
  };
  if (slash == std::string_view::npos || !read(text.substr(0, slash), s.k) || !read(text.substr(slash + 1), s.n) ||
      s.n < 1 || s.k < 1 || s.k > s.n)
    return Error{"--shard takes K/N with 1 <= K <= N, not '" + std::string(text) + "'"};
  return s;
}

}  // namespace parity
