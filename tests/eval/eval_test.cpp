#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "parity/core/notation.hpp"
#include "parity/eval/evaluator.hpp"

using namespace parity;
using namespace parity::eval;

namespace {

std::shared_ptr<const Weights> random_weights(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(-300, 300);
  CompactWeights c;
  c.stages.assign(kStages, std::vector<std::int16_t>(compact_size()));
  for (auto& s : c.stages)
    for (auto& v : s) v = static_cast<std::int16_t>(value(rng));
  return *Weights::from_compact(c);
}

// Random legal games, passes included, as (board, move) sequences.
template <class F>
void random_games(unsigned seed, int games, F&& visit) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    Board b = Board::start();
    while (!b.game_over()) {
      visit(b);
      const Bitboard moves = b.legal_moves();
      if (!moves) {
        b = b.pass();
        continue;
      }
      std::vector<Square> list;
      for (Square s : squares(moves)) list.push_back(s);
      b = b.play(list[rng() % list.size()]);
    }
  }
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("the feature set: 46 instances, every square covered, at most 8 features a square") {
    CHECK(instances().size() == kNumInstances);
    std::array<int, 64> per_square{};
    for (const auto& inst : instances())
      for (Square s : inst.cells) ++per_square[s];
    for (int s = 0; s < 64; ++s) {
      CHECK(per_square[s] >= 1);
      CHECK(per_square[s] <= 8);
    }
    CHECK(compact_size() == 113878);
  }

  TEST_CASE("the table shape known at compile time is the feature set's") {
    REQUIRE(base_patterns().size() == kNumPatterns);
    std::array<int, kNumPatterns> images{};
    for (const auto& inst : instances()) ++images[inst.pattern];
    std::uint32_t at = 0;
    for (int p = 0; p < kNumPatterns; ++p) {
      CHECK(static_cast<int>(base_patterns()[p].cells.size()) == kPatternCells[p]);
      CHECK(images[p] == kPatternImages[p]);
      for (int i = 0; i < kNumInstances; ++i)
        if (instances()[i].pattern == p) CHECK(kInstanceOffsets[i] == at);
      at += static_cast<std::uint32_t>(pow3(static_cast<int>(base_patterns()[p].cells.size())));
    }
    const auto w = random_weights(5);
    for (int p = 0; p < kNumPatterns; ++p) {
      const auto first = std::find_if(instances().begin(), instances().end(), [&](const Instance& inst) { return inst.pattern == p; });
      CHECK(w->table(0, p) == w->stage_table(0) + kInstanceOffsets[first - instances().begin()]);
    }
  }

  TEST_CASE("pattern indices: the fast form equals the cell-by-cell one") {
    std::mt19937_64 rng(46);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
      const Bitboard occupied = rng() | rng();  // dense, as in the endgame
      const Bitboard first = occupied & rng();
      const Bitboard second = i % 2 ? occupied & ~first : (rng() & rng() & ~first);
      REQUIRE(compute_indices(first, second) == compute_indices_reference(first, second));
      ++checked;
    }
    random_games(7, 20, [](const Board& b) {
      REQUIRE(compute_indices(b.player, b.opponent) == compute_indices_reference(b.player, b.opponent));
    });
    CHECK(checked == 20000);
  }

  TEST_CASE("the value is the same for all 8 symmetric images") {
    const auto weights = random_weights(1);
    int checked = 0;
    random_games(7, 20, [&](const Board& b) {
      const int v = evaluate(*weights, b);
      for (Symmetry s : kAllSymmetries) REQUIRE(evaluate(*weights, b.transformed(s)) == v);
      ++checked;
    });
    CHECK(checked > 1000);
  }

  TEST_CASE("incremental updates match a full evaluation, through passes and undos") {
    const auto weights = random_weights(2);
    std::mt19937 rng(3);
    for (int g = 0; g < 50; ++g) {
      Evaluator ev(weights);
      Board b = Board::start();
      ev.set(b);
      std::vector<Board> line{b};
      while (!b.game_over()) {
        const Bitboard moves = b.legal_moves();
        if (!moves) {
          b = b.pass();
          ev.pass();
        } else {
          std::vector<Square> list;
          for (Square s : squares(moves)) list.push_back(s);
          // Every move's leaf value first, then one of them played.
          for (Square s : list) {
            const Board leaf = b.after(s, b.flips(s));
            REQUIRE(ev.value_after(s, b.flips(s), leaf.empties()) == evaluate(*weights, leaf));
          }
          const Square sq = list[rng() % list.size()];
          const Bitboard f = b.flips(sq);
          ev.play(sq, f);
          b = b.after(sq, f);
        }
        line.push_back(b);
        REQUIRE(ev.value(b.empties()) == evaluate(*weights, b));
      }
      for (std::size_t i = line.size() - 1; i > 0; --i) {
        ev.undo();
        REQUIRE(ev.value(line[i - 1].empties()) == evaluate(*weights, line[i - 1]));
      }
    }
  }

  TEST_CASE("weights files round-trip, and bad files are errors") {
    const auto weights = random_weights(4);
    const auto bytes = encode_weights(weights->compact());
    auto back = decode_weights(bytes);
    REQUIRE(back.ok());
    CHECK(back->stages == weights->compact().stages);

    auto corrupt = bytes;
    corrupt[corrupt.size() / 2] ^= 0x10;
    CHECK(!decode_weights(corrupt).ok());
    CHECK(!decode_weights(std::span(bytes).first(bytes.size() - 9)).ok());
    CHECK(!decode_weights({}).ok());

    const auto missing = load_weights_file("/nonexistent/parity-weights.bin");
    REQUIRE(!missing.ok());
    CHECK(missing.error().message.find("cannot open") != std::string::npos);

    const auto path = std::filesystem::temp_directory_path() / "parity-eval-test-garbage.bin";
    { std::ofstream(path) << "this is not a weights file"; }
    const auto garbage = load_weights_file(path.string());
    CHECK(!garbage.ok());
    std::filesystem::remove(path);
  }

  TEST_CASE("the breakdown names every pattern and the total") {
    const std::string text = explain(*default_weights(), Board::start());
    CHECK(text.find("corner3x3") != std::string::npos);
    CHECK(text.find("total") != std::string::npos);
  }
}

TEST_SUITE("fast") {
  // The values of the shipped weights: a retraining updates them here.
  TEST_CASE("the shipped weights give their recorded values") {
    const auto weights = default_weights();
    CHECK(evaluate(*weights, Board::start()) == 1087);
    const auto line = play_transcript("f5d6c3d3c4f4f6f3e6e7");
    REQUIRE(line.ok());
    CHECK(evaluate(*weights, line->end.board) == -172);
  }
}
