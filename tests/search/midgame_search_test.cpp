#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <set>
#include <thread>

#include "endgame_test_util.hpp"
#include "parity/core/notation.hpp"
#include "parity/eval/evaluator.hpp"
#include "parity/search/midgame.hpp"
#include "parity/search/midgame_threads.hpp"
#include "parity/search/bench.hpp"
#include "parity/search/search.hpp"
#include "parity/search/time_plan.hpp"

using namespace parity;
using namespace parity::search;

namespace {

Board board_after(const char* transcript) {
  auto t = play_transcript(transcript);
  REQUIRE(t.ok());
  return t->end.board;
}

// A full-width midgame search on `threads` threads with a small table,
// splitting every node from depth 2 up, so that small trees split often.
struct SharedMidgame {
  SharedMidgame(const std::shared_ptr<const eval::Weights>& weights, int count)
      : solver(tt), threads(sized(pool, count - 1), count, tt, weights, &stop, kNoProbcut, false), mid(tt, solver, weights) {
    threads.set_split_min_depth(2);
    mid.share_threads(&threads);
  }
  Budget budget() { return Budget{&stop, 0}; }
  static ThreadPool& sized(ThreadPool& pool, int count) {
    REQUIRE(pool.resize(count) == count);
    return pool;
  }

  TranspositionTable tt{1};
  Solver solver;
  std::atomic<bool> stop{false};
  ThreadPool pool;
  MidgameThreads threads;
  Midgame mid;
};

constexpr const char* kMidgame = "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5";  // 40 empties

// A search of the 40-empties position; set `limits`, then run().
struct Midgame40 {
  Board board = board_after(kMidgame);
  Search search;
  std::atomic<bool> stop{false};
  Limits limits;
  Result run(const InfoCallback& on_info = {}) { return search.run(board, limits, stop, on_info); }
};

std::int64_t ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
}

// Random 10-empties positions searched at depth 5 (exact from 10 empties
// in the level table): the score and best move of the reference negamax.
void check_hand_over(unsigned seed, int positions, int threads) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < positions; ++i) {
    const Board b = test::random_position(rng, 10);
    if (!b.can_move()) continue;
    Search s;
    s.set_threads(threads);
    std::atomic<bool> stop{false};
    Limits limits;
    limits.depth = 5;
    const Result r = s.run(b, limits, stop, {});
    CHECK(r.exact);
    CHECK(r.score == 100 * test::negamax(b));
    CHECK(100 * -test::negamax(b.play(r.best)) == r.score);
  }
}

// Plain fixed-depth negamax on the pattern evaluation: what a full-width
// midgame search must return.
int eval_negamax(const eval::Weights& w, const Board& b, int depth, bool passed = false) {
  if (depth == 0) return eval::evaluate(w, b);
  const Bitboard moves = b.legal_moves();
  if (!moves) {
    if (passed || !b.opponent_can_move()) return 100 * b.final_score();
    return -eval_negamax(w, b.pass(), depth, true);
  }
  int best = -kCentiInfinity;
  for (Square sq : squares(moves)) best = std::max(best, -eval_negamax(w, b.play(sq), depth - 1));
  return best;
}

// `count` random positions (test::random_position) with first,
// first + step, ... empties, less those where the side to move cannot move.
std::vector<Board> movable_positions(std::uint64_t seed, int count, int first, int step) {
  std::mt19937_64 rng(seed);
  std::vector<Board> boards;
  for (int i = 0; i < count; ++i) {
    const Board b = test::random_position(rng, first + step * i);
    if (b.can_move()) boards.push_back(b);
  }
  return boards;
}

