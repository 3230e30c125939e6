#include <doctest/doctest.h>

#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "parity/core/notation.hpp"
#include "parity/engine/engine.hpp"
#include "parity/search/endgame.hpp"
#include "selfplay.hpp"

using namespace parity;
using namespace parity::trainer;
namespace fs = std::filesystem;

namespace {

// A file under the temporary folder with a name of its own, removed (with
// the temporary file of an atomic rewrite) when it goes out of scope.
class TempFile {
public:
  explicit TempFile(const std::string& name) {
    static int count = 0;
    path_ = (fs::temp_directory_path() /
             ("parity-selfplay-test-" + std::to_string(getpid()) + "-" + std::to_string(++count) + "-" + name))
                .string();
  }
  ~TempFile() {
    std::error_code ignored;
    fs::remove(path_, ignored);
    fs::remove(path_ + ".tmp", ignored);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

private:
  std::string path_;
};

std::string bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

SelfPlaySettings small() {
  SelfPlaySettings s;
  s.depth = 2;
  s.exact_empties = 8;
  s.random_min = 10;
  s.random_max = 20;
  s.seed = 12345;
  s.games = 6;
  return s;
}

SelfPlayReport play(const std::string& out, std::uint64_t k = 1, std::uint64_t n = 1, int threads = 1,
                    const SelfPlaySettings& settings = small()) {
  SelfPlayJob job;
  job.settings = settings;
  job.out = out;
  job.shard_k = k;
  job.shard_n = n;
  job.threads = threads;
  return run_selfplay(job);
}

// The file's bytes after a merge of it alone: sorted by index.
std::string sorted(const std::string& path) {
  TempFile merged("sorted");
  const MergeReport r = merge_selfplay(merged.path(), {path});
  REQUIRE(r.error.empty());
  return bytes(merged.path());
}

// The file of all the small run's games, played on one thread.
std::string whole_run() {
  TempFile file("whole");
  const SelfPlayReport r = play(file.path());
  REQUIRE(r.error.empty());
  CHECK(r.played == 6);
  CHECK(!r.stopped);
  return bytes(file.path());
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("trainer: selfplay shards merge to the bytes of the whole run") {
    const std::string whole = whole_run();
    const std::vector<std::string> lines = lines_of(whole);
    REQUIRE(lines.size() == 7);
    CHECK(lines[0] == "# parity-selfplay 1 engine=" + std::string(engine::version()) +
                          " depth=2 exact=8 random=10-20 seed=12345 games=6");
    for (std::size_t i = 1; i < lines.size(); ++i) CHECK(lines[i].starts_with(std::to_string(i - 1) + " "));

    TempFile first("shard1"), second("shard2"), merged("merged");
    REQUIRE(play(first.path(), 1, 2).error.empty());
    REQUIRE(play(second.path(), 2, 2).error.empty());
    for (const SelfPlayGame& g : read_selfplay(first.path(), nullptr)) CHECK(g.index % 2 == 0);
    for (const SelfPlayGame& g : read_selfplay(second.path(), nullptr)) CHECK(g.index % 2 == 1);
    const MergeReport r = merge_selfplay(merged.path(), {second.path(), first.path()});
    REQUIRE(r.error.empty());
    CHECK(r.games == 6);
    CHECK(bytes(merged.path()) == whole);
    CHECK(sorted(first.path()) != whole);  // a shard alone is not the whole
  }

  TEST_CASE("trainer: selfplay on 2 threads writes the games of 1 thread") {
    const std::string whole = whole_run();
    TempFile file("threads");
    const SelfPlayReport r = play(file.path(), 1, 1, 2);
    REQUIRE(r.error.empty());
    CHECK(r.played == 6);
    CHECK(sorted(file.path()) == whole);
    // A game is the same whatever the player played before it, itself
    // included (at depth 6 a table kept from the game itself changes it).
    SelfPlayer player(small());
    const std::string third = selfplay_line(player.play(3));
    player.play(5);
    CHECK(selfplay_line(player.play(3)) == third);
    CHECK(whole.find("\n" + third + "\n") != std::string::npos);
    SelfPlaySettings deeper = small();
    deeper.depth = 6;
    SelfPlayer deep(deeper);
    for (std::uint64_t index : {1, 2}) {
      const std::string once = selfplay_line(deep.play(index));
      CHECK(selfplay_line(deep.play(index)) == once);
    }
  }

  TEST_CASE("trainer: selfplay resumes a file cut in a line, dropping that line and invalid ones") {
    const std::string whole = whole_run();
    const std::vector<std::string> lines = lines_of(whole);
    TempFile file("resume");
    // The header, games 0 and 1, a line that is no game, game 2 with its
    // last move on the square of its first one (taken), and game 3 cut in
    // its middle.
    std::string game2 = lines[3];
    const std::size_t moves2 = game2.find(' ', game2.find(' ') + 1) + 1;
    game2.replace(game2.rfind(' ') - 2, 2, game2.substr(moves2, 2));
    write(file.path(), lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\nnot a game\n" + game2 + "\n" +
                           lines[4].substr(0, lines[4].size() / 2));
    const SelfPlayReport r = play(file.path());
    REQUIRE(r.error.empty());
    CHECK(r.kept == 2);
    CHECK(r.dropped == 3);
    CHECK(r.played == 4);
    CHECK(sorted(file.path()) == whole);
    // One thread plays in index order: the file itself is the whole run's.
    CHECK(bytes(file.path()) == whole);
    CHECK(!fs::exists(file.path() + ".tmp"));

    // A whole last line without its newline may still be cut (in its
    // score, say): it is dropped too.
    write(file.path(), lines[0] + "\n" + lines[1] + "\n" + lines[2]);
    const SelfPlayReport cut = play(file.path());
    CHECK(cut.kept == 1);
    CHECK(cut.dropped == 1);
    CHECK(bytes(file.path()) == whole);
    // Complete: a further run plays nothing and leaves the bytes.
    const SelfPlayReport again = play(file.path());
    CHECK(again.played == 0);
    CHECK(again.kept == 6);
    CHECK(bytes(file.path()) == whole);

    // A file cut inside its header holds no game: it is started again.
    write(file.path(), lines[0].substr(0, 10));
    REQUIRE(play(file.path()).error.empty());
    CHECK(bytes(file.path()) == whole);

    // A budget spent before the first game: nothing played, a stop.
    TempFile stopped("stopped");
    SelfPlayJob job;
    job.settings = small();
    job.out = stopped.path();
    job.keep_going = [] { return false; };
    const SelfPlayReport none = run_selfplay(job);
    CHECK(none.error.empty());
    CHECK(none.stopped);
    CHECK(none.played == 0);
    CHECK(bytes(stopped.path()) == lines[0] + "\n");
  }

  TEST_CASE("trainer: selfplay refuses a file written with other settings and leaves it as it was") {
    TempFile file("other");
    SelfPlaySettings other = small();
    other.depth = 3;
    const std::string text = selfplay_header(other) + "\n0 12 f5d6 +2\npartial";
    for (const std::string& content : {text, std::string("some other file\n"), std::string("no newline at all")}) {
      write(file.path(), content);
      const SelfPlayReport r = play(file.path());
      CHECK(!r.error.empty());
      CHECK(r.error.find('\n') == std::string::npos);
      CHECK(r.played == 0);
      CHECK(bytes(file.path()) == content);
      CHECK(!fs::exists(file.path() + ".tmp"));
    }
    // Settings out of range: an error, no file.
    TempFile none("none");
    SelfPlaySettings bad = small();
    bad.random_min = 30;
    CHECK(!play(none.path(), 1, 1, 1, bad).error.empty());
    CHECK(!play(none.path(), 3, 2).error.empty());
    CHECK(!fs::exists(none.path()));

    // A merge of files with other headers, or of two different games under
    // one index, fails and leaves the output alone.
    TempFile a("merge-a"), b("merge-b"), out("merge-out");
    const std::string whole = whole_run();
    write(a.path(), whole);
    write(b.path(), text.substr(0, text.rfind('\n') + 1));
    write(out.path(), "before");
    CHECK(!merge_selfplay(out.path(), {a.path(), b.path()}).error.empty());
    const std::vector<std::string> lines = lines_of(whole);
    const SelfPlayGame game1 = read_selfplay(a.path(), nullptr).at(1);
    SelfPlayGame other1 = read_selfplay(a.path(), nullptr).at(2);
    other1.index = game1.index;
    write(b.path(), lines[0] + "\n" + selfplay_line(other1) + "\n");
    const MergeReport clash = merge_selfplay(out.path(), {a.path(), b.path()});
    CHECK(clash.error.find("game 1 differs") != std::string::npos);
    CHECK(!merge_selfplay(out.path(), {a.path(), a.path() + ".missing"}).error.empty());
    CHECK(bytes(out.path()) == "before");
  }

  TEST_CASE("trainer: a selfplay file's samples are the moves after the random ones, proven from the exact empties") {
    TempFile file("samples"), other("not-selfplay");
    REQUIRE(play(file.path()).error.empty());
    CHECK(is_selfplay_file(file.path()));
    write(other.path(), "(;GM[Othello]PC[parity-match];)\n");
    CHECK_FALSE(is_selfplay_file(other.path()));
    std::size_t expected = 0, proven = 0;
    for (const SelfPlayGame& g : read_selfplay(file.path(), nullptr)) {
      expected += g.moves.size() - static_cast<std::size_t>(g.random_plies);
      Position pos = Position::start();
      for (std::size_t i = 0; i < g.moves.size(); ++i) {
        if (pos.board.must_pass()) pos = pos.play(kPass);
        if (i >= static_cast<std::size_t>(g.random_plies) && pos.board.empties() <= small().exact_empties) ++proven;
        pos = pos.play(g.moves[i]);
      }
    }
    std::vector<Sample> samples;
    std::string error = "unset";
    const GameStats stats = selfplay_samples(file.path(), samples, &error);
    CHECK(error.empty());
    CHECK(stats.games == 6);
    CHECK(stats.skipped == 0);
    CHECK(stats.positions == expected);
    REQUIRE(samples.size() == expected);
    std::size_t exact = 0;
    for (const Sample& s : samples) exact += s.exact;
    CHECK(proven > 0);
    CHECK(exact == proven);
  }

  TEST_CASE("trainer: read_selfplay returns the games written and rejects bad lines") {
    const SelfPlaySettings s = small();
    TempFile file("read");
    write(file.path(), whole_run());
    std::string error = "not cleared";
    const std::vector<SelfPlayGame> games = read_selfplay(file.path(), &error);
    CHECK(error.empty());
    REQUIRE(games.size() == 6);
    SelfPlayer player(s);
    for (std::size_t i = 0; i < games.size(); ++i) {
      const SelfPlayGame& g = games[i];
      CHECK(g.index == i);
      CHECK(selfplay_line(g) == selfplay_line(player.play(i)));
      CHECK(g.exact_empties == 8);
      CHECK(g.random_plies >= s.random_min);
      CHECK(g.random_plies <= s.random_max);
      const auto replayed = play_transcript(transcript_string(g.moves));
      REQUIRE(replayed);
      CHECK(replayed->end.board.game_over());
      CHECK(replayed->end.black_score() == g.black_score);
    }

    // Bad lines, each alone after the header: a wrong score, an index
    // beyond the games, too few random moves, an unfinished game, another
    // spelling, an index again.
    const std::vector<std::string> lines = lines_of(bytes(file.path()));
    SelfPlayGame wrong = games[0];
    wrong.black_score += 2;
    std::string beyond = lines[1], too_few = lines[1], unfinished = lines[1], upper = lines[1];
    beyond[0] = '6';
    too_few.replace(too_few.find(' '), std::to_string(games[0].random_plies).size() + 1, " 9");
    unfinished.replace(unfinished.rfind(' ') - 2, 2, "");
    const std::size_t moves = upper.find(' ', upper.find(' ') + 1) + 1;
    upper[moves] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[moves])));
    for (const std::string& bad :
         {selfplay_line(wrong), beyond, too_few, unfinished, upper, lines[1] + "\n" + lines[1], std::string("")}) {
      write(file.path(), lines[0] + "\n" + bad + "\n");
      const std::vector<SelfPlayGame> read = read_selfplay(file.path(), &error);
      CHECK(read.size() == (bad.find('\n') == std::string::npos ? 0 : 1));
      CHECK(error.find("1 bad line rejected") != std::string::npos);
    }
    write(file.path(), lines[0] + "\n" + lines[1] + "\n" + beyond + "\n" + too_few + "\n" + lines[2] + "\n");
    CHECK(read_selfplay(file.path(), &error).size() == 2);
    CHECK(error.find("2 bad lines rejected (first line 3: index 6 beyond") != std::string::npos);

