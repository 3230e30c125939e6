#pragma once
// The one writer to the host. The search thread and the protocol thread both
// write through it; a lock keeps each reply whole, and every reply is
// flushed at once so the host sees it without delay.

#include <mutex>
#include <ostream>
#include <string_view>

#include "parity/engine/line_log.hpp"

namespace parity::protocol {

class Output {
public:
  explicit Output(std::ostream& out, engine::LineLog* log = nullptr) : out_(out), log_(log) {}
  // Writes `text` and a newline; `text` may hold several lines, which stay
  // together. Each line also goes to the log.
  void write(std::string_view text);

private:
  std::mutex mutex_;
  std::ostream& out_;
  engine::LineLog* log_;
};

}  // namespace parity::protocol
