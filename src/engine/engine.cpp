#include "parity/engine/engine.hpp"

#include <algorithm>
#include <cstdio>

#include "parity/book/book_file.hpp"
#include "parity/book/locate.hpp"
#include "parity/book/openings.hpp"
#include "parity/core/notation.hpp"
#include "parity/search/time_plan.hpp"

#ifndef PARITY_VERSION
#define PARITY_VERSION "dev"
#endif

namespace parity::engine {

std::string_view version() { return PARITY_VERSION; }

namespace {

std::optional<Error> applied() { return std::nullopt; }

}  // namespace

Engine::Engine() {
  options_.add(Option::spin("Hash", defaults::kHashMb, 1, defaults::kMaxHashMb, "hash table size in MB",
                            [this](const std::string& v) { return set_hash(std::stoul(v)); }));
  options_.add(Option::spin("Threads", defaults::kThreads, 1, defaults::kMaxThreads, "search threads",
                            [this](const std::string& v) {
                              search_.set_threads(std::stoi(v));
                              return applied();
                            }));
  options_.add(Option::spin("MultiPV", 1, 1, defaults::kMaxMultiPv, "how many best moves to score"));
  options_.add(Option::spin("MoveOverhead", defaults::kMoveOverheadMs, 0, defaults::kMaxMoveOverheadMs,
                            "milliseconds per move kept for the host's latency"));
  options_.add(Option::spin("Level", defaults::kLevel, 1, 60, "1-60: 60 is full strength, lower caps the search depth"));
  options_.add(Option::string("LogFile", "", "file recording every line in and out",
                              [this](const std::string& v) { return log_.open(v); }));
  options_.add(Option::string("EvalFile", "", "evaluation weights file; empty: the built-in weights",
                              [this](const std::string& v) -> std::optional<Error> {
                                std::string why;
                                if (!search_.set_eval_file(v, &why)) return Error{"EvalFile: " + why};
                                return applied();
                              }));
  // BookFile first: the command line applies options in this order.
  options_.add(Option::string("BookFile", "<default>", "opening book file; <default>: the shipped book",
                              [this](const std::string& v) { return load_book(options_.check("OwnBook"), v); }));
  options_.add(Option::check("OwnBook", defaults::kOwnBook, "answer from the opening book in book positions",
                             [this](const std::string& v) { return load_book(v == "true", options_.value("BookFile")); }));
  options_.add(Option::spin("BookVariety", defaults::kBookVarietyCd, 0, defaults::kMaxBookVarietyCd,
                            "centi-discs: play any book move this close to the best, at random"));
  options_.add(Option::string("Name", "", "the name hosts show; empty: Parity, with the level below 60"));
  // The search thread first: threads the Threads option asks for later
  // cannot take its place when the system has room for only some.
  worker_.resize(1);
  search_.set_threads(defaults::kThreads);
}

std::string Engine::display_name() const {
  if (const std::string& name = options_.value("Name"); !name.empty()) return name;
  const long long level = options_.integer("Level");
  return std::string(kName) + (level < defaults::kLevel ? " level " + std::to_string(level) : "");
}

Engine::~Engine() { halt(); }

void Engine::ensure_hash() {
  if (hash_set_) return;
  set_hash(static_cast<std::size_t>(options_.integer("Hash")));
  hash_set_ = true;  // once, even when refused: the small table then stays
}

std::optional<Error> Engine::set_hash(std::size_t megabytes) {
  // The old table is freed before the new one is allocated, so its memory
  // counts as available.
  if (const auto problem = hash_room_problem(megabytes, search_.hash_mb(), defaults::kHashReserveMb, memory_probe_))
    return Error{"Hash " + std::to_string(megabytes) + " MB refused: " + *problem + "; Hash stays " +
                 options_.value("Hash") + " MB"};
  // A refused size leaves the option's old value to be allocated at the
  // first search; from here on the table has a size the host chose.
  hash_set_ = true;
  if (!search_.set_hash_mb(megabytes))
    return Error{"could not allocate a hash table of " + std::to_string(megabytes) + " MB; the table now has " +
                 std::to_string(search_.hash_mb()) + " MB"};
  return applied();
}

std::optional<Error> Engine::set_option(std::string_view name, std::string_view value) {
  halt();
  return options_.set(name, value);
}

std::optional<Error> Engine::load_book(bool own_book, const std::string& file) {
  if (!own_book) {
    book_.clear();
    return applied();
  }
  // A book that cannot be loaded leaves the one in use (if any) in play.
  const std::string kept = book_.empty() ? "; playing without a book" : "; the book in use is kept";
  const std::string path = file.empty() || file == "<default>" ? book::default_book_path() : file;
  if (path.empty()) return Error{"no opening book found (set BookFile)" + kept};
  auto loaded = book::load(path);
  if (!loaded) return Error{loaded.error().message + kept};
  book_ = std::move(*loaded);
  return applied();
}

std::vector<book::BookMove> Engine::book_moves(const Position& position) const { return book_.moves(position.board); }

std::string Engine::opening() const {
  std::vector<Position> line;
  for (std::size_t ply = 0; ply <= game_.moves().size(); ++ply) line.push_back(game_.position_at(ply));
  return std::string(book::opening_of_line(line));
}

std::optional<search::Result> Engine::book_answer(const search::Limits& limits, const Position& position) {
  // Several lines (MultiPV, NBoard's hint n) ask for scores of moves the book does not give.
  if (book_.empty() || limits.infinite || limits.exact || limits.depth > 0 || limits.nodes > 0 || limits.root_moves ||
      limits.multipv > 1)
    return std::nullopt;
  const std::vector<book::BookMove> moves = book_.moves(position.board);
  if (moves.empty()) return std::nullopt;
  const int margin = static_cast<int>(options_.integer("BookVariety"));
  std::size_t choices = 0;
  while (choices < moves.size() && moves[choices].score >= moves.front().score - margin) ++choices;
  const book::BookMove& pick = moves[std::uniform_int_distribution<std::size_t>(0, choices - 1)(book_random_)];
  search::Result r;
  r.best = pick.move;
  r.score = pick.score;
  r.exact = pick.exact;
  r.pv = {pick.move};
  if (const book::Entry* e = book_.find(position.board)) r.depth = e->depth;
  if (on_message_) {
    char score[32];
    std::snprintf(score, sizeof score, "%+.2f", pick.score / 100.0);
    std::string text = "book " + move_name(pick.move) + " score " + score + " of " + std::to_string(moves.size()) +
                       " book moves";
    if (const std::string name = opening(); !name.empty()) text += ", opening " + name;
    on_message_(text);
  }
  return r;
}

void Engine::set_game(Game game) {
  halt();
  game_ = std::move(game);
}

void Engine::new_game() {
  halt();
  ensure_hash();
  search_.clear();
  game_ = Game();
}

search::Limits Engine::default_limits() const {
  search::Limits limits;
  limits.move_overhead_ms = options_.integer("MoveOverhead");
  limits.level = static_cast<int>(options_.integer("Level"));
  limits.multipv = static_cast<int>(options_.integer("MultiPV"));
  return limits;
}

std::optional<Error> Engine::go(search::Limits limits) {
  return start(search::with_default_time(limits), {}, Target::kGame);
}

std::optional<Error> Engine::go_and_play(search::Limits limits) {
  return start(search::with_default_time(limits), {}, Target::kGamePlayed);
}

std::optional<Error> Engine::analyze(search::Limits limits, std::vector<Position> positions) {
  if (positions.empty()) return Error{"no position to analyze"};
  const auto count = static_cast<std::int64_t>(positions.size());
  return start(search::with_default_time(limits, count), std::move(positions), Target::kPositions);
}

std::optional<Error> Engine::start(search::Limits limits, std::vector<Position> positions, Target target) {
  if (running_.load()) return Error{"a search is already running"};
  worker_.wait();
  if (auto e = start_worker()) return e;
  ensure_hash();
  // Read once the last search (which may have played its move) is over.
  if (target != Target::kPositions) positions.assign(1, position());
  stop_ = false;
  running_ = true;
  worker_.run(1, [this, limits, positions = std::move(positions), target](int) { search_thread(limits, positions, target); });
  return std::nullopt;
}

std::optional<Error> Engine::start_worker() {
  if (worker_.size() > 0 || worker_.resize(1) > 0) return std::nullopt;
  return Error{"cannot start the search thread: the system refused a thread"};
}

std::optional<Error> Engine::run_task(Task task) {
  if (running_.load()) return Error{"a search is already running"};
  worker_.wait();
  if (auto e = start_worker()) return e;
  stop_ = false;
  running_ = true;
  worker_.run(1, [this, task = std::move(task)](int) {
    task(stop_);
    running_ = false;
  });
  return std::nullopt;
}

void Engine::search_thread(const search::Limits& limits, const std::vector<Position>& positions, Target target) {
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const bool own = target != Target::kPositions;
    std::optional<search::Result> booked = own ? book_answer(limits, positions[i]) : std::nullopt;
    const search::Result result = booked ? *booked : search_.run(positions[i].board, limits, stop_, on_info_);
    const int asked = static_cast<int>(options_.integer("Threads"));
    if (!booked && limits.nodes == 0 && result.threads > 0 && result.threads < asked && on_message_)
      on_message_("the system started only " + std::to_string(result.threads) + " of " + std::to_string(asked) +
                  " search threads; searching with " + std::to_string(result.threads));
    if (limits.infinite && positions.size() == 1) {
      std::unique_lock lock(stop_mutex_);
      stop_signal_.wait(lock, [this] { return stop_.load(); });
    }
    // The protocol thread leaves the game alone until this thread ends.
    if (target == Target::kGamePlayed && result.best != kNoMove) game_.play(result.best);
    const bool last = i + 1 == positions.size() || stop_.load();
    // A host may send the next go as soon as it reads the last answer.
    if (last) running_ = false;
    if (on_bestmove_) on_bestmove_(BestMove{i, last, positions[i], result});
    if (last) return;
  }
  running_ = false;
}

std::string Engine::explain_eval() const { return search_.explain_eval(game_.position().board); }

void Engine::stop() {
  {
    std::lock_guard lock(stop_mutex_);
    stop_ = true;
  }
  stop_signal_.notify_all();
}

void Engine::wait() { worker_.wait(); }

void Engine::halt() {
  stop();
  wait();
}

}  // namespace parity::engine
