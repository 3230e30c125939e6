#include "standings.hpp"

#include <utility>

namespace parity::match {

namespace {

void tally(Wdl& w, int result) {
  if (result > 0) ++w.wins;
  else if (result < 0) ++w.losses;
  else ++w.draws;
}

}  // namespace

Standings::Standings(std::vector<std::string> names, std::vector<Pairing> pairs)
    : names_(std::move(names)),
      pairs_(std::move(pairs)),
      pair_results_(pairs_.size()),
      totals_(names_.size()),
      forfeits_(names_.size()) {}

void Standings::add(const ScheduledGame& game, const GameRecord& record) {
  const int black_result = record.black_result();
  PairResult& p = pair_results_[static_cast<std::size_t>(game.pair)];
  const bool first_is_black = pairs_[static_cast<std::size_t>(game.pair)].first == game.black;
  tally(p.wdl, first_is_black ? black_result : -black_result);
  tally(totals_[static_cast<std::size_t>(game.black)], black_result);
  tally(totals_[static_cast<std::size_t>(game.white)], -black_result);
  ++by_kind_[static_cast<std::size_t>(record.termination)];
  if (record.forfeiter) {
    const bool black_forfeits = *record.forfeiter == Color::kBlack;
    ++forfeits_[static_cast<std::size_t>(black_forfeits ? game.black : game.white)];
    (black_forfeits == first_is_black ? p.first_forfeits : p.second_forfeits)++;
  }
  ++games_;
}

}  // namespace parity::match
