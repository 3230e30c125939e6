#include "schedule.hpp"

namespace parity::match {

std::vector<Pairing> pairings(int engines, TournamentKind kind) {
  std::vector<Pairing> out;
  for (int a = 0; a < engines; ++a)
    for (int b = a + 1; b < engines; ++b)
      if (kind == TournamentKind::kRoundRobin || a == 0) out.push_back({a, b});
  return out;
}

std::vector<ScheduledGame> schedule(const std::vector<Pairing>& pairs, int games, int rounds, int openings) {
  std::vector<ScheduledGame> out;
  const int openings_a_round = (games + 1) / 2;
  for (int r = 0; r < rounds; ++r)
    for (int p = 0; p < static_cast<int>(pairs.size()); ++p)
      for (int g = 0; g < games; ++g) {
        ScheduledGame s;
        s.number = static_cast<int>(out.size()) + 1;
        s.pair = p;
        const bool first_black = g % 2 == 0;
        s.black = first_black ? pairs[p].first : pairs[p].second;
        s.white = first_black ? pairs[p].second : pairs[p].first;
        s.opening = openings > 0 ? (r * openings_a_round + g / 2) % openings : -1;
        out.push_back(s);
      }
  return out;
}

}  // namespace parity::match
