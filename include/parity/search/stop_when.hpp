#pragma once
// When a search must end: a flag another thread raises (a host's `stop`),
// a hard time, or both. Every search thread asks at its polls, so no
// thread of its own has to watch the clock.

#include <atomic>
#include <chrono>
#include <optional>

namespace parity::search {

struct StopWhen {
  using Clock = std::chrono::steady_clock;

  StopWhen() = default;
  // A bare flag (or none): the usual case, so it converts.
  StopWhen(const std::atomic<bool>* flag) : flag(flag) {}  // NOLINT(google-explicit-constructor)
  StopWhen(const std::atomic<bool>* flag, Clock::time_point deadline) : flag(flag), deadline(deadline) {}

  bool now() const {
    return (flag && flag->load(std::memory_order_relaxed)) || (deadline && Clock::now() >= *deadline);
  }

  const std::atomic<bool>* flag = nullptr;
  std::optional<Clock::time_point> deadline;  // none: no hard time
};

}  // namespace parity::search
