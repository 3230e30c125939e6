#pragma once
// A protocol session in-process: lines go in through handle(), replies are
// captured line by line, also those the search thread writes.

#include <chrono>
#include <string_view>

#include "line_capture.hpp"
#include "parity/engine/engine.hpp"
#include "parity/protocol/output.hpp"
#include "parity/protocol/session.hpp"

namespace parity::test {

class Session {
public:
  explicit Session(protocol::ProtocolKind kind)
      : out_([this](std::string_view text) { captured_.add(text); }, &engine.log()),
        protocol_(protocol::make_protocol(kind, engine, out_)) {}
  ~Session() { engine.halt(); }

  // Sends one line; returns what was written while it was handled.
  Lines send(std::string_view line) {
    alive = protocol_->handle(line);
    return take();
  }
  // Sends one line, waits for the search to end, returns everything written.
  Lines send_and_wait(std::string_view line) {
    alive = protocol_->handle(line);
    engine.wait();
    return take();
  }
  // Sends one line and waits until a line starting with `prefix` has been
  // written; returns everything written since the line was sent.
  Lines send_until(std::string_view line, std::string_view prefix,
                   std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    alive = protocol_->handle(line);
    return wait_for(prefix, timeout);
  }
  void reject(std::string_view why) { protocol_->reject(why); }
  void finish() { protocol_->finish(); }

  // Waits until a line starting with `prefix` has been written (or `timeout`
  // passed); returns and removes every line written so far.
  Lines wait_for(std::string_view prefix, std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    return captured_.wait_for(prefix, timeout);
  }
  Lines take() { return captured_.take(); }

  engine::Engine engine;
  bool alive = true;

private:
  LineCapture captured_;
  protocol::Output out_;
  std::unique_ptr<protocol::Protocol> protocol_;
};

inline bool starts_with(const std::string& line, std::string_view prefix) { return line.rfind(prefix, 0) == 0; }

}  // namespace parity::test
