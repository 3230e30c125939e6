#pragma once
// Fitting the pattern weights of one stage by regularised least squares
// (conjugate gradient on the normal equations, CGLS).

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "games.hpp"

namespace parity::trainer {

struct FitOptions {
  int iterations = 60;
  double ridge = 4.0;    // L2 weight: pulls rarely seen configurations to the prior (0 without one)
  int share_plies = 2;   // neighbouring plies on each side also train a stage
  double exact_weight = 1.0;  // weight of a proven label's squared error against a game result's
};

// Weights (in discs, compact layout) of `stage` fitted on the training
// (not held out) samples. The ridge term pulls each weight toward `prior`
// (compact_size() values in discs, or empty for all zeros), so a fit on new
// games refines earlier weights where the new data is thin instead of
// forgetting them. `threads` share each step of the fit, and the result
// is the same bit for bit for any count. `tick(iteration)` returns false
// to abandon.
std::vector<float> fit_stage(const std::vector<Sample>& samples, int stage, const FitOptions& options,
                             std::span<const float> prior, int threads, const std::function<bool(int)>& tick);

// What a fit's result depends on: its options, the samples with their
// labels and the prior's weights (one list per stage, in discs; empty
// lists for zeros), as one line. A checkpoint carries it, so that a run
// with other settings, relabelled samples or another prior starts over
// instead of mixing its stages with the earlier run's.
std::string fit_fingerprint(const FitOptions& options, const std::vector<Sample>& samples,
                            const std::vector<std::vector<float>>& prior);
// The checkpoint's list of fitted stages, under its fingerprint.
std::string checkpoint_list(const std::string& fingerprint, const std::set<int>& stages);
// The stages of a list written under `fingerprint`; nothing for a list
// written under another one, or not as checkpoint_list writes it.
std::optional<std::set<int>> read_checkpoint_list(const std::string& text, const std::string& fingerprint);

// The compact columns a board's features fall in (bias first).
void feature_columns(const Board& board, std::vector<std::uint32_t>& out);

}  // namespace parity::trainer
