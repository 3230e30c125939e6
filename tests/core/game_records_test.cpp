#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "parity/core/notation.hpp"

using namespace parity;
namespace fs = std::filesystem;

namespace {

// PARITY_DATA_DIR from the environment, else the folder CMake was given.
// Absent data skips the test, except under CI=true where it is a failure.
bool find_data(fs::path& dir) {
  const char* env = std::getenv("PARITY_DATA_DIR");
  dir = env && *env ? fs::path(env) : fs::path(PARITY_SHARED_DATA_DIR);
  if (fs::is_directory(dir)) return true;
  const char* ci = std::getenv("CI");
  if (ci && std::string(ci) == "true") FAIL("shared data folder not found at " << dir << " (CI=true)");
  MESSAGE("skipped: shared data folder not found at " << dir << "; set PARITY_DATA_DIR");
  return false;
}

struct Replay {
  Position position = Position::start();
  bool legal = true;

  void play(Move m) {
    if (!legal) return;
    if (position.board.must_pass()) position = position.play(kPass);
    if (m == kPass ? !position.board.must_pass() : !position.board.is_legal(m)) {
      legal = false;
      return;
    }
    position = position.play(m);
  }
  bool finished() const { return position.board.game_over(); }
};

}  // namespace

TEST_SUITE("data") {
  TEST_CASE("every WTHOR game replays and finished games reproduce their result") {
    fs::path dir;
    if (!find_data(dir)) return;
    std::size_t games = 0, finished = 0, files = 0;
    std::vector<fs::path> paths;
    for (const auto& entry : fs::directory_iterator(dir / "wthor"))
      if (entry.path().extension() == ".wtb") paths.push_back(entry.path());
    for (const auto& path : paths) {
      std::ifstream in(path, std::ios::binary);
      const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      REQUIRE(bytes.size() >= 16);
      const std::size_t count = bytes[4] | bytes[5] << 8 | bytes[6] << 16 | static_cast<std::size_t>(bytes[7]) << 24;
      REQUIRE(bytes.size() == 16 + 68 * count);
      ++files;
      for (std::size_t g = 0; g < count; ++g) {
        const unsigned char* rec = bytes.data() + 16 + 68 * g;
        Replay r;
        for (int i = 0; i < 60 && rec[8 + i]; ++i) {
          const int code = rec[8 + i];
          const int row = code / 10, col = code % 10;
          REQUIRE_MESSAGE((row >= 1 && row <= 8 && col >= 1 && col <= 8), path << " game " << g << " bad move byte " << code);
          r.play(square_at(col - 1, row - 1));
        }
        REQUIRE_MESSAGE(r.legal, path << " game " << g << " has an illegal move");
        ++games;
        if (r.finished()) {
          ++finished;
          REQUIRE_MESSAGE((64 + r.position.black_score()) / 2 == rec[6], path << " game " << g << " result");
        }
      }
    }
    CHECK(games == 137548);
    CHECK(finished == 137135);
    MESSAGE("WTHOR: " << files << " files, " << games << " games, " << finished << " finished");
  }

  TEST_CASE("every Logistello game replays to its recorded disc difference") {
    fs::path dir;
    if (!find_data(dir)) return;
    const fs::path file = dir / "logistello" / "logbook.gam.gz";
    REQUIRE(fs::exists(file));
    FILE* pipe = popen(("gzip -dc '" + file.string() + "'").c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::size_t games = 0;
    char buffer[1024];
    while (std::fgets(buffer, sizeof buffer, pipe)) {
      const std::string line(buffer);
      const auto colon = line.find(':');
      REQUIRE(colon != std::string::npos);
      Replay r;
      for (std::size_t i = 0; i + 2 < colon; i += 3) {
        const bool black = line[i] == '+';
        REQUIRE((black || line[i] == '-'));
        auto sq = parse_square(line.substr(i + 1, 2));
        REQUIRE(sq);
        if (r.position.board.must_pass()) r.position = r.position.play(kPass);
        REQUIRE_MESSAGE((r.position.side == Color::kBlack) == black, "game " << games << " colour out of turn");
        r.play(*sq);
        REQUIRE_MESSAGE(r.legal, "Logistello game " << games << " has an illegal move");
      }
      REQUIRE(r.finished());
      const int recorded = std::stoi(line.substr(colon + 1));
      REQUIRE_MESSAGE(popcount(r.position.black()) - popcount(r.position.white()) == recorded, "game " << games);
      ++games;
    }
    pclose(pipe);
    CHECK(games == 121123);
  }

  TEST_CASE("every eOthello game replays and finished games have the recorded winner") {
    fs::path dir;
    if (!find_data(dir)) return;
    std::ifstream in(dir / "eothello" / "eothello-games.csv");
    REQUIRE(in);
    std::string line;
    std::getline(in, line);  // header
    std::size_t games = 0, finished = 0;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      const auto c1 = line.find(','), c2 = line.find(',', c1 + 1);
      REQUIRE(c2 != std::string::npos);
      const int winner = std::stoi(line.substr(c1 + 1, c2 - c1 - 1));
      auto t = play_transcript(std::string_view(line).substr(c2 + 1));
      REQUIRE_MESSAGE(t, "eOthello line " << games + 2 << ": " << (t ? "" : t.error().message));
      ++games;
      if (t->end.board.game_over()) {
        ++finished;
        const int score = t->end.black_score();
        REQUIRE((score > 0 ? 1 : score < 0 ? -1 : 0) == winner);
      }
    }
    CHECK(games == 25657);
    CHECK(finished == 25655);
  }
}
