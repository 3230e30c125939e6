#include <doctest/doctest.h>

#include <string_view>

#include "parity/core/cpu.hpp"

// The check every program makes before its first instruction of an
// extension: the running CPU must have what the build was compiled for.

using namespace parity;

TEST_SUITE("fast") {
  TEST_CASE("cpu: the machine that built the tests runs them; a CPU without the extensions is named and refused") {
    CHECK(missing_cpu_features(cpu_supports).empty());
    CHECK_FALSE(cpu_mismatch("parity").has_value());
    const auto none = [](std::string_view) { return false; };
    CHECK(missing_cpu_features(none) == build_cpu_features());
#if defined(__AVX2__) && defined(__BMI2__)
    const auto no_avx2_bmi2 = [](std::string_view f) { return f != "avx2" && f != "bmi2"; };
    const auto line = cpu_mismatch("parity", no_avx2_bmi2);
    REQUIRE(line.has_value());
    CHECK(*line ==
          "parity: this build needs a CPU with avx2, bmi2; it was built for another machine "
          "(-DPARITY_ARCH=native there): build it here, or with -DPARITY_ARCH=x86-64-v3 (AVX2 CPUs) or "
          "-DPARITY_ARCH=portable (any CPU)");
#endif
#ifdef PARITY_PORTABLE
    CHECK(build_cpu_features().empty());
#endif
  }
}
