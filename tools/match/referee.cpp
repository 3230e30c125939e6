#include "referee.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>

#include "parity/core/notation.hpp"

namespace parity::match {

namespace {

int index_of(Color c) { return c == Color::kBlack ? 0 : 1; }

double seconds_since(SteadyClock::time_point t) {
  return std::chrono::duration<double>(SteadyClock::now() - t).count();
}

Termination termination_of(Fault f) {
  switch (f) {
    case Fault::kNoAnswer: return Termination::kNoAnswer;
    case Fault::kCrash: return Termination::kCrash;
    case Fault::kBadReply: return Termination::kBadReply;
    case Fault::kNone: break;
  }
  return Termination::kBoard;
}

std::string two_decimals(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

class Game {
public:
  Game(Player& black, Player& white, const GameSetup& setup) : players_{&black, &white} {
    GameRecord& g = result_.record;
    g.number = setup.number;
    g.opening = setup.opening_index;
    g.black = black.spec().name;
    g.white = white.spec().name;
    g.date = setup.date;
    if (setup.opening) {
      g.start = setup.opening->start;
      for (Move m : setup.opening->moves) g.plies.push_back({m, std::nullopt, std::nullopt});
    }
    position_ = g.start;
    for (const Ply& p : g.plies) position_ = position_.play(p.move);
    for (int i = 0; i < 2; ++i) {
      const TimeControl& tc = players_[i]->spec().time;
      left_[i] = tc.base_seconds.value_or(0);
      if (tc.has_clock()) {
        (i == 0 ? g.black_clock : g.white_clock) = *tc.base_seconds;
        (i == 0 ? g.black_increment : g.white_increment) = tc.increment_seconds;
      }
    }
  }

  Expected<RefereeResult> play() {
    for (Color c : {Color::kBlack, Color::kWhite}) {
      auto started = player(c).ensure_started();
      if (!started) return started.error();
      if (forfeited(c, *started, "starting")) return finish();
    }
    for (Color c : {Color::kBlack, Color::kWhite})
      if (forfeited(c, player(c).adapter().new_game(view(), c), "setting up the game")) return finish();

    while (!position_.board.game_over()) {
      const Color side = position_.side;
      if (position_.board.must_pass()) {
        if (!add_ply({kPass, std::nullopt, std::nullopt}, side)) return finish();
        continue;
      }
      auto ply = think(side);
      if (!ply) return finish();
      if (!add_ply(*ply, side)) return finish();
    }
    result_.record.black_score = position_.black_score();
    return finish();
  }

private:
  Player& player(Color c) { return *players_[index_of(c)]; }

  GameView view() const { return {result_.record, position_, left_[0], left_[1]}; }

  // Asks the side to move for its move and checks answer, legality and time.
  std::optional<Ply> think(Color side) {
    Player& p = player(side);
    const EngineSpec& spec = p.spec();
    const TimeControl& tc = spec.time;
    const int i = index_of(side);
    double limit = spec.hang_timeout_seconds;
    bool time_bound = false;
    auto bound = [&](double l) {
      if (l < limit) {
        limit = std::max(0.0, l);
        time_bound = true;
      }
    };
    if (tc.has_clock()) bound(left_[i] + spec.time_margin_seconds);
    if (tc.move_seconds) bound(*tc.move_seconds + spec.time_margin_seconds);

    const auto start = SteadyClock::now();
    const auto deadline = start + std::chrono::microseconds(static_cast<long long>(limit * 1e6));
    Answer a = p.adapter().go(view(), deadline);
    const double used = seconds_since(start);
    if (a.fault == Fault::kNoAnswer && time_bound) {
      forfeit(side, Termination::kTime, "no move within " + two_decimals(limit) + " s");
      return std::nullopt;
    }
    if (forfeited(side, a, "thinking")) return std::nullopt;
    if (tc.has_clock()) {
      left_[i] -= used;
      if (left_[i] < -spec.time_margin_seconds) {
        forfeit(side, Termination::kTime, "clock overrun by " + two_decimals(-left_[i]) + " s");
        return std::nullopt;
      }
      left_[i] += tc.increment_seconds;
    }
    if (tc.move_seconds && used > *tc.move_seconds + spec.time_margin_seconds) {
      forfeit(side, Termination::kTime, "took " + two_decimals(used) + " s for a move of " + two_decimals(*tc.move_seconds) + " s");
      return std::nullopt;
    }
    if (!position_.board.is_legal(a.move)) {
      forfeit(side, Termination::kIllegalMove,
              "illegal move " + move_name(a.move) + " in " + board_string(position_) + " after " +
                  std::to_string(result_.record.plies.size()) + " plies");
      return std::nullopt;
    }
    return Ply{a.move, a.eval, used};
  }

  // Records a ply and tells both engines; false when one of them failed.
  bool add_ply(const Ply& ply, Color mover) {
    result_.record.plies.push_back(ply);
    position_ = position_.play(ply.move);
    for (Color c : {Color::kBlack, Color::kWhite})
      if (forfeited(c, player(c).adapter().played(view(), ply, mover, c), "receiving a move")) return false;
    return true;
  }

  bool forfeited(Color c, const Answer& a, const char* doing) {
    if (a.fault == Fault::kNone) return false;
    forfeit(c, termination_of(a.fault), a.what + " while " + doing);
    return true;
  }

  void forfeit(Color c, Termination t, const std::string& why) {
    GameRecord& g = result_.record;
    g.termination = t;
    g.forfeiter = c;
    g.detail = why;
    g.black_score = c == Color::kBlack ? -64 : 64;
    Player& p = player(c);
    result_.forfeit_log = "Game " + std::to_string(g.number) + ": " + p.spec().name + " (" +
                          (c == Color::kBlack ? "black" : "white") + ") forfeits, " +
                          std::string(termination_name(t)) + ": " + why + "\n  last lines of " + p.spec().name + ":\n" +
                          p.tail_text();
    p.discard();
  }

  Expected<RefereeResult> finish() { return std::move(result_); }

  std::array<Player*, 2> players_;
  RefereeResult result_;
  Position position_;
  std::array<double, 2> left_{};
};

}  // namespace

Expected<RefereeResult> play_game(Player& black, Player& white, const GameSetup& setup) {
  return Game(black, white, setup).play();
}

}  // namespace parity::match
