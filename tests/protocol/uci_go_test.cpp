#include <doctest/doctest.h>

#include <limits>

#include "parity/core/notation.hpp"
#include "parity/protocol/text.hpp"
#include "parity/protocol/uci_go.hpp"

// parse_go alone: each word's limit, each clamp and each ignored word, with
// the exact note a host is shown.

using namespace parity;
using protocol::parse_go;

namespace {

protocol::GoRequest go(const std::string& line, const Position& position = Position::start(),
                       const search::Limits& base = {}) {
  return parse_go(protocol::split_words(line), base, position);
}

Position white_to_move() {
  Position p = Position::start();
  p.board = p.board.play(*parse_move("d3"));
  p.side = Color::kWhite;
  return p;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("parse_go: a bare go keeps the base limits and says nothing") {
    search::Limits base;
    base.level = 12;
    base.multipv = 3;
    base.move_overhead_ms = 40;
    const auto r = go("go", Position::start(), base);
    CHECK(r.notes.empty());
    CHECK_FALSE(r.unreadable);
    CHECK(r.limits.level == 12);
    CHECK(r.limits.multipv == 3);
    CHECK(r.limits.move_overhead_ms == 40);
    CHECK(r.limits.time_left_ms == -1);
    CHECK(r.limits.depth == 0);
    CHECK(r.limits.nodes == 0);
    CHECK(r.limits.movetime_ms == 0);
    CHECK_FALSE(r.limits.infinite);
  }

  TEST_CASE("parse_go: the clock of the side to move, in either naming") {
    const auto black = go("go btime 1000 wtime 2000 binc 10 winc 20 movestogo 7");
    CHECK(black.notes.empty());
    CHECK(black.limits.time_left_ms == 1000);
    CHECK(black.limits.increment_ms == 10);
    CHECK(black.limits.moves_to_go == 7);
    const auto white = go("go btime 1000 wtime 2000 binc 10 winc 20", white_to_move());
    CHECK(white.limits.time_left_ms == 2000);
    CHECK(white.limits.increment_ms == 20);
    const auto ugi = go("go p1time 300 p2time 400 p1inc 3 p2inc 4", white_to_move());
    CHECK(ugi.limits.time_left_ms == 400);
    CHECK(ugi.limits.increment_ms == 4);
    // Only the opponent's clock: no clock for us.
    CHECK(go("go wtime 5000").limits.time_left_ms == -1);
    // A negative increment counts as none; a clock of 0 is kept (the
    // time plan plays its least move).
    const auto zero = go("go btime 0 binc -5");
    CHECK(zero.limits.time_left_ms == 0);
    CHECK(zero.limits.increment_ms == 0);
    CHECK(zero.notes.empty());
  }

  TEST_CASE("parse_go: depth, nodes, movetime, infinite, exact; words in any case") {
    const auto r = go("GO Depth 12 NODES 5000 movetime 250 infinite exact");
    CHECK(r.notes.empty());
    CHECK(r.limits.depth == 12);
    CHECK(r.limits.nodes == 5000);
    CHECK(r.limits.movetime_ms == 250);
    CHECK(r.limits.infinite);
    CHECK(r.limits.exact);
  }

  TEST_CASE("parse_go: limits out of range are clamped, with one note each, never refused") {
    const auto r = go("go depth 0 nodes 0 movetime -1 movestogo 5000");
    CHECK_FALSE(r.unreadable);
    REQUIRE(r.notes.size() == 4);
    CHECK(r.notes[0] == "depth 0 is out of range 1..60, using 1");
    CHECK(r.notes[1] == "nodes 0 is out of range 1..9223372036854775807, using 1");
    CHECK(r.notes[2] == "movetime -1 is out of range 0..9223372036854775807, using 0");
    CHECK(r.notes[3] == "movestogo 5000 is out of range 0..1000, using 1000");
    CHECK(r.limits.depth == 1);
    CHECK(r.limits.nodes == 1);
    CHECK(r.limits.movetime_ms == 1);
    CHECK(r.limits.moves_to_go == 1000);
    CHECK(go("go depth 61").limits.depth == 60);
    // movetime 0 is the least time, silently.
    const auto zero = go("go movetime 0");
    CHECK(zero.notes.empty());
    CHECK(zero.limits.movetime_ms == 1);
    // A number beyond long long saturates, then clamps.
    const auto huge = go("go depth 99999999999999999999999");
    CHECK(huge.limits.depth == 60);
    CHECK(huge.notes.size() == 1);
  }

  TEST_CASE("parse_go: unreadable words are ignored, each named, and the rest still read") {
    const auto r = go("go depth x fast movetime 100 nodes");
    CHECK(r.unreadable);
    REQUIRE(r.notes.size() == 4);
    CHECK(r.notes[0] == "depth needs a number; ignored");
    CHECK(r.notes[1] == "unknown word 'x' ignored");
    CHECK(r.notes[2] == "unknown word 'fast' ignored");
    CHECK(r.notes[3] == "nodes needs a number; ignored");
    CHECK(r.limits.depth == 0);
    CHECK(r.limits.movetime_ms == 100);
    CHECK(r.limits.nodes == 0);
  }

  TEST_CASE("parse_go: searchmoves keeps the legal moves it names") {
    const auto r = go("go searchmoves d3 f5 depth 4");
    CHECK(r.notes.empty());
    CHECK(r.limits.root_moves == (bit(*parse_move("d3")) | bit(*parse_move("f5"))));
    CHECK(r.limits.depth == 4);
    const auto bad = go("go searchmoves a1 c4");
    CHECK(bad.unreadable);
    REQUIRE(bad.notes.size() == 1);
    CHECK(bad.notes[0] == "searchmoves: 'a1' is not a legal move");
    CHECK(bad.limits.root_moves == bit(*parse_move("c4")));
    const auto none = go("go searchmoves pass");
    REQUIRE(none.notes.size() == 2);
    CHECK(none.notes[1] == "searchmoves needs at least one legal move; searching them all");
    CHECK(none.limits.root_moves == 0);
  }
}
