#include "parity/core/cpu.hpp"

namespace parity {

std::vector<std::string_view> build_cpu_features() {
  // The predefined macros say what the compiler was allowed to emit.
  std::vector<std::string_view> out;
#if defined(__x86_64__) || defined(__i386__)
#ifdef __SSE4_2__
  out.push_back("sse4.2");
#endif
#ifdef __POPCNT__
  out.push_back("popcnt");
#endif
#ifdef __AVX__
  out.push_back("avx");
#endif
#ifdef __AVX2__
  out.push_back("avx2");
#endif
#ifdef __BMI__
  out.push_back("bmi");
#endif
#ifdef __BMI2__
  out.push_back("bmi2");
#endif
#ifdef __FMA__
  out.push_back("fma");
#endif
#ifdef __AVX512F__
  out.push_back("avx512f");
#endif
#ifdef __AVX512BW__
  out.push_back("avx512bw");
#endif
#ifdef __AVX512VL__
  out.push_back("avx512vl");
#endif
#endif
  return out;
}

bool cpu_supports(std::string_view feature) {
#if defined(__x86_64__) || defined(__i386__)
  // __builtin_cpu_supports takes a literal only.
  if (feature == "sse4.2") return __builtin_cpu_supports("sse4.2");
  if (feature == "popcnt") return __builtin_cpu_supports("popcnt");
  if (feature == "avx") return __builtin_cpu_supports("avx");
  if (feature == "avx2") return __builtin_cpu_supports("avx2");
  if (feature == "bmi") return __builtin_cpu_supports("bmi");
  if (feature == "bmi2") return __builtin_cpu_supports("bmi2");
  if (feature == "fma") return __builtin_cpu_supports("fma");
  if (feature == "avx512f") return __builtin_cpu_supports("avx512f");
  if (feature == "avx512bw") return __builtin_cpu_supports("avx512bw");
  if (feature == "avx512vl") return __builtin_cpu_supports("avx512vl");
#endif
  (void)feature;
  return false;
}

std::vector<std::string_view> missing_cpu_features(const std::function<bool(std::string_view)>& supports) {
  std::vector<std::string_view> out;
  for (std::string_view f : build_cpu_features())
    if (!supports(f)) out.push_back(f);
  return out;
}

std::optional<std::string> cpu_mismatch(std::string_view program,
                                        const std::function<bool(std::string_view)>& supports) {
  const auto missing = missing_cpu_features(supports);
  if (missing.empty()) return std::nullopt;
  std::string line = std::string(program) + ": this build needs a CPU with";
  for (std::size_t i = 0; i < missing.size(); ++i) (line += i ? ", " : " ") += missing[i];
  return line +
         "; it was built for another machine (-DPARITY_ARCH=native there): build it here, or with "
         "-DPARITY_ARCH=x86-64-v3 (AVX2 CPUs) or -DPARITY_ARCH=portable (any CPU)";
}

}  // namespace parity
