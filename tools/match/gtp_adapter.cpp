// GTP (version 2) as Quarry and GoGui speak it to Othello engines: the
// engine applies its own genmove answers and inserts forced passes itself,
// so only the opponent's real moves are sent with `play`.

#include <cmath>

#include "adapter.hpp"
#include "parity/core/notation.hpp"

namespace parity::match {

namespace {

std::string colour(Color c) { return c == Color::kBlack ? "b" : "w"; }

class GtpAdapter final : public Adapter {
public:
  using Adapter::Adapter;

  Answer handshake() override { return command("protocol_version", handshake_deadline()).answer; }

  Answer new_game(const GameView& view, Color) override {
    for (std::string c : {"boardsize 8", "clear_board"}) {
      const Reply r = command(c, handshake_deadline());
      if (!r.ok()) return r.refused(c);
    }
    const TimeControl& tc = spec_.time;
    std::string clock;
    if (tc.has_clock()) clock = "time_settings " + std::to_string(std::llround(*tc.base_seconds)) + " 0 0";
    else if (tc.move_seconds) clock = "time_settings 0 " + std::to_string(std::llround(*tc.move_seconds)) + " 1";
    if (!clock.empty()) {
      const Reply r = command(clock, handshake_deadline());
      if (!r.ok()) return r.refused(clock);
    }
    Color side = view.game.start.side;
    for (const Ply& p : view.game.plies) {
      if (p.move != kPass) {
        const std::string c = "play " + colour(side) + " " + move_name(p.move);
        const Reply r = command(c, handshake_deadline());
        if (!r.ok()) return r.refused(c);
      }
      side = opposite(side);
    }
    return {};
  }

  Answer played(const GameView&, const Ply& ply, Color mover, Color me) override {
    if (ply.move == kPass || mover == me) return {};
    const std::string c = "play " + colour(mover) + " " + move_name(ply.move);
    const Reply r = command(c, handshake_deadline());
    return r.ok() ? Answer{} : r.refused(c);
  }

  Answer go(const GameView& view, SteadyClock::time_point deadline) override {
    const Color side = view.current.side;
    if (spec_.time.has_clock()) {
      const double left = side == Color::kBlack ? view.black_seconds_left : view.white_seconds_left;
      const std::string c = "time_left " + colour(side) + " " + std::to_string(std::max(0LL, std::llround(std::floor(left)))) + " 0";
      const Reply r = command(c, deadline);
      if (!r.ok()) return r.refused(c);
    }
    const std::string c = "genmove " + colour(side);
    const Reply r = command(c, deadline);
    if (!r.ok()) return r.refused(c);
    const auto w = words_of(r.text);
    if (w.size() != 1) return {Fault::kBadReply, kNoMove, std::nullopt, "'= " + r.text + "' to " + c};
    auto m = parse_move(w[0]);
    if (!m) return {Fault::kBadReply, kNoMove, std::nullopt, "'= " + r.text + "' to " + c};
    return {Fault::kNone, *m, std::nullopt, {}};
  }

  void quit() override { send("quit"); }

private:
  struct Reply {
    Answer answer;      // a fault reading it
    bool success = false;
    std::string text;   // after "= " or "? "
    bool ok() const { return answer.fault == Fault::kNone && success; }
    Answer refused(const std::string& cmd) const {
      if (answer.fault != Fault::kNone) return answer;
      return {Fault::kBadReply, kNoMove, std::nullopt, "'? " + text + "' to " + cmd};
    }
  };

  // One command and its reply: "=[id] text" or "?[id] text", ended by a
  // blank line. Lines before the status line are noise and skipped.
  Reply command(const std::string& cmd, SteadyClock::time_point deadline) {
    Reply reply;
    reply.answer = send(cmd);
    if (reply.answer.fault != Fault::kNone) return reply;
    std::string line;
    bool started = false;
    for (;;) {
      reply.answer = read(line, deadline);
      if (reply.answer.fault != Fault::kNone) return reply;
      if (!started) {
        if (line.empty() || (line[0] != '=' && line[0] != '?')) continue;
        started = true;
        reply.success = line[0] == '=';
        std::size_t i = 1;
        while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
        while (i < line.size() && line[i] == ' ') ++i;
        reply.text = line.substr(i);
      } else if (line.empty()) {
        return reply;
      }
    }
  }
};

}  // namespace

std::unique_ptr<Adapter> make_gtp_adapter(Process& process, const EngineSpec& spec) {
  return std::make_unique<GtpAdapter>(process, spec);
}

}  // namespace parity::match
