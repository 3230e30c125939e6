#pragma once
// Every tunable of parity-match in one place: defaults the command line can
// override, and the fixed limits of the runner itself.

#include <cstddef>

namespace parity::match::settings {

// A move with no clock to bound it (depth, nodes, tc=inf) may take this long
// before the engine is declared hung.
inline constexpr double kHangTimeoutSeconds = 300.0;
// How far past its clock or its move time an engine may answer before it
// loses on time: pipes and a busy machine add a little latency.
inline constexpr double kTimeMarginSeconds = 0.2;
// The longest time any key takes (tc=, st=, timeout=, timemargin=): about
// eleven days, far beyond any game, and small enough that every clock in
// milliseconds and every deadline stays exact.
inline constexpr double kMaxSeconds = 1e6;
// Start-up handshakes (uci/uciok, ping/pong, GTP set-up) must answer within this.
inline constexpr double kHandshakeSeconds = 15.0;
// After `quit` an engine gets this long to exit before its group is killed.
inline constexpr double kQuitGraceSeconds = 1.0;
// Lines of engine output kept to explain a forfeit.
inline constexpr std::size_t kTailLines = 12;
// Games per pair per round when --games is not given: one opening, both colours.
inline constexpr int kDefaultGames = 2;
// NBoard engines need a depth even when a clock limits them.
inline constexpr int kNboardUnlimitedDepth = 60;
// The z-score of a two-sided 95% interval.
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace parity::match::settings
