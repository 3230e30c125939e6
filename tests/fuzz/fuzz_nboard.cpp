// The NBoard line handler (src/protocol/nboard.cpp, GGF through `set game`),
// driven in-process.

#include "protocol_driver.hpp"

using namespace parity;
using namespace parity::fuzz;

namespace {

bool is_error(const std::string& reply) { return starts_with(reply, "status error"); }

void check_line(const LineResult& r) {
  const std::string command = command_word(r.line);
  int thinking = 0, done = 0, answers = 0;
  for (const std::string& reply : r.replies) {
    if (reply == "status thinking") ++thinking;
    if (reply == "status") ++done;
    if (starts_with(reply, "=== ")) {
      ++answers;
      check(command == "go", "a move without a go", reply);
      const std::string_view move = std::string_view(reply).substr(4, reply.find('/') - 4);
      check(legal_line(r.after, {move}), "=== names an illegal move", reply + " in " + board_string(r.after));
    }
    if (starts_with(reply, "search ")) {
      check(command == "go" || command == "hint", "a search line without go or hint", reply);
      const auto said = protocol::split_words(reply);
      check(said.size() == 5, "search <pv> <eval> 0 <depth>", reply);
      auto pv = play_transcript(said[1], r.after);
      check(pv.ok(), "the PV is not legal", reply + " in " + board_string(r.after));
    }
  }
  // Every search that says it is thinking says when it is done.
  check(thinking == done, "status thinking without its status", joined(r.replies));
  check(answers <= 1, "more than one === for one go", joined(r.replies));
  if (command == "go" || command == "hint" || command == "analyze" || command == "ping" || command == "learn")
    check(r.before == r.after, command + " changed the position");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ProtocolChecks checks{protocol::ProtocolKind::kNboard, is_error, check_line, "ping 77", "pong 77"};
  return run_protocol(checks, data, size);
}