// What a Midgame searches with: the shipped weights, a table and the
// solver that shares it.
struct MidgameParts {
  std::shared_ptr<const eval::Weights> weights = eval::default_weights();
  TranspositionTable tt{16};
  Solver solver{tt};
};

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("the move order learnt near the leaves starts afresh with each search") {
    // The refutations a search learns order its nodes; a search that kept
    // the last one's would visit other nodes on the same position.
    MidgameParts parts;
    auto& tt = parts.tt;
    int checked = 0;
    for (const Board& b : movable_positions(11, 6, 24, 4)) {
      Midgame mid(tt, parts.solver, parts.weights);
      std::uint64_t nodes[2];
      int scores[2];
      for (int run = 0; run < 2; ++run) {
        tt.clear();
        mid.start(b, Budget{}, kNoProbcut);
        scores[run] = mid.search(b, 7, -kCentiInfinity, kCentiInfinity);
        nodes[run] = mid.nodes();
      }
      CHECK(nodes[0] == nodes[1]);
      CHECK(scores[0] == scores[1]);
      ++checked;
    }
    CHECK(checked >= 4);
  }

  TEST_CASE("enhanced transposition cutoff: a child's stored bound refutes a null window at once, and only then") {
    MidgameParts parts;
    int checked = 0;
    for (const Board& b : movable_positions(77, 4, 36, 1)) {
      parts.tt.clear();
      Midgame mid(parts.tt, parts.solver, parts.weights);
      // Every child searched exactly 5 plies deep: the table holds its value.
      int best = -kCentiInfinity;
      for (Square sq : squares(b.legal_moves())) {
        const Board child = b.play(sq);
        mid.start(child, Budget{}, kNoProbcut);
        best = std::max(best, -mid.search(child, 5, -kCentiInfinity, kCentiInfinity));
      }
      // The root itself was never stored: only the children's entries cut.
      mid.start(b, Budget{}, kNoProbcut);
      CHECK(mid.search(b, 6, best - 1, best) == best);
      CHECK(mid.nodes() == 1);
      mid.start(b, Budget{}, kNoProbcut);
      CHECK(mid.search(b, 6, best, best + 1) == best);
      CHECK(mid.nodes() > 1);
      ++checked;
    }
    CHECK(checked >= 3);
  }

  TEST_CASE("full-width searches of 1-4 plies (6 on a few) equal the negamax, in open and null windows") {
    const auto weights = eval::default_weights();
    TranspositionTable tt(1);
    Solver solver(tt);
    std::mt19937_64 rng(2024);
    int positions = 0, above = 0;
    for (int i = 0; i < 120; ++i) {
      const Board b = test::random_position(rng, 24 + i % 20);
      if (!b.can_move()) continue;
      ++positions;
      for (int depth = 1; depth <= (i < 4 ? 6 : 4); ++depth) {
        const int expected = eval_negamax(*weights, b, depth);
        Midgame mid(tt, solver, weights);
        mid.start(b, Budget{}, kNoProbcut);
        CHECK(mid.search(b, depth, -kCentiInfinity, kCentiInfinity) == expected);
        // A null window only tells on which side of it the score lies.
        for (int beta : {expected - 37, expected, expected + 1, expected + 250}) {
          mid.start(b, Budget{}, kNoProbcut);
          const int v = mid.search(b, depth, beta - 1, beta);
          CHECK((v >= beta) == (expected >= beta));
          if (v >= beta) CHECK(v <= expected);
          else CHECK(v >= expected);
          above += expected >= beta;
        }
      }
    }
    CHECK(positions > 100);
    CHECK(above > 0);
  }

  TEST_CASE("a full-width search split among helper threads keeps the negamax value") {
    // Every node from depth 2 up shares its younger moves: a lost move, a
    // result kept from a cut-off subtree or a wrong window at a split point
    // changes the value. The helpers split their own nodes too (so that a
    // thread waiting for one of them can help below it, which the split
    // pool's own test checks). How often a helper gets a move at all
    // depends on how the threads are scheduled (on a loaded machine a
    // helper may hardly run), so the positions go on past the first 16
    // until a helper has split.
    const auto weights = eval::default_weights();
    std::mt19937_64 rng(77);
    int positions = 0;
    std::uint64_t helper_splits = 0;
    for (int i = 0; i < 16 || (helper_splits == 0 && i < 256); ++i) {
      const Board b = test::random_position(rng, 30 + i % 12);
      if (popcount(b.legal_moves()) < 3) continue;
      ++positions;
      const int expected = eval_negamax(*weights, b, 6);
      SharedMidgame s(weights, 3);
      Midgame& mid = s.mid;
      mid.start(b, s.budget(), kNoProbcut);
      CHECK(mid.search(b, 6, -kCentiInfinity, kCentiInfinity) == expected);
      for (int beta : {-150, 0, 220}) {
        mid.start(b, s.budget(), kNoProbcut);
        const int v = mid.search(b, 6, beta - 1, beta);
        CHECK((v >= beta) == (expected >= beta));
      }
      helper_splits += s.threads.helper_splits();
    }
    CHECK(positions >= 8);
    CHECK(helper_splits > 0);
  }

  TEST_CASE("the younger root moves shared with helper threads give the root's negamax value and its move") {
    // The root driver searches its eldest move, then hands the rest over:
    // the best of the two is the root's value, a move that beats the
    // eldest comes back with its value and a legal line after it.
    const auto weights = eval::default_weights();
    std::mt19937_64 rng(91);
    int positions = 0, improved = 0;
    for (int i = 0; i < 24; ++i) {
      const Board b = test::random_position(rng, 28 + i % 14);
      const Bitboard moves = b.legal_moves();
      if (popcount(moves) < 4) continue;
      ++positions;
      const int depth = 5;
      SharedMidgame s(weights, 2);
      Midgame& mid = s.mid;
      mid.start(b, s.budget(), kNoProbcut);
      std::vector<Move> order;
      for (Square sq : squares(moves)) order.push_back(sq);
      // The eldest searched alone, on the full window.
      mid.play(b, order[0]);
      const int eldest = -mid.search(b.play(order[0]), depth - 1, -kCentiInfinity, kCentiInfinity);
      mid.undo();
      Move m = kNoMove;
      const int v = mid.search_younger(b, order.data() + 1, static_cast<int>(order.size()) - 1, depth, eldest,
                                       kCentiInfinity, m);
      CHECK(std::max(eldest, v) == eval_negamax(*weights, b, depth));
      if (v > eldest) {
        ++improved;
        REQUIRE(b.is_legal(m));
        CHECK(v == -eval_negamax(*weights, b.play(m), depth - 1));
        Board walk = b.play(m);
        int plies = 0;
        for (Move x : mid.pv()) {
          if (x == kPass) {
            REQUIRE(!walk.legal_moves());
            walk = walk.pass();
            continue;
          }
          REQUIRE(walk.is_legal(x));
          walk = walk.play(x);
          ++plies;
        }
        CHECK(plies == depth - 1);
      }
    }
    CHECK(positions >= 12);
    CHECK(improved >= 3);
  }

  TEST_CASE("a fixed-depth search returns a legal move, a line of legal moves and a depth") {
    Midgame40 m;
    const Board& b = m.board;
    m.limits.depth = 6;
    int infos = 0;
    const Result r = m.run([&](const Info& i) {
      ++infos;
      CHECK(i.depth >= 1);
    });
    CHECK(b.is_legal(r.best));
    CHECK(r.depth == 6);
    CHECK(infos >= 6);
    REQUIRE(!r.pv.empty());
    CHECK(r.pv.front() == r.best);
    Board walk = b;
    for (Move m : r.pv) {
      REQUIRE(walk.is_legal(m));
      walk = walk.play(m);
    }
    CHECK(!r.exact);
  }

  TEST_CASE("an unfinished depth that proved another move better plays that move, and says so") {
    // Node budgets cut depths short at many points; wherever the move
    // played is not the last finished depth's, the depth after it must
    // have reported that move as a lower bound.
    std::mt19937_64 rng(5);
    std::vector<Board> boards = {board_after(kMidgame)};
    for (int i = 0; i < 8; ++i) boards.push_back(test::random_position(rng, 30 + 2 * i));
    int switched = 0;
    for (const Board& b : boards) {
      if (!b.legal_moves()) continue;
      for (std::uint64_t budget = 4000; budget <= 300000; budget = budget * 5 / 4) {
        Search search(16);
        std::atomic<bool> stop{false};
        Limits limits;
        limits.nodes = budget;
        std::vector<Info> infos;
        const Result r = search.run(b, limits, stop, [&](const Info& i) { infos.push_back(i); });
        Move finished = kNoMove;
        int finished_depth = 0;
        for (const Info& i : infos)
          if (i.bound == Bound::kExact && i.multipv == 1 && !i.exact) finished = i.pv.front(), finished_depth = i.depth;
        if (finished == kNoMove || r.exact || r.best == finished) continue;
        ++switched;
        CHECK(r.depth == finished_depth);
        REQUIRE(!infos.empty());
        CHECK(infos.back().bound == Bound::kLower);
        CHECK(infos.back().depth == finished_depth + 1);
        CHECK(infos.back().pv.front() == r.best);
        CHECK(r.pv.front() == r.best);
      }
    }
    CHECK(switched >= 3);
  }

  TEST_CASE("probcut's sigma is held beyond the depths it was fitted on") {
    const int fitted = probcut_fitted_depth();
    REQUIRE(fitted >= 8);
    for (int empties = 13; empties <= 60; ++empties)
      for (int deep = fitted + 1; deep <= 40; ++deep) {
        int same = deep;
        while (same > fitted) same -= 4;
        CHECK(probcut_sigma(empties, probcut_shallow_depth(deep), deep) ==
              probcut_sigma(empties, probcut_shallow_depth(same), same));
        CHECK(probcut_sigma(empties, 0, deep) == probcut_sigma(empties, 0, fitted));
      }
  }

  TEST_CASE("few empties: the hand-over proves the same score as the reference negamax") {
    check_hand_over(11, 6, 1);
  }

  TEST_CASE("multipv scores distinct moves, best first") {
    Midgame40 m;
    m.limits.depth = 4;
    m.limits.multipv = 3;
    std::vector<Info> last(4);
    m.run([&](const Info& i) {
      if (i.depth == 4) last[i.multipv] = i;
    });
    std::set<Move> moves;
    for (int k = 1; k <= 3; ++k) moves.insert(last[k].pv.front());
    CHECK(moves.size() == 3);
    CHECK(last[1].score >= last[2].score);
    CHECK(last[2].score >= last[3].score);
  }

  TEST_CASE("multipv in the solver's reach proves every line's exact score, best first") {
    std::mt19937_64 rng(29);
    int checked = 0;
    while (checked < 6) {
      const Board b = test::random_position(rng, 10);
      const int moves = popcount(b.legal_moves());
      if (moves < 3) continue;
      ++checked;
      Search s;
      std::atomic<bool> stop{false};
      Limits limits;
      limits.depth = 5;  // exact from 10 empties in the level table
      limits.multipv = moves;
      std::vector<Info> proven(moves + 1);
      const Result r = s.run(b, limits, stop, [&](const Info& i) {
        if (i.exact) proven.at(i.multipv) = i;
      });
      std::set<Move> seen;
      for (int k = 1; k <= moves; ++k) {
        const Info& line = proven[k];
        REQUIRE(!line.pv.empty());
        seen.insert(line.pv.front());
        CHECK(line.score == 100 * -test::negamax(b.play(line.pv.front())));
        if (k > 1) CHECK(proven[k - 1].score >= line.score);
      }
      CHECK(seen.size() == static_cast<std::size_t>(moves));
      CHECK(r.exact);
      CHECK(r.score == 100 * test::negamax(b));

      // searchmoves: the lines of the moves given, each proven.
      Bitboard given = 0;
      for (Square sq : squares(b.legal_moves()))
        if (popcount(given) < 2) given |= bit(sq);
      limits.root_moves = given;
      limits.multipv = 2;
      std::vector<Info> restricted(3);
      s.run(b, limits, stop, [&](const Info& i) {
        if (i.exact) restricted.at(i.multipv) = i;
      });
      for (int k = 1; k <= 2; ++k) {
        REQUIRE(!restricted[k].pv.empty());
        CHECK((given & bit(restricted[k].pv.front())) != 0);
        CHECK(restricted[k].score == 100 * -test::negamax(b.play(restricted[k].pv.front())));
      }
      CHECK(restricted[1].pv.front() != restricted[2].pv.front());
    }
  }

  TEST_CASE("root_moves restricts the root, and a restricted search is never handed to the solver") {
    Midgame40 m;
    m.limits.depth = 5;
    const Move best = m.run().best;
    const Bitboard others = m.board.legal_moves() & ~bit(best);
    REQUIRE(others);
    m.limits.root_moves = others;
    const Result r = m.run();
    CHECK((bit(r.best) & others) != 0);
    REQUIRE(!r.pv.empty());
    CHECK(r.pv.front() == r.best);

    const Move only = first_square(others);
    m.limits.root_moves = bit(only);
    CHECK(m.run().best == only);
    m.limits.root_moves = bit(only) | (kCorners & ~m.board.legal_moves());  // illegal squares are ignored
    CHECK(m.run().best == only);

    std::mt19937_64 rng(5);
    for (int i = 0; i < 4; ++i) {
      const Board b = test::random_position(rng, 10);
      const Bitboard legal = b.legal_moves();
      if (popcount(legal) < 2) continue;
      Search s;
      std::atomic<bool> stop{false};
      Limits limits;
      limits.depth = 5;
      limits.root_moves = without_first(legal);
      const Result restricted = s.run(b, limits, stop, {});
      CHECK(!restricted.exact);
      CHECK((bit(restricted.best) & limits.root_moves) != 0);
    }
  }

  TEST_CASE("helper threads: legal lines, every node counted, and a search from every root as before") {
    Midgame40 m;
    m.search.set_threads(2);
    m.limits.depth = 9;
    std::uint64_t last_nodes = 0;
    const Result r = m.run([&](const Info& i) { last_nodes = i.nodes; });
    CHECK(r.depth == 9);
    CHECK(r.nodes >= last_nodes);
    Board walk = m.board;
    for (Move mv : r.pv) {
      REQUIRE(walk.is_legal(mv));
      walk = walk.play(mv);
    }
    // Few empties: the helpers stop before the solver's proof, which stays exact.
    check_hand_over(23, 4, 2);
  }

  TEST_CASE("levels cap the depth; the level table is as documented") {
    CHECK(level_depth(1) == 1);
    CHECK(level_exact_empties(1) == 2);
    CHECK(level_exact_empties(5) == 10);
    CHECK(level_exact_empties(10) == 20);
    CHECK(level_exact_empties(11) == 19);
    CHECK(level_exact_empties(12) == 20);
    CHECK(level_exact_empties(30) == 24);
    CHECK(depth_exact_empties(9) == 17);
    CHECK(depth_exact_empties(10) == 18);
    CHECK(level_full_width(10));
    CHECK(!level_full_width(11));
    CHECK(level_selective_empties(10) == 20);
    CHECK(level_selective_empties(11) == 22);
    CHECK(level_selective_empties(12) == 24);
    CHECK(level_selective_empties(14) == 26);
    CHECK(level_selective_empties(30) == 26);
    Midgame40 m;
    m.limits.level = 3;
    CHECK(m.run().depth == 3);
  }

  TEST_CASE("a low level searches full width: the negamax value, where the same depth without a level prunes") {
    const auto weights = eval::default_weights();
    int pruned = 0;
    for (const Board& b : movable_positions(77, 6, 30, 3)) {
      Search s;
      std::atomic<bool> stop{false};
      Limits level;
      level.level = 5;
      const Result r = s.run(b, level, stop, {});
      CHECK(r.depth == 5);
      CHECK(r.score == eval_negamax(*weights, b, 5));
      Search selective;
      Limits depth;
      depth.depth = 5;
      pruned += selective.run(b, depth, stop, {}).score != r.score;
    }
    // Probcut changes some values at depth 5, so the check above can fail.
    CHECK(pruned > 0);
  }

  TEST_CASE("a selective level takes its move from the solver's ladder a few empties before its proof") {
    const std::vector<Board> boards = movable_positions(91, 1, 20, 1);
    REQUIRE(boards.size() == 1);
    const Board& b = boards.front();
    // Level 11 proves from 19 empties and climbs the ladder from 22; the
    // solver's ladder starts at 20 empties (endgame::Tuning).
    REQUIRE(b.empties() == 20);
    REQUIRE(level_exact_empties(11) < 20);
    REQUIRE(level_selective_empties(11) >= 20);
    std::atomic<bool> stop{false};
    Search s;
    Limits level;
    level.level = 11;
    const Result r = s.run(b, level, stop, {});
    CHECK(r.depth == 20);
    CHECK(!r.exact);
    CHECK(r.score % 100 == 0);
    // `go depth 11` stays in the midgame there.
    Search plain;
    Limits depth;
    depth.depth = 11;
    CHECK(plain.run(b, depth, stop, {}).depth == 11);
  }

  TEST_CASE("a missing or corrupt EvalFile is an error and keeps the weights") {
    Search s;
    const Board b = board_after(kMidgame);
    const int before = s.static_eval(b);
    std::string error;
    CHECK(!s.set_eval_file("/nonexistent/weights.bin", &error));
    CHECK(error.find("cannot open") != std::string::npos);
    CHECK(s.static_eval(b) == before);
    CHECK(s.set_eval_file("<default>"));
    CHECK(s.explain_eval(b).find("total") != std::string::npos);
  }

  TEST_CASE("the game over and forced pass positions") {
    Search s;
    std::atomic<bool> stop{false};
    const Board full{~0ULL, 0};
    const Result over = s.run(full, Limits{}, stop, {});
    CHECK(over.best == kNoMove);
    CHECK(over.exact);
    CHECK(over.score == 6400);
  }
}

