#pragma once
// The instruction sets a build was compiled for, against those of the CPU
// it runs on: a build made for another machine (-march=native) stops with
// one clear line instead of dying of an illegal instruction.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace parity {

// The extensions this build's code may use, by their GCC names.
std::vector<std::string_view> build_cpu_features();
// Those of them for which `supports` says no.
std::vector<std::string_view> missing_cpu_features(const std::function<bool(std::string_view)>& supports);
// Whether the running CPU has the extension (false for a name it does not know).
bool cpu_supports(std::string_view feature);
// The error line for a program that cannot run here, or nothing.
std::optional<std::string> cpu_mismatch(std::string_view program,
                                        const std::function<bool(std::string_view)>& supports = cpu_supports);

}  // namespace parity
