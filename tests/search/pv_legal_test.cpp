#include <doctest/doctest.h>

#include <atomic>
#include <fstream>
#include <string>
#include <vector>

#include "parity/core/notation.hpp"
#include "parity/search/search.hpp"

using namespace parity;
using namespace parity::search;

namespace {

bool legal_line(Board board, const std::vector<Move>& pv) {
  for (Move m : pv) {
    if (board.game_over() || !board.is_legal(m)) return false;
    board = board.play(m);
  }
  return true;
}

}  // namespace

TEST_SUITE("fast") {
  // Found by fuzzing the UCI-style protocol: at a PV node, a later move whose
  // null-window search failed high took the line its first sibling had left
  // in the child's PV table, and `info ... pv` named moves that are illegal.
  TEST_CASE("every PV reported while searching, bounds included, is a line of legal moves") {
    std::ifstream in(PARITY_TEST_DATA_DIR "/book-games.txt");
    std::string game;
    REQUIRE(std::getline(in, game));
    Search search;  // one table for all positions, as a game in a GUI has
    std::atomic<bool> stop{false};
    int infos = 0;
    for (std::size_t ply = 0; ply <= 40; ply += 2) {
      auto t = play_transcript(game.substr(0, 2 * ply));
      REQUIRE(t.ok());
      const Board board = t->end.board;
      Limits limits;
      limits.depth = 7;
      const Result r = search.run(board, limits, stop, [&](const Info& info) {
        ++infos;
        INFO("ply " << ply << " depth " << info.depth << " pv " << transcript_string(info.pv, true));
        CHECK(legal_line(board, info.pv));
      });
      INFO("ply " << ply << " pv " << transcript_string(r.pv, true));
      CHECK(legal_line(board, r.pv));
    }
    CHECK(infos > 100);
  }
}
