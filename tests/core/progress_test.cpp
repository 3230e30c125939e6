#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "parity/core/progress.hpp"

using namespace parity;

namespace {

// What a Progress wrote to a temporary file.
std::string written(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string text;
  for (int c; (c = std::fgetc(f)) != EOF;) text += static_cast<char>(c);
  return text;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("progress: nothing where the stream is not a terminal") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f);
    {
      Progress progress(f);
      CHECK_FALSE(progress.enabled());
      progress.update("solve", 0.5, "1/2 positions");
      progress.finish();
    }
    CHECK(written(f).empty());
    std::fclose(f);
  }

  TEST_CASE("progress: one line redrawn in place, at most 4 times a second, cleared at the end") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f);
    {
      Progress progress(f, true);
      REQUIRE(progress.enabled());
      // The first draw: at once; the time left from a few microseconds' work rounds to 0.
      progress.update("solve", 0.5, "1/2 positions");
      // Within 250 ms of it: not drawn; 100%: drawn whatever the time.
      progress.update("solve", 0.75, "never shown");
      progress.update("solve", 1.0);
    }
    CHECK(written(f) ==
          "\r\033[Ksolve [##########          ]  50.0%  1/2 positions  ETA 0s"
          "\r\033[Ksolve [####################] 100.0%  ETA 0s"
          "\r\033[K");
    std::fclose(f);
  }

  TEST_CASE("progress: fractions out of range are clamped, no fraction has no time left") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f);
    {
      Progress progress(f, true);
      progress.update("fit", -3);
    }
    CHECK(written(f) == "\r\033[Kfit [                    ]   0.0%  ETA -\r\033[K");
    std::fclose(f);
    CHECK(Progress::duration(0) == "0s");
    CHECK(Progress::duration(45.4) == "45s");
    CHECK(Progress::duration(65) == "1m05s");
    CHECK(Progress::duration(7380) == "2h03m");
    CHECK(Progress::duration(-5) == "0s");
  }
}
