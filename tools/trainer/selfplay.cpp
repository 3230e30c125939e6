#include "selfplay.hpp"

#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string_view>
#include <thread>
#include <unordered_set>

#include "parity/core/file_io.hpp"
#include "parity/core/hash.hpp"
#include "parity/core/notation.hpp"
#include "parity/engine/engine.hpp"
#include "parity/search/endgame.hpp"
#include "parity/search/search.hpp"

namespace parity::trainer {

namespace fs = std::filesystem;

namespace {

// Fixed, because a game depends on its tables' sizes: a setting here would
// have to go into the header.
constexpr std::size_t kSearchHashMb = 16;
constexpr std::size_t kSolverHashMb = 32;
constexpr std::string_view kMagic = "# parity-selfplay 1 ";

std::string header_with_engine(const SelfPlaySettings& s, std::string_view engine) {
  return std::string(kMagic) + "engine=" + std::string(engine) + " depth=" + std::to_string(s.depth) +
         " exact=" + std::to_string(s.exact_empties) + " random=" + std::to_string(s.random_min) + "-" +
         std::to_string(s.random_max) + " seed=" + std::to_string(s.seed) + " games=" + std::to_string(s.games);
}

// A number in [0, n), uniform: values of the top partial range are drawn
// again, so that no number is more likely than another.
std::uint64_t uniform(std::uint64_t& state, std::uint64_t n) {
  const std::uint64_t partial = (0 - n) % n;  // 2^64 mod n
  for (;;)
    if (const std::uint64_t x = splitmix64(state); x >= partial) return x % n;
}

template <class T>
bool parse_number(std::string_view text, T& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

// The text after `key=` in a header token, or nullopt.
std::optional<std::string_view> field(std::string_view token, std::string_view key) {
  if (token.size() <= key.size() || token.substr(0, key.size()) != key || token[key.size()] != '=') return std::nullopt;
  return token.substr(key.size() + 1);
}

struct Header {
  SelfPlaySettings settings;
  std::string engine;
};

std::vector<std::string_view> split(std::string_view text, char at) {
  std::vector<std::string_view> parts;
  for (std::size_t from = 0;;) {
    const std::size_t to = text.find(at, from);
    parts.push_back(text.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from));
    if (to == std::string_view::npos) return parts;
    from = to + 1;
  }
}

// Only a header exactly as header_with_engine writes it.
std::optional<Header> parse_header(std::string_view line) {
  if (line.substr(0, kMagic.size()) != kMagic) return std::nullopt;
  const std::vector<std::string_view> t = split(line.substr(kMagic.size()), ' ');
  if (t.size() != 6) return std::nullopt;
  Header h;
  const auto engine = field(t[0], "engine"), depth = field(t[1], "depth"), exact = field(t[2], "exact"),
             random = field(t[3], "random"), seed = field(t[4], "seed"), games = field(t[5], "games");
  if (!engine || !depth || !exact || !random || !seed || !games) return std::nullopt;
  const std::size_t dash = random->find('-');
  if (dash == std::string_view::npos || !parse_number(*depth, h.settings.depth) ||
      !parse_number(*exact, h.settings.exact_empties) || !parse_number(random->substr(0, dash), h.settings.random_min) ||
      !parse_number(random->substr(dash + 1), h.settings.random_max) || !parse_number(*seed, h.settings.seed) ||
      !parse_number(*games, h.settings.games))
    return std::nullopt;
  h.engine = std::string(*engine);
  if (header_with_engine(h.settings, h.engine) != line) return std::nullopt;
  return h;
}

// A game line checked against the header's settings; `why` says what is wrong.
std::optional<SelfPlayGame> parse_line(std::string_view line, const SelfPlaySettings& s, std::string& why) {
  const std::vector<std::string_view> t = split(line, ' ');
  SelfPlayGame g;
  g.exact_empties = s.exact_empties;
  std::string_view score = t.size() == 4 ? t[3] : std::string_view{};
  if (!score.empty() && score.front() == '+') score.remove_prefix(1);
  if (t.size() != 4 || !parse_number(t[0], g.index) || !parse_number(t[1], g.random_plies) ||
      !parse_number(score, g.black_score)) {
    why = "not '<index> <random moves> <moves> <score>'";
    return std::nullopt;
  }
  if (g.index >= s.games) {
    why = "index " + std::to_string(g.index) + " beyond the header's " + std::to_string(s.games) + " games";
    return std::nullopt;
  }
  const auto replayed = play_transcript(t[2]);
  if (!replayed) {
    why = replayed.error().message;
    return std::nullopt;
  }
  for (Move m : replayed->moves)
    if (m != kPass) g.moves.push_back(m);
  if (!replayed->end.board.game_over()) {
    why = "the game is not over";
    return std::nullopt;
  }
  if (g.random_plies < s.random_min || g.random_plies > s.random_max ||
      g.random_plies >= static_cast<int>(g.moves.size())) {
    why = std::to_string(g.random_plies) + " random moves, outside " + std::to_string(s.random_min) + "-" +
          std::to_string(s.random_max) + " or not leaving a move";
    return std::nullopt;
  }
  if (g.black_score != replayed->end.black_score()) {
    why = "score " + std::string(t[3]) + ", the final board says " + std::to_string(replayed->end.black_score());
    return std::nullopt;
  }
  if (selfplay_line(g) != line) {
    why = "not written as the generator writes it";
    return std::nullopt;
  }
  return g;
}

struct Loaded {
  std::string header;  // the first line, as it stands
  std::vector<SelfPlayGame> games;  // valid lines, the first of each index, in file order
  std::uint64_t rejected = 0;
  std::string first_rejection;
};

// The lines of `text` after its header, checked against `settings`.
void load_games(std::string_view text, const SelfPlaySettings& settings, Loaded& file) {
  std::unordered_set<std::uint64_t> seen;
  const std::vector<std::string_view> lines = split(text, '\n');
  for (std::size_t n = 1; n < lines.size(); ++n) {
    const bool last = n + 1 == lines.size();
    if (last && lines[n].empty()) break;  // the text ends with a newline
    std::string why;
    std::optional<SelfPlayGame> g;
    if (last) why = "unfinished (no newline)";
    else if ((g = parse_line(lines[n], settings, why)) && !seen.insert(g->index).second)
      why = "index " + std::to_string(g->index) + " again";
    else if (g) file.games.push_back(std::move(*g));
    if (!why.empty() && file.rejected++ == 0) file.first_rejection = "line " + std::to_string(n + 1) + ": " + why;
  }
}

Expected<std::string> read_text(const std::string& path) { return read_file(path, kMaxTextFileBytes, "self-play file"); }

// The file's header and games; false when it cannot be read or has no
// valid header (`error` says which).
bool load_file(const std::string& path, Loaded& file, std::string& error) {
  const auto text = read_text(path);
  if (!text) {
    error = text.error().message;
    return false;
  }
  const std::size_t newline = text->find('\n');
  file.header = text->substr(0, newline);
  const auto parsed = newline == std::string::npos ? std::nullopt : parse_header(file.header);
  if (!parsed) {
    error = path + " does not start with a '" + std::string(kMagic) + "...' header line";
    return false;
  }
  load_games(*text, parsed->settings, file);
  return true;
}

bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
  if (auto err = write_file(path, text)) {
    error = err->message;
    return false;
  }
  return true;
}

std::string file_text(const std::string& header, const std::vector<SelfPlayGame>& games) {
  std::string text = header + "\n";
  for (const SelfPlayGame& g : games) text += selfplay_line(g) + "\n";
  return text;
}

std::string check_job(const SelfPlayJob& job) {
  const SelfPlaySettings& s = job.settings;
  if (s.depth < 1 || s.depth > 30) return "--depth takes 1..30";
  if (s.exact_empties < 0 || s.exact_empties > 30) return "--exact-empties takes 0..30";
  // A game lasts at most 60 moves: more random ones would never leave one to search.
  if (s.random_min < 0 || s.random_min > s.random_max || s.random_max > 59)
    return "--random-min and --random-max take 0 <= min <= max <= 59";
  if (s.games < 1) return "--games takes a count of at least 1";
  if (job.shard_n < 1 || job.shard_k < 1 || job.shard_k > job.shard_n) return "--shard takes K/N with 1 <= K <= N";
  if (job.threads < 1 || job.threads > 256) return "--threads takes 1..256";
  return "";
}

std::string rejections(const std::string& path, const Loaded& file) {
  return path + ": " + std::to_string(file.rejected) + " bad line" + (file.rejected == 1 ? "" : "s") +
         " rejected (first " + file.first_rejection + ")";
}

}  // namespace

