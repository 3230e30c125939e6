#include "parity/protocol/output.hpp"

#include <string>

namespace parity::protocol {

Output::Output(std::ostream& out, engine::LineLog* log)
    : sink_([&out](std::string_view text) {
        out << text;
        out.flush();
      }),
      log_(log) {}

void Output::write(std::string_view text) {
  std::lock_guard lock(mutex_);
  std::string whole(text);
  whole += '\n';
  // Logged before it is sent: once the host has the reply it may answer at
  // once, and its next line must come after the reply in the log too.
  for (std::string_view rest = text; log_;) {
    const auto end = rest.find('\n');
    log_->out(rest.substr(0, end));
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  sink_(whole);
}

}  // namespace parity::protocol
