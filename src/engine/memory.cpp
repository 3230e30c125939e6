#include "parity/engine/memory.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "parity/core/file_io.hpp"

namespace parity::engine {

namespace {

// A cgroup v1 "no limit" is a huge page-rounded number; anything above this
// is no limit.
constexpr std::uint64_t kNoLimitAbove = std::uint64_t{1} << 60;

std::optional<std::string> read_text(const std::string& path) {
  auto text = read_file(path, kMaxSystemFileBytes);
  if (!text) return std::nullopt;
  return std::move(*text);
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// The cgroup of this process for a v2 hierarchy ("0::/path") or the v1
// memory controller ("N:memory:/path"), from /proc/self/cgroup.
std::optional<std::string> cgroup_path(const std::string& cgroups, bool v2) {
  std::istringstream lines(cgroups);
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find(':');
    const auto second = first == std::string::npos ? std::string::npos : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    if (v2 ? (line.compare(0, first, "0") == 0 && controllers.empty()) : controllers == "memory")
      return line.substr(second + 1);
  }
  return std::nullopt;
}

// Limit less usage of the cgroup at `dir`, when it has a limit.
std::optional<std::uint64_t> cgroup_room(const std::string& dir, const char* limit_file, const char* usage_file) {
  const auto limit_text = read_text(dir + "/" + limit_file);
  if (!limit_text) return std::nullopt;
  const auto limit = parse_cgroup_limit(*limit_text);
  if (!limit) return std::nullopt;
  const auto usage_text = read_text(dir + "/" + usage_file);
  const std::uint64_t usage = usage_text ? parse_count(*usage_text).value_or(0) : 0;
  return *limit > usage ? *limit - usage : 0;
}

// The tightest cgroup limit on this process: its own group and every parent
// (a limit on a parent binds too), under the v2 and the v1 mount points.
std::optional<std::uint64_t> cgroup_available() {
  const auto cgroups = read_text("/proc/self/cgroup");
  if (!cgroups) return std::nullopt;
  std::optional<std::uint64_t> room;
  const auto tighten = [&](std::optional<std::uint64_t> r) {
    if (r) room = room ? std::min(*room, *r) : *r;
  };
  const auto walk = [&](const std::string& mount, const std::string& path, const char* limit, const char* usage) {
    // Inside a container the group is often mounted as the root itself.
    tighten(cgroup_room(mount, limit, usage));
    std::string p = path;
    while (!p.empty() && p != "/") {
      tighten(cgroup_room(mount + p, limit, usage));
      p.erase(p.rfind('/'));
    }
  };
  if (const auto v2 = cgroup_path(*cgroups, true)) {
    walk("/sys/fs/cgroup", *v2, "memory.max", "memory.current");
    walk("/sys/fs/cgroup/unified", *v2, "memory.max", "memory.current");
  }
  if (const auto v1 = cgroup_path(*cgroups, false))
    walk("/sys/fs/cgroup/memory", *v1, "memory.limit_in_bytes", "memory.usage_in_bytes");
  return room;
}

}  // namespace

std::optional<std::uint64_t> parse_meminfo_available(const std::string& meminfo) {
  std::istringstream lines(meminfo);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("MemAvailable:", 0) != 0) continue;
    std::string_view rest = std::string_view(line).substr(13);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const auto space = rest.find(' ');
    const auto kb = parse_count(rest.substr(0, space));
    if (!kb || *kb > kNoLimitAbove / 1024) return std::nullopt;
    return *kb * 1024;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> parse_cgroup_limit(const std::string& text) {
  const auto v = parse_count(text);
  if (!v || *v >= kNoLimitAbove) return std::nullopt;  // "max", or v1's unlimited
  return v;
}

std::optional<MemoryLimit> available_memory() {
  std::optional<MemoryLimit> best;
  if (const auto meminfo = read_text("/proc/meminfo"))
    if (const auto bytes = parse_meminfo_available(*meminfo)) best = MemoryLimit{*bytes, "MemAvailable"};
  if (const auto room = cgroup_available(); room && (!best || *room < best->bytes))
    best = MemoryLimit{*room, "the cgroup memory limit"};
  return best;
}

std::optional<std::string> hash_room_problem(std::size_t megabytes, std::size_t freed_megabytes,
                                             std::size_t reserve_megabytes, const MemoryProbe& probe) {
  if (megabytes <= freed_megabytes) return std::nullopt;
  const auto limit = probe();
  if (!limit) return std::nullopt;
  const std::uint64_t room = limit->bytes + (std::uint64_t{freed_megabytes} << 20);
  const std::uint64_t need = std::uint64_t{megabytes + reserve_megabytes} << 20;
  if (need <= room) return std::nullopt;
  return limit->source + " leaves room for " + std::to_string(room >> 20) + " MB, and " +
         std::to_string(reserve_megabytes) + " MB are kept for the rest of the engine";
}

}  // namespace parity::engine