GameStats selfplay_samples(const std::string& path, std::vector<Sample>& out, std::string* error) {
  GameStats stats;
  const std::size_t first = out.size();
  for (const SelfPlayGame& g : read_selfplay(path, error)) {
    ++stats.games;
    if (!add_self_play_game(g.moves, g.random_plies, g.exact_empties, out)) ++stats.skipped;
  }
  stats.positions = out.size() - first;
  return stats;
}

bool is_selfplay_file(const std::string& path) {
  const auto text = read_text(path);
  return text && text->starts_with(kMagic);
}

std::string selfplay_header(const SelfPlaySettings& settings) { return header_with_engine(settings, engine::version()); }

std::string selfplay_line(const SelfPlayGame& game) {
  std::string line = std::to_string(game.index);
  line += ' ';
  line += std::to_string(game.random_plies);
  line += ' ';
  line += transcript_string(game.moves);
  line += game.black_score > 0 ? " +" : " ";
  line += std::to_string(game.black_score);
  return line;
}

struct SelfPlayer::Engines {
  search::Search search{kSearchHashMb};
  TranspositionTable table{kSolverHashMb};
  Solver solver{table};
};

SelfPlayer::SelfPlayer(const SelfPlaySettings& settings)
    : settings_(settings), engines_(std::make_unique<Engines>()) {}
