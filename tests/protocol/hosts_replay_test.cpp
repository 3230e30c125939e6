// Replays what real hosts sent (tests/data/hosts, README there) and checks
// the engine's answers: exactly where they do not depend on the search,
// and otherwise that every go or genmove is answered once, with a legal move.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "harness.hpp"
#include "parity/core/notation.hpp"
#include "parity/protocol/text.hpp"

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

struct LogLine {
  bool host = false;  // '<': the host to the engine
  std::string text;
};

// The lines of a log, up to a "cut" line if it has one.
std::vector<LogLine> read_log(const std::filesystem::path& path) {
  std::ifstream file(path);
  REQUIRE(file);
  std::vector<LogLine> lines;
  // "YYYY-MM-DD HH:MM:SS.mmm < TEXT": the direction is the 25th character.
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("[...", 0) == 0) {
      // Cut there: the last host lines may have lost their answers.
      while (!lines.empty() && lines.back().host) lines.pop_back();
      break;
    }
    REQUIRE(line.size() >= 25);
    lines.push_back({line[24] == '<', line.size() > 26 ? line.substr(26) : ""});
  }
  return lines;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The engine's replies to host line `i`: the lines after it up to the next host line.
Lines logged_replies(const std::vector<LogLine>& log, std::size_t i) {
  Lines out;
  for (std::size_t j = i + 1; j < log.size() && !log[j].host; ++j) out.push_back(log[j].text);
  return out;
}

// Lines as one string, for readable failures.
std::string joined(const Lines& lines) {
  std::string out;
  for (const auto& l : lines) (out += l) += " | ";
  return out;
}

bool from_search(const std::string& l) {
  return starts_with(l, "info depth ") || starts_with(l, "bestmove") || starts_with(l, "search ") ||
         starts_with(l, "nodestats") || starts_with(l, "=== ") || starts_with(l, "analysis ") || l == "status" ||
         l == "status thinking";
}

// A legal answer to a search of `p`, in the protocol's words.
bool legal_answer(const Position& p, std::string move) {
  for (char& c : move) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (move == "pass" || move == "pa") return p.board.must_pass();
  const auto m = parse_move(move);
  return m && *m != kPass && p.board.is_legal(*m);
}

// Cute Games over UGI. Clock limits become a small node budget; depth and
// node limits are kept (go nodes at level 60 once never answered).
void replay_ugi(const std::vector<LogLine>& log, bool expect_rejections) {
  Session s(ProtocolKind::kUci);
  int goes = 0, rejected = 0;
  bool position_ok = true;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (!log[i].host) continue;
    std::string line = log[i].text;
    INFO(line.substr(0, 120));
    const auto words = protocol::split_words(line);
    const std::string command = words.empty() ? "" : std::string(words[0]);
    if (command == "go") {
      if (line.find("time") != std::string::npos) line = "go nodes 5000";
      const Position before = s.engine.position();
      Lines reply = s.send_and_wait(line);
      ++goes;
      int bestmoves = 0;
      for (const auto& l : reply) bestmoves += starts_with(l, "bestmove");
      CHECK(bestmoves == 1);
      REQUIRE(!reply.empty());
      const std::string move = reply.back().substr(9);
      if (position_ok) CHECK(legal_answer(before, move));
      else CHECK(reply.back() == "bestmove (none)");
      continue;
    }
    const Lines reply = s.send(line);
    if (command == "position") {
      position_ok = reply.empty();
      if (!position_ok) {
        ++rejected;
        CHECK(reply.size() == 1);
        CHECK(starts_with(reply[0], "info string error: position: "));
      }
      continue;
    }
    Lines expected = logged_replies(log, i);
    std::erase_if(expected, from_search);  // the end of a search the log shows late
    if (command == "ugi" || command == "uci") {
      // The handshake has gained the Name option since the log was made.
      REQUIRE(expected.size() > 2);
      expected[0] = "id name " + s.engine.display_name() + " " + std::string(engine::version());
      expected.insert(expected.end() - 1, "option name Name type string default <empty>");
      // ... and the Hash default grew from 16 MB.
      const std::string old_hash = "option name Hash type spin default 16 ";
      for (std::string& reply_line : expected)
        if (starts_with(reply_line, old_hash))
          reply_line.replace(0, old_hash.size(),
                             "option name Hash type spin default " + std::to_string(engine::defaults::kHashMb) + " ");
    }
    CHECK(joined(reply) == joined(expected));
  }
  CHECK(goes > 0);
  // Openings Parity reads now: only the excerpts, whose runner appended a
  // stale move to them for ever, hold positions that must be rejected.
  if (expect_rejections) CHECK(rejected > 0);
  else CHECK(rejected == 0);
}

