#include <doctest/doctest.h>

#include <random>

#include "harness.hpp"
#include "positions.hpp"

using namespace parity;
using namespace parity::test;
using protocol::ProtocolKind;

namespace {

constexpr int kLines = 100000;

// Words the protocols know, so that random lines also reach deep into the
// parsers. Left out: options that touch the machine (Hash, Threads, LogFile)
// and bench, whose fixed searches would only make the run slow.
const std::vector<std::string> kWords = {
    "uci", "ugi", "isready", "quit", "setoption", "name", "value", "Level", "MultiPV", "MoveOverhead", "ucinewgame",
    "uginewgame", "position", "startpos", "board", "fen", "moves", "go", "depth", "nodes", "movetime", "btime",
    "wtime", "binc", "winc", "p1time", "p2time", "movestogo", "infinite", "exact", "stop", "query", "p1turn",
    "gameover", "result", "show", "perft", "eval", "help", "nboard", "set", "game", "contempt", "move", "hint",
    "ping", "learn", "analyze", "protocol_version", "version", "known_command", "list_commands", "boardsize",
    "clear_board", "komi", "play", "genmove", "undo", "time_settings", "time_left", "set_game", "list_games",
    "showboard", "final_score", "Othello", "black", "white", "b", "w", "X", "O", "pass", "PA", "@@", "0000",
    "f5", "d6", "c3", "F5", "e6", "d3", "c4", "a1", "h8", "z9", "f5d6c3", "f5d6c3d3c4", "0", "1", "2", "3", "5",
    "8", "-1", "60", "61", "99", "1000000", "-5", "0.5", "x", "(;GM[Othello]", "BO[8", "B[F5]", "W[d6]", ";)",
    "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)",
    "---------------------------OX------XO---------------------------", kOneMove, kMustPass, kFull};

std::string random_line(std::mt19937& rng) {
  std::string line;
  switch (rng() % 3) {
    case 0: {  // any bytes but the newline
      const int n = static_cast<int>(rng() % 80);
      for (int i = 0; i < n; ++i) {
        char c = static_cast<char>(rng() % 256);
        line += c == '\n' ? ' ' : c;
      }
      break;
    }
    case 1: {  // printable
      const int n = static_cast<int>(rng() % 80);
      for (int i = 0; i < n; ++i) line += static_cast<char>(32 + rng() % 95);
      break;
    }
    default: {  // protocol words in random order
      const int n = 1 + static_cast<int>(rng() % 8);
      for (int i = 0; i < n; ++i) {
        if (i) line += ' ';
        line += kWords[rng() % kWords.size()];
      }
    }
  }
  return line;
}

// Lines the search thread may write at any time.
bool from_search(const std::string& line) {
  return starts_with(line, "info depth") || starts_with(line, "bestmove") || starts_with(line, "search ") ||
         starts_with(line, "nodestats") || starts_with(line, "=== ") || starts_with(line, "analysis ") ||
         line == "status";
}

void fuzz(ProtocolKind kind, const std::string& ready, const std::string& answer, unsigned seed) {
  Session s(kind);
  REQUIRE(!s.engine.set_option("Level", "1"));
  std::mt19937 rng(seed);
  int quits = 0, replies = 0, errors_seen = 0;
  for (int i = 0; i < kLines; ++i) {
    const std::string line = random_line(rng);
    const Lines reply = s.send(line);
    if (!s.alive) {
      // A random "quit": the host would start a new engine; go on with this one.
      ++quits;
      s.alive = true;
    }
    // Never more than one error line for one line of input.
    int errors = 0;
    for (const auto& l : reply)
      if (starts_with(l, "info string error") || starts_with(l, "status error") || starts_with(l, "?")) ++errors;
    replies += static_cast<int>(reply.size());
    errors_seen += errors;
    if (errors > 1) {
      INFO(line.substr(0, 80));
      CHECK(errors <= 1);
    }
  }
  MESSAGE("quits " << quits << ", reply lines " << replies << ", errors " << errors_seen);
  Lines last = s.send(ready);
  s.engine.wait();
  for (const auto& l : s.take()) last.push_back(l);
  std::erase_if(last, from_search);
  REQUIRE(!last.empty());
  CHECK(last.front() == answer);
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("100,000 random lines: the UCI-style protocol still answers") {
    fuzz(ProtocolKind::kUci, "isready", "readyok", 1);
  }
  TEST_CASE("100,000 random lines: NBoard still answers") { fuzz(ProtocolKind::kNboard, "ping 77", "pong 77", 2); }
  TEST_CASE("100,000 random lines: GTP still answers") {
    fuzz(ProtocolKind::kGtp, "protocol_version", "= 2", 3);
  }
}
