#pragma once
// Small text helpers shared by the protocols: words and numbers (user
// text made safe to echo in an error line is core's `shown`).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parity/core/text.hpp"

namespace parity::protocol {

// Words separated by blanks (space, tab, CR, VT, FF).
std::vector<std::string_view> split_words(std::string_view line);
// words[from..] joined by single spaces.
std::string join_words(const std::vector<std::string_view>& words, std::size_t from);
// A whole word as an integer / a decimal number; nothing on trailing junk.
std::optional<long long> parse_integer(std::string_view word);
std::optional<double> parse_number(std::string_view word);
// An integer too, but one beyond the range of long long saturates at its
// end instead of failing: hosts send "huge" as many digits.
std::optional<long long> parse_saturating(std::string_view word);
// Centi-discs as discs with two decimals: 425 -> "4.25", -50 -> "-0.50".
std::string discs(int centi_discs);

}  // namespace parity::protocol
