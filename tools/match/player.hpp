#pragma once
// An engine's running process and its protocol adapter, kept between games
// and started afresh after a forfeit.

#include <memory>
#include <optional>
#include <string>

#include "adapter.hpp"
#include "engine_spec.hpp"
#include "process.hpp"

namespace parity::match {

class Player {
public:
  explicit Player(const EngineSpec& spec) : spec_(spec) {}
  ~Player();

  // Starts and greets the engine unless it runs. An Error when the program
  // cannot be started at all (that ends the tournament); otherwise the
  // handshake's answer, which may be a fault.
  Expected<Answer> ensure_started();
  Adapter& adapter() { return *adapter_; }
  const EngineSpec& spec() const { return spec_; }
  // Kills the engine; the next game starts a new one.
  void discard();
  // Asks the engine to quit, then makes sure it has.
  void quit();
  // The engine's last lines, one a line, indented, for a forfeit report.
  std::string tail_text() const;

private:
  const EngineSpec& spec_;
  std::unique_ptr<Process> process_;
  std::unique_ptr<Adapter> adapter_;
};

}  // namespace parity::match
