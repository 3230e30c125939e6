#pragma once
// The LogFile option's file: every line in and out with a time stamp, so a
// GUI author can see exactly what passed between the host and the engine.

#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "parity/core/expected.hpp"

namespace parity::engine {

class LineLog {
public:
  // Starts logging to `path` (appending); an empty path stops logging.
  // A path that cannot be opened is an Error and the old log goes on.
  std::optional<Error> open(const std::string& path);
  void in(std::string_view line) { write("<", line); }
  void out(std::string_view line) { write(">", line); }

private:
  void write(std::string_view direction, std::string_view line);

  std::mutex mutex_;
  std::ofstream file_;
};

}  // namespace parity::engine