SelfPlayer::~SelfPlayer() = default;

SelfPlayGame SelfPlayer::play(std::uint64_t index) {
  // Empty tables: a game never depends on the games played before it.
  engines_->search.clear();
  engines_->table.clear();
  SelfPlayGame game;
  game.index = index;
  game.exact_empties = settings_.exact_empties;
  // Two rounds of mixing, so that neighbouring seeds and indices give
  // unrelated streams.
  std::uint64_t seed_state = settings_.seed;
  std::uint64_t state = splitmix64(seed_state) ^ index;
  state = splitmix64(state);
  Position pos;
  for (;;) {
    const int random = settings_.random_min +
                       static_cast<int>(uniform(state, static_cast<std::uint64_t>(settings_.random_max - settings_.random_min + 1)));
    pos = Position::start();
    game.moves.clear();
    while (static_cast<int>(game.moves.size()) < random && !pos.board.game_over()) {
      if (pos.board.must_pass()) {
        pos = pos.play(kPass);
        continue;
      }
      const Bitboard legal = pos.board.legal_moves();
      Bitboard rest = legal;
      for (std::uint64_t skip = uniform(state, static_cast<std::uint64_t>(popcount(legal))); skip > 0; --skip)
        rest = without_first(rest);
      const Move m = first_square(rest);
      game.moves.push_back(m);
      pos = pos.play(m);
    }
    game.random_plies = random;
    if (!pos.board.game_over()) break;
  }
  const std::atomic<bool> stop{false};
  search::Limits limits;
  limits.depth = settings_.depth;
  SolveOptions exact;
  exact.pv = false;
  while (!pos.board.game_over()) {
    if (pos.board.must_pass()) {
      pos = pos.play(kPass);
      continue;
    }
    const Move m = pos.board.empties() <= settings_.exact_empties ? engines_->solver.solve(pos.board, exact).best
                                                                  : engines_->search.run(pos.board, limits, stop, {}).best;
    game.moves.push_back(m);
    pos = pos.play(m);
  }
  game.black_score = pos.black_score();
  return game;
}

std::vector<SelfPlayGame> read_selfplay(const std::string& path, std::string* error) {
  Loaded file;
  std::string why;
  if (!load_file(path, file, why)) {
    if (error) *error = why;
    return {};
  }
  if (error) *error = file.rejected ? rejections(path, file) : "";
  return std::move(file.games);
}

