#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "parity/core/notation.hpp"
#include "parity/engine/engine.hpp"
#include "parity/engine/line_log.hpp"
#include "parity/engine/memory.hpp"

using namespace parity;
using namespace parity::engine;

namespace {

// Collects what the engine reports through its handlers.
struct Recorder {
  std::mutex mutex;
  std::vector<BestMove> best;
  int infos = 0;

  explicit Recorder(Engine& engine) {
    engine.on_info([this](const search::Info&) {
      std::lock_guard lock(mutex);
      ++infos;
    });
    engine.on_bestmove([this](const BestMove& b) {
      std::lock_guard lock(mutex);
      best.push_back(b);
    });
  }
  std::size_t count() {
    std::lock_guard lock(mutex);
    return best.size();
  }
};

Position board(const std::string& text) { return parse_board_line(text).value(); }

// Black (b1) cannot flank white's corner a1; white can play c1.
const std::string kBlackMustPass = "OX" + std::string(62, '-') + " X";
const std::string kGameOver = std::string(63, 'X') + "O X";

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("options: types, ranges and errors change nothing") {
    Engine engine;
    const Options& o = engine.options();
    for (const char* name : {"Hash", "Threads", "MultiPV", "MoveOverhead", "LogFile", "Level"}) CHECK(o.find(name));
    CHECK(o.value("Level") == "60");
    CHECK(!engine.set_option("level", "12"));
    CHECK(o.integer("Level") == 12);
    CHECK(engine.set_option("Level", "61"));
    CHECK(engine.set_option("Level", "0"));
    CHECK(engine.set_option("Level", "x"));
    CHECK(engine.set_option("Level", ""));
    CHECK(o.integer("Level") == 12);
    CHECK(engine.set_option("NoSuchOption", "1")->message.find("no such option") != std::string::npos);

    Options options;
    bool pressed = false;
    options.add(Option::check("Flag", false, ""));
    options.add(Option::combo("Style", "Normal", {"Normal", "Wild"}, ""));
    options.add(Option::button("Clear", "", [&](const std::string&) {
      pressed = true;
      return std::optional<Error>();
    }));
    options.add(Option::string("Refuses", "a", "", [](const std::string&) { return std::optional<Error>(Error{"no"}); }));
    CHECK(!options.set("flag", "TRUE"));
    CHECK(options.check("Flag"));
    CHECK(options.set("Flag", "yes"));
    CHECK(!options.set("style", "wild"));
    CHECK(options.value("Style") == "Wild");
    CHECK(options.set("Style", "Tame"));
    CHECK(!options.set("Clear", ""));
    CHECK(pressed);
    CHECK(options.set("Refuses", "b"));
    CHECK(options.value("Refuses") == "a");
  }

  TEST_CASE("default limits carry the options the search needs") {
    Engine engine;
    CHECK(!engine.set_option("MultiPV", "3"));
    CHECK(!engine.set_option("Level", "7"));
    CHECK(!engine.set_option("MoveOverhead", "45"));
    const search::Limits limits = engine.default_limits();
    CHECK(limits.multipv == 3);
    CHECK(limits.level == 7);
    CHECK(limits.move_overhead_ms == 45);
    CHECK(limits.time_left_ms == -1);
    CHECK(limits.depth == 0);
  }

  TEST_CASE("game: play, play_as with an implied pass, undo") {
    Game game;
    CHECK(!game.play(*parse_square("f5")));
    CHECK(game.play(*parse_square("f5")));  // taken now
    CHECK(game.play(kPass));
    CHECK(game.moves().size() == 1);
    CHECK(game.play_as(Color::kBlack, *parse_square("d6")));  // white is to move and has moves
    CHECK(!game.play_as(Color::kWhite, *parse_square("d6")));
    CHECK(game.undo());
    CHECK(game.undo());
    CHECK(!game.undo());
    CHECK(game.position() == Position::start());

    Game pass(board(kBlackMustPass));
    const Move white_move = first_square(pass.position().board.pass().legal_moves());
    CHECK(!pass.play_as(Color::kWhite, white_move));
    CHECK(pass.moves() == std::vector<Move>{kPass, white_move});
    CHECK(pass.position_at(1).side == Color::kWhite);

    auto t = Game::from_transcript("f5d6c3");
    REQUIRE(t);
    CHECK(t->moves().size() == 3);
    CHECK(!Game::from_transcript("f5f5"));
  }

  TEST_CASE("go searches on its own thread and reports through the handlers") {
    Engine engine;
    Recorder rec(engine);
    search::Limits limits = engine.default_limits();
    limits.depth = 2;
    REQUIRE(!engine.go(limits));
    engine.wait();
    REQUIRE(rec.count() == 1);
    CHECK(Position::start().board.is_legal(rec.best[0].result.best));
    CHECK(rec.infos >= 1);

    engine.set_game(Game(board(kBlackMustPass)));
    REQUIRE(!engine.go(limits));
    engine.wait();
    CHECK(rec.best.back().result.best == kPass);

    engine.set_game(Game(board(kGameOver)));
    REQUIRE(!engine.go(limits));
    engine.wait();
    CHECK(rec.best.back().result.best == kNoMove);
  }

