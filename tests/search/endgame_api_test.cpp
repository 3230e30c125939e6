#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "../../src/search/last_moves.hpp"
#include "../../src/search/local_table.hpp"
#include "../../src/search/stability.hpp"
#include "endgame_test_util.hpp"
#include "parity/eval/weights.hpp"
#include "parity/search/endgame.hpp"

using namespace parity;

TEST_SUITE("fast") {
  TEST_CASE("solver: solve_window returns the score inside the window and a true bound outside it") {
    std::mt19937_64 rng(11);
    TranspositionTable tt(4);
    Solver solver(tt);
    for (int i = 0; i < 40; ++i) {
      const Board b = test::random_position(rng, 8 + i % 4);
      const int exact = test::alpha_beta(b, -64, 64);
      for (int alpha : {-64, -20, -3, 0, 2, 10, 40}) {
        const int beta = std::min(64, alpha + 1 + i % 5);
        tt.clear();
        const int v = solver.solve_window(b, alpha, beta);
        CAPTURE(alpha);
        CAPTURE(beta);
        CAPTURE(exact);
        if (exact <= alpha) CHECK((v <= alpha && exact <= v));
        else if (exact >= beta) CHECK((v >= beta && exact >= v));
        else CHECK(v == exact);
      }
    }
  }

  TEST_CASE("solver: game over, forced pass, and a pre-set stop flag") {
    TranspositionTable tt(1);
    Solver solver(tt);
    // A full board: black 40, white 24.
    const Board full{0xFFFFFFFFFF000000ULL, 0x0000000000FFFFFFULL};
    SolveResult r = solver.solve(full);
    CHECK(r.best == kNoMove);
    CHECK(r.score == 16);
    CHECK(r.pv.empty());
    // The player has no move, the opponent does: the answer is a pass.
    const auto pass = parse_board_line("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- O");
    REQUIRE(pass.ok());
    REQUIRE(pass->board.must_pass());
    r = solver.solve(pass->board);
    CHECK(r.best == kPass);
    CHECK(r.score == -test::negamax(pass->board.pass()));
    REQUIRE(!r.pv.empty());
    CHECK(r.pv.front() == kPass);

    const auto hard = test::read_obf("ffo-1-19.obf").back().position.board;
    const std::atomic<bool> stop{true};
    r = solver.solve(hard, {}, &stop);
    CHECK_FALSE(r.complete);
    CHECK(solver.stopped());
  }

  TEST_CASE("solver: the principal variation is legal and ends on the proven score") {
    TranspositionTable tt(16);
    Solver solver(tt);
    for (const auto& line : test::read_obf("ffo-1-19.obf")) {
      const SolveResult r = solver.solve(line.position.board);
      REQUIRE(!r.pv.empty());
      CHECK(r.pv.front() == r.best);
      Board b = line.position.board;
      int sign = 1;
      for (Move m : r.pv) {
        REQUIRE(b.is_legal(m));
        b = b.play(m);
        sign = -sign;
      }
      if (b.game_over()) CHECK(sign * b.final_score() == r.score);
    }
  }

  TEST_CASE("solver: without a line (pv = false) the score is the same and the line is the best move") {
    TranspositionTable tt(16);
    Solver solver(tt);
    SolveOptions no_line;
    no_line.pv = false;
    for (const auto& line : test::read_obf("ffo-1-19.obf")) {
      tt.clear();
      const SolveResult full = solver.solve(line.position.board);
      tt.clear();
      const SolveResult r = solver.solve(line.position.board, no_line);
      CHECK(r.score == full.score);
      CHECK(r.pv == std::vector<Move>{r.best});
      CHECK(line.position.board.is_legal(r.best));
    }
  }

  TEST_CASE("solver: orders its moves with the weights it is given (EvalFile reaches the solver)") {
    // Weights that value every position 0: the same proven score, another
    // move order, so another node count; the shipped weights' count moves
    // with every retraining, this one does not.
    eval::CompactWeights zero;
    zero.stages.assign(eval::kStages, std::vector<std::int16_t>(eval::compact_size()));
    const auto flat = *eval::Weights::from_compact(zero);
    const Board b = test::read_obf("ffo-1-19.obf").back().position.board;  // FFO #19, 16 empties
    TranspositionTable tt(16);
    Solver shipped(tt);
    const SolveResult a = shipped.solve(b, {1, false});
    tt.clear();
    Solver given(tt);
    given.set_weights(flat);
    const SolveResult z = given.solve(b, {1, false});
    CHECK(a.score == z.score);
    CHECK(z.nodes == 206903);
    CHECK(a.nodes != z.nodes);
  }

  TEST_CASE("solver: the last probcut rung that finished is kept, after a stop and in a selective-only solve") {
    TranspositionTable tt(16);
    Solver solver(tt);
    const auto lines = test::read_obf("ffo-20-39.obf");
    int stopped_after_a_rung = 0;
    for (std::size_t i = 6; i < 10; ++i) {  // FFO #26-#29, 20 empties each
      CAPTURE(i + 20);
      const Board& b = lines[i].position.board;
      REQUIRE(b.empties() >= 20);  // enough for a ladder
      SolveOptions selective;
      selective.wld = true;
      selective.ladder_last = 3;
      selective.selective_only = true;
      tt.clear();
      const SolveResult s = solver.solve(b, selective);
      CHECK(s.complete);
      CHECK(s.selectivity == 3);
      REQUIRE(b.is_legal(s.selective_best));
      CHECK(s.best == s.selective_best);
      CHECK(s.score == s.selective_score);  // a disc score, not a sign
      CHECK(s.pv == std::vector<Move>{s.best});

      SolveOptions exact;
      exact.ladder_last = 3;
      tt.clear();
      const SolveResult full = solver.solve(b, exact);
      CHECK(full.complete);
      CHECK(full.selectivity == 3);
      CHECK(full.score == test::best_listed(lines[i]));
      // Stopped by a node limit part of the way: the rungs that finished
      // still answer.
      for (int eighths = 1; eighths < 8; ++eighths) {
        exact.node_limit = full.nodes * eighths / 8;
        tt.clear();
        const SolveResult cut = solver.solve(b, exact);
        CHECK_FALSE(cut.complete);
        if (cut.selectivity == 0) continue;
        ++stopped_after_a_rung;
        CHECK(cut.selectivity <= 3);
        CHECK(b.is_legal(cut.selective_best));
        CHECK(std::abs(cut.selective_score) <= 64);
      }
    }
    CHECK(stopped_after_a_rung >= 4);
  }

  TEST_CASE("solver: its table entries carry the empties of their position") {
    std::mt19937_64 rng(17);
    TranspositionTable tt(4);
    Solver solver(tt);
    for (int i = 0; i < 10; ++i) {
      const Board b = test::random_position(rng, 14 + i % 3);
      if (b.game_over() || b.must_pass()) continue;
      tt.clear();
      const SolveResult r = solver.solve(b);
      TTData d;
      REQUIRE(tt.probe(b, d));
      CHECK(d.solved());
      CHECK(d.depth == b.empties());
      for (Square m : squares(b.legal_moves())) {
        const Board child = b.play(m);
        if (tt.probe(child, d)) CHECK((d.solved() && d.depth == child.empties()));
      }
      CHECK(r.complete);
    }
  }

  TEST_CASE("stability: with one empty square, every disc off its four lines is stable") {
    std::mt19937_64 rng(23);
    for (Square x = 0; x < 64; ++x) {
      Bitboard lines = 0;  // the row, column and both diagonals through x
      for (Square s = 0; s < 64; ++s) {
        const int dc = column_of(s) - column_of(x), dr = row_of(s) - row_of(x);
        if (dc == 0 || dr == 0 || dc == dr || dc == -dr) lines |= bit(s);
      }
      for (int k = 0; k < 4; ++k) {
        const Bitboard player = rng() & ~bit(x), opponent = ~player & ~bit(x);
        const Bitboard stable = endgame::stable_discs(player, opponent);
        CHECK((player & ~lines & ~stable) == 0);
        CHECK((stable & ~player) == 0);
      }
    }
  }

  TEST_CASE("stability: stable discs stay the player's through random games") {
    std::mt19937_64 rng(21);
    int stable_seen = 0;
    for (int i = 0; i < 3000; ++i) {
      Board b = test::random_position(rng, 4 + i % 40);
      const Bitboard stable = endgame::stable_discs(b.player, b.opponent);
      REQUIRE((stable & ~b.player) == 0);
      stable_seen += popcount(stable);
      bool player_view = true;
      while (!b.game_over()) {
        Bitboard moves = b.legal_moves();
        if (!moves) b = b.pass();
        else {
          for (int k = static_cast<int>(rng() % popcount(moves)); k > 0; --k) moves = without_first(moves);
          b = b.play(first_square(moves));
        }
        player_view = !player_view;
        REQUIRE((stable & ~(player_view ? b.player : b.opponent)) == 0);
      }
    }
    CHECK(stable_seen > 3000);
  }

  TEST_CASE("last moves: the flip count of the last empty square matches the flips") {
    std::mt19937_64 rng(31);
    for (int i = 0; i < 20000; ++i) {
      const Bitboard player = rng();
      const Square sq = static_cast<Square>(rng() % 64);
      const Bitboard mover = player & ~bit(sq);
      CHECK(endgame::last_flip_count(mover, sq) == popcount(flips(mover, ~mover & ~bit(sq), sq)));
    }
  }

  TEST_CASE("local table: bounds of one position tighten; another position takes the entry over") {
    endgame::LocalTable table(4);
    const Board a = Board::start();
    auto& e = table.slot(a.player, a.opponent);
    CHECK_FALSE(endgame::LocalTable::matches(e, a.player, a.opponent));
    endgame::LocalTable::store(e, a.player, a.opponent, 3, 8, square_at(2, 3));  // fails high: at least 8
    endgame::LocalTable::store(e, a.player, a.opponent, 11, 10, kNoMove);         // fails low: at most 10
    REQUIRE(endgame::LocalTable::matches(e, a.player, a.opponent));
    CHECK(e.lower == 8);
    CHECK(e.upper == 10);
    CHECK(e.move == square_at(2, 3));
    // Stored in the same entry, another position forgets the old bounds.
    const Board b = a.play(square_at(2, 3));
    endgame::LocalTable::store(e, b.player, b.opponent, 0, -2, kNoMove);
    CHECK_FALSE(endgame::LocalTable::matches(e, a.player, a.opponent));
    CHECK(e.lower == -64);
    CHECK(e.upper == -2);
    CHECK(e.move == -1);
  }
}

TEST_SUITE("timing") {
  TEST_CASE("solver: a stop ends a long solve within 50 ms, on 1 and 2 threads") {
    const auto hard = test::read_obf("ffo-40-59.obf").at(15).position.board;  // #55
    for (int threads : {1, 2}) {
      TranspositionTable tt(16);
      Solver solver(tt);
      std::atomic<bool> stop{false};
      SolveResult r;
      std::thread t([&] { r = solver.solve(hard, {threads, false}, &stop); });
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      CHECK(solver.nodes() > 0);
      const auto t0 = std::chrono::steady_clock::now();
      stop = true;
      t.join();
      const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      CHECK_FALSE(r.complete);
      CHECK(ms < 50);
    }
  }
}
