// The UCI-style protocol of docs/protocols.md, and its UGI dialect: the whole game
// goes with every `position`, so the engine keeps no state between moves.

#include <charconv>
#include <cmath>

#include "adapter.hpp"
#include "parity/core/notation.hpp"

namespace parity::match {

namespace {

long long ms(double seconds) { return std::max(0LL, std::llround(seconds * 1000)); }

class UciAdapter final : public Adapter {
public:
  using Adapter::Adapter;

  Answer handshake() override {
    Answer a = send(ugi() ? "ugi" : "uci");
    if (a.fault == Fault::kNone) a = wait_for({"uciok", "ugiok"}, handshake_deadline(), ugi() ? "ugiok" : "uciok");
    for (const auto& [name, value] : spec_.options)
      if (a.fault == Fault::kNone) a = send("setoption name " + name + " value " + value);
    return a.fault == Fault::kNone ? sync() : a;
  }

  Answer new_game(const GameView&, Color) override {
    Answer a = send(ugi() ? "uginewgame" : "ucinewgame");
    return a.fault == Fault::kNone ? sync() : a;
  }

  Answer played(const GameView&, const Ply&, Color, Color) override { return {}; }

  Answer go(const GameView& view, SteadyClock::time_point deadline) override {
    const GameRecord& g = view.game;
    std::string position = g.start == Position::start() ? "position startpos" : "position board " + board_string(g.start);
    if (!g.plies.empty()) position += " moves " + moves_for(g, "pass");
    Answer a = send(position);
    if (a.fault != Fault::kNone) return a;
    a = send(go_command(view));
    if (a.fault != Fault::kNone) return a;

    std::optional<double> eval;
    std::string line;
    for (;;) {
      a = read(line, deadline);
      if (a.fault != Fault::kNone) return a;
      const auto w = words_of(line);
      if (w.size() >= 2 && w[0] == "info") remember_score(w, eval);
      if (w.empty() || w[0] != "bestmove") continue;
      if (w.size() < 2) return {Fault::kBadReply, kNoMove, std::nullopt, "'" + line + "'"};
      auto m = parse_move(w[1]);
      if (!m) return {Fault::kBadReply, kNoMove, std::nullopt, "'" + line + "'"};
      return {Fault::kNone, *m, eval, {}};
    }
  }

  void quit() override { send("quit"); }

private:
  bool ugi() const { return spec_.protocol == Protocol::kUgi; }

  Answer sync() {
    Answer a = send("isready");
    return a.fault == Fault::kNone ? wait_for({"readyok"}, handshake_deadline(), "readyok") : a;
  }

  Answer wait_for(std::initializer_list<std::string_view> tokens, SteadyClock::time_point deadline, std::string_view what) {
    std::string line;
    for (;;) {
      Answer a = read(line, deadline);
      if (a.fault != Fault::kNone) {
        a.what += " (waiting for " + std::string(what) + ")";
        return a;
      }
      const auto w = words_of(line);
      for (auto t : tokens)
        if (w.size() == 1 && w[0] == t) return {};
    }
  }

  // "info ... score cp 425 ..." is +4.25 discs for the side to move.
  static void remember_score(const std::vector<std::string_view>& w, std::optional<double>& eval) {
    for (std::size_t i = 0; i + 2 < w.size(); ++i)
      if (w[i] == "score" && w[i + 1] == "cp") {
        int cp = 0;
        const auto [end, ec] = std::from_chars(w[i + 2].data(), w[i + 2].data() + w[i + 2].size(), cp);
        if (ec == std::errc{} && end == w[i + 2].data() + w[i + 2].size()) eval = cp / 100.0;
      }
  }

  std::string go_command(const GameView& view) const {
    const TimeControl& tc = spec_.time;
    std::string out = "go";
    if (tc.depth) out += " depth " + std::to_string(*tc.depth);
    if (tc.nodes) out += " nodes " + std::to_string(*tc.nodes);
    if (tc.move_seconds) out += " movetime " + std::to_string(ms(*tc.move_seconds));
    if (tc.has_clock()) {
      const long long inc = ms(tc.increment_seconds);
      // UGI names the players p1 (black) and p2 (white).
      const char* names[4] = {" btime ", " wtime ", " binc ", " winc "};
      const char* ugi_names[4] = {" p1time ", " p2time ", " p1inc ", " p2inc "};
      const char** n = ugi() ? ugi_names : names;
      out += n[0] + std::to_string(ms(view.black_seconds_left)) + n[1] + std::to_string(ms(view.white_seconds_left)) + n[2] +
             std::to_string(inc) + n[3] + std::to_string(inc);
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Adapter> make_uci_adapter(Process& process, const EngineSpec& spec) {
  return std::make_unique<UciAdapter>(process, spec);
}

}  // namespace parity::match
