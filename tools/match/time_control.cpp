#include "time_control.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "settings.hpp"

namespace parity::match {

namespace {

std::string number(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", seconds);
  return buf;
}

template <class T>
Expected<T> parse_positive(std::string_view key, std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value <= 0)
    return Error{std::string(key) + "=" + std::string(text) + ": expected a positive number"};
  return value;
}

}  // namespace

Expected<double> parse_seconds(std::string_view text) {
  const Error bad{"not a time: '" + std::string(text) + "'"};
  long long minutes = 0;
  const auto colon = text.find(':');
  if (colon != std::string_view::npos) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + colon, minutes);
    if (ec != std::errc{} || end != text.data() + colon || minutes < 0) return bad;
    text.remove_prefix(colon + 1);
  }
  double seconds = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (ec != std::errc{} || end != text.data() + text.size() || seconds < 0 || !std::isfinite(seconds)) return bad;
  const double total = static_cast<double>(minutes) * 60 + seconds;
  if (total > settings::kMaxSeconds)
    return Error{"not a time: '" + std::string(text) + "' is over the " + std::to_string(static_cast<long long>(settings::kMaxSeconds)) + " seconds a clock may have"};
  return total;
}

bool is_time_key(std::string_view key) { return key == "depth" || key == "nodes" || key == "st" || key == "tc"; }

std::optional<Error> apply_time_key(TimeControl& tc, std::string_view key, std::string_view value) {
  if (key == "depth") {
    auto d = parse_positive<int>(key, value);
    if (!d) return d.error();
    tc.depth = *d;
  } else if (key == "nodes") {
    auto n = parse_positive<long long>(key, value);
    if (!n) return n.error();
    tc.nodes = *n;
  } else if (key == "st") {
    auto s = parse_seconds(value);
    if (!s) return Error{"st=" + std::string(value) + ": " + s.error().message};
    if (*s <= 0) return Error{"st=" + std::string(value) + ": expected seconds a move, like st=0.5"};
    tc.move_seconds = *s;
  } else if (key == "tc") {
    if (value == "inf" || value == "infinite") {
      tc.base_seconds.reset();
      tc.increment_seconds = 0;
      return std::nullopt;
    }
    const auto plus = value.find('+');
    auto base = parse_seconds(value.substr(0, plus));
    const bool moves_per_period = value.find('/') != std::string_view::npos;
    if (moves_per_period) return Error{"tc=" + std::string(value) + ": moves per period are not supported; use BASE+INC"};
    if (!base && base.error().message.find("over the") != std::string::npos)
      return Error{"tc=" + std::string(value) + ": " + base.error().message};
    if (!base || *base <= 0) return Error{"tc=" + std::string(value) + ": expected SECONDS+INC, like tc=60+0.5, or tc=inf"};
    double inc = 0;
    if (plus != std::string_view::npos) {
      auto i = parse_seconds(value.substr(plus + 1));
      if (!i) return Error{"tc=" + std::string(value) + ": bad increment (" + i.error().message + ")"};
      inc = *i;
    }
    tc.base_seconds = *base;
    tc.increment_seconds = inc;
  } else {
    return Error{"not a time control key: " + std::string(key)};
  }
  return std::nullopt;
}

std::string TimeControl::describe() const {
  std::string out;
  auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
  if (depth) add("depth " + std::to_string(*depth));
  if (nodes) add("nodes " + std::to_string(*nodes));
  if (move_seconds) add("st " + number(*move_seconds));
  if (base_seconds) add(number(*base_seconds) + "+" + number(increment_seconds));
  return out.empty() ? "inf" : out;
}

}  // namespace parity::match
