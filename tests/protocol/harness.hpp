#pragma once
// A protocol session in-process: lines go in through handle(), replies are
// captured line by line, also those the search thread writes.

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "parity/engine/engine.hpp"
#include "parity/protocol/output.hpp"
#include "parity/protocol/session.hpp"

namespace parity::test {

using Lines = std::vector<std::string>;

class Session {
public:
  explicit Session(protocol::ProtocolKind kind)
      : out_([this](std::string_view text) { capture(text); }, &engine.log()),
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
  void reject(std::string_view why) { protocol_->reject(why); }
  void finish() { protocol_->finish(); }

  // Waits until a line starting with `prefix` has been written (or `timeout`
  // passed); returns and removes every line written so far.
  Lines wait_for(std::string_view prefix, std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    std::unique_lock lock(mutex_);
    signal_.wait_for(lock, timeout, [&] {
      for (const auto& l : lines_)
        if (l.rfind(prefix, 0) == 0) return true;
      return false;
    });
    Lines out;
    out.swap(lines_);
    return out;
  }
  Lines take() {
    std::lock_guard lock(mutex_);
    Lines out;
    out.swap(lines_);
    return out;
  }

  engine::Engine engine;
  bool alive = true;

private:
  void capture(std::string_view text) {
    {
      std::lock_guard lock(mutex_);
      while (!text.empty()) {
        const auto end = text.find('\n');
        lines_.emplace_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
      }
    }
    signal_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable signal_;
  Lines lines_;
  protocol::Output out_;
  std::unique_ptr<protocol::Protocol> protocol_;
};

inline bool starts_with(const std::string& line, std::string_view prefix) { return line.rfind(prefix, 0) == 0; }

}  // namespace parity::test
