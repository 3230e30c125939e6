#pragma once
// Fixed-depth matches between two evaluations from XOT openings, each
// opening played with both colours: how a training round is judged.

#include <string>

namespace parity::trainer {

struct MatchOptions {
  std::string first = "default";   // "default", "baseline" or a weights file
  std::string second = "baseline";
  std::string openings;            // one XOT line per opening
  int games = 100;                 // rounded up to an even number
  int depth = 6;
};

// Plays the match and prints the score of `first`; 0 when it ran.
int run_match(const MatchOptions& options);

}  // namespace parity::trainer
