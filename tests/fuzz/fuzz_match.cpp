// parity-match's settings (tools/match): the input is read as a config
// file and line by line as raw command lines; the words of each are
// parsed as a command line, and each word of the form key=value is also
// applied to one engine's settings; the whole input is read as an openings
// file too. Whatever is accepted must stay within the runner's limits: finite
// times no longer than settings::kMaxSeconds, so that no clock in
// milliseconds and no deadline can overflow.

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "check.hpp"
#include "cli.hpp"
#include "engine_spec.hpp"
#include "openings.hpp"
#include "parity/protocol/text.hpp"
#include "settings.hpp"

using namespace parity;
using namespace parity::match;
using parity::fuzz::check;

namespace {

bool sane_seconds(double s) { return std::isfinite(s) && s >= 0 && s <= settings::kMaxSeconds; }

void check_time(const TimeControl& tc) {
  if (tc.move_seconds) check(sane_seconds(*tc.move_seconds), "st= out of range accepted");
  if (tc.base_seconds) check(sane_seconds(*tc.base_seconds), "tc= base out of range accepted");
  check(sane_seconds(tc.increment_seconds), "tc= increment out of range accepted");
  if (tc.depth) check(*tc.depth > 0, "a depth below 1 accepted");
  if (tc.nodes) check(*tc.nodes > 0, "a node count below 1 accepted");
  check(!tc.describe().empty(), "a time control without a description");
}

void check_engine(const EngineSpec& e) {
  check_time(e.time);
  check(sane_seconds(e.time_margin_seconds), "timemargin= out of range accepted");
  check(sane_seconds(e.hang_timeout_seconds) && e.hang_timeout_seconds > 0, "timeout= out of range accepted");
  check(e.threads() >= 1, "an engine with no thread");
  check_protocol_support(e);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto openings = parse_openings(text, "fuzz"))
    for (const Opening& o : *openings) {
      Position pos = o.start;
      for (Move m : o.moves) {
        check(m == kPass ? pos.board.must_pass() : pos.board.is_legal(m), "an opening with an illegal move");
        pos = pos.play(m);
      }
      check(!pos.board.game_over(), "an opening that ends the game");
    }
  // Each line as a config file's engine line, read by the config reader,
  // and as raw words (quotes and all) of a command line.
  std::vector<std::vector<std::string>> lines = parse_engine_config(text);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::vector<std::string>& raw = lines.emplace_back();
    for (std::string_view w : protocol::split_words(text.substr(start, end - start))) raw.emplace_back(w);
    start = end + 1;
  }
  for (std::vector<std::string>& args : lines) {
    EngineSpec spec;
    for (const std::string& w : args) {
      const auto eq = w.find('=');
      if (eq != std::string::npos) apply_engine_key(spec, std::string_view(w).substr(0, eq), std::string_view(w).substr(eq + 1));
    }
    check_engine(spec);
    // A command line must not read files the input names: words with a
    // path separator are left out.
    std::erase_if(args, [](const std::string& w) { return w.find('/') != std::string::npos; });
    if (auto cl = parse_command_line(args))
      for (const EngineSpec& e : cl->config.engines) check_engine(e);
  }
  return 0;
}
