#pragma once
// An invariant of a fuzz target: when it fails, the message and the input's
// own words go to stderr and the process aborts, which libFuzzer reports as
// a crash and saves the input.

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace parity::fuzz {

// (clang 14 has no std::source_location; its builtins give the caller's place.)
inline void check(bool holds, std::string_view what, std::string_view detail = {}, const char* file = __builtin_FILE(),
                  int line = __builtin_LINE()) {
  if (holds) return;
  std::fprintf(stderr, "%s:%d: invariant failed: %.*s\n  %.*s\n", file, line,
               static_cast<int>(what.size()), what.data(), static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace parity::fuzz
