#include "parity/core/text.hpp"

#include <cctype>

namespace parity {

std::string lower_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string shown(std::string_view text, std::size_t max) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    out += (c >= 32 && c < 127) ? static_cast<char>(c) : '?';
  }
  if (text.size() > max) out += "...";
  return out + "'";
}

}  // namespace parity
