#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "games.hpp"
#include "parity/core/notation.hpp"

using namespace parity;
using namespace parity::trainer;

namespace {

constexpr const char* kHeader =
    "(;GM[Othello]PC[parity-match]PB[parity-b]PW[parity-a]RE[+4.00]TI[00:02/00:00.050/00:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]";

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("parity-trainer-test-" + name)).string();
}

// The GGF text of a game given as a transcript, as parity-match writes it.
std::string ggf_of(const std::string& transcript) {
  std::string out = kHeader;
  const Transcript t = play_transcript(transcript).value();
  Position pos = Position::start();
  for (Move m : t.moves) {
    out += std::string(pos.side == Color::kBlack ? "B[" : "W[") + move_name(m) + "]";
    pos = pos.play(m);
  }
  return out + ";)";
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("trainer: self-play GGF games become samples labelled with the final score") {
    // A self-play game from an XOT opening to its end (60 moves, no pass),
    // one unfinished, one from another start.
    const std::string full =
        "f5f4g3g6d3e6f3c4e7d7g5d2c6f6d6e8c3b4f7c5b5e3c8d8f8c7b8g4b6a5e2f1h7f2h3h5a3b3c2a7d1e1a6a4a8h6h4b1c1g8a1h2h8g7a2b2h1b7g2g1";
    const std::string path = temp_path("games.ggf");
    {
      std::ofstream out(path);
      out << ggf_of(full) << "\n"
          << ggf_of("f5d6c3d3") << "\n"
          << "(;GM[Othello]TY[8]BO[8 --------------------------OO*------*O--------------------------- *]B[c5];)\n"
          << "no game on this line\n";
    }
    const Transcript t = play_transcript(full).value();
    REQUIRE(t.end.board.game_over());
    std::vector<Sample> samples;
    const GameStats stats = read_ggf_games(path, samples);
    CHECK(stats.games == 3);
    CHECK(stats.skipped == 2);
    // One sample a position where the side to move has a move.
    CHECK(stats.positions == 60);
    REQUIRE(samples.size() == 60);
    const int black_final = t.end.black_score();
    CHECK(black_final == 4);
    CHECK(samples.front().board == Board::start().canonical());
    CHECK(samples.front().label == static_cast<float>(black_final));
    CHECK(samples[1].label == static_cast<float>(-black_final));  // white's view after f5
    for (const Sample& s : samples) CHECK_FALSE(s.exact);
    std::filesystem::remove(path);
  }
}