SelfPlayReport run_selfplay(const SelfPlayJob& job) {
  const auto start = std::chrono::steady_clock::now();
  SelfPlayReport report;
  if (report.error = check_job(job); !report.error.empty()) return report;
  const SelfPlaySettings& s = job.settings;
  const std::string header = selfplay_header(s);
  const std::uint64_t n = job.shard_n, first = job.shard_k - 1;
  report.shard_games = s.games > first ? (s.games - first + n - 1) / n : 0;

  Loaded file;
  std::error_code ec;
  bool rewrite = true;
  if (fs::is_directory(job.out, ec)) {
    report.error = job.out + " is a folder, not a file";
    return report;
  }
  if (fs::exists(job.out, ec)) {
    const auto text = read_text(job.out);
    if (!text) {
      report.error = text.error().message;
      return report;
    }
    // An empty file, or one cut inside its header, holds no game yet.
    const bool no_header_yet = text->find('\n') == std::string::npos && header.starts_with(*text);
    if (!no_header_yet) {
      file.header = text->substr(0, text->find('\n'));
      if (file.header != header) {
        report.error = job.out + " was written with other settings or another engine ('" + file.header +
                       "'; these write '" + header + "'): run them, or choose another --out";
        return report;
      }
      load_games(*text, s, file);
      report.dropped = file.rejected;
      rewrite = file.rejected > 0;
    }
  }
  report.kept = file.games.size();
  if (rewrite && !write_atomically(job.out, file_text(header, file.games), report.error)) return report;

  std::unordered_set<std::uint64_t> present;
  std::uint64_t done = 0;
  for (const SelfPlayGame& g : file.games) {
    present.insert(g.index);
    done += g.index % n == first;
  }
  const std::uint64_t todo = report.shard_games - done;
  std::FILE* out = std::fopen(job.out.c_str(), "ab");
  if (!out) {
    report.error = "cannot append to " + job.out;
    return report;
  }

  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false}, stopped{false};
  std::mutex writing;  // guards out, report and done
  const auto work = [&] {
    SelfPlayer player(s);
    for (std::uint64_t j; !failed && !stopped && (j = next.fetch_add(1)) < report.shard_games;) {
      const std::uint64_t index = first + j * n;
      if (present.count(index)) continue;
      if (job.keep_going && !job.keep_going()) {
        stopped = true;
        break;
      }
      const SelfPlayGame game = player.play(index);
      const std::string line = selfplay_line(game) + "\n";
      std::lock_guard lock(writing);
      // A game finished after a stop is kept; after a failed write, nothing is written.
      if (failed) break;
      if (std::fputs(line.c_str(), out) == EOF || std::fflush(out) != 0) {
        report.error = "cannot append to " + job.out;
        failed = true;
        break;
      }
      ++report.played;
      report.positions += game.moves.size() - static_cast<std::size_t>(game.random_plies);
      ++done;
      if (job.on_game) job.on_game(done, report.shard_games, report.played, todo);
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < job.threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& t : workers) t.join();
  if (std::fclose(out) != 0 && report.error.empty()) report.error = "cannot append to " + job.out;
  report.stopped = stopped && done < report.shard_games;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

MergeReport merge_selfplay(const std::string& out, const std::vector<std::string>& inputs) {
  MergeReport report;
  if (inputs.empty()) {
    report.error = "no input files";
    return report;
  }
  std::string header;
  std::map<std::uint64_t, SelfPlayGame> games;
  for (const std::string& path : inputs) {
    Loaded file;
    if (!load_file(path, file, report.error)) return report;
    if (header.empty()) header = file.header;
    if (file.header != header) {
      report.error = path + " has the header '" + file.header + "', " + inputs.front() + " '" + header + "'";
      return report;
    }
    if (file.rejected) report.notes += (report.notes.empty() ? "" : "\n") + rejections(path, file);
    for (SelfPlayGame& g : file.games) {
      const auto [at, added] = games.emplace(g.index, g);
      if (!added && selfplay_line(at->second) != selfplay_line(g)) {
        report.error = "game " + std::to_string(g.index) + " differs between the inputs (" + path + ")";
        return report;
      }
    }
  }
  std::vector<SelfPlayGame> sorted;
  sorted.reserve(games.size());
  for (auto& [index, g] : games) sorted.push_back(std::move(g));
  if (!write_atomically(out, file_text(header, sorted), report.error)) return report;
  report.games = sorted.size();
  return report;
}

}  // namespace parity::trainer
