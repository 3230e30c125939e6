#pragma once
// The engine as protocols and tools see it: options, the game, and a search
// that runs on its own thread while the caller keeps reading input.
// Protocols only parse and format; everything with state lives here.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "parity/book/book.hpp"
#include "parity/core/expected.hpp"
#include "parity/core/position.hpp"
#include "parity/core/game.hpp"
#include "parity/engine/line_log.hpp"
#include "parity/engine/memory.hpp"
#include "parity/engine/options.hpp"
#include "parity/search/search.hpp"
#include "parity/search/thread_pool.hpp"

namespace parity::engine {

// The engine's defaults and bounds, in one place.
namespace defaults {
inline constexpr int kHashMb = 64;
inline constexpr int kMaxHashMb = 32768;
// Memory a Hash must leave free for the rest of the engine (its code,
// weights, book, threads and buffers: docs/hardening.md measures it).
inline constexpr int kHashReserveMb = 64;
inline constexpr int kThreads = 1;
inline constexpr int kMaxThreads = 256;
inline constexpr int kMaxMultiPv = 64;
inline constexpr int kMoveOverheadMs = 30;  // the host's latency per move, kept in reserve
inline constexpr int kMaxMoveOverheadMs = 5000;
inline constexpr int kLevel = 60;           // full strength
// Off by default: bench, tests and hosts that bring their own openings get
// the bare engine; GUIs and match scripts turn it on (docs/book.md).
inline constexpr bool kOwnBook = false;
inline constexpr int kBookVarietyCd = 0;    // play only the best book move
inline constexpr int kMaxBookVarietyCd = 800;
}  // namespace defaults

std::string_view version();
inline constexpr std::string_view kName = "Parity";
inline constexpr std::string_view kAuthor = "the Parity authors";

// The end of one searched position: where, and what was found.
struct BestMove {
  std::size_t index = 0;  // which of the positions given to analyze(); 0 after go()
  bool last = true;       // the last position of that request
  Position position;
  search::Result result;
};

using InfoHandler = std::function<void(const search::Info&)>;
using BestMoveHandler = std::function<void(const BestMove&)>;
using MessageHandler = std::function<void(const std::string&)>;

class Engine {
public:
  Engine();
  ~Engine();  // stops and joins any search
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Options: Hash, Threads, MultiPV, MoveOverhead, LogFile, Level. Setting
  // one ends a running search first (its bestmove is still reported).
  const Options& options() const { return options_; }
  std::optional<Error> set_option(std::string_view name, std::string_view value);
  LineLog& log() { return log_; }
  // The name hosts show (UCI id name, GTP name, NBoard myname): the Name
  // option, or "Parity" with the level when it is below 60 ("Parity level
  // 20"), so that two entries of a tournament differ.
  std::string display_name() const;
  // The size the hash table has now, in MB.
  std::size_t hash_mb() const { return search_.hash_mb(); }
  // Where the Hash option reads how much memory it may take (tests).
  void set_memory_probe(MemoryProbe probe) { memory_probe_ = std::move(probe); }

  // The game. Changing it ends a running search first.
  const Game& game() const { return game_; }
  const Position& position() const { return game_.position(); }
  void set_game(Game game);
  void new_game();  // the start position, and the hash cleared

  // Handlers run on the search thread; set them before the first go().
  void on_info(InfoHandler handler) { on_info_ = std::move(handler); }
  void on_bestmove(BestMoveHandler handler) { on_bestmove_ = std::move(handler); }
  // Free-text notes for the host (the book move played, the named opening).
  void on_message(MessageHandler handler) { on_message_ = std::move(handler); }

  // The book (options OwnBook, BookFile, BookVariety): the scored book moves
  // of `position`, best first; empty without a book or out of it.
  std::vector<book::BookMove> book_moves(const Position& position) const;
  bool has_book() const { return !book_.empty(); }
  // The named opening the game is in (the latest one along its moves), or "".
  std::string opening() const;

  // Limits with the options applied (MoveOverhead, Level, MultiPV).
  search::Limits default_limits() const;
  // Starts searching the game's position and returns at once; the answer
  // comes through on_bestmove. A request with no limit at all gets the
  // fixed move time (search::with_default_time), a clock at 0 or below an
  // immediate move; after an `infinite` search, bestmove waits for stop().
  // Error if a search is running.
  std::optional<Error> go(search::Limits limits);
  // As go(), and the move found is played into the game before on_bestmove
  // runs: the engine moves (GTP's genmove).
  std::optional<Error> go_and_play(search::Limits limits);
  // Scores each of `positions` in turn, as go() does (an analysis of a
  // game, a file of positions), each answer through on_bestmove with its
  // index; the book is not consulted, and positions without a limit share
  // the fixed move time. Error if a search is running.
  std::optional<Error> analyze(search::Limits limits, std::vector<Position> positions);
  // Runs a long command (perft, bench) on the search thread, as go() runs a
  // search: the caller keeps reading input, searching() is true until the
  // task returns, and stop() sets the flag the task is given, which it must
  // poll. Error if a search or task is running.
  using Task = std::function<void(const std::atomic<bool>& stop)>;
  std::optional<Error> run_task(Task task);
  void stop();          // ends the search soon; bestmove follows
  void wait();          // until the search or task has ended
  void halt();          // stop() and wait()
  bool searching() const { return running_.load(); }

  // The static evaluation of the current position, feature by feature.
  std::string explain_eval() const;

private:
  // What a request searches: the game's position (which the book may
  // answer, and whose move may be played), or the positions given.
  enum class Target { kGame, kGamePlayed, kPositions };
  std::optional<Error> start(search::Limits limits, std::vector<Position> positions, Target target);
  void search_thread(const search::Limits& limits, const std::vector<Position>& positions, Target target);
  std::optional<Error> load_book(bool own_book, const std::string& file);
  // A plain or timed search of the game's position for one line may be answered by the book.
  std::optional<search::Result> book_answer(const search::Limits& limits, const Position& position);
  std::optional<Error> set_hash(std::size_t megabytes);
  // The search thread, started again if the system refused it before.
  std::optional<Error> start_worker();
  // Gives the table the Hash option's size if nothing has yet.
  void ensure_hash();

  Options options_;
  LineLog log_;
  MemoryProbe memory_probe_ = available_memory;
  Game game_;
  // The table starts at 1 MB and gets the Hash option's size when it is
  // set or at the first search, so that a host's Hash never comes on top
  // of the default table in the process's peak memory.
  search::Search search_{1};
  bool hash_set_ = false;
  InfoHandler on_info_;
  BestMoveHandler on_bestmove_;
  MessageHandler on_message_;
  book::Book book_;
  std::mt19937_64 book_random_{std::random_device{}()};

  search::ThreadPool worker_;  // the one thread searches and long commands run on, kept
  std::atomic<bool> running_{false};
  std::atomic<bool> stop_{false};
  std::mutex stop_mutex_;
  std::condition_variable stop_signal_;
};

}  // namespace parity::engine
