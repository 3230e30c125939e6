// OBF lines (parse_obf, src/core/notation.cpp), one a line as `parity solve`
// reads them. A line that reads is written back and must read the same.

#include <string>
#include <string_view>

#include "check.hpp"
#include "parity/core/notation.hpp"

using namespace parity;
using parity::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  while (true) {
    const auto end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    if (auto obf = parse_obf(line)) {
      check((obf->position.black() & obf->position.white()) == 0, "a square holds two discs");
      std::string written = board_string(obf->position) + ";";
      for (const auto& [move, score] : obf->move_scores) {
        check(move == kPass || (move >= 0 && move < 64), "a move out of the board");
        check(score >= -64 && score <= 64, "a score out of -64..64");
        written += " " + move_name(move) + ":" + (score >= 0 ? "+" : "") + std::to_string(score) + ";";
      }
      auto again = parse_obf(written);
      check(again && again->position == obf->position && again->move_scores == obf->move_scores,
            "OBF line does not round-trip", written);
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return 0;
}
