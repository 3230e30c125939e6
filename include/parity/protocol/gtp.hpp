#pragma once
// GTP version 2 for Othello, as Quarry and GoGui send it (docs/protocols.md).
// Vertices are a1..h8 with row 1 at the top, as GRhino reads them.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parity/engine/engine.hpp"
#include "parity/protocol/output.hpp"
#include "parity/protocol/protocol.hpp"

namespace parity::protocol {

// True for the name of a GTP command Parity knows (lower case).
bool is_gtp_command(std::string_view name);

// GTP's clocks as time_settings and time_left set them.
struct GtpClocks {
  // time_settings: main time, byo-yomi time and stones; -1: none given.
  std::int64_t main_ms = -1, byo_ms = 0;
  int byo_stones = 0;
  // time_left, per colour: -1: not told.
  struct Left {
    std::int64_t ms = -1;
    int stones = 0;
  };
  Left left[2];
};

// A genmove's limits for `color`: `base` (the engine's options) with the
// clock GTP gave, the latest time_left first; no clock leaves `base` as it
// is (the engine then gives its fixed move time).
search::Limits gtp_limits(const GtpClocks& clocks, Color color, search::Limits base);

class Gtp final : public Protocol {
public:
  Gtp(engine::Engine& engine, Output& out);
  bool handle(std::string_view line) override;
  void reject(std::string_view why) override { reply(false, "", why); }
  void finish() override { engine_.halt(); }

private:
  using Words = std::vector<std::string_view>;

  void reply(bool ok, std::string_view id, std::string_view text);
  void genmove(std::string_view id, const Words& args);
  void play(std::string_view id, const Words& args);

  engine::Engine& engine_;
  Output& out_;
  GtpClocks clocks_;
  std::string pending_id_;  // the id of the running genmove
  // The game before each play and genmove, for undo.
  std::vector<Game> history_;
};

}  // namespace parity::protocol
