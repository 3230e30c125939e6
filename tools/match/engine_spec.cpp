#include "engine_spec.hpp"

#include <cctype>
#include <charconv>
#include <cmath>

#include "settings.hpp"

namespace parity::match {

namespace {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

Expected<double> parse_number(std::string_view key, std::string_view text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || v < 0 || !std::isfinite(v))
    return Error{std::string(key) + "=" + std::string(text) + ": expected a number"};
  return v;
}

}  // namespace

std::string_view protocol_name(Protocol p) {
  switch (p) {
    case Protocol::kUci: return "uci";
    case Protocol::kUgi: return "ugi";
    case Protocol::kNboard: return "nboard";
    case Protocol::kGtp: return "gtp";
  }
  return "?";
}

Expected<Protocol> parse_protocol(std::string_view text) {
  if (iequals(text, "uci")) return Protocol::kUci;
  if (iequals(text, "ugi")) return Protocol::kUgi;
  if (iequals(text, "nboard")) return Protocol::kNboard;
  if (iequals(text, "gtp")) return Protocol::kGtp;
  return Error{"proto=" + std::string(text) + ": expected uci, ugi, nboard or gtp"};
}

EngineSpec::EngineSpec()
    : time_margin_seconds(settings::kTimeMarginSeconds), hang_timeout_seconds(settings::kHangTimeoutSeconds) {}

int EngineSpec::threads() const {
  for (const auto& [name, value] : options) {
    int n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (iequals(name, "Threads") && ec == std::errc{} && n > 0) return n;
  }
  return 1;
}

std::optional<Error> apply_engine_key(EngineSpec& spec, std::string_view key, std::string_view value) {
  if (key == "name") {
    if (value.empty()) return Error{"name= must not be empty"};
    spec.name = value;
  } else if (key == "cmd") {
    spec.command.program = value;
    if (spec.name.empty()) spec.name = value.substr(value.rfind('/') + 1);
  } else if (key == "arg") {
    spec.command.args.emplace_back(value);
  } else if (key == "dir") {
    spec.command.directory = value;
  } else if (key == "proto") {
    auto p = parse_protocol(value);
    if (!p) return p.error();
    spec.protocol = *p;
  } else if (key.starts_with("option.")) {
    const std::string name(key.substr(7));
    if (name.empty()) return Error{"option.NAME=VALUE needs a name"};
    for (auto& [n, v] : spec.options)
      if (n == name) {
        v = value;
        return std::nullopt;
      }
    spec.options.emplace_back(name, std::string(value));
  } else if (is_time_key(key)) {
    return apply_time_key(spec.time, key, value);
  } else if (key == "timemargin") {
    auto ms = parse_number(key, value);
    if (!ms) return ms.error();
    if (*ms / 1000.0 > settings::kMaxSeconds) return Error{"timemargin=" + std::string(value) + ": too long"};
    spec.time_margin_seconds = *ms / 1000.0;
  } else if (key == "timeout") {
    auto s = parse_number(key, value);
    if (!s || *s <= 0 || *s > settings::kMaxSeconds)
      return Error{"timeout=" + std::string(value) + ": expected seconds, at most " +
                   std::to_string(static_cast<long long>(settings::kMaxSeconds))};
    spec.hang_timeout_seconds = *s;
  } else {
    return Error{"unknown engine key '" + std::string(key) + "'"};
  }
  return std::nullopt;
}

std::optional<Error> check_protocol_support(const EngineSpec& spec) {
  const std::string who = "engine " + spec.name + " (" + std::string(protocol_name(spec.protocol)) + "): ";
  const TimeControl& tc = spec.time;
  switch (spec.protocol) {
    case Protocol::kUci:
    case Protocol::kUgi:
      return std::nullopt;
    case Protocol::kNboard:
      if (tc.nodes) return Error{who + "NBoard has no node limit; use depth= or tc="};
      if (tc.move_seconds) return Error{who + "NBoard has no time a move; use tc=SECONDS+INC (the clock travels in the GGF) or depth="};
      return std::nullopt;
    case Protocol::kGtp:
      if (tc.depth) return Error{who + "GTP has no depth limit; set the engine's level with arg= and use tc=inf"};
      if (tc.nodes) return Error{who + "GTP has no node limit"};
      if (tc.move_seconds && (*tc.move_seconds < 1 || std::floor(*tc.move_seconds) != *tc.move_seconds))
        return Error{who + "GTP carries whole seconds only; st= must be a whole number of seconds"};
      if (tc.base_seconds && (*tc.base_seconds < 1 || std::floor(*tc.base_seconds) != *tc.base_seconds))
        return Error{who + "GTP carries whole seconds only; the clock's base must be whole seconds"};
      if (tc.move_seconds && tc.base_seconds) return Error{who + "GTP carries one clock: st= or tc=, not both"};
      if (!spec.options.empty()) return Error{who + "GTP has no engine options; pass them with arg="};
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace parity::match
