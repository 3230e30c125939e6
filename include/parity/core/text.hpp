#pragma once
// Text helpers every layer needs for its error lines and case-blind words.

#include <string>
#include <string_view>

namespace parity {

std::string lower_case(std::string_view text);
// User text quoted for an error message: printable, cut at `max` characters.
std::string shown(std::string_view text, std::size_t max = 32);

}  // namespace parity