TEST_SUITE("fast") {
  TEST_CASE("bench: stop ends it between positions and inside one, with no signature") {
    std::atomic<bool> stop{true};
    const BenchResult none = run_bench({}, &stop);
    CHECK(none.stopped);
    CHECK(none.positions == 0);
    CHECK(none.nodes == 0);
    // Stopped as the first position's line arrives: one position counted.
    stop = false;
    int lines = 0;
    const BenchResult one = run_bench([&](const std::string&) { ++lines, stop = true; }, &stop);
    CHECK(one.stopped);
    CHECK(one.positions == 1);
    CHECK(lines == 1);
    CHECK(one.nodes > 0);
  }
}

TEST_SUITE("slow") {
  // The bench signature: the same in every build (integer evaluation,
  // deterministic search). A change of search or evaluation updates it here
  // and in the commit message (Bench: N).
  TEST_CASE("bench node count") {
    const BenchResult r = run_bench();
    CHECK(r.nodes == 838674);
    CHECK(r.positions == kBenchPositions);
    CHECK_FALSE(r.stopped);
  }
}

TEST_SUITE("timing") {
  TEST_CASE("movetime is honoured and stop ends the search at once") {
    Midgame40 m;
    m.limits.movetime_ms = 200;
    auto t0 = std::chrono::steady_clock::now();
    CHECK(m.board.is_legal(m.run().best));
    CHECK(ms_since(t0) <= 280);  // 80 ms of slack for a loaded machine

    m.limits = Limits{};
    m.limits.infinite = true;
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      m.stop = true;
    });
    t0 = std::chrono::steady_clock::now();
    const Result r2 = m.run();
    stopper.join();
    CHECK(m.board.is_legal(r2.best));
    CHECK(ms_since(t0) <= 180);
  }

  TEST_CASE("a clock is never overspent") {
    Midgame40 m;
    m.limits.time_left_ms = 300;
    const auto t0 = std::chrono::steady_clock::now();
    m.run();
    CHECK(ms_since(t0) < 300);
  }
}