  TEST_CASE("analyze over several positions reports each, in order") {
    Engine engine;
    Recorder rec(engine);
    search::Limits limits = engine.default_limits();
    limits.depth = 1;
    auto game = Game::from_transcript("f5d6c3d3");
    REQUIRE(game);
    std::vector<Position> positions;
    for (std::size_t i = 0; i <= game->moves().size(); ++i) positions.push_back(game->position_at(i));
    REQUIRE(!engine.analyze(limits, positions));
    engine.wait();
    REQUIRE(rec.count() == positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
      CHECK(rec.best[i].index == i);
      CHECK(rec.best[i].last == (i + 1 == positions.size()));
      CHECK(rec.best[i].position == positions[i]);
    }
  }

  TEST_CASE("an infinite search answers only after stop; a second go is refused") {
    Engine engine;
    Recorder rec(engine);
    search::Limits limits = engine.default_limits();
    limits.infinite = true;
    engine.set_game(Game(board(kBlackMustPass)));  // the search itself ends at once
    REQUIRE(!engine.go(limits));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    CHECK(rec.count() == 0);
    CHECK(engine.searching());
    CHECK(engine.go(limits));
    engine.stop();
    engine.wait();
    CHECK(rec.count() == 1);
    CHECK(!engine.searching());
  }

  TEST_CASE("changing the game or an option ends the search first") {
    Engine engine;
    Recorder rec(engine);
    search::Limits limits = engine.default_limits();
    limits.infinite = true;
    REQUIRE(!engine.go(limits));
    engine.set_game(Game());
    CHECK(rec.count() == 1);
    REQUIRE(!engine.go(limits));
    CHECK(!engine.set_option("Hash", "8"));
    CHECK(rec.count() == 2);
    REQUIRE(!engine.go(limits));
    engine.halt();  // before the recorder goes
    CHECK(rec.count() == 3);
  }

  TEST_CASE("LogFile records lines in and out with times") {
    const std::string path = "parity_engine_test.log";
    std::remove(path.c_str());
    Engine engine;
    CHECK(!engine.set_option("LogFile", path));
    engine.log().in("uci");
    engine.log().out("uciok");
    CHECK(!engine.set_option("LogFile", ""));
    engine.log().in("not logged");
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    CHECK(text.str().find("< uci\n") != std::string::npos);
    CHECK(text.str().find("> uciok\n") != std::string::npos);
    CHECK(text.str().find("not logged") == std::string::npos);
    CHECK(engine.set_option("LogFile", "/nonexistent-dir/x.log"));
    CHECK(engine.options().value("LogFile").empty());
    std::remove(path.c_str());
  }
}

TEST_SUITE("timing") {
  TEST_CASE("a clock at zero or below gets a legal move at once") {
    Engine engine;
    Recorder rec(engine);
    for (std::int64_t clock : {0, -500}) {
      search::Limits limits = engine.default_limits();
      limits.time_left_ms = clock;
      const auto start = std::chrono::steady_clock::now();
      REQUIRE(!engine.go(limits));
      engine.wait();
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
      CHECK(ms < 250);
      CHECK(Position::start().board.is_legal(rec.best.back().result.best));
    }
  }
}

TEST_SUITE("fast") {
  TEST_CASE("LogFile: a path that cannot be opened leaves the log in use") {
    const std::string path = std::filesystem::temp_directory_path() / ("parity-log-" + std::to_string(::getpid()) + ".txt");
    std::filesystem::remove(path);
    engine::LineLog log;
    REQUIRE_FALSE(log.open(path));
    log.in("first");
    const auto refused = log.open("/nonexistent/folder/log.txt");
    REQUIRE(refused);
    CHECK(refused->message == "cannot open log file '/nonexistent/folder/log.txt' (the log is unchanged)");
    log.out("second");
    REQUIRE_FALSE(log.open(""));
    log.in("not logged");
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("< first\n") != std::string::npos);
    CHECK(text.find("> second\n") != std::string::npos);
    CHECK(text.find("not logged") == std::string::npos);
    std::filesystem::remove(path);
  }
}

TEST_SUITE("fast") {
  TEST_CASE("hash_room_problem: the one memory check of Hash and solve --hash") {
    const engine::MemoryProbe gib = [] { return std::optional<engine::MemoryLimit>({1ull << 30, "MemAvailable"}); };
    const engine::MemoryProbe none = [] { return std::optional<engine::MemoryLimit>(); };
    CHECK_FALSE(engine::hash_room_problem(960, 0, 64, gib));   // 960 + 64 MB fill the GiB exactly
    const auto over = engine::hash_room_problem(961, 0, 64, gib);
    REQUIRE(over);
    CHECK(*over == "MemAvailable leaves room for 1024 MB, and 64 MB are kept for the rest of the engine");
    CHECK_FALSE(engine::hash_room_problem(1024, 64, 64, gib));  // the old table's 64 MB are freed first
    const auto freed = engine::hash_room_problem(1025, 64, 64, gib);
    REQUIRE(freed);
    CHECK(*freed == "MemAvailable leaves room for 1088 MB, and 64 MB are kept for the rest of the engine");
    CHECK_FALSE(engine::hash_room_problem(64, 128, 64, none));  // shrinking always fits
    CHECK_FALSE(engine::hash_room_problem(1 << 20, 0, 64, none));  // no figure: nothing to refuse by
  }
}
