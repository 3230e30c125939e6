// A tiny engine for the runner's tests: a random mover that speaks the
// UCI-style protocol, NBoard or GTP, and can misbehave on purpose.
//   match_fake_engine uci|ugi|nboard|gtp [FAULT [MOVES_BEFORE]] [seed=N] [slow_ms=N]
// FAULT: none, illegal (an occupied square), crash (exits), hang (stops
// answering), garbage (noise, then a reply that is not a move), slow
// (answers after slow_ms). MOVES_BEFORE moves are answered well first.

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "adapter.hpp"
#include "ggf.hpp"
#include "parity/core/notation.hpp"

using namespace parity;
using parity::match::words_of;

namespace {

struct Fake {
  std::string fault = "none";
  int moves_before = 0;
  int asked = 0;
  std::uint64_t seed = 1;
  int slow_ms = 1500;
  Position pos;

  std::uint64_t next_random() {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  }

  // The move to answer, or the fault acted out. Returns the move's text.
  std::string choose(const std::string& pass_word) {
    const bool misbehave = asked++ >= moves_before;
    if (misbehave) {
      if (fault == "crash") ::_exit(3);
      if (fault == "hang")
        for (;;) ::pause();
      if (fault == "garbage") {
        std::cout << "%%% garbage \x01\x7f line" << std::endl << "!!!!" << std::endl;
        return "zz9";
      }
      if (fault == "illegal") return move_name(lowest(pos.board.occupied()));
      if (fault == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(slow_ms));
    }
    const Bitboard moves = pos.board.legal_moves();
    if (!moves) return pass_word;
    const int n = popcount(moves);
    Bitboard m = moves;
    for (int k = static_cast<int>(next_random() % static_cast<std::uint64_t>(n)); k > 0; --k) m &= m - 1;
    return move_name(lowest(m));
  }

  static Square lowest(Bitboard b) { return static_cast<Square>(__builtin_ctzll(b)); }

  // Plays a move the way the protocols allow: a forced pass may be implied.
  bool apply(Move m) {
    if (m != kPass && pos.board.must_pass()) pos = pos.play(kPass);
    if (!pos.board.is_legal(m)) return false;
    pos = pos.play(m);
    return true;
  }
};

// UGI mode answers only the UGI words, and takes a chess clock for garbage.
void uci(Fake& f, bool ugi) {
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto w = words_of(line);
    if (w.empty()) continue;
    if (w[0] == (ugi ? "ugi" : "uci")) std::cout << "id name Fake\nid author tests\n" << (ugi ? "ugiok" : "uciok") << std::endl;
    else if (w[0] == "isready") std::cout << "readyok" << std::endl;
    else if (w[0] == "quit") return;
    else if (w[0] == "position") {
      std::size_t i = 2;
      if (w.size() >= 2 && w[1] == "startpos") f.pos = Position::start();
      else if (w.size() >= 4 && w[1] == "board") {
        f.pos = *parse_board(w[2], w[3]);
        i = 4;
      }
      if (i < w.size() && w[i] == "moves")
        for (++i; i < w.size(); ++i) f.apply(*parse_move(w[i]));
    } else if (w[0] == "go") {
      if (ugi && line.find("btime") != std::string::npos) {
        std::cout << "bestmove chess-clock" << std::endl;
        continue;
      }
      const std::string mv = f.choose("pass");
      std::cout << "info depth 1 score cp 25 nodes 1 pv " << mv << "\nbestmove " << mv << std::endl;
    }
  }
}

void nboard(Fake& f) {
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto w = words_of(line);
    if (w.empty()) continue;
    if (w[0] == "nboard") std::cout << "set myname Fake" << std::endl;
    else if (w[0] == "ping" && w.size() == 2) std::cout << "pong " << w[1] << std::endl;
    else if (w[0] == "quit") return;
    else if (w[0] == "set" && w.size() >= 3 && w[1] == "game") {
      auto g = parse_ggf(line.substr(line.find("(;")));
      f.pos = g->start;
      for (Move m : g->game.moves()) f.apply(m);
    } else if (w[0] == "move" && w.size() == 2) {
      f.apply(*parse_move(w[1].substr(0, w[1].find('/'))));
    } else if (w[0] == "go") {
      std::cout << "status thinking" << std::endl;
      std::string mv = f.choose("PA");
      std::cout << "=== " << mv << "/0.50/0.01" << std::endl;
    }
  }
}

void gtp(Fake& f) {
  std::string line;
  while (std::getline(std::cin, line)) {
    auto w = words_of(line);
    if (w.empty()) continue;
    std::string id;
    if (std::isdigit(static_cast<unsigned char>(w[0][0]))) {
      id = std::string(w[0]);
      w.erase(w.begin());
    }
    auto reply = [&](bool ok, const std::string& text) {
      std::cout << (ok ? "=" : "?") << id << (text.empty() ? "" : " ") << text << "\n" << std::endl;
    };
    if (w.empty()) continue;
    const Color c = w.size() >= 2 && (w[1][0] == 'w' || w[1][0] == 'W') ? Color::kWhite : Color::kBlack;
    if (w[0] == "quit") {
      reply(true, "");
      return;
    } else if (w[0] == "protocol_version") reply(true, "2");
    else if (w[0] == "name") reply(true, "Fake");
    else if (w[0] == "clear_board") {
      f.pos = Position::start();
      reply(true, "");
    } else if (w[0] == "play" && w.size() == 3) {
      auto m = parse_move(w[2]);
      if (f.pos.side != c && f.pos.board.must_pass()) f.pos = f.pos.play(kPass);
      const bool ok = m && *m != kPass && f.pos.side == c && f.apply(*m);
      reply(ok, ok ? "" : "illegal move");
    } else if (w[0] == "genmove" && w.size() == 2) {
      if (f.pos.side != c && f.pos.board.must_pass()) f.pos = f.pos.play(kPass);
      const std::string mv = f.choose("pass");
      if (auto m = parse_move(mv); m && *m != kPass && f.pos.board.is_legal(*m)) f.pos = f.pos.play(*m);
      reply(true, mv);
    } else {
      reply(true, "");  // boardsize, time_settings, time_left, komi: accepted
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  Fake f;
  std::vector<std::string> plain;
  for (const auto& a : args) {
    if (a.starts_with("seed=")) f.seed = std::stoull(a.substr(5)) | 1;
    else if (a.starts_with("slow_ms=")) f.slow_ms = std::stoi(a.substr(8));
    else plain.push_back(a);
  }
  if (plain.empty()) {
    std::cerr << "usage: match_fake_engine uci|ugi|nboard|gtp [FAULT [MOVES_BEFORE]] [seed=N] [slow_ms=N]\n";
    return 2;
  }
  if (plain.size() >= 2) f.fault = plain[1];
  if (plain.size() >= 3) f.moves_before = std::stoi(plain[2]);
  if (plain[0] == "uci" || plain[0] == "ugi") uci(f, plain[0] == "ugi");
  else if (plain[0] == "nboard") nboard(f);
  else if (plain[0] == "gtp") gtp(f);
  else return 2;
  return 0;
}
