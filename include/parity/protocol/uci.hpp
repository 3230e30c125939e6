#pragma once
// The UCI-style protocol with the UGI words (docs/protocols.md has every command
// and reply).

#include <string>
#include <string_view>
#include <vector>

#include "parity/engine/engine.hpp"
#include "parity/protocol/output.hpp"
#include "parity/protocol/protocol.hpp"

namespace parity::protocol {

class Uci final : public Protocol {
public:
  Uci(engine::Engine& engine, Output& out);
  bool handle(std::string_view line) override;
  void reject(std::string_view why) override { error(why); }
  void finish() override { engine_.halt(); }

private:
  using Words = std::vector<std::string_view>;
  void error(std::string_view what);
  void hello(bool ugi);
  void set_option(const Words& words);
  void position(const Words& words);
  void go(const Words& words);
  void query(const Words& words);
  void show();
  void perft(const Words& words);
  void eval();
  void bench();
  void help();
  std::string info_line(const search::Info& info) const;

  engine::Engine& engine_;
  Output& out_;
  // False after a rejected position command, until a good one or a new game.
  bool has_position_ = true;
};

}  // namespace parity::protocol
