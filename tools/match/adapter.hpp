#pragma once
// Speaks one protocol to one engine process. The referee drives every
// adapter the same way; each adapter turns that into its protocol's
// commands and reads the engine's answer within a deadline.

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine_spec.hpp"
#include "game_record.hpp"
#include "process.hpp"

namespace parity::match {

// What went wrong on the engine's side of a command.
enum class Fault { kNone, kNoAnswer, kCrash, kBadReply };

struct Answer {
  Fault fault = Fault::kNone;
  Move move = kNoMove;          // for go()
  std::optional<double> eval;   // discs, the mover's view
  std::string what;             // for a fault: what was expected or received
};

// The game as far as it has gone, and the clocks.
struct GameView {
  const GameRecord& game;       // start, plies so far, names
  Position current;
  double black_seconds_left = 0, white_seconds_left = 0;
};

class Adapter {
public:
  Adapter(Process& process, const EngineSpec& spec) : process_(process), spec_(spec) {}
  virtual ~Adapter() = default;

  // Right after the start: the protocol's greeting and the options.
  virtual Answer handshake() = 0;
  // A new game from the view's position (opening moves included); `me` is
  // the colour this engine plays.
  virtual Answer new_game(const GameView& view, Color me) = 0;
  // A ply was played, by either side (forced passes too); `view` already
  // holds it.
  virtual Answer played(const GameView& view, const Ply& ply, Color mover, Color me) = 0;
  // Asks for the move of the side to move; called only when it has one.
  virtual Answer go(const GameView& view, SteadyClock::time_point deadline) = 0;
  virtual void quit() = 0;

protected:
  Answer send(std::string_view line);
  // The next line, or the fault that stopped it.
  Answer read(std::string& line, SteadyClock::time_point deadline);
  static SteadyClock::time_point handshake_deadline();
  static std::string moves_for(const GameRecord& game, std::string_view pass_word);

  Process& process_;
  const EngineSpec& spec_;
};

std::unique_ptr<Adapter> make_adapter(Process& process, const EngineSpec& spec);
std::unique_ptr<Adapter> make_uci_adapter(Process& process, const EngineSpec& spec);
std::unique_ptr<Adapter> make_nboard_adapter(Process& process, const EngineSpec& spec);
std::unique_ptr<Adapter> make_gtp_adapter(Process& process, const EngineSpec& spec);

// Splits a reply line into words.
std::vector<std::string_view> words_of(std::string_view line);

}  // namespace parity::match
