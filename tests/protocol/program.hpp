#pragma once
// The real program (PARITY_PROGRAM) as a host runs it: a child process over
// pipes, lines in and out, and its /proc status for memory figures.

#include <doctest/doctest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <string>

#include "harness.hpp"

namespace parity::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;  // shadow memory makes resident sizes meaningless
#else
constexpr bool kSanitized = false;
#endif

// The real program over pipes: lines in, lines out, and its /proc status.
class Program {
public:
  explicit Program(const char* protocol = "uci") {
    int in[2], out[2];
    REQUIRE(::pipe(in) == 0);
    REQUIRE(::pipe(out) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::close(in[0]);
      ::close(in[1]);
      ::close(out[0]);
      ::close(out[1]);
      ::execl(PARITY_PROGRAM, PARITY_PROGRAM, "--protocol", protocol, static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Program() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    ::close(to_);
    ::close(from_);
  }

  void send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(to_, text.data() + done, text.size() - done);
      REQUIRE(n > 0);
      done += static_cast<std::size_t>(n);
    }
  }

  // Reads lines until one starts with `prefix`; returns them all.
  Lines until(const std::string& prefix, std::chrono::seconds timeout = std::chrono::seconds(120)) {
    Lines lines;
    const auto end = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      for (std::size_t nl; (nl = pending_.find('\n')) != std::string::npos;) {
        lines.push_back(pending_.substr(0, nl));
        pending_.erase(0, nl + 1);
        if (starts_with(lines.back(), prefix)) return lines;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
      REQUIRE_MESSAGE(left.count() > 0, "no line starting with '", prefix, "'");
      pollfd p{from_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char buffer[4096];
      const ssize_t n = ::read(from_, buffer, sizeof buffer);
      REQUIRE_MESSAGE(n > 0, "the program ended");
      pending_.append(buffer, static_cast<std::size_t>(n));
    }
  }

  // A field of /proc/<pid>/status in MB (VmHWM: peak resident; VmRSS: now).
  std::uint64_t status_mb(const std::string& field) const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind(field + ":", 0) == 0) return std::stoull(line.substr(field.size() + 1)) / 1024;
    FAIL("no " << field << " in /proc/" << pid_ << "/status");
    return 0;
  }

  int quit() {
    send("quit");
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string pending_;
};

}  // namespace parity::test
