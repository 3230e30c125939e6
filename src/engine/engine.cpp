#include "parity/engine/engine.hpp"

#include <algorithm>

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
                            [this](const std::string& v) -> std::optional<Error> {
                              if (!search_.set_hash_mb(std::stoul(v)))
                                return Error{"cannot allocate a hash table of " + v + " MB"};
                              return applied();
                            }));
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
  search_.set_hash_mb(defaults::kHashMb);
  search_.set_threads(defaults::kThreads);
}

Engine::~Engine() { halt(); }

std::optional<Error> Engine::set_option(std::string_view name, std::string_view value) {
  halt();
  return options_.set(name, value);
}

void Engine::set_game(Game game) {
  halt();
  game_ = std::move(game);
}

void Engine::new_game() {
  halt();
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

std::optional<Error> Engine::go(search::Limits limits, std::vector<Position> positions, bool play) {
  if (running_.load()) return Error{"a search is already running"};
  if (thread_.joinable()) thread_.join();
  if (positions.empty()) positions.push_back(position());
  else play = false;
  // A clock at or below zero must still get a legal move, and at once.
  if (limits.time_left_ms != -1 && limits.time_left_ms <= 0) {
    limits.time_left_ms = 0;
    limits.movetime_ms = 1;
  }
  stop_ = false;
  running_ = true;
  thread_ = std::thread(&Engine::search_thread, this, limits, std::move(positions), play);
  return std::nullopt;
}

void Engine::search_thread(search::Limits limits, std::vector<Position> positions, bool play) {
  for (std::size_t i = 0; i < positions.size() && !(i > 0 && stop_.load()); ++i) {
    const search::Result result = search_.run(positions[i].board, limits, stop_, on_info_);
    if (limits.infinite && positions.size() == 1) {
      std::unique_lock lock(stop_mutex_);
      stop_signal_.wait(lock, [this] { return stop_.load(); });
    }
    // The protocol thread leaves the game alone until this thread ends.
    if (play && result.best != kNoMove) game_.play(result.best);
    if (on_bestmove_) on_bestmove_(BestMove{i, i + 1 == positions.size(), positions[i], result});
  }
  running_ = false;
}

void Engine::stop() {
  {
    std::lock_guard lock(stop_mutex_);
    stop_ = true;
  }
  stop_signal_.notify_all();
}

void Engine::wait() {
  if (thread_.joinable()) thread_.join();
}

void Engine::halt() {
  stop();
  wait();
}

}  // namespace parity::engine
