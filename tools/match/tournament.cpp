#include "tournament.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <ostream>
#include <set>
#include <sstream>
#include <thread>

#include "ggf.hpp"
#include "parity/core/file_io.hpp"
#include "player.hpp"
#include "referee.hpp"
#include "report.hpp"
#include "standings.hpp"

namespace parity::match {

namespace {

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y.%m.%d_%H:%M:%S.UTC", &tm);
  return buf;
}

std::string result_text(const GameRecord& g) {
  const std::string score = g.black_result() > 0 ? "1-0" : g.black_result() < 0 ? "0-1" : "1/2-1/2";
  std::string why;
  if (g.forfeiter)
    why = std::string(*g.forfeiter == Color::kBlack ? "black" : "white") + " forfeits: " +
          std::string(termination_name(g.termination));
  else if (g.black_score == 0)
    why = "draw";
  else
    why = std::string(g.black_score > 0 ? "black" : "white") + " wins by " + std::to_string(std::abs(g.black_score));
  return score + " {" + why + "}";
}

std::optional<Error> validate(const TournamentConfig& c) {
  if (c.engines.size() < 2) return Error{"a tournament needs at least two engines (--engine ...)"};
  std::set<std::string> names;
  for (const EngineSpec& e : c.engines) {
    if (e.command.program.empty()) return Error{"engine " + (e.name.empty() ? std::string("?") : e.name) + ": no cmd="};
    if (!names.insert(e.name).second) return Error{"two engines are named '" + e.name + "': give one a name="};
    if (auto problem = check_protocol_support(e)) return problem;
    if (e.protocol == Protocol::kGtp)
      for (const Opening& o : c.openings)
        if (o.from_board) return Error{"engine " + e.name + " (gtp): GTP cannot set up a board; use transcript openings"};
  }
  if (c.games < 1 || c.rounds < 1 || c.concurrency < 1) return Error{"--games, --rounds and --concurrency must be at least 1"};
  if (c.sprt && c.engines.size() != 2) return Error{"--sprt needs exactly two engines"};
  if (c.sprt && !(c.sprt->alpha > 0 && c.sprt->alpha < 1 && c.sprt->beta > 0 && c.sprt->beta < 1 && c.sprt->elo0 < c.sprt->elo1))
    return Error{"--sprt needs 0 < alpha, beta < 1 and elo0 < elo1"};
  return std::nullopt;
}

class Runner {
public:
  Runner(const TournamentConfig& c, std::ostream& out, std::ostream& err)
      : c_(c), out_(out), err_(err), pairs_(pairings(static_cast<int>(c.engines.size()), c.kind)),
        games_(schedule(pairs_, c.games, c.rounds, static_cast<int>(c.openings.size()))),
        standings_(names(), pairs_), done_(games_.size(), false) {}