// Quarry and GoGui over GTP, at a low level so that each genmove is quick.
// After each genmove the move the log shows is played instead of the
// engine's own, so that the host's next moves stay legal.
void replay_gtp(const std::vector<LogLine>& log) {
  Session s(ProtocolKind::kGtp);
  REQUIRE(!s.engine.set_option("Level", "3"));
  // GTP answers every command once and in order: pair them so, whatever
  // order the log wrote them in.
  std::vector<Lines> answers;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].host) continue;
    if (answers.empty() || answers.back().back().empty()) answers.emplace_back();
    answers.back().push_back(log[i].text);
  }
  std::size_t next = 0;
  int genmoves = 0;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (!log[i].host) continue;
    const std::string& line = log[i].text;
    INFO(line);
    REQUIRE(next < answers.size());
    Lines expected = answers[next++];
    const auto words = protocol::split_words(line);
    const std::string command = lower_case(words[0]);
    if (command == "genmove") {
      ++genmoves;
      const Position before = s.engine.position();
      const Lines reply = s.send_and_wait(line);
      REQUIRE(reply.size() == 2);
      REQUIRE(starts_with(reply[0], "= "));
      CHECK(reply[1].empty());
      const std::string move = reply[0].substr(2);
      if (before.board.game_over()) CHECK(move == "pass");
      else CHECK((legal_answer(before, move) || (before.board.must_pass() && legal_answer(before.play(kPass), move))));
      // Follow the game of the log.
      if (starts_with(expected[0], "= ") && upper(expected[0]) != upper(reply[0])) {
        CHECK(s.send("undo") == Lines{"=", ""});
        const Lines played = s.send("play " + std::string(words[1]) + " " + expected[0].substr(2));
        CHECK(played == Lines{"=", ""});
      }
      continue;
    }
    const Lines reply = s.send(line);
    if (command == "name") expected = {"= " + s.engine.display_name(), ""};
    if (command == "version") expected = {"= " + std::string(engine::version()), ""};
    if (command == "list_commands") {
      CHECK(reply.size() > expected.size());
      continue;
    }
    // Passes after the end are taken now, as GRhino takes them.
    if (command == "play" && words.size() == 3 && lower_case(words[2]) == "pass") expected = {"=", ""};
    CHECK(joined(reply) == joined(expected));
  }
  CHECK(genmoves > 0);
}

// NBoard's engine driver, with its depth capped at 4.
void replay_nboard(const std::vector<LogLine>& log) {
  Session s(ProtocolKind::kNboard);
  int answers = 0;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (!log[i].host) continue;
    std::string line = log[i].text;
    INFO(line.substr(0, 120));
    const auto words = protocol::split_words(line);
    const std::string command(words[0]);
    if (command == "set" && words.size() > 2 && words[1] == "depth" && protocol::parse_integer(words[2]).value_or(0) > 4)
      line = "set depth 4";
    if (command == "go" || command == "hint" || command == "analyze") {
      const Position before = s.engine.position();
      const Lines reply = s.send_and_wait(line);
      REQUIRE(!reply.empty());
      int moves = 0;
      for (const auto& l : reply) moves += starts_with(l, "=== ");
      if (command == "go") {
        ++answers;
        CHECK(moves == 1);
        for (const auto& l : reply)
          if (starts_with(l, "=== ")) CHECK(legal_answer(before, l.substr(4, l.find('/') == std::string::npos ? 2 : l.find('/') - 4)));
      } else {
        CHECK(moves == 0);
        CHECK(reply.back() == "status");
      }
      continue;
    }
    Lines expected = logged_replies(log, i);
    std::erase_if(expected, from_search);  // the end of a search the log shows late
    CHECK(joined(s.send(line)) == joined(expected));
  }
  CHECK(answers > 0);
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("hosts: every recorded host session replays with the same answers and one answer per search") {
    const std::filesystem::path dir = std::filesystem::path(PARITY_TEST_DATA_DIR) / "hosts";
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (entry.path().extension() != ".log") continue;
      INFO(name);
      ++files;
      const std::vector<LogLine> log = read_log(entry.path());
      if (name.rfind("cutegames-", 0) == 0) replay_ugi(log, name.find(".excerpt") != std::string::npos);
      else if (name.rfind("nboard-", 0) == 0) replay_nboard(log);
      else replay_gtp(log);
    }
    CHECK(files == 15);
  }
}
