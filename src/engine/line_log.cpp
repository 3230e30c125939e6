#include "parity/engine/line_log.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace parity::engine {

std::optional<Error> LineLog::open(const std::string& path) {
  // The new file is opened before the old one is closed: a path that
  // cannot be opened leaves the log as it was.
  std::ofstream next;
  if (!path.empty()) {
    next.open(path, std::ios::app);
    if (!next) return Error{"cannot open log file '" + path + "' (the log is unchanged)"};
  }
  std::lock_guard lock(mutex_);
  file_ = std::move(next);
  return std::nullopt;
}

void LineLog::write(std::string_view direction, std::string_view line) {
  std::lock_guard lock(mutex_);
  if (!file_.is_open()) return;
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[64];
  std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02d %02d:%02d:%02d.%03d", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(millis));
  file_ << stamp << ' ' << direction << ' ' << line << '\n';
  file_.flush();
}

}  // namespace parity::engine