  int run() {
    if (auto problem = validate(c_)) return fail(problem->message);
    warn_about_cores();
    std::string previous;  // the games file as a previous run left it
    std::error_code ec;
    if (!c_.ggf_path.empty() && std::filesystem::exists(c_.ggf_path, ec)) {
      auto text = read_file(c_.ggf_path, kMaxTextFileBytes, "games file");
      if (!text) return fail(text.error().message);
      previous = std::move(*text);
    }
    if (auto problem = resume(previous)) return fail(problem->message);
    if (!c_.ggf_path.empty()) {
      const bool ends_a_line = previous.empty() || previous.back() == '\n';
      ggf_.open(c_.ggf_path, std::ios::app);
      if (!ggf_) return fail("cannot write '" + c_.ggf_path + "'");
      if (!ends_a_line) ggf_ << "\n";
    }
    if (sprt_decided()) stop_ = true;
    const int pending = static_cast<int>(std::count(done_.begin(), done_.end(), false));
    const int workers = std::min(c_.concurrency, pending);
    std::vector<std::thread> threads;
    for (int i = 0; i < workers && !stop_; ++i) threads.emplace_back([this] { work(); });
    for (auto& t : threads) t.join();
    if (!fatal_.empty()) return fail(fatal_);
    summarise();
    return 0;
  }

private:
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : c_.engines) out.push_back(e.name);
    return out;
  }

  int fail(const std::string& message) {
    err_ << "parity-match: " << message << "\n";
    return 1;
  }

  void warn_about_cores() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    int threads = 1;
    for (const auto& e : c_.engines) threads = std::max(threads, e.threads());
    if (static_cast<unsigned>(c_.concurrency * threads) > cores)
      err_ << "parity-match: warning: " << c_.concurrency << " games x " << threads << " engine threads exceed the "
           << cores << " cores: engines will share cores and timed games lose strength\n";
  }

  // Reads the games a previous run wrote and counts them as played.
  std::optional<Error> resume(const std::string& previous) {
    if (previous.empty()) return std::nullopt;
    std::istringstream in(previous);
    std::string line;
    int line_no = 0, found = 0;
    while (std::getline(in, line)) {
      ++line_no;
      if (line.find("(;") == std::string::npos) continue;
      const std::string where = c_.ggf_path + ":" + std::to_string(line_no) + ": ";
      if (!c_.resume)
        return Error{c_.ggf_path + " already holds games: pass --resume to continue that run, or choose another file"};
      if (line.find(";)") == std::string::npos) {
        // A run killed while writing leaves half a line: that game is replayed.
        err_ << "parity-match: " << where << "an unfinished line, skipped\n";
        continue;
      }
      auto g = parse_game_record(line);
      if (!g) return Error{where + g.error().message};
      if (g->number > static_cast<int>(games_.size()))
        return Error{where + "game " + std::to_string(g->number) + " is not in this schedule (same settings as the first run?)"};
      const ScheduledGame& s = games_[static_cast<std::size_t>(g->number - 1)];
      if (g->black != c_.engines[static_cast<std::size_t>(s.black)].name ||
          g->white != c_.engines[static_cast<std::size_t>(s.white)].name)
        return Error{where + "game " + std::to_string(g->number) + " was " + g->black + " vs " + g->white +
                     ", not as scheduled now (same engines, order and settings as the first run?)"};
      if (done_[static_cast<std::size_t>(g->number - 1)]) continue;
      done_[static_cast<std::size_t>(g->number - 1)] = true;
      standings_.add(s, *g);
      ++found;
    }
    if (found) out_ << "Resuming: " << found << " of " << games_.size() << " games already played in " << c_.ggf_path << "\n";
    return std::nullopt;
  }

  bool sprt_decided() const { return c_.sprt && sprt_verdict(standings_.pair(0).wdl, *c_.sprt) != SprtVerdict::kContinue; }

  std::optional<std::size_t> next_game() {
    std::lock_guard lock(mutex_);
    while (!stop_ && next_ < games_.size() && done_[next_]) ++next_;
    if (stop_ || next_ >= games_.size()) return std::nullopt;
    return next_++;
  }

  void work() {
    std::vector<std::unique_ptr<Player>> players;
    for (const auto& e : c_.engines) players.push_back(std::make_unique<Player>(e));
    while (auto index = next_game()) {
      const ScheduledGame& s = games_[*index];
      GameSetup setup;
      setup.number = s.number;
      setup.opening_index = s.opening;
      setup.opening = s.opening >= 0 ? &c_.openings[static_cast<std::size_t>(s.opening)] : nullptr;
      setup.date = utc_now();
      auto result = play_game(*players[static_cast<std::size_t>(s.black)], *players[static_cast<std::size_t>(s.white)], setup);
      std::lock_guard lock(mutex_);
      if (!result) {
        fatal_ = result.error().message;
        stop_ = true;
        break;
      }
      finished(s, *result);
    }
    for (auto& p : players) p->quit();
  }

  // Called under the lock.
  void finished(const ScheduledGame& s, const RefereeResult& r) {
    done_[static_cast<std::size_t>(s.number - 1)] = true;
    standings_.add(s, r.record);
    if (ggf_.is_open()) {
      std::error_code ec;
      const std::uintmax_t before = std::filesystem::file_size(c_.ggf_path, ec);
      ggf_ << ggf_line(r.record) << "\n";
      ggf_.flush();
      // A game that cannot be recorded stops the run: its results would be
      // lost to a resume. The part of its line that was written is cut off,
      // so that --resume reads whole games only.
      if (!ggf_ && fatal_.empty()) {
        ggf_.close();
        if (!ec) std::filesystem::resize_file(c_.ggf_path, before, ec);
        fatal_ = "cannot append to '" + c_.ggf_path + "' (the games before this one are kept)";
        stop_ = true;
      }
    }
    const std::string clear = c_.live_progress ? "\r\033[K" : "";
    if (!r.forfeit_log.empty()) err_ << clear << r.forfeit_log;
    out_ << clear << "Finished game " << s.number << " (" << r.record.black << " vs " << r.record.white
         << "): " << result_text(r.record) << "\n";
    out_ << progress_line(standings_, static_cast<int>(games_.size()), c_.sprt) << (c_.live_progress ? "" : "\n");
    out_.flush();
    if (sprt_decided()) stop_ = true;
  }

  void summarise() {
    if (c_.live_progress) out_ << "\n";
    for (std::size_t p = 0; p < pairs_.size(); ++p) out_ << score_lines(standings_, static_cast<int>(p));
    if (c_.sprt) out_ << sprt_line(standings_, *c_.sprt);
    out_ << "\n" << final_table(standings_);
    if (!c_.json_path.empty()) {
      SummaryInfo info{c_.engines, static_cast<int>(games_.size()), c_.sprt, c_.ggf_path, c_.openings_path, c_.seed};
      if (auto err = write_file(c_.json_path, json_summary(standings_, info))) err_ << "parity-match: " << err->message << "\n";
    }
  }

  const TournamentConfig& c_;
  std::ostream& out_;
  std::ostream& err_;
  std::vector<Pairing> pairs_;
  std::vector<ScheduledGame> games_;
  Standings standings_;
  std::vector<bool> done_;
  std::ofstream ggf_;
  std::mutex mutex_;
  std::size_t next_ = 0;
  std::atomic<bool> stop_ = false;
  std::string fatal_;
};

}  // namespace

int run_tournament(const TournamentConfig& config, std::ostream& out, std::ostream& err) {
  return Runner(config, out, err).run();
}

}  // namespace parity::match
