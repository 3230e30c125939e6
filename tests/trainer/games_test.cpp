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

// A game of 60 moves, no pass, that black wins by 4.
constexpr const char* kFullGame =
    "f5f4g3g6d3e6f3c4e7d7g5d2c6f6d6e8c3b4f7c5b5e3c8d8f8c7b8g4b6a5e2f1h7f2h3h5a3b3c2a7d1e1a6a4a8h6h4b1c1g8a1h2h8g7a2b2h1b7g2g1";

// A WTHOR file holding one game, with `theoretical` black discs at 24 empties.
void write_wthor(const std::string& path, const std::string& transcript, int black_discs, int theoretical) {
  std::string bytes(16, '\0');
  bytes[4] = 1;    // one game
  bytes[12] = 8;   // board size
  bytes[14] = 24;  // empties of the theoretical score
  std::string rec(68, '\0');
  rec[6] = static_cast<char>(black_discs);
  rec[7] = static_cast<char>(theoretical);
  const Transcript t = play_transcript(transcript).value();
  for (std::size_t i = 0; i < t.moves.size(); ++i)
    rec[8 + i] = static_cast<char>(10 * (t.moves[i] / 8 + 1) + t.moves[i] % 8 + 1);
  std::ofstream(path, std::ios::binary) << bytes << rec;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("trainer: WTHOR's theoretical score labels its point, and the positions before it when asked") {
    const std::filesystem::path dir = temp_path("wthor-data");
    std::filesystem::create_directories(dir / "wthor");
    write_wthor((dir / "wthor" / "WTH_2000.wtb").string(), kFullGame, 34, 30);
    for (WthorLabels rule : {WthorLabels::kFinal, WthorLabels::kTheoretical}) {
      std::vector<Sample> samples;
      const GameStats stats = read_all_games(dir.string(), samples, rule, [](std::size_t, std::size_t) {});
      CHECK(stats.games == 1);
      CHECK(stats.skipped == 0);
      REQUIRE(samples.size() == 60);
      int proven = 0;
      for (std::size_t ply = 0; ply < samples.size(); ++ply) {
        const Sample& s = samples[ply];
        const int empties = 60 - static_cast<int>(ply);
        const float sign = ply % 2 == 0 ? 1.0f : -1.0f;  // no pass: black moves at even plies
        const bool theoretical = empties == 24 || (empties > 24 && rule == WthorLabels::kTheoretical);
        CHECK(s.label == sign * (theoretical ? -4.0f : 4.0f));
        CHECK(s.exact == (empties == 24));
        proven += s.exact;
      }
      CHECK(proven == 1);
    }
    std::filesystem::remove_all(dir);
  }

  TEST_CASE("trainer: a self-play game trains from its first searched move, proven where both played perfectly") {
    const Transcript t = play_transcript(kFullGame).value();
    std::vector<Sample> samples;
    REQUIRE(add_self_play_game(t.moves, 20, 14, samples));
    REQUIRE(samples.size() == 40);
    Position pos = Position::start();
    for (int i = 0; i < 20; ++i) pos = pos.play(t.moves[i]);
    CHECK(samples.front().board == pos.board.canonical());
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const int empties = 40 - static_cast<int>(i);
      CHECK(samples[i].exact == (empties <= 14));
      CHECK(samples[i].label == (i % 2 == 0 ? 4.0f : -4.0f));
    }
    samples.clear();
    CHECK_FALSE(add_self_play_game(std::vector<Move>(t.moves.begin(), t.moves.end() - 1), 20, 14, samples));
    CHECK(samples.empty());
  }

  TEST_CASE("trainer: self-play GGF games become samples labelled with the final score") {
    // A self-play game from an XOT opening to its end (60 moves, no pass),
    // one unfinished, one from another start.
    const std::string full = kFullGame;
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
