#include "commands.hpp"

namespace parity::app {

const std::vector<Command>& commands() {
  static const std::vector<Command> list = {
      {"perft", "count the leaves of the game tree: perft <depth> [--passes ply|skip] [--board <64 cells> <side>]",
       run_perft},
      {"solve", "solve positions exactly: solve <file.obf | -> [--threads N] [--hash MB] [--wld | --selectivity N] [--json] [--shard K/N]", run_solve},
      {"analyze", "search positions from a file: analyze <file|-> [--depth N | --time S] [--json] [--shard K/N]", run_analyze},
      {"bench", "the bench signature: fixed searches, their node count and speed", run_bench},
      {"book", "the opening book: book build|merge|stats|show|dump|load|export|import|openings (book --help)", run_book},
  };
  return list;
}

}  // namespace parity::app
