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

class Gtp final : public Protocol {
public:
  Gtp(engine::Engine& engine, Output& out);
  bool handle(std::string_view line) override;
  void reject(std::string_view why) override { reply(false, "", why); }
  void finish() override { engine_.halt(); }

private:
  using Words = std::vector<std::string_view>;
  struct Clock {
    std::int64_t left_ms = -1;  // from time_left; -1: not told
    int stones = 0;
  };

  void reply(bool ok, std::string_view id, std::string_view text);
  void genmove(std::string_view id, const Words& args);
  void play(std::string_view id, const Words& args);
  search::Limits limits(Color color) const;

  engine::Engine& engine_;
  Output& out_;
  // time_settings: main time, byo-yomi time and stones (seconds); -1: none given.
  std::int64_t main_ms_ = -1, byo_ms_ = 0;
  int byo_stones_ = 0;
  Clock clock_[2];
  std::string pending_id_;  // the id of the running genmove
  // The game before each play and genmove, for undo.
  std::vector<Game> history_;
};

}  // namespace parity::protocol
