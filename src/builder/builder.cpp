#include "parity/builder/builder.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <unordered_map>
#include <unordered_set>

#include "parity/book/book_file.hpp"
#include "parity/search/search.hpp"

namespace parity::book_builder {

using book::Book;
using book::Entry;
using book::kNoScore;

void add_lines(Book& book, const std::vector<Line>& lines, int plies, int min_seen) {
  std::unordered_map<Board, std::uint32_t, book::BoardHasher> seen;
  for (const Line& line : lines) {
    Board b = Board::start();
    ++seen[b.canonical()];
    for (int ply = 0; ply < plies && ply < static_cast<int>(line.size()); ++ply) {
      b = b.play(line[ply]);
      ++seen[b.canonical()];
    }
  }
  for (const auto& [key, count] : seen) {
    if (static_cast<int>(count) < min_seen) continue;
    Entry& e = book.add(key);
    e.seen = std::max(e.seen, count);
  }
}

namespace {

// Children of `b` in the book, by move (a forced pass is the only child).
std::vector<std::pair<Move, Board>> children(const Board& b) {
  std::vector<std::pair<Move, Board>> out;
  Bitboard legal = b.legal_moves();
  if (!legal) {
    if (b.opponent_can_move()) out.push_back({kPass, b.pass()});
    return out;
  }
  while (legal) {
    const Move m = first_square(legal);
    legal &= legal - 1;
    out.push_back({m, b.play(m)});
  }
  return out;
}

int value(Book& book, const Board& key, std::unordered_set<Board, book::BoardHasher>& done) {
  Entry* e = book.find(key);
  if (done.count(key)) return e->score;
  done.insert(key);
  const Board b = e->board;
  if (b.game_over()) {
    e->score = b.final_score() * 100;
    e->exact = true;
    return e->score;
  }
  int best = kNoScore;
  bool exact = true;
  bool leaf_is_child = false;
  for (const auto& [m, child] : children(b)) {
    if (!book.find(child)) continue;
    const int v = value(book, child.canonical(), done);
    if (v == kNoScore) continue;
    if (m == e->leaf) leaf_is_child = true;
    const Entry* c = book.find(child);
    if (-v > best) best = -v;
    exact = exact && c->exact;
  }
  if (!leaf_is_child && e->leaf != kNoMove && e->leaf_score != kNoScore && e->leaf_score > best) {
    best = e->leaf_score;
    exact = false;
  }
  e = book.find(key);
  e->score = best;
  e->exact = best != kNoScore && exact && e->leaf == kNoMove;
  return best;
}

// Whether `e`'s leaf move leads to a position the book has searched.
bool leaf_in_book(const Book& book, const Entry& e) {
  if (e.leaf == kNoMove || e.leaf == kPass || !e.board.is_legal(e.leaf)) return false;
  const Entry* child = book.find(e.board.play(e.leaf));
  return child && child->depth > 0;
}

class Scorer {
public:
  Scorer(int depth, int threads, int hash_mb) : depth_(depth) {
    search_.set_threads(threads);
    search_.set_hash_mb(static_cast<std::size_t>(hash_mb));
  }
  // Score of `b` from its mover's view, centi-discs; exact when the game is over.
  int score(const Board& b) {
    if (b.game_over()) return b.final_score() * 100;
    search::Limits limits;
    limits.depth = std::max(1, depth_);
    const search::Result r = search_.run(b, limits, stop_, {});
    return r.score;
  }

