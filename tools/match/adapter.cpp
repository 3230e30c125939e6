#include "adapter.hpp"

#include <chrono>

#include "parity/core/notation.hpp"
#include "settings.hpp"

namespace parity::match {

Answer Adapter::send(std::string_view line) {
  if (process_.write_line(line)) return {};
  return {Fault::kCrash, kNoMove, std::nullopt, "the engine closed its input before '" + std::string(line) + "'"};
}

Answer Adapter::read(std::string& line, SteadyClock::time_point deadline) {
  switch (process_.read_line(line, deadline)) {
    case Process::Read::kLine: return {};
    case Process::Read::kTimeout: return {Fault::kNoAnswer, kNoMove, std::nullopt, "no answer in time"};
    case Process::Read::kClosed: break;
  }
  return {Fault::kCrash, kNoMove, std::nullopt, "the engine exited"};
}

SteadyClock::time_point Adapter::handshake_deadline() {
  return SteadyClock::now() + std::chrono::milliseconds(static_cast<long long>(settings::kHandshakeSeconds * 1000));
}

std::string Adapter::moves_for(const GameRecord& game, std::string_view pass_word) {
  std::string out;
  for (const Ply& p : game.plies) {
    if (!out.empty()) out += ' ';
    out += p.move == kPass ? std::string(pass_word) : move_name(p.move);
  }
  return out;
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

std::unique_ptr<Adapter> make_adapter(Process& process, const EngineSpec& spec) {
  switch (spec.protocol) {
    case Protocol::kUci:
    case Protocol::kUgi: return make_uci_adapter(process, spec);
    case Protocol::kNboard: return make_nboard_adapter(process, spec);
    case Protocol::kGtp: return make_gtp_adapter(process, spec);
  }
  return nullptr;
}

}  // namespace parity::match
