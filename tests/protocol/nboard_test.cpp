#include <doctest/doctest.h>

#include <cctype>
#include <random>
#include <regex>

#include "harness.hpp"
#include "parity/core/ggf.hpp"
#include "parity/core/notation.hpp"
#include "parity/protocol/text.hpp"
#include "parity/search/endgame.hpp"
#include "parity/search/tt.hpp"
#include "positions.hpp"

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

const std::string kGuiGame =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 "
    "---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

std::string ggf_of(const std::string& cells, char side) {
  std::string board = cells;
  for (char& c : board)
    if (c == 'X') c = '*';
  return "(;GM[Othello]PC[test]BO[8 " + board + " " + side + "];)";
}

std::string nboard_square(Square sq) {
  std::string name = move_name(sq);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

bool is_status_error(const Lines& lines) { return lines.size() == 1 && starts_with(lines[0], "status error: "); }

const std::regex kSearch("search ([A-H][1-8]|PA)+ -?[0-9]+\\.[0-9][0-9] 0 ([0-9]+|100%)");

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("nboard: the GUI's order (set game, contempt, depth, ping, then the request)") {
    Session s(ProtocolKind::kNboard);
    CHECK(s.send("nboard 2") == Lines{"set myname Parity"});
    CHECK(s.send("set game " + kGuiGame).empty());
    CHECK(s.engine.game().moves().size() == 8);
    CHECK(s.send("set contempt 0").empty());
    CHECK(s.send("set depth 2").empty());
    CHECK(s.send("ping 1") == Lines{"pong 1"});
    Lines go = s.send_and_wait("go");
    REQUIRE(go.size() >= 4);
    CHECK(go.front() == "status thinking");
    CHECK(go.back() == "status");
    CHECK(std::regex_match(go[go.size() - 2], std::regex("=== [A-H][1-8]/-?[0-9]+\\.[0-9][0-9]/[0-9]+\\.[0-9][0-9]")));
    CHECK(std::regex_match(go[go.size() - 3], std::regex("nodestats [0-9]+ [0-9]+\\.[0-9][0-9]")));
    for (std::size_t i = 1; i + 3 < go.size(); ++i) CHECK(std::regex_match(go[i], kSearch));
    // The engine does not play its own move: the GUI sends it.
    CHECK(s.engine.game().moves().size() == 8);
    const std::string move = go[go.size() - 2].substr(4, 2);
    CHECK(s.send("ping 2") == Lines{"pong 2"});
    CHECK(s.send("move " + move + "/0.00/1.5").empty());
    CHECK(s.engine.game().moves().size() == 9);

    CHECK(s.send("ping 3") == Lines{"pong 3"});
    Lines hint = s.send_and_wait("hint 1");
    REQUIRE(hint.size() >= 3);
    CHECK(hint.front() == "status thinking");
    CHECK(hint.back() == "status");
    for (std::size_t i = 1; i + 1 < hint.size(); ++i) CHECK(std::regex_match(hint[i], kSearch));

    CHECK(s.send("ping 4") == Lines{"pong 4"});
    CHECK(s.send("learn") == Lines{"learned"});
    CHECK(s.send("quit").empty());
    CHECK(!s.alive);
  }

  TEST_CASE("nboard: hint n scores every move; analyze scores every position of the game") {
    Session s(ProtocolKind::kNboard);
    s.send("nboard 2");
    CHECK(s.send("set game " + ggf_of(board_string(Position::start()).substr(0, 64), '*')).empty());
    CHECK(s.send("set depth 1").empty());
    Lines hint = s.send_and_wait("hint 4");
    REQUIRE(hint.size() == 6);
    CHECK(hint.front() == "status thinking");
    CHECK(hint.back() == "status");
    for (const char* move : {"D3", "C4", "F5", "E6"}) {
      const auto it = std::find_if(hint.begin(), hint.end(), [&](const std::string& l) { return starts_with(l, std::string("search ") + move); });
      CHECK(it != hint.end());
      if (it != hint.end()) CHECK(std::regex_match(*it, kSearch));
    }
    CHECK(s.send("move f5").empty());
    CHECK(s.send("move d6").empty());
    Lines analysis = s.send_and_wait("analyze");
    CHECK(analysis.size() == 5);
    CHECK(analysis.front() == "status thinking");
    for (int ply = 0; ply <= 2; ++ply)
      CHECK(std::regex_match(analysis[1 + ply], std::regex("analysis " + std::to_string(ply) + " -?[0-9]+\\.[0-9][0-9]")));
    CHECK(analysis.back() == "status");
  }

  TEST_CASE("nboard: hint n in the solver's reach proves every move's score") {
    std::mt19937 rng(5);
    Position p = random_game_position(rng, 10);
    while (popcount(p.board.legal_moves()) < 3) p = random_game_position(rng, 10);
    Session s(ProtocolKind::kNboard);
    s.send("nboard 2");
    CHECK(s.send("set game " + ggf_of(board_string(p).substr(0, 64), p.side == Color::kBlack ? '*' : 'O')).empty());
    CHECK(s.send("set depth 5").empty());  // level 5 solves from 10 empties
    const Lines hint = s.send_and_wait("hint 64");
    REQUIRE(hint.size() >= 2);
    CHECK(hint.back() == "status");
    TranspositionTable tt(1);
    Solver solver(tt);
    for (Square sq : squares(p.board.legal_moves())) {
      // The move's last line is its proof.
      std::string proof;
      for (const std::string& line : hint)
        if (starts_with(line, "search " + nboard_square(sq))) proof = line;
      const std::string score = protocol::discs(-100 * solver.solve(p.board.play(sq)).score);
      CHECK(std::regex_match(proof, std::regex("search " + nboard_square(sq) + "([A-H][1-8]|PA)* " + score + " 0 100%")));
    }
  }

  TEST_CASE("nboard: a forced pass answers === PA; a game over is a status line") {
    Session s(ProtocolKind::kNboard);
    s.send("nboard 2");
    s.send("set depth 3");
    CHECK(s.send("set game " + ggf_of(kMustPass, '*')).empty());
    CHECK(s.send("go") == Lines{"=== PA"});
    // A hint there scores the pass, the one move, from the position after it.
    const Lines hint = s.send_and_wait("hint 3");
    REQUIRE(hint.size() == 3);
    CHECK(hint[0] == "status thinking");
    CHECK(std::regex_match(hint[1], std::regex("search PA(C1)? -64\\.00 0 ([0-9]+|100%)")));
    CHECK(hint[2] == "status");
    CHECK(s.send("move PA").empty());
    Lines go = s.send_and_wait("go");
    REQUIRE(go.size() >= 3);
    CHECK(starts_with(go[go.size() - 2], "=== C1/"));
    // A move by the side not to move implies the pass.
    CHECK(s.send("set game " + ggf_of(kMustPass, '*')).empty());
    CHECK(s.send("move c1").empty());
    CHECK(s.engine.game().moves() == std::vector<Move>{kPass, *parse_square("c1")});
    CHECK(s.send("set game " + ggf_of(kFull, 'O')).empty());
    CHECK(is_status_error(s.send("go")));
    CHECK(is_status_error(s.send("hint 2")));
    CHECK(s.send("ping 9") == Lines{"pong 9"});
  }

  TEST_CASE("nboard: ping stops a search, and its answer comes before the pong") {
    Session s(ProtocolKind::kNboard);
    s.send("nboard 2");
    CHECK(s.send("set game " + kGuiGame).empty());
    CHECK(s.send("set depth 60").empty());  // no cap: the fallback move time, longer than this test waits
    s.send("go");
    Lines lines = s.send("ping 5");
    REQUIRE(lines.size() >= 3);
    CHECK(lines.back() == "pong 5");
    CHECK(starts_with(lines[lines.size() - 3], "=== "));
    CHECK(lines[lines.size() - 2] == "status");
  }

  TEST_CASE("nboard: each bad input is one status line and changes nothing") {
    Session s(ProtocolKind::kNboard);
    s.send("nboard 2");
    CHECK(s.send("set game " + kGuiGame).empty());
    const Game before = s.engine.game();
    for (const std::string& bad :
         {std::string("xyzzy"), std::string("nboard"), std::string("set"), std::string("set depth 0"),
          std::string("set depth 61"), std::string("set depth x"), std::string("set contempt x"),
          std::string("set colour red"), std::string("set game"), std::string("set game (;GM[Othello];)"),
          std::string("set game (;GM[Chess]BO[8 " + std::string(64, '-') + " *];)"),
          std::string("set game (;GM[Othello]BO[8 ---- *];)"),
          std::string("set game (;GM[Othello]BO[8 " + std::string(64, '-') + " *]B[F5];)"),
          std::string("set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)"),
          std::string("set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]"),
          std::string("set game GM[Othello]"), std::string("move"), std::string("move a1"), std::string("move z9"),
          std::string("move PA"), std::string("hint x"), std::string("hint 0"), std::string("\x01\x02\xff\xfe"),
          std::string(1 << 20, 'x'), std::string("set game ") + std::string(1 << 20, '(')}) {
      INFO(bad.substr(0, 60));
      CHECK(is_status_error(s.send(bad)));
    }
    s.reject("line too long");
    CHECK(is_status_error(s.take()));
    CHECK(s.engine.game().moves() == before.moves());
    CHECK(s.engine.position() == before.position());
    CHECK(s.send("ping 1") == Lines{"pong 1"});
  }

  TEST_CASE("ggf: read, write, passes and errors") {
    auto game = parse_ggf(kGuiGame);
    REQUIRE(game);
    CHECK(game->moves.size() == 8);
    CHECK(game->game.position() == Game::from_transcript("f5f6d3c5e6f7e7f4")->position());
    CHECK(game->tags.front() == std::pair<std::string, std::string>{"GM", "Othello"});
    const std::string written = write_ggf(game->game, {{"PC", "Parity"}, {"PB", "a"}, {"PW", "b"}});
    CHECK(written ==
          "(;GM[Othello]PC[Parity]PB[a]PW[b]BO[8 ---------------------------O*------*O--------------------------- *]"
          "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)");
    auto again = parse_ggf(written);
    REQUIRE(again);
    CHECK(again->game.moves() == game->game.moves());

    // Evals and times after the move, rows with spaces, lower-case cells.
    auto annotated = parse_ggf(
        "(;GM[Othello]BO[8 -------- -------- -------- ---ox--- ---xo--- -------- -------- -------- *]"
        "B[f5//1.2]W[d6/0.5/0.3];)");
    REQUIRE(annotated);
    CHECK(annotated->moves[1].eval == "0.5");
    CHECK(annotated->moves[1].time == "0.3");
    CHECK(annotated->game.moves().size() == 2);

    for (const char* pass : {"PASS", "PA", "pas", "P", "--"}) {
      auto p = parse_ggf(ggf_of(kMustPass, '*').substr(0, ggf_of(kMustPass, '*').size() - 2) + "B[" + pass + "]W[C1];)");
      INFO(pass);
      REQUIRE(p);
      CHECK(p->game.moves() == std::vector<Move>{kPass, *parse_square("c1")});
    }
    // A pass left out is implied by the other side's move.
    auto implied = parse_ggf(ggf_of(kMustPass, '*').substr(0, ggf_of(kMustPass, '*').size() - 2) + "W[C1];)");
    REQUIRE(implied);
    CHECK(implied->game.moves() == std::vector<Move>{kPass, *parse_square("c1")});
    CHECK(write_ggf(implied->game).find("B[PA]W[C1]") != std::string::npos);

    // A file of games, one a line: lines without "(;" are not games.
    const auto games = parse_ggf_lines(written + "\n\nnot a game\n(;GM[Othello];)\n" + written);
    REQUIRE(games.size() == 3);
    CHECK((games[0] && games[0]->game.moves() == game->game.moves()));
    CHECK(!games[1]);
    CHECK((games[2] && games[2]->moves.size() == 8));
    CHECK(parse_ggf_lines("").empty());

    for (const char* bad : {"", "(;", "GM[Othello]", "(;GM[Othello];)", "(;GM[Othello]BO[10 x];)",
                            "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]",
                            "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5;)",
                            "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]W[F5];)",
                            "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- ?];)",
                            "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]b[f5];)"}) {
      INFO(bad);
      CHECK(!parse_ggf(bad));
    }
  }
}
