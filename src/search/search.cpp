// A first, simple search behind the Search interface: iterative deepening
// alpha-beta on a disc-and-mobility evaluation, exact to the end when few
// squares are left. The midgame and endgame work replaces its insides.

#include "parity/search/search.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace parity::search {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kInfinity = 1 << 20;
constexpr int kExactEmpties = 12;  // solve exactly from here on

struct Context {
  const std::atomic<bool>& stop;
  Clock::time_point deadline;
  bool has_deadline;
  std::uint64_t node_limit;
  std::uint64_t nodes = 0;
  bool aborted = false;

  bool out_of_budget() {
    if (aborted) return true;
    if ((nodes & 1023) == 0) {
      if (stop.load(std::memory_order_relaxed) || (node_limit && nodes >= node_limit) ||
          (has_deadline && Clock::now() >= deadline))
        aborted = true;
    }
    return aborted;
  }
};

int evaluate(const Board& b) {
  const int mobility = popcount(b.legal_moves()) - popcount(legal_moves(b.opponent, b.player));
  const int corners = popcount(b.player & kCorners) - popcount(b.opponent & kCorners);
  return 100 * mobility + 400 * corners;
}

// Negamax with alpha-beta; scores in centi-discs, exact finals as 100 * discs.
int negamax(Context& ctx, const Board& b, int depth, int alpha, int beta, bool passed, std::vector<Move>& pv) {
  ++ctx.nodes;
  pv.clear();
  if (ctx.out_of_budget()) return 0;
  const bool exact = b.empties() <= kExactEmpties;
  if (!exact && depth <= 0) return evaluate(b);
  const Bitboard moves = b.legal_moves();
  if (!moves) {
    if (passed) return 100 * b.final_score();
    std::vector<Move> child;
    const int score = -negamax(ctx, b.pass(), depth, -beta, -alpha, true, child);
    pv.push_back(kPass);
    pv.insert(pv.end(), child.begin(), child.end());
    return score;
  }
  int best = -kInfinity;
  std::vector<Move> child;
  for (Square sq : squares(moves)) {
    const int score = -negamax(ctx, b.play(sq), depth - 1, -beta, -alpha, false, child);
    if (ctx.aborted) return 0;
    if (score > best) {
      best = score;
      pv.assign(1, sq);
      pv.insert(pv.end(), child.begin(), child.end());
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
  }
  return best;
}

}  // namespace

struct SearchState {
  int threads = 1;
};

Search::Search() : state_(std::make_unique<SearchState>()) {}
Search::~Search() = default;

bool Search::set_hash_mb(std::size_t) { return true; }
void Search::set_threads(int threads) { state_->threads = std::max(1, threads); }
void Search::clear() {}

Result Search::run(const Board& board, const Limits& limits, const std::atomic<bool>& stop, const InfoCallback& on_info) {
  const auto start = Clock::now();
  Result result;
  const Bitboard moves = board.legal_moves();
  if (!moves) {
    result.best = board.opponent_can_move() ? kPass : kNoMove;
    if (result.best == kNoMove) {
      result.score = 100 * board.final_score();
      result.exact = true;
    }
    return result;
  }
  result.best = first_square(moves);

  std::int64_t budget_ms = 0;
  if (limits.movetime_ms > 0) budget_ms = limits.movetime_ms;
  if (limits.time_left_ms >= 0) {
    const int moves_left = limits.moves_to_go > 0 ? limits.moves_to_go : std::max(4, (board.empties() + 1) / 2);
    const std::int64_t share = limits.time_left_ms / moves_left + limits.increment_ms;
    const std::int64_t clock_ms = std::min(share, limits.time_left_ms - limits.move_overhead_ms);
    budget_ms = budget_ms ? std::min(budget_ms, clock_ms) : clock_ms;
  }
  if (budget_ms) budget_ms = std::max<std::int64_t>(1, budget_ms - limits.move_overhead_ms);
  Context ctx{stop, start + std::chrono::milliseconds(budget_ms), budget_ms > 0 && !limits.infinite, limits.nodes};

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, limits.level) : limits.level;
  std::vector<Move> pv;
  for (int depth = 1; depth <= 60; ++depth) {
    const int score = negamax(ctx, board, depth, -kInfinity, kInfinity, false, pv);
    if (ctx.aborted) break;
    const bool solved = board.empties() <= kExactEmpties || depth >= board.empties();
    result.best = pv.front();
    result.score = score;
    result.exact = solved;
    result.depth = depth;
    result.pv = pv;
    Info info;
    info.depth = depth;
    info.seldepth = static_cast<int>(pv.size());
    info.score = score;
    info.exact = solved;
    info.nodes = ctx.nodes;
    info.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    info.pv = pv;
    if (on_info) on_info(info);
    if (solved) break;
    if (!limits.infinite && !limits.exact && depth >= max_depth) break;
  }
  if (limits.infinite)
    while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  result.nodes = ctx.nodes;
  result.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  return result;
}

}  // namespace parity::search
