#include "parity/protocol/nboard.hpp"

#include <cctype>
#include <cstdio>

#include "parity/core/bits.hpp"
#include "parity/core/ggf.hpp"
#include "parity/core/notation.hpp"
#include "parity/protocol/text.hpp"

namespace parity::protocol {

namespace {

// NBoard writes squares in upper case and a pass as PA.
std::string nboard_move(Move m) {
  if (m == kPass) return "PA";
  std::string name = move_name(m);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

// A PV without spaces, as NBoard requires: "F5D6C3".
std::string nboard_pv(Move first, const std::vector<Move>& rest) {
  std::string out = first == kNoMove ? "" : nboard_move(first);
  for (Move m : rest) out += nboard_move(m);
  return out;
}

std::string seconds(std::int64_t ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", static_cast<double>(ms) / 1000.0);
  return buffer;
}

// NBoard's depth field: plies, or "100%" for a proven score.
std::string depth_field(int depth, bool exact) { return exact ? "100%" : std::to_string(depth); }

std::string search_line(const std::string& pv, int centi_discs, int depth, bool exact) {
  return "search " + pv + " " + discs(centi_discs) + " 0 " + depth_field(depth, exact);
}

}  // namespace

Nboard::Nboard(engine::Engine& engine, Output& out) : engine_(engine), out_(out) {
  engine_.on_info([this](const search::Info& info) { on_info(info); });
  engine_.on_bestmove([this](const engine::BestMove& best) { on_bestmove(best); });
}

void Nboard::error(std::string_view what) { out_.write("status error: " + std::string(what)); }

bool Nboard::handle(std::string_view line) {
  const Words words = split_words(line);
  if (words.empty()) return true;
  const std::string command = lower_case(words[0]);
  if (command == "quit") {
    engine_.halt();
    return false;
  }
  if (command == "ping") {
    // Whatever was searching ends, and its answer comes, before the pong.
    engine_.halt();
    std::string pong = "pong";
    if (words.size() > 1) (pong += ' ') += words[1];
    out_.write(pong);
  } else if (command == "nboard") {
    const auto v = words.size() > 1 ? parse_integer(words[1]) : std::nullopt;
    if (!v) return error("usage: nboard <version>"), true;
    out_.write("set myname " + engine_.display_name());
  } else if (command == "set") {
    set(words, line);
  } else if (command == "move") {
    move(words);
  } else if (command == "go") {
    go();
  } else if (command == "hint") {
    hint(words);
  } else if (command == "analyze") {
    analyze();
  } else if (command == "learn") {
    out_.write("learned");
  } else {
    error("unknown command " + shown(words[0]));
  }
  return true;
}

void Nboard::set(const Words& words, std::string_view line) {
  const std::string what = words.size() > 1 ? lower_case(words[1]) : "";
  if (what == "depth") {
    const auto d = words.size() > 2 ? parse_integer(words[2]) : std::nullopt;
    if (!d || *d < 1 || *d > 60) return error("set depth takes 1..60");
    depth_ = static_cast<int>(*d);
  } else if (what == "contempt") {
    const auto c = words.size() > 2 ? parse_number(words[2]) : std::nullopt;
    if (!c) return error("set contempt takes a number");
    contempt_ = *c;
  } else if (what == "game") {
    // The GGF is the rest of the line as it came, spaces and all.
    auto game = parse_ggf(line.substr(static_cast<std::size_t>(words[1].data() - line.data()) + words[1].size()));
    if (!game) return error(game.error().message);
    engine_.set_game(std::move(game->game));
  } else {
    error("set: expected depth, game or contempt");
  }
}

void Nboard::move(const Words& words) {
  if (words.size() < 2) return error("usage: move <move>[/<eval>[/<time>]]");
  const std::string_view text = words[1].substr(0, words[1].find('/'));
  auto m = (text == "--") ? Expected<Move>(kPass) : parse_move(text);
  if (!m) return error(m.error().message);
  Game game = engine_.game();
  const Position& now = game.position();
  // A move by the side that is not to move means the side to move passed.
  auto e = (*m != kPass && now.board.must_pass()) ? game.play_as(opposite(now.side), *m) : game.play(*m);
  if (e) return error(e->message);
  engine_.set_game(std::move(game));
}

search::Limits Nboard::limits() const {
  search::Limits limits = engine_.default_limits();
  if (depth_ > 0) limits.level = std::min(limits.level, depth_);
  return limits;
}

void Nboard::begin(Request request, std::vector<Move> passes) {
  engine_.halt();
  request_ = request;
  passes_ = std::move(passes);
  lines_written_ = false;
  out_.write("status thinking");
}

void Nboard::go() {
  const Board& board = engine_.position().board;
  if (board.game_over()) return error("the game is over");
  if (board.must_pass()) return out_.write("=== PA");
  begin(Request::kGo);
  if (auto e = engine_.go(limits())) error(e->message);
}

void Nboard::hint(const Words& words) {
  const auto n = words.size() > 1 ? parse_integer(words[1]) : std::optional<long long>(1);
  if (!n || *n < 1) return error("usage: hint <n>");
  const Position& now = engine_.position();
  if (now.board.game_over()) return error("the game is over");
  // Book moves first, as NBoard's `book <pv> <eval> <games> <depth> <text>` lines.
  for (const book::BookMove& m : engine_.book_moves(now))
    out_.write("book " + nboard_move(m.move) + " " + discs(m.score) + " " + std::to_string(m.seen) + " " +
               depth_field(m.depth, m.exact) + " " + (m.in_book ? "book" : "leaf"));
  // A forced pass is the one move: the position after it is searched.
  if (now.board.must_pass()) {
    begin(Request::kHintPass);
    if (auto e = engine_.analyze(limits(), {now.play(kPass)})) error(e->message);
    return;
  }
  // The n best moves, each with its own score: MultiPV.
  search::Limits l = limits();
  l.multipv = static_cast<int>(std::min<long long>(*n, popcount(now.board.legal_moves())));
  begin(Request::kHint);
  if (auto e = engine_.go(l)) error(e->message);
}

void Nboard::analyze() {
  const Game& game = engine_.game();
  std::vector<Position> positions;
  std::vector<Move> passes;
  for (std::size_t ply = 0; ply <= game.moves().size(); ++ply) {
    const Position p = game.position_at(ply);
    // A forced pass has no search of its own: score the position after it.
    const bool pass = p.board.must_pass();
    positions.push_back(pass ? p.play(kPass) : p);
    passes.push_back(pass ? kPass : kNoMove);
  }
  begin(Request::kAnalyze, std::move(passes));
  if (auto e = engine_.analyze(limits(), std::move(positions))) error(e->message);
}

void Nboard::on_info(const search::Info& info) {
  if (info.pv.empty()) return;
  // `go` shows the best line; a hint, every line it was asked for.
  if (request_ == Request::kGo && info.multipv != 1) return;
  if (request_ != Request::kGo && request_ != Request::kHint) return;
  lines_written_ = true;
  out_.write(search_line(nboard_pv(kNoMove, info.pv), info.score, info.depth, info.exact));
}

void Nboard::on_bestmove(const engine::BestMove& best) {
  const search::Result& r = best.result;
  switch (request_) {
    case Request::kGo: {
      std::string text = "nodestats " + std::to_string(r.nodes) + " " + seconds(r.time_ms) + "\n";
      text += "=== " + nboard_move(r.best) + "/" + discs(r.score) + "/" + seconds(r.time_ms) + "\nstatus";
      out_.write(text);
      return;
    }
    case Request::kHint:
      // A book move or an answer without a search has no line yet.
      if (r.best != kNoMove && !lines_written_)
        out_.write(search_line(nboard_pv(kNoMove, r.pv.empty() ? std::vector<Move>{r.best} : r.pv), r.score, r.depth,
                               r.exact));
      break;
    case Request::kHintPass:
      out_.write(search_line(nboard_pv(kPass, r.pv), -r.score, r.depth + 1, r.exact));
      break;
    case Request::kAnalyze: {
      const int score = passes_[best.index] == kPass ? -r.score : r.score;
      out_.write("analysis " + std::to_string(best.index) + " " + discs(score));
      break;
    }
  }
  if (best.last) out_.write("status");
}

}  // namespace parity::protocol
