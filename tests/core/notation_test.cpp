#include <doctest/doctest.h>

#include <string>

#include "parity/core/notation.hpp"

using namespace parity;

namespace {

bool error_mentions(const Error& e, const std::string& part) { return e.message.find(part) != std::string::npos; }

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("squares and passes") {
    CHECK(*parse_square("a1") == 0);
    CHECK(*parse_square("H8") == 63);
    CHECK(*parse_square("d3") == square_at(3, 2));
    for (Square sq = 0; sq < 64; ++sq) CHECK(*parse_square(move_name(sq)) == sq);
    for (const char* bad : {"", "a", "a0", "a9", "i1", "11", "a1 ", "aa", "\xff\x01"}) {
      INFO(bad);
      CHECK(!parse_square(bad));
      CHECK(error_mentions(parse_square(bad).error(), "not a square"));
    }
    for (const char* p : {"pass", "PASS", "Pa", "PS", "@@", "0000"}) CHECK(*parse_move(p) == kPass);
    CHECK(!is_pass_token("pas"));
    CHECK(!parse_move("--"));
    CHECK(move_name(kPass) == "pass");
  }

  TEST_CASE("board strings round-trip and reject malformed input") {
    const std::string start = "---------------------------OX------XO--------------------------- X";
    auto p = parse_board_line(start);
    REQUIRE(p);
    CHECK(*p == Position::start());
    CHECK(board_string(*p) == start);
    auto lower = parse_board_line("...........................wb......bw........................... b");
    REQUIRE(lower);
    CHECK(*lower == Position::start());
    auto white = parse_board(std::string(27, '_') + "0*" + std::string(6, '_') + "*0" + std::string(27, '_'), "white");
    REQUIRE(white);
    CHECK(white->side == Color::kWhite);
    CHECK(white->black() == Position::start().black());

    CHECK(error_mentions(parse_board_line("---").error(), "64 cells"));
    CHECK(error_mentions(parse_board(std::string(63, '-'), "X").error(), "has 63"));
    CHECK(error_mentions(parse_board(std::string(10, '-') + "Q" + std::string(53, '-'), "X").error(), "c2"));
    CHECK(error_mentions(parse_board(std::string(64, '-'), "Z").error(), "side to move"));
    CHECK(error_mentions(parse_board_line(std::string(64, '-')).error(), "no side"));
  }

  TEST_CASE("transcripts insert forced passes and reject illegal moves") {
    auto t = play_transcript("f5d6c3d3c4f4f6f3e6e7d7");
    REQUIRE(t);
    CHECK(t->moves.size() == 11);
    CHECK(transcript_string(t->moves) == "f5d6c3d3c4f4f6f3e6e7d7");
    auto spaced = play_transcript("F5 d6 C3");
    REQUIRE(spaced);
    CHECK(spaced->moves.size() == 3);

    auto bad = play_transcript("f5f5");
    REQUIRE(!bad);
    CHECK(error_mentions(bad.error(), "illegal move f5"));
    CHECK(error_mentions(bad.error(), "move 2"));
    CHECK(error_mentions(play_transcript("f5zz").error(), "character 3"));
    CHECK(error_mentions(play_transcript("pa").error(), "pass while a move is legal"));
    CHECK(error_mentions(play_transcript("f").error(), "not a move"));
  }

  TEST_CASE("a forced pass is inserted or accepted explicitly") {
    // X O O - ... with white to move: white has nothing to outflank, black
    // can play d1.
    const auto white_pass = Position::from_colors(bit(0), bit(1) | bit(2), Color::kWhite);
    REQUIRE(white_pass.board.must_pass());
    auto implicit = play_transcript("d1", white_pass);
    REQUIRE(implicit);
    CHECK(implicit->moves == std::vector<Move>{kPass, square_at(3, 0)});
    auto explicit_pass = play_transcript("PAd1", white_pass);
    REQUIRE(explicit_pass);
    CHECK(explicit_pass->moves == implicit->moves);
    CHECK(transcript_string(implicit->moves, true) == "PAd1");
    CHECK(implicit->end.board.game_over());
    CHECK(error_mentions(play_transcript("d1e1", white_pass).error(), "after the game is over"));
  }

  TEST_CASE("OBF lines") {
    auto o = parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;");
    REQUIRE(o);
    CHECK(o->position.side == Color::kBlack);
    CHECK(o->position.board.empties() == 14);
    REQUIRE(o->move_scores.size() == 3);
    CHECK(o->move_scores[0] == std::pair<Move, int>{square_at(6, 7), 18});
    CHECK(o->move_scores[2] == std::pair<Move, int>{square_at(0, 3), -22});
    auto bare = parse_obf("---------------------------OX------XO--------------------------- O % a comment");
    REQUIRE(bare);
    CHECK(bare->move_scores.empty());
    CHECK(bare->position.side == Color::kWhite);
    CHECK(error_mentions(parse_obf(std::string(64, '-') + " X; G8+18;").error(), "without ':'"));
    CHECK(error_mentions(parse_obf(std::string(64, '-') + " X; G8:+x;").error(), "bad score"));
    CHECK(error_mentions(parse_obf(std::string(64, '-') + " X; Z9:+2;").error(), "not a move"));
  }

  TEST_CASE("board picture") {
    const std::string pic = board_picture(Position::start());
    CHECK(pic ==
          "  a b c d e f g h\n"
          "1 - - - - - - - - 1\n"
          "2 - - - - - - - - 2\n"
          "3 - - - * - - - - 3\n"
          "4 - - * O X - - - 4\n"
          "5 - - - X O * - - 5\n"
          "6 - - - - * - - - 6\n"
          "7 - - - - - - - - 7\n"
          "8 - - - - - - - - 8\n"
          "  a b c d e f g h\n"
          "Black (X): 2  White (O): 2  Black to move\n");
  }
}
