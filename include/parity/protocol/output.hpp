#pragma once
// The one writer to the host. The search thread and the protocol thread both
// write through it; a lock keeps each reply whole, and every reply is
// flushed at once so the host sees it without delay.

#include <functional>
#include <mutex>
#include <ostream>
#include <string_view>

#include "parity/engine/line_log.hpp"

namespace parity::protocol {

class Output {
public:
  using Sink = std::function<void(std::string_view text)>;
  explicit Output(std::ostream& out, engine::LineLog* log = nullptr);
  // Hands each reply (text and newline) to `sink` instead; tests capture so.
  explicit Output(Sink sink, engine::LineLog* log = nullptr) : sink_(std::move(sink)), log_(log) {}
  // Writes `text` and a newline; `text` may hold several lines, which stay
  // together. Each line goes to the log first, so that the log's order is
  // the order on the wire.
  void write(std::string_view text);

private:
  std::mutex mutex_;
  Sink sink_;
  engine::LineLog* log_;
};

}  // namespace parity::protocol
