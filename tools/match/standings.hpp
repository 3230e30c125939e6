#pragma once
// The tournament's running totals: per pair and per engine, with losses by
// forfeit counted apart from losses on the board.

#include <array>
#include <string>
#include <vector>

#include "game_record.hpp"
#include "schedule.hpp"
#include "stats.hpp"

namespace parity::match {

inline constexpr int kTerminationKinds = 6;

struct PairResult {
  Wdl wdl;                        // from the pair's first engine's view
  int first_forfeits = 0, second_forfeits = 0;
};

class Standings {
public:
  Standings(std::vector<std::string> names, std::vector<Pairing> pairs);

  void add(const ScheduledGame& game, const GameRecord& record);

  const std::vector<std::string>& names() const { return names_; }
  const std::vector<Pairing>& pairs() const { return pairs_; }
  const PairResult& pair(int i) const { return pair_results_[static_cast<std::size_t>(i)]; }
  // An engine's results against all its opponents.
  const Wdl& total(int engine) const { return totals_[static_cast<std::size_t>(engine)]; }
  int forfeits(int engine) const { return forfeits_[static_cast<std::size_t>(engine)]; }
  int games() const { return games_; }
  int count(Termination t) const { return by_kind_[static_cast<std::size_t>(t)]; }

private:
  std::vector<std::string> names_;
  std::vector<Pairing> pairs_;
  std::vector<PairResult> pair_results_;
  std::vector<Wdl> totals_;
  std::vector<int> forfeits_;
  std::array<int, kTerminationKinds> by_kind_{};
  int games_ = 0;
};

}  // namespace parity::match
