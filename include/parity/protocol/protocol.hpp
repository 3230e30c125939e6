#pragma once
// What the line loop needs from a protocol: one line at a time, and a
// clean end when the input ends.

#include <string_view>

namespace parity::protocol {

class Protocol {
public:
  virtual ~Protocol() = default;
  // Handles one line (without its newline); false when the host said quit.
  virtual bool handle(std::string_view line) = 0;
  // Answers a line that cannot be read at all (e.g. too long) with the
  // protocol's one error line.
  virtual void reject(std::string_view why) = 0;
  // The input has ended: end any search and finish its output.
  virtual void finish() = 0;
};

}  // namespace parity::protocol
