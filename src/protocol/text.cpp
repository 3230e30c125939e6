#include "parity/protocol/text.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace parity::protocol {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'; }

}  // namespace

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

std::string join_words(const std::vector<std::string_view>& words, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < words.size(); ++i) {
    if (i > from) out += ' ';
    out += words[i];
  }
  return out;
}

std::optional<long long> parse_integer(std::string_view word) {
  if (!word.empty() && word.front() == '+') word.remove_prefix(1);
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (word.empty() || ec != std::errc() || ptr != word.data() + word.size()) return std::nullopt;
  return v;
}

std::optional<long long> parse_saturating(std::string_view word) {
  if (auto v = parse_integer(word)) return v;
  std::string_view digits = word;
  const bool negative = !digits.empty() && digits.front() == '-';
  if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) digits.remove_prefix(1);
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return negative ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
}

std::optional<double> parse_number(std::string_view word) {
  if (!word.empty() && word.front() == '+') word.remove_prefix(1);
  double v = 0;
  const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (word.empty() || ec != std::errc() || ptr != word.data() + word.size()) return std::nullopt;
  return v;
}

std::string discs(int centi_discs) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%s%d.%02d", centi_discs < 0 ? "-" : "", std::abs(centi_discs) / 100,
                std::abs(centi_discs) % 100);
  return buffer;
}

}  // namespace parity::protocol
