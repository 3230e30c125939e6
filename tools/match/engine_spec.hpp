#pragma once
// One engine of a tournament as the user described it: how to start it,
// which protocol it speaks, what to set and how long it may think.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parity/core/expected.hpp"
#include "process.hpp"
#include "time_control.hpp"

namespace parity::match {

// kUgi is the UCI-style protocol greeted the UGI way (ugi/ugiok,
// uginewgame, p1time/p2time), for engines written for cutegames.
enum class Protocol { kUci, kUgi, kNboard, kGtp };

std::string_view protocol_name(Protocol p);
Expected<Protocol> parse_protocol(std::string_view text);

struct EngineSpec {
  std::string name;
  Command command;
  Protocol protocol = Protocol::kUci;
  std::vector<std::pair<std::string, std::string>> options;  // option.NAME=VALUE, in order
  TimeControl time;
  double time_margin_seconds;
  double hang_timeout_seconds;
  bool debug = false;  // echo every line to and from the engine on stderr

  EngineSpec();
  // Threads the engine was told to use (option Threads), for the core check.
  int threads() const;
};

// Applies one key=value of --engine or --each: name, cmd, arg, dir, proto,
// option.NAME, depth, nodes, st, tc, timemargin (ms), timeout (s).
std::optional<Error> apply_engine_key(EngineSpec& spec, std::string_view key, std::string_view value);

// Why this engine's protocol cannot run this time control or these options;
// nothing when it can.
std::optional<Error> check_protocol_support(const EngineSpec& spec);

}  // namespace parity::match
