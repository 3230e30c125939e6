#pragma once
// A progress line for long commands (solve, analyze, the trainer's steps):
// on a terminal, one line redrawn in place at most four times a second with
// the fraction done, what the caller adds (positions, nodes/s) and the time
// left at the rate so far; anywhere else (a log, a pipe) nothing, so that
// what a script reads holds the results alone.

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

namespace parity {

class Progress {
 public:
  // Draws on `out` when it is a terminal.
  explicit Progress(std::FILE* out = stderr);
  // Draws when `enabled`, whatever `out` is (tests).
  Progress(std::FILE* out, bool enabled);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress();

  bool enabled() const { return enabled_; }
  // `what` [####      ]  42.0%  `detail`  ETA 1m05s. Between two draws at
  // least 250 ms pass, except the first and one at 100%.
  void update(std::string_view what, double fraction, std::string_view detail = {});
  // Clears the line, so the next output starts on a clean one.
  void finish();

  // The time left, as the line shows it: 45s, 1m05s, 2h03m.
  static std::string duration(double seconds);

 private:
  using Clock = std::chrono::steady_clock;
  std::FILE* out_;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_{};
};

}  // namespace parity