  // Finds `e`'s best move whose position the book has not searched: a
  // child still waiting for its search counts, or a partly built book would
  // score positions without their main lines. One search of `e` restricted
  // to those moves, one ply deeper than a child's search: the moves share
  // its alpha-beta window instead of each getting a full-window search.
  void search_leaf(Book& book, Entry& e) {
    const Board b = e.board;
    e.leaf = kNoMove;
    e.leaf_score = kNoScore;
    Bitboard outside = 0;
    for (const auto& [m, child] : children(b)) {
      if (const Entry* c = book.find(child); c && c->depth > 0) continue;
      if (m == kPass) {
        e.leaf = kPass;
        e.leaf_score = -score(child);
      } else {
        outside |= bit(m);
      }
    }
    if (outside) {
      search::Limits limits;
      limits.depth = std::max(1, depth_) + 1;
      limits.root_moves = outside;
      const search::Result r = search_.run(b, limits, stop_, {});
      e.leaf = r.best;
      e.leaf_score = r.score;
    }
    e.depth = depth_;
  }

private:
  int depth_;
  search::Search search_;
  std::atomic<bool> stop_{false};
};

class Progress {
public:
  Progress(bool on, double budget) : on_(on), budget_(budget), start_(std::chrono::steady_clock::now()) {}
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  void show(const char* phase, std::size_t done, std::size_t total) {
    if (!on_) return;
    const double t = elapsed();
    if (t - last_ < 0.5 && done != total) return;
    last_ = t;
    const double frac = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
    const int width = 30, filled = static_cast<int>(frac * width);
    double eta = done ? t / static_cast<double>(done) * static_cast<double>(total - done) : 0;
    eta = std::min(eta, std::max(0.0, budget_ - t));
    std::fprintf(stderr, "\r%-9s [%-*s] %zu/%zu  %4.0fs elapsed  ETA %4.0fs ", phase, width,
                 std::string(static_cast<std::size_t>(filled), '#').c_str(), done, total, t, eta);
    if (done == total) std::fputc('\n', stderr);
  }

private:
  bool on_;
  double budget_;
  std::chrono::steady_clock::time_point start_;
  double last_ = -1;
};

}  // namespace

void negamax(Book& book) {
  std::unordered_set<Board, book::BoardHasher> done;
  std::vector<Board> keys;
  for (const auto& [key, e] : book.entries()) keys.push_back(key);
  for (const Board& k : keys) value(book, k, done);
}

Expected<BuildReport> build(const BuildOptions& options) {
  BuildReport report;
  Book book;
  if (!options.output.empty() && std::filesystem::exists(options.output)) {
    auto loaded = book::load(options.output);
    if (!loaded) return loaded.error();
    book.merge(*loaded);
  }
  std::vector<Line> lines;
  for (const std::string& path : options.games) {
    auto more = read_lines(path, options.plies);
    if (!more) return more.error();
    lines.insert(lines.end(), more->begin(), more->end());
  }
  report.games = lines.size();
  add_lines(book, lines, options.plies, options.min_seen);
  // Parity's own games are few and rarely repeat a line, but they are the
  // lines it will meet: each one is kept whole.
  lines.clear();
  for (const std::string& path : options.self_play) {
    auto more = read_lines(path, options.plies);
    if (!more) return more.error();
    lines.insert(lines.end(), more->begin(), more->end());
  }
  report.games += lines.size();
  add_lines(book, lines, options.plies, 1);
  if (book.empty()) book.add(Board::start());

  Progress progress(options.progress, options.budget_s);
  Scorer scorer(options.depth, options.threads, options.hash_mb);
  double last_save = 0;
  auto checkpoint = [&]() -> std::optional<Error> {
    if (options.output.empty()) return std::nullopt;
    last_save = progress.elapsed();
    negamax(book);
    return book::save(book, options.output);
  };
  auto out_of_time = [&] { return progress.elapsed() >= options.budget_s; };

  // Searches the leaves of `keys` in order while the budget lasts.
  auto search_leaves = [&](const std::vector<Board>& keys, const char* label) -> std::optional<Error> {
    for (std::size_t i = 0; i < keys.size() && !out_of_time(); ++i) {
      scorer.search_leaf(book, *book.find(keys[i]));
      ++report.searched;
      progress.show(label, i + 1, keys.size());
      if (progress.elapsed() - last_save >= options.checkpoint_s)
        if (auto err = checkpoint()) return err;
    }
    return std::nullopt;
  };

  // 1. Score the leaves of every position not searched at this depth yet,
  // the most played first so that a cut budget keeps the main lines.
  std::vector<Board> todo;
  for (const auto& [key, e] : book.entries())
    if (e.depth < options.depth) todo.push_back(key);
  std::sort(todo.begin(), todo.end(), [&](const Board& a, const Board& b) {
    const Entry &ea = *book.find(a), &eb = *book.find(b);
    return ea.seen != eb.seen ? ea.seen > eb.seen : a < b;
  });
  if (auto err = search_leaves(todo, "leaves")) return *err;

  // 1b. A position searched before its children (the most played come first)
  // took a child still waiting for its own search as its leaf; a position
  // added later (a deviation) can also be another position's leaf, by
  // transposition. Once its child has a score, the leaf must be searched
  // again: it is the best move outside the book.
  auto refresh_stale_leaves = [&]() -> std::optional<Error> {
    if (out_of_time()) return std::nullopt;
    std::vector<Board> stale;
    for (const auto& [key, e] : book.entries())
      if (leaf_in_book(book, e)) stale.push_back(key);
    std::sort(stale.begin(), stale.end());  // the map's order is not reproducible
    return search_leaves(stale, "leaves again");
  };
  if (auto err = refresh_stale_leaves()) return *err;

  // 2. Deviations: expand leaves close to their position's best, nearest
  // the root first, while the budget lasts. Each expansion adds the leaf's
  // position (its own leaf searched) and re-searches the parent's leaf.
  while (!out_of_time()) {
    negamax(book);
    std::vector<std::pair<int, Board>> candidates;  // (empties, key), most empties first
    for (const auto& [key, e] : book.entries()) {
      if (e.leaf == kNoMove || e.leaf_score == kNoScore || e.score == kNoScore || e.depth == 0) continue;
      if (60 - e.board.empties() + 1 > options.plies) continue;
      if (e.leaf_score < e.score - options.deviation_cd) continue;
      candidates.push_back({e.board.empties(), key});
    }
    if (candidates.empty()) {
      report.finished = true;
      break;
    }
    std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    std::size_t n = 0;
    for (const auto& [empties, key] : candidates) {
      if (out_of_time()) break;
      Entry& parent = *book.find(key);
      const Board child = parent.board.play(parent.leaf);
      Entry& c = book.add(child);
      scorer.search_leaf(book, c);
      scorer.search_leaf(book, *book.find(key));
      ++report.expanded;
      progress.show("deviate", ++n, candidates.size());
      if (progress.elapsed() - last_save >= options.checkpoint_s)
        if (auto err = checkpoint()) return *err;
    }
    if (auto err = refresh_stale_leaves()) return *err;
  }
  if (!out_of_time() && !report.finished) report.finished = true;
  if (auto err = checkpoint()) return *err;
  negamax(book);
  report.positions = book.size();
  report.seconds = progress.elapsed();
  return report;
}

}  // namespace parity::book_builder
