#include "parity/protocol/session.hpp"

#include <array>
#include <string>

#include "parity/protocol/gtp.hpp"
#include "parity/protocol/nboard.hpp"
#include "parity/protocol/text.hpp"
#include "parity/protocol/uci.hpp"

namespace parity::protocol {

namespace {

// Waits for the first command, then hands every line to the protocol it picks.
class AutoDetect final : public Protocol {
public:
  AutoDetect(engine::Engine& engine, Output& out) : engine_(engine), out_(out) {}

  bool handle(std::string_view line) override {
    if (!chosen_) {
      if (split_words(line).empty()) return true;
      const auto kind = detect_protocol(line);
      if (!kind) return false;
      chosen_ = make_protocol(*kind, engine_, out_);
    }
    return chosen_->handle(line);
  }
  void reject(std::string_view why) override {
    if (!chosen_) chosen_ = make_protocol(ProtocolKind::kUci, engine_, out_);
    chosen_->reject(why);
  }
  void finish() override {
    if (chosen_) chosen_->finish();
  }

private:
  engine::Engine& engine_;
  Output& out_;
  std::unique_ptr<Protocol> chosen_;
};

// Reads one line into `line`, keeping at most kMaxLineBytes of it; false at
// the end of input. `too_long` tells that the rest was dropped.
bool read_line(std::istream& in, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* buffer = in.rdbuf();
  bool any = false;
  while (true) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < kMaxLineBytes) line.push_back(static_cast<char>(c));
    else too_long = true;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

}  // namespace

Expected<ProtocolKind> parse_protocol_kind(std::string_view name) {
  const std::string n = lower_case(name);
  if (n == "auto") return ProtocolKind::kAuto;
  if (n == "uci" || n == "ugi") return ProtocolKind::kUci;
  if (n == "nboard") return ProtocolKind::kNboard;
  if (n == "gtp") return ProtocolKind::kGtp;
  return Error{"unknown protocol " + shown(name) + " (expected auto, uci, ugi, nboard or gtp)"};
}

std::optional<ProtocolKind> detect_protocol(std::string_view first_line) {
  auto words = split_words(first_line);
  if (words.empty()) return ProtocolKind::kUci;
  std::string_view command = words[0];
  // A GTP command may carry a numeric id before it.
  if (parse_integer(command) && words.size() > 1) command = words[1];
  const std::string c = lower_case(command);
  if (c == "quit") return std::nullopt;
  if (c == "nboard") return ProtocolKind::kNboard;
  if (is_gtp_command(c)) return ProtocolKind::kGtp;
  return ProtocolKind::kUci;
}

std::unique_ptr<Protocol> make_protocol(ProtocolKind kind, engine::Engine& engine, Output& out) {
  switch (kind) {
    case ProtocolKind::kUci: return std::make_unique<Uci>(engine, out);
    case ProtocolKind::kNboard: return std::make_unique<Nboard>(engine, out);
    case ProtocolKind::kGtp: return std::make_unique<Gtp>(engine, out);
    case ProtocolKind::kAuto: break;
  }
  return std::make_unique<AutoDetect>(engine, out);
}

void run_session(std::istream& in, Protocol& protocol, engine::LineLog& log) {
  std::string line;
  bool too_long = false;
  while (read_line(in, line, too_long)) {
    log.in(too_long ? std::string_view(line).substr(0, 200) : std::string_view(line));
    if (too_long) {
      protocol.reject("line longer than " + std::to_string(kMaxLineBytes) + " bytes");
      continue;
    }
    if (!protocol.handle(line)) return;
  }
  protocol.finish();
}

}  // namespace parity::protocol
