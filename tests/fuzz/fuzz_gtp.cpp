// The GTP line handler (src/protocol/gtp.cpp), driven in-process.

#include "protocol_driver.hpp"

using namespace parity;
using namespace parity::fuzz;

namespace {

bool is_response(const std::string& reply) { return starts_with(reply, "=") || starts_with(reply, "?"); }
bool is_error(const std::string& reply) { return starts_with(reply, "?"); }

// GTP's own reading of a line: is there a command at all?
bool has_command(std::string_view line) {
  for (char c : line) {
    if (c == '#') return false;
    const unsigned char u = static_cast<unsigned char>(c);
    if (u > 32 && u != 127) return true;
  }
  return false;
}

void check_line(const LineResult& r) {
  const auto responses = std::count_if(r.replies.begin(), r.replies.end(), is_response);
  // One response a command, ending in a blank line; none for an empty line.
  check(responses == (has_command(r.line) ? 1 : 0), "not one response for one command", joined(r.replies));
  if (responses == 0) return;
  check(is_response(r.replies.front()), "a response does not start with = or ?", joined(r.replies));
  check(r.replies.back().empty(), "a response does not end with a blank line", joined(r.replies));
  const auto said = protocol::split_words(r.replies.front());
  const auto words = protocol::split_words(r.line);
  // The command is the first word, or the second after a numeric id.
  const bool numbered = !words.empty() && protocol::parse_integer(words[0]) && words[0].front() != '+' &&
                        words[0].front() != '-';
  const std::size_t at = numbered ? 1 : 0;
  const bool genmove = words.size() > at && lower_case(words[at]) == "genmove";
  if (genmove && said.size() == 2 && said[0].front() == '=' && lower_case(said[1]) != "pass") {
    // genmove plays its move: it is the last move of the game and was legal.
    auto move = parse_move(said[1]);
    check(move.ok() && *move != kPass, "genmove answered no move", joined(r.replies));
    const Position from = r.before.board.must_pass() ? r.before.play(kPass) : r.before;
    check(from.board.is_legal(*move), "genmove played an illegal move", joined(r.replies) + board_string(from));
    check(from.play(*move) == r.after, "genmove did not play its move", joined(r.replies));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ProtocolChecks checks{protocol::ProtocolKind::kGtp, is_error, check_line, "protocol_version", "= 2"};
  return run_protocol(checks, data, size);
}
