#pragma once
// A child process in its own process group, spoken to line by line over
// pipes. Every read has a deadline, so a silent engine cannot hang the
// runner; kill() takes the whole group, so helpers an engine forks die too.

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parity/core/expected.hpp"

namespace parity::match {

using SteadyClock = std::chrono::steady_clock;

struct Command {
  std::string program;              // a path, or a name looked up in PATH
  std::vector<std::string> args;
  std::string directory;            // empty: the runner's own
};

class Process {
public:
  enum class Read { kLine, kTimeout, kClosed };

  // Starts the program; an error when it cannot be found or executed.
  static Expected<std::unique_ptr<Process>> start(const Command& command);
  ~Process();
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  // False when the engine no longer reads (its stdin is closed).
  bool write_line(std::string_view line);
  // The next line of standard output, without its line ending. Standard
  // error is collected into the tail meanwhile but never returned.
  Read read_line(std::string& line, SteadyClock::time_point deadline);
  // Closes stdin, waits up to `grace` for an exit, then kills the group.
  void stop(std::chrono::milliseconds grace);
  void kill();

  // The last lines exchanged, oldest first: "> sent", "< stdout", "! stderr".
  const std::deque<std::string>& tail() const { return tail_; }
  // Sees every line as it goes into the tail (for --debug).
  void set_observer(std::function<void(const std::string&)> observer) { observer_ = std::move(observer); }
  int pid() const { return pid_; }

private:
  Process() = default;
  void remember(char prefix, std::string_view line);
  bool reap(bool block);
  void drain_stderr();

  int pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  bool exited_ = false;
  std::string out_buffer_, err_buffer_;
  std::deque<std::string> tail_;
  std::function<void(const std::string&)> observer_;
};

}  // namespace parity::match
