#pragma once
// NBoard protocol version 2, as the NBoard GUI, Edax and NTest speak it
// (docs/protocols.md). The engine never plays its own move: the GUI sends `move`.

#include <string>
#include <string_view>
#include <vector>

#include "parity/engine/engine.hpp"
#include "parity/protocol/output.hpp"
#include "parity/protocol/protocol.hpp"

namespace parity::protocol {

class Nboard final : public Protocol {
public:
  Nboard(engine::Engine& engine, Output& out);
  bool handle(std::string_view line) override;
  void reject(std::string_view why) override { error(why); }
  void finish() override { engine_.halt(); }

private:
  using Words = std::vector<std::string_view>;
  // What the running search answers: NBoard requests end differently.
  enum class Request { kGo, kHint, kHintPass, kAnalyze };

  void error(std::string_view what);
  void set(const Words& words, std::string_view line);
  void move(const Words& words);
  void go();
  void hint(const Words& words);
  void analyze();
  // The limits of a request: the engine's options and `set depth`.
  search::Limits limits() const;
  // Before a request's search: the answer's kind, and `status thinking`.
  void begin(Request request, std::vector<Move> passes = {});
  void on_info(const search::Info& info);
  void on_bestmove(const engine::BestMove& best);

  engine::Engine& engine_;
  Output& out_;
  int depth_ = 0;  // from `set depth`; 0: none yet
  double contempt_ = 0;  // accepted and kept; the search has no contempt yet
  // Set before a search starts and read by its handlers only.
  Request request_ = Request::kGo;
  std::vector<Move> passes_;  // kAnalyze: kPass for each position reached by a forced pass
  bool lines_written_ = false;     // kHint: a search line came before the answer
};

}  // namespace parity::protocol
