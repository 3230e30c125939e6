// The UCI-style line handler (src/protocol/uci.cpp), driven in-process.

#include "protocol_driver.hpp"

using namespace parity;
using namespace parity::fuzz;

namespace {

bool is_error(const std::string& reply) { return starts_with(reply, "info string error"); }

void check_line(const LineResult& r) {
  const bool go = command_word(r.line) == "go";
  // After a rejected position the engine has none: go says so and answers
  // bestmove (none) (docs/protocols.md).
  const bool no_position = std::any_of(r.replies.begin(), r.replies.end(), [](const std::string& reply) {
    return starts_with(reply, "info string") && reply.find("no position") != std::string::npos;
  });
  int bestmoves = 0, errors = 0;
  for (const std::string& reply : r.replies) {
    if (is_error(reply)) ++errors;
    const auto said = protocol::split_words(reply);
    if (starts_with(reply, "bestmove ")) {
      ++bestmoves;
      check(go, "a bestmove without a go", reply);
      check(said.size() == 2, "bestmove has one word", reply);
      const Board& board = r.after.board;
      if (board.game_over() || no_position) check(said[1] == "(none)", "the game is over or no position: bestmove (none)", reply);
      else check(legal_line(r.after, {said[1]}), "bestmove is not a legal move", reply + " in " + board_string(r.after));
    }
    if (starts_with(reply, "info depth ")) {
      check(go, "an info line without a go", reply);
      const auto pv = std::find(said.begin(), said.end(), "pv");
      if (pv != said.end())
        check(legal_line(r.after, std::vector<std::string_view>(pv + 1, said.end())), "the PV is not legal",
              reply + " in " + board_string(r.after));
    }
  }
  if (go && errors == 0) check(bestmoves == 1, "a go without exactly one bestmove", joined(r.replies));
  // Only position, ucinewgame and their kin change the game; a search never does.
  if (go) check(r.before == r.after, "go changed the position");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ProtocolChecks checks{protocol::ProtocolKind::kUci, is_error, check_line, "isready", "readyok",
                                     allowed_uci_line};
  return run_protocol(checks, data, size);
}
