#pragma once
// Plays one game between two engines and judges it: the runner keeps the
// board, checks every reply, plays forced passes, keeps the clocks, and
// turns every engine failure into a loss by forfeit.

#include <string>

#include "game_record.hpp"
#include "openings.hpp"
#include "player.hpp"

namespace parity::match {

struct GameSetup {
  int number = 0;
  int opening_index = -1;
  const Opening* opening = nullptr;  // none: the start position
  std::string date;
};

struct RefereeResult {
  GameRecord record;
  std::string forfeit_log;  // the forfeiter's last output, for the user
};

// An Error only when an engine cannot be started at all.
Expected<RefereeResult> play_game(Player& black, Player& white, const GameSetup& setup);

}  // namespace parity::match
