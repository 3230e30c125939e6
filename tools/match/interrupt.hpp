#pragma once
// Ctrl-C must not leave engines behind: they run in their own process
// groups, so the terminal's SIGINT never reaches them. The handler kills
// every live engine group and exits; finished games are already in the GGF
// file, so the run can be resumed.

namespace parity::match {

void install_interrupt_handler();
void register_engine_group(int pgid);
void unregister_engine_group(int pgid);

}  // namespace parity::match
