// NBoard (version 2), the protocol of Edax and NTest: the game arrives as a
// GGF with `set game`, then one `move` per ply, the engine's own included;
// clocks travel inside the GGF (TI and the time of every move).

#include <charconv>

#include "adapter.hpp"
#include "ggf.hpp"
#include "parity/core/notation.hpp"
#include "settings.hpp"

namespace parity::match {

namespace {

class NboardAdapter final : public Adapter {
public:
  using Adapter::Adapter;

  Answer handshake() override {
    Answer a = send("nboard 2");
    const int depth = spec_.time.depth.value_or(settings::kNboardUnlimitedDepth);
    if (a.fault == Fault::kNone) a = send("set depth " + std::to_string(depth));
    for (const auto& [name, value] : spec_.options)
      if (a.fault == Fault::kNone) a = send("set " + name + " " + value);
    return a.fault == Fault::kNone ? sync() : a;
  }

  Answer new_game(const GameView& view, Color) override {
    Answer a = send("set game " + ggf_in_progress(view.game));
    return a.fault == Fault::kNone ? sync() : a;
  }

  Answer played(const GameView&, const Ply& ply, Color, Color) override { return send("move " + ggf_move(to_ggf_move(ply))); }

  Answer go(const GameView&, SteadyClock::time_point deadline) override {
    Answer a = send("go");
    if (a.fault != Fault::kNone) return a;
    std::string line;
    for (;;) {
      a = read(line, deadline);
      if (a.fault != Fault::kNone) return a;
      const auto w = words_of(line);
      if (w.empty() || w[0] != "===") continue;
      if (w.size() < 2) return {Fault::kBadReply, kNoMove, std::nullopt, "'" + line + "'"};
      // "=== f5/1.25/0.3": the move, then optional eval and time.
      const std::string_view reply = w[1];
      const auto slash = reply.find('/');
      auto m = parse_move(reply.substr(0, slash));
      if (!m) return {Fault::kBadReply, kNoMove, std::nullopt, "'" + line + "'"};
      Answer out{Fault::kNone, *m, std::nullopt, {}};
      if (slash != std::string_view::npos) {
        const std::string_view rest = reply.substr(slash + 1);
        const std::string_view e = rest.substr(0, rest.find('/'));
        double v = 0;
        const auto [end, ec] = std::from_chars(e.data(), e.data() + e.size(), v);
        if (!e.empty() && ec == std::errc{} && end == e.data() + e.size()) out.eval = v;
      }
      return out;
    }
  }

  void quit() override { send("quit"); }

private:
  // `ping n` is answered `pong n` once everything before it is done.
  Answer sync() {
    const std::string expect = "pong " + std::to_string(++ping_);
    Answer a = send("ping " + std::to_string(ping_));
    if (a.fault != Fault::kNone) return a;
    const auto deadline = handshake_deadline();
    std::string line;
    for (;;) {
      a = read(line, deadline);
      if (a.fault != Fault::kNone) {
        a.what += " (waiting for " + expect + ")";
        return a;
      }
      const auto w = words_of(line);
      if (w.size() == 2 && w[0] == "pong" && w[1] == expect.substr(5)) return {};
    }
  }

  int ping_ = 0;
};

}  // namespace

std::unique_ptr<Adapter> make_nboard_adapter(Process& process, const EngineSpec& spec) {
  return std::make_unique<NboardAdapter>(process, spec);
}

}  // namespace parity::match