    CHECK(read_selfplay(file.path() + ".missing", &error).empty());
    CHECK(!error.empty());
    write(file.path(), "3 12 f5d6 +2\n");
    CHECK(read_selfplay(file.path(), &error).empty());
    CHECK(error.find("header") != std::string::npos);
  }

  TEST_CASE("trainer: selfplay plays perfectly from the exact empties on") {
    // Deeper than the others: a depth-2 search often misses the best move
    // at 9-12 empties, so a solver that took over too late would show.
    SelfPlaySettings s = small();
    s.exact_empties = 12;
    SelfPlayer player(s);
    TranspositionTable table(8);
    Solver solver(table);
    int checked = 0;
    for (std::uint64_t index : {0, 1, 2}) {
      const SelfPlayGame g = player.play(index);
      Position pos;
      for (std::size_t k = 0; k < g.moves.size(); ++k) {
        if (pos.board.must_pass()) pos = pos.play(kPass);
        const Position next = pos.play(g.moves[k]);
        if (k >= static_cast<std::size_t>(g.random_plies) && pos.board.empties() <= s.exact_empties) {
          CHECK(solver.solve(pos.board).score == -solver.solve(next.board).score);
          ++checked;
        }
        pos = next;
      }
    }
    CHECK(checked >= 3 * s.exact_empties - 6);
  }
}
