#include "game_record.hpp"

#include <array>
#include <utility>

namespace parity::match {

namespace {

constexpr std::array<std::pair<Termination, std::string_view>, 6> kNames = {{
    {Termination::kBoard, "board"},
    {Termination::kIllegalMove, "illegal-move"},
    {Termination::kCrash, "crash"},
    {Termination::kNoAnswer, "no-answer"},
    {Termination::kTime, "time"},
    {Termination::kBadReply, "bad-reply"},
}};

}  // namespace

std::string_view termination_name(Termination t) {
  for (const auto& [kind, name] : kNames)
    if (kind == t) return name;
  return "?";
}

std::optional<Termination> parse_termination(std::string_view text) {
  for (const auto& [kind, name] : kNames)
    if (name == text) return kind;
  return std::nullopt;
}

}  // namespace parity::match
