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
  sink_(whole);
  if (!log_) return;
  while (true) {
    const auto end = text.find('\n');
    log_->out(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

}  // namespace parity::protocol
