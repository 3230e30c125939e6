#include "interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>

namespace parity::match {

namespace {

// A fixed table of lock-free slots: the signal handler may only read atomics.
constexpr std::size_t kSlots = 512;
std::array<std::atomic<int>, kSlots> groups{};

extern "C" void on_interrupt(int signal) {
  for (auto& g : groups) {
    const int pgid = g.load();
    if (pgid > 0) ::kill(-pgid, SIGKILL);
  }
  ::_exit(128 + signal);
}

}  // namespace

void install_interrupt_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGTERM, &sa, nullptr);
  ::sigaction(SIGHUP, &sa, nullptr);
}

void register_engine_group(int pgid) {
  for (auto& g : groups) {
    int empty = 0;
    if (g.compare_exchange_strong(empty, pgid)) return;
  }
}

void unregister_engine_group(int pgid) {
  for (auto& g : groups) {
    int expected = pgid;
    if (g.compare_exchange_strong(expected, 0)) return;
  }
}

}  // namespace parity::match
