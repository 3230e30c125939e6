#include <doctest/doctest.h>

#include <regex>

#include "harness.hpp"
#include "parity/protocol/gtp.hpp"
#include "positions.hpp"

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

Lines ok(const std::string& text = "") { return {text.empty() ? "=" : "= " + text, ""}; }
Lines fail(const std::string& text) { return {"? " + text, ""}; }

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

const char* color_name(Color c) { return c == Color::kBlack ? "black" : "white"; }

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("gtp: a genmove's limits come from the latest time_left, else time_settings, else none") {
    using protocol::GtpClocks;
    using protocol::gtp_limits;
    search::Limits base;
    base.level = 30;
    base.move_overhead_ms = 40;
    GtpClocks clocks;
    search::Limits l = gtp_limits(clocks, Color::kBlack, base);
    CHECK(l.time_left_ms == -1);
    CHECK(l.moves_to_go == 0);
    CHECK(l.level == 30);
    CHECK(l.move_overhead_ms == 40);
    clocks.main_ms = 300000;
    CHECK(gtp_limits(clocks, Color::kWhite, base).time_left_ms == 300000);
    clocks.main_ms = 0;  // no main time: byo-yomi's time for its stones
    clocks.byo_ms = 60000;
    clocks.byo_stones = 12;
    l = gtp_limits(clocks, Color::kBlack, base);
    CHECK(l.time_left_ms == 60000);
    CHECK(l.moves_to_go == 12);
    clocks.byo_stones = 0;  // GTP's "no time limit"
    CHECK(gtp_limits(clocks, Color::kBlack, base).time_left_ms == -1);
    clocks.left[static_cast<int>(Color::kWhite)] = GtpClocks::Left{4500, 3};
    l = gtp_limits(clocks, Color::kWhite, base);
    CHECK(l.time_left_ms == 4500);
    CHECK(l.moves_to_go == 3);
    CHECK(gtp_limits(clocks, Color::kBlack, base).time_left_ms == -1);
  }

  TEST_CASE("gtp: Quarry's order") {
    Session s(ProtocolKind::kGtp);
    CHECK(s.send("set Level 1").size() == 2);  // not a GTP command: "? unknown command"
    CHECK(!s.engine.set_option("Level", "2"));
    CHECK(s.send("protocol_version") == ok("2"));
    CHECK(s.send("name") == ok("Parity level 2"));
    CHECK(s.send("version") == ok(std::string(engine::version())));
    CHECK(s.send("list_commands") ==
          Lines{"= protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
                "clear_board", "komi", "play", "genmove", "undo", "time_settings", "time_left", "set_game",
                "list_games", "showboard", "final_score", "gogui-rules_game_id", "gogui-rules_board_size",
                "gogui-rules_board", "gogui-rules_legal_moves", "gogui-rules_side_to_move",
                "gogui-rules_final_result", ""});
    CHECK(s.send("list_games") == ok("Othello"));
    CHECK(s.send("set_game Othello") == ok());
    CHECK(s.send("boardsize 8") == ok());
    CHECK(s.send("clear_board") == ok());
    const Lines black = s.send_and_wait("genmove black");
    REQUIRE(black.size() == 2);
    CHECK(std::regex_match(black[0], std::regex("= (C4|D3|E6|F5)")));
    // The engine plays its own move: white's replies are legal now.
    const Lines board = s.send("showboard");
    CHECK(board.size() == 13);
    CHECK(s.engine.game().moves().size() == 1);
    const Square reply = first_square(s.engine.position().board.legal_moves());
    CHECK(s.send("play white " + upper(move_name(reply))) == ok());
    CHECK(s.send("known_command genmove") == ok("true"));
    CHECK(s.send("known_command fly") == ok("false"));
    CHECK(s.send("komi 0") == ok());
    CHECK(s.send("time_settings 300 0 0") == ok());
    CHECK(s.send("time_left black 120 0") == ok());
    const Lines second = s.send_and_wait("7 genmove b");
    REQUIRE(second.size() == 2);
    CHECK(std::regex_match(second[0], std::regex("=7 [A-H][1-8]")));
    CHECK(s.engine.game().moves().size() == 3);
    CHECK(s.send("undo") == ok());
    CHECK(s.engine.game().moves().size() == 2);
    const int discs = popcount(s.engine.position().black()) - popcount(s.engine.position().white());
    CHECK(s.send("final_score") == ok(discs > 0 ? "B+" + std::to_string(discs) : discs < 0 ? "W+" + std::to_string(-discs) : "0"));
    CHECK(s.send("12 quit") == Lines{"=12", ""});
    CHECK(!s.alive);
  }

  TEST_CASE("gtp: showboard and final_score") {
    Session s(ProtocolKind::kGtp);
    CHECK(s.send("showboard") == Lines{"=", "  a b c d e f g h", "1 - - - - - - - - 1", "2 - - - - - - - - 2",
                                       "3 - - - * - - - - 3", "4 - - * O X - - - 4", "5 - - - X O * - - 5",
                                       "6 - - - - * - - - 6", "7 - - - - - - - - 7", "8 - - - - - - - - 8",
                                       "  a b c d e f g h", "Black (X): 2  White (O): 2  Black to move", ""});
    CHECK(s.send("final_score") == ok("0"));
    CHECK(s.send("play b f5") == ok());
    CHECK(s.send("final_score") == ok("B+3"));
  }

  TEST_CASE("gtp: implied passes, forced passes and the end of the game") {
    for (unsigned seed = 1; seed <= 4; ++seed) {
      const std::vector<Move> moves = game_with_a_pass(seed);
      Session s(ProtocolKind::kGtp);
      CHECK(!s.engine.set_option("Level", "1"));
      Position p = Position::start();
      std::size_t i = 0;
      for (; moves[i] != kPass; ++i) {
        CHECK(s.send(std::string("play ") + color_name(p.side) + " " + move_name(moves[i])) == ok());
        p = p.play(moves[i]);
      }
      // p.side must pass: asking it to move gives "pass"; asking the other
      // side implies the pass.
      if (seed % 2) {
        CHECK(s.send_and_wait(std::string("genmove ") + color_name(p.side)) == ok("pass"));
        CHECK(s.engine.position().side == opposite(p.side));
      } else {
        const Lines answer = s.send_and_wait(std::string("genmove ") + color_name(opposite(p.side)));
        REQUIRE(answer.size() == 2);
        CHECK(std::regex_match(answer[0], std::regex("= [A-H][1-8]")));
        CHECK(s.engine.game().moves().size() == i + 2);
        CHECK(s.engine.game().moves()[i] == kPass);
        // One undo takes back the whole genmove, its implied pass included.
        CHECK(s.send("undo") == ok());
        CHECK(s.engine.position() == p);
        CHECK(s.send(std::string("play ") + color_name(opposite(p.side)) + " " + move_name(moves[i + 1])) == ok());
        CHECK(s.engine.game().moves()[i] == kPass);
      }
    }
    Session s(ProtocolKind::kGtp);
    CHECK(!s.engine.set_option("Level", "1"));
    // Play both sides to the end.
    for (int ply = 0; ply < 80 && !s.engine.position().board.game_over(); ++ply) {
      const Lines answer = s.send_and_wait(std::string("genmove ") + color_name(s.engine.position().side));
      REQUIRE(answer.size() == 2);
      CHECK(std::regex_match(answer[0], std::regex("= ([A-H][1-8]|pass)")));
    }
    s.send("showboard");
    REQUIRE(s.engine.position().board.game_over());
    // After the end, as GRhino: genmove answers pass, play pass is taken.
    const Position end = s.engine.position();
    CHECK(s.send("genmove black") == ok("pass"));
    CHECK(s.send("genmove white") == ok("pass"));
    CHECK(s.send("play W PASS") == ok());
    CHECK(s.send("play b pass") == ok());
    CHECK(s.send("play b a1") == fail("illegal move"));
    CHECK(s.engine.position() == end);
    CHECK(s.send("gogui-rules_legal_moves") == ok());
    const int score = s.engine.position().black_score();
    CHECK(s.send("final_score") == ok(score > 0 ? "B+" + std::to_string(score) : score < 0 ? "W+" + std::to_string(-score) : "0"));
  }

  TEST_CASE("gtp: GoGui's rules commands draw and referee the Othello position") {
    Session s(ProtocolKind::kGtp);
    CHECK(s.send("gogui-rules_game_id") == ok("Othello"));
    CHECK(s.send("gogui-rules_board_size") == ok("8"));
    CHECK(s.send("known_command gogui-rules_board") == ok("true"));
    CHECK(s.send("clear_board") == ok());
    // Row 8 first: GoGui draws its row 1 at the bottom.
    CHECK(s.send("gogui-rules_board") == Lines{"= . . . . . . . .", ". . . . . . . .", ". . . . . . . .",
                                               ". . . X O . . .", ". . . O X . . .", ". . . . . . . .",
                                               ". . . . . . . .", ". . . . . . . .", ""});
    CHECK(s.send("gogui-rules_legal_moves") == ok("D3 C4 F5 E6"));
    CHECK(s.send("gogui-rules_side_to_move") == ok("black"));
    CHECK(s.send("gogui-rules_final_result") == ok("unknown"));
    CHECK(s.send("play b d3") == ok());
    CHECK(s.send("gogui-rules_side_to_move") == ok("white"));
    CHECK(s.send("gogui-rules_board") == Lines{"= . . . . . . . .", ". . . . . . . .", ". . . . . . . .",
                                               ". . . X O . . .", ". . . X X . . .", ". . . X . . . .",
                                               ". . . . . . . .", ". . . . . . . .", ""});
    // A position where black must pass, and one where the game is over.
    Game must_pass(parse_board(kMustPass, "X").value());
    s.engine.set_game(must_pass);
    CHECK(s.send("gogui-rules_legal_moves") == ok("pass"));
    CHECK(s.send("play w pass") == fail("illegal move"));  // white has c1
    s.engine.set_game(must_pass);
    CHECK(s.send("play b pass") == ok());
    CHECK(s.send("gogui-rules_side_to_move") == ok("white"));
    CHECK(s.send("undo") == ok());
    CHECK(s.engine.position() == must_pass.position());
    s.engine.set_game(Game(parse_board(kFull, "X").value()));
    CHECK(s.send("gogui-rules_legal_moves") == ok());
    CHECK(s.send("gogui-rules_final_result") == ok("B+62"));
  }

  TEST_CASE("gtp: undo restores the position before each play and genmove, passes included") {
    Session s(ProtocolKind::kGtp);
    CHECK(!s.engine.set_option("Level", "1"));
    CHECK(s.send("clear_board") == ok());
    std::vector<Position> before;
    for (int ply = 0; ply < 70; ++ply) {
      const Position now = s.engine.position();
      before.push_back(now);
      const Color side = now.side;
      if (ply % 3 == 0) {
        // The other side asked: an implied pass when the side to move must pass.
        const Lines reply = s.send_and_wait(std::string("genmove ") + color_name(now.board.must_pass() ? opposite(side) : side));
        REQUIRE(reply.size() == 2);
        CHECK(starts_with(reply[0], "= "));
      } else {
        const Move m = now.board.game_over() || now.board.must_pass() ? kPass : first_square(now.board.legal_moves());
        CHECK(s.send(std::string("play ") + color_name(side) + " " + move_name(m)) == ok());
      }
    }
    REQUIRE(s.engine.position().board.game_over());
    while (!before.empty()) {
      CHECK(s.send("undo") == ok());
      CHECK(s.engine.position() == before.back());
      before.pop_back();
    }
    CHECK(s.send("undo") == fail("cannot undo"));
    CHECK(s.engine.position() == Position::start());
  }

  TEST_CASE("gtp: each bad input is one error reply and changes nothing") {
    Session s(ProtocolKind::kGtp);
    CHECK(s.send("play black f5") == ok());
    const Position before = s.engine.position();
    for (const std::string& bad :
         {std::string("xyzzy"), std::string("boardsize"), std::string("boardsize x"), std::string("komi"),
          std::string("komi x"), std::string("play"), std::string("play black"), std::string("play red f5"),
          std::string("play white z9"), std::string("play white a1"), std::string("play black d6"),
          std::string("play white pass"), std::string("genmove"), std::string("genmove red"),
          std::string("genmove black"), std::string("time_settings 1 2"), std::string("time_settings a b c"),
          std::string("time_left black 10"), std::string("time_left red 1 0"), std::string("set_game Go"),
          std::string("set_game"), std::string("\x01\x02\xff\xfe"), std::string(1 << 20, 'x'),
          std::string("play white ") + std::string(1 << 20, 'f')}) {
      INFO(bad.substr(0, 60));
      const Lines reply = s.send(bad);
      REQUIRE(reply.size() == 2);
      CHECK(starts_with(reply[0], "? "));
      CHECK(reply[1].empty());
    }
    CHECK(s.send("boardsize 9") == fail("unacceptable size"));
    CHECK(s.send("play white a1") == fail("illegal move"));
    CHECK(s.send("5 xyzzy") == Lines{"?5 unknown command", ""});
    s.reject("line too long");
    CHECK(s.take().size() == 2);
    CHECK(s.engine.position() == before);
    CHECK(s.send("clear_board") == ok());
    CHECK(s.send("undo") == fail("cannot undo"));
    // Comments and empty lines get no reply.
    CHECK(s.send("# a comment").empty());
    CHECK(s.send("").empty());
    CHECK(s.send("name # the engine") == ok("Parity"));
    CHECK(s.send("protocol_version") == ok("2"));
  }
}
