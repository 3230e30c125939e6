#include "parity/protocol/output.hpp"

namespace parity::protocol {

void Output::write(std::string_view text) {
  std::lock_guard lock(mutex_);
  out_ << text << '\n';
  out_.flush();
  if (!log_) return;
  while (true) {
    const auto end = text.find('\n');
    log_->out(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

}  // namespace parity::protocol
