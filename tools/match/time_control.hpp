#pragma once
// What limits an engine's thinking: a depth, a node count, a fixed time a
// move, a clock with increment, any combination, or nothing (tc=inf).

#include <optional>
#include <string>
#include <string_view>

#include "parity/core/expected.hpp"

namespace parity::match {

struct TimeControl {
  std::optional<int> depth;
  std::optional<long long> nodes;
  std::optional<double> move_seconds;  // st=
  std::optional<double> base_seconds;  // tc=BASE+INC
  double increment_seconds = 0;

  bool has_clock() const { return base_seconds.has_value(); }
  bool unlimited() const { return !depth && !nodes && !move_seconds && !base_seconds; }
  // "depth 1", "40+0.4", "st 0.5", "inf", joined with ", ".
  std::string describe() const;

  bool operator==(const TimeControl&) const = default;
};

// Applies one engine key (depth, nodes, st, tc) to `tc`. tc takes
// "inf", "SECONDS", "SECONDS+INC" or "MM:SS+INC".
std::optional<Error> apply_time_key(TimeControl& tc, std::string_view key, std::string_view value);
bool is_time_key(std::string_view key);

// Parses "1.5", "90", "1:30" as seconds.
Expected<double> parse_seconds(std::string_view text);

}  // namespace parity::match
