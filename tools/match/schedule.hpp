#pragma once
// Which games a tournament plays, in which order, with which opening and
// colours. The schedule depends only on the settings, so a resumed run
// numbers its games exactly as the first run did.

#include <vector>

namespace parity::match {

enum class TournamentKind { kRoundRobin, kGauntlet };

struct ScheduledGame {
  int number = 0;        // 1-based
  int black = 0, white = 0;  // engine indices
  int pair = 0;          // index into pairs()
  int opening = -1;      // index into the (shuffled) openings, -1 for none
};

struct Pairing {
  int first = 0, second = 0;  // engine indices; results are told from first's view
};

// Round robin: every engine meets every other; gauntlet: the first engine
// meets each of the others.
std::vector<Pairing> pairings(int engines, TournamentKind kind);

// For every round and pair, `games` games: game g plays opening
// (round * ceil(games/2) + g/2) mod openings, the pair's first engine black
// when g is even, so every opening is played with both colours and every
// pair sees the same openings.
std::vector<ScheduledGame> schedule(const std::vector<Pairing>& pairs, int games, int rounds, int openings);

}  // namespace parity::match
