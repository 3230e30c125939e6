#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "parity/core/board.hpp"
#include "parity/core/perft.hpp"
#include "parity/core/position.hpp"
#include "parity/core/two_moves.hpp"

using namespace parity;

namespace {

// The slow reference: walk each of the 8 directions square by square.
Bitboard reference_flips(Bitboard player, Bitboard opponent, Square sq) {
  if ((player | opponent) & bit(sq)) return 0;
  static constexpr int dc[8] = {1, -1, 0, 0, 1, -1, 1, -1};
  static constexpr int dr[8] = {0, 0, 1, -1, 1, -1, -1, 1};
  Bitboard all = 0;
  for (int d = 0; d < 8; ++d) {
    Bitboard run = 0;
    int c = column_of(sq) + dc[d], r = row_of(sq) + dr[d];
    while (c >= 0 && c < 8 && r >= 0 && r < 8 && (opponent & bit(square_at(c, r)))) {
      run |= bit(square_at(c, r));
      c += dc[d];
      r += dr[d];
    }
    if (run && c >= 0 && c < 8 && r >= 0 && r < 8 && (player & bit(square_at(c, r)))) all |= run;
  }
  return all;
}

Bitboard reference_moves(Bitboard player, Bitboard opponent) {
  Bitboard moves = 0;
  for (Square sq = 0; sq < 64; ++sq)
    if (reference_flips(player, opponent, sq)) moves |= bit(sq);
  return moves;
}

// Positions from random playouts, and random-density boards, to reach
// shapes that games rarely make.
std::vector<Board> sample_positions(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Board> out;
  while (out.size() < count) {
    Board b = Board::start();
    while (!b.game_over() && out.size() < count) {
      out.push_back(b);
      Bitboard moves = b.legal_moves();
      if (!moves) {
        b = b.pass();
        continue;
      }
      int pick = static_cast<int>(rng() % popcount(moves));
      while (pick--) moves = without_first(moves);
      b = b.play(first_square(moves));
    }
  }
  for (std::size_t i = 0; i < count / 10; ++i) {
    const Bitboard occupied = (rng() & rng()) | (rng() & rng());
    const Bitboard mine = rng() & occupied;
    out.push_back({mine, occupied & ~mine});
  }
  return out;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("start position") {
    const Board b = Board::start();
    CHECK(b.player_discs() == 2);
    CHECK(b.opponent_discs() == 2);
    CHECK(b.empties() == 60);
    // c4, d3, e6, f5
    CHECK(b.legal_moves() == (bit(square_at(2, 3)) | bit(square_at(3, 2)) | bit(square_at(4, 5)) | bit(square_at(5, 4))));
    const Board after = b.play(square_at(5, 4));  // f5 flips e5
    CHECK(after.opponent == (b.player | bit(square_at(5, 4)) | bit(square_at(4, 4))));
    CHECK(after.player == bit(square_at(3, 3)));
  }

  TEST_CASE("kernels agree with the square-by-square reference") {
    const auto positions = sample_positions(110000, 20261129);
    std::size_t checked_moves = 0;
    for (const Board& b : positions) {
      const Bitboard ref = reference_moves(b.player, b.opponent);
      REQUIRE(portable::legal_moves(b.player, b.opponent) == ref);
      REQUIRE(legal_moves(b.player, b.opponent) == ref);
      for (Square sq : squares(b.empty_squares())) {
        const Bitboard expected = reference_flips(b.player, b.opponent, sq);
        REQUIRE(portable::flips(b.player, b.opponent, sq) == expected);
        if (expected) {
          REQUIRE(flips(b.player, b.opponent, sq) == expected);
          ++checked_moves;
        }
      }
    }
    CHECK(positions.size() >= 100000);
    CHECK(checked_moves > 500000);
    MESSAGE("kernel: " << kKernelName << ", positions: " << positions.size() << ", moves: " << checked_moves);
  }

  TEST_CASE("two moves at once agree with the reference, move by move") {
    // Replies are checked against the portable kernel, itself checked
    // against the reference above; flips against the reference.
    const auto positions = sample_positions(30000, 20261207);
    std::size_t pairs = 0, wrong = 0;
    for (const Board& b : positions) {
      const Bitboard moves = portable::legal_moves(b.player, b.opponent);
      for (Square x : squares(moves))
        for (Square y : squares(moves & ~bit(x))) {
          const TwoMoves t = two_moves(b.player, b.opponent, x, y);
          const Square sq[2] = {x, y};
          for (int i = 0; i < 2; ++i) {
            const Bitboard f = reference_flips(b.player, b.opponent, sq[i]);
            wrong += t.flips[i] != f ||
                     t.replies[i] != portable::legal_moves(b.opponent ^ f, b.player ^ f ^ bit(sq[i]));
          }
          ++pairs;
        }
    }
    CHECK(wrong == 0);
    CHECK(pairs > 1000000);
    MESSAGE("two-move kernel: " << std::string(kTwoMovesKernelName) << ", pairs: " << pairs);
  }

  TEST_CASE("pass, game over and final score") {
    // Black owns everything but h8, which is empty: nobody can move.
    const Board full_black{~bit(63), 0};
    CHECK(full_black.game_over());
    CHECK(full_black.final_score() == 64);
    CHECK(full_black.pass().final_score() == -64);
    const Board drawn{0x00000000FFFFFFFFULL, 0xFFFFFFFF00000000ULL};
    CHECK(drawn.final_score() == 0);
    // 3 player discs, 1 opponent, 60 empty, nobody can move: 3-1 plus 60.
    const Board apart{bit(0) | bit(2) | bit(4), bit(63)};
    CHECK(apart.game_over());
    CHECK(apart.final_score() == 62);
    CHECK(apart.pass().final_score() == -62);
    // White to move has no move, black does: a forced pass.
    const auto pos = Position::from_colors(bit(0), bit(1), Color::kWhite);
    CHECK(pos.board.must_pass());
    CHECK(pos.board.is_legal(kPass));
    CHECK(!Board::start().is_legal(kPass));
    CHECK(!Board::start().is_legal(0));
    CHECK(!Board::start().is_legal(99));
  }

  TEST_CASE("symmetries map squares as expected and round-trip") {
    for (Square sq = 0; sq < 64; ++sq) {
      const int c = column_of(sq), r = row_of(sq);
      CHECK(transform(sq, Symmetry::kFlipVertical) == square_at(c, 7 - r));
      CHECK(transform(sq, Symmetry::kMirror) == square_at(7 - c, r));
      CHECK(transform(sq, Symmetry::kRotate180) == square_at(7 - c, 7 - r));
      CHECK(transform(sq, Symmetry::kTranspose) == square_at(r, c));
      CHECK(transform(sq, Symmetry::kRotate90) == square_at(7 - r, c));
      CHECK(transform(sq, Symmetry::kRotate270) == square_at(r, 7 - c));
      CHECK(transform(sq, Symmetry::kAntiTranspose) == square_at(7 - r, 7 - c));
    }
    const auto positions = sample_positions(2000, 7);
    for (const Board& b : positions) {
      for (Symmetry s : kAllSymmetries) {
        const Board t = b.transformed(s);
        REQUIRE(t.transformed(inverse(s)) == b);
        REQUIRE(t.canonical() == b.canonical());
        // Symmetry commutes with move generation and play.
        REQUIRE(t.legal_moves() == transform(b.legal_moves(), s));
        for (Square sq : squares(b.legal_moves())) REQUIRE(b.play(sq).transformed(s) == t.play(transform(sq, s)));
      }
    }
  }

  TEST_CASE("the hash tells the side to move apart") {
    CHECK(Board::start().hash() != Board::start().pass().hash());
    CHECK(Board::start().hash() == position_hash(Board::start().player, Board::start().opponent));
  }

  TEST_CASE("perft 1-9 in both conventions") {
    const std::uint64_t ply[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
    const std::uint64_t skip[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005320};
    for (int d = 0; d <= 9; ++d) {
      CHECK(perft(Board::start(), d, PassRule::kPly) == ply[d]);
      CHECK(perft(Board::start(), d, PassRule::kSkip) == skip[d]);
    }
  }
}

TEST_SUITE("slow") {
  TEST_CASE("perft 10 in both conventions") {
    CHECK(perft(Board::start(), 10, PassRule::kPly) == 24571284ULL);
    CHECK(perft(Board::start(), 10, PassRule::kSkip) == 24571420ULL);
  }
}
