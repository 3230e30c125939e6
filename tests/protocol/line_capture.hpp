#pragma once
// The replies of an in-process session, line by line, whichever thread
// writes them (the protocol's or the search's).

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace parity::test {

using Lines = std::vector<std::string>;

class LineCapture {
public:
  // Takes one reply, which may hold several lines.
  void add(std::string_view text) {
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
  // Returns and removes every line so far.
  Lines take() {
    std::lock_guard lock(mutex_);
    Lines out;
    out.swap(lines_);
    return out;
  }
  // Waits until a line starting with `prefix` has come (or `timeout`
  // passed); returns and removes every line so far.
  Lines wait_for(std::string_view prefix, std::chrono::milliseconds timeout) {
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

private:
  std::mutex mutex_;
  std::condition_variable signal_;
  Lines lines_;
};

}  // namespace parity::test
