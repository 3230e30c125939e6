#include "games.hpp"

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "parity/core/file_io.hpp"
#include "parity/core/notation.hpp"
#include "parity/core/ggf.hpp"

namespace parity::trainer {

namespace fs = std::filesystem;

namespace {

// How one game's positions are labelled, beyond the final score.
struct GameLabels {
  int exact_at = -1;          // the position with this many empties has a proven score ...
  int exact_black = 0;        // ... this one, black's view
  bool before_exact = false;  // that score also labels the positions before it
  int skip_moves = 0;         // the positions before this move are not added (random openings)
  int perfect_empties = -1;   // both sides played perfectly from this many empties: proven labels
};

// Replays `moves` (passes left out) and adds its positions, labelled with
// the final score unless `labels` says otherwise.
bool add_game(const std::vector<Move>& moves, std::vector<Sample>& out, const GameLabels& labels = {}) {
  Position pos = Position::start();
  std::vector<Position> seen;
  int played = 0;
  for (Move m : moves) {
    if (m == kPass) continue;  // re-inserted where forced
    if (pos.board.must_pass()) pos = pos.play(kPass);
    if (!pos.board.is_legal(m)) return false;
    if (played++ >= labels.skip_moves) seen.push_back(pos);
    pos = pos.play(m);
  }
  if (!pos.board.game_over()) return false;
  const int black_final = pos.black_score();
  for (const Position& p : seen) {
    const int sign = p.side == Color::kBlack ? 1 : -1;
    const int empties = p.board.empties();
    Sample s;
    s.board = p.board.canonical();
    if (empties == labels.exact_at) {
      s.label = static_cast<float>(sign * labels.exact_black);
      s.exact = true;
    } else if (labels.before_exact && labels.exact_at >= 0 && empties > labels.exact_at) {
      s.label = static_cast<float>(sign * labels.exact_black);
    } else {
      s.label = static_cast<float>(sign * black_final);
      s.exact = empties <= labels.perfect_empties;
    }
    out.push_back(s);
  }
  return true;
}

// A games file's bytes; one that cannot be read is said and counts as empty.
std::string read_games_file(const fs::path& path) {
  auto bytes = read_file(path.string(), kMaxTextFileBytes, "games file");
  if (bytes) return std::move(*bytes);
  std::fprintf(stderr, "%s\n", bytes.error().message.c_str());
  return {};
}

}  // namespace

GameStats read_all_games(const std::string& data_dir, std::vector<Sample>& out, WthorLabels wthor_labels,
                         const std::function<void(std::size_t, std::size_t)>& progress) {
  GameStats stats;
  const fs::path root(data_dir);
  std::vector<fs::path> wthor;
  if (fs::is_directory(root / "wthor"))
    for (const auto& e : fs::directory_iterator(root / "wthor"))
      if (e.path().extension() == ".wtb") wthor.push_back(e.path());
  std::sort(wthor.begin(), wthor.end());
  std::size_t total = 0, done = 0;
  for (const auto& p : wthor) total += fs::file_size(p);
  const fs::path logbook = root / "logistello" / "logbook.gam.gz";
  const fs::path eothello = root / "eothello" / "eothello-games.csv";
  if (fs::exists(logbook)) total += fs::file_size(logbook) * 4;  // gzip packs about 4:1
  if (fs::exists(eothello)) total += fs::file_size(eothello);
  const auto count = [&](bool ok) {
    ++stats.games;
    if (!ok) ++stats.skipped;
  };

  for (const auto& path : wthor) {
    const std::string text = read_games_file(path);
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    if (text.size() < 16) continue;
    const std::size_t games = bytes[4] | bytes[5] << 8 | bytes[6] << 16 | static_cast<std::size_t>(bytes[7]) << 24;
    const int depth = bytes[14] ? bytes[14] : 24;
    for (std::size_t g = 0; g < games && 16 + 68 * (g + 1) <= text.size(); ++g) {
      const unsigned char* rec = bytes + 16 + 68 * g;
      std::vector<Move> moves;
      for (int i = 0; i < 60 && rec[8 + i]; ++i) moves.push_back(square_at(rec[8 + i] % 10 - 1, rec[8 + i] / 10 - 1));
      // A theoretical count of 0 marks an unknown score in some old files.
      GameLabels labels;
      if (rec[7]) {
        labels.exact_at = depth;
        labels.exact_black = 2 * rec[7] - 64;
        labels.before_exact = wthor_labels == WthorLabels::kTheoretical;
      }
      count(add_game(moves, out, labels));
    }
    done += text.size();
    progress(done, total);
  }
  if (gzFile gz = gzopen(logbook.c_str(), "rb")) {
    char line[1024];
    while (gzgets(gz, line, sizeof line)) {
      std::string text;
      for (const char* c = line; *c && *c != ':'; ++c)
        if (*c != '+' && *c != '-') text += *c;
      done += std::char_traits<char>::length(line);
      auto t = play_transcript(text);
      count(t && add_game(t->moves, out));
      if (stats.games % 4096 == 0) progress(done, total);
    }
    gzclose(gz);
  }
  if (fs::exists(eothello)) {
    std::istringstream in(read_games_file(eothello));
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      done += line.size() + 1;
      const auto comma = line.rfind(',');
      auto t = play_transcript(std::string_view(line).substr(comma + 1));
      count(t && add_game(t->moves, out));
    }
  }
  progress(total, total);
  stats.positions = out.size();
  return stats;
}

GameStats read_ggf_games(const std::string& path, std::vector<Sample>& out) {
  GameStats stats;
  const std::size_t first = out.size();
  const std::string text = read_games_file(path);
  for (const auto& game : parse_ggf_lines(text)) {
    ++stats.games;
    std::vector<Move> moves;
    if (game && game->start == Position::start())
      for (const GgfMove& m : game->moves) moves.push_back(m.move);
    if (moves.empty() || !add_game(moves, out)) ++stats.skipped;
  }
  stats.positions = out.size() - first;
  return stats;
}

bool add_self_play_game(const std::vector<Move>& moves, int skip_moves, int perfect_empties, std::vector<Sample>& out) {
  GameLabels labels;
  labels.skip_moves = skip_moves;
  labels.perfect_empties = perfect_empties;
  return add_game(moves, out, labels);
}

void deduplicate(std::vector<Sample>& samples) {
  std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) { return a.board < b.board; });
  std::size_t w = 0;
  for (std::size_t i = 0; i < samples.size();) {
    std::size_t j = i;
    double sum = 0, exact_sum = 0;
    std::uint32_t n = 0, exact_n = 0;
    for (; j < samples.size() && samples[j].board == samples[i].board; ++j) {
      if (samples[j].exact) {
        exact_sum += samples[j].label;
        ++exact_n;
      } else {
        sum += samples[j].label * samples[j].count;
        n += samples[j].count;
      }
    }
    Sample s = samples[i];
    s.count = n + exact_n;
    s.exact = exact_n > 0;
    s.label = static_cast<float>(exact_n ? exact_sum / exact_n : sum / n);
    samples[w++] = s;
    i = j;
  }
  samples.resize(w);
}

bool is_held_out(const Board& canonical) {
  std::uint64_t h = canonical.hash();
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 32;
  return h % 20 == 0;
}

namespace {
constexpr char kSamplesMagic[8] = {'P', 'R', 'T', 'Y', 'S', 'M', 'P', '1'};
}

bool save_samples(const std::vector<Sample>& samples, const std::string& path) {
  const std::uint64_t n = samples.size();
  std::string bytes(kSamplesMagic, 8);
  bytes.append(reinterpret_cast<const char*>(&n), sizeof n);
  bytes.append(reinterpret_cast<const char*>(samples.data()), n * sizeof(Sample));
  if (auto err = write_file(path, bytes)) {
    std::fprintf(stderr, "%s\n", err->message.c_str());
    return false;
  }
  return true;
}

bool load_samples(std::vector<Sample>& samples, const std::string& path) {
  const auto bytes = read_file(path, kMaxDataFileBytes, "samples file");
  std::uint64_t n = 0;
  if (!bytes || bytes->size() < 16 || bytes->compare(0, 8, kSamplesMagic, 8) != 0) return false;
  std::memcpy(&n, bytes->data() + 8, sizeof n);
  if (n > (bytes->size() - 16) / sizeof(Sample) || bytes->size() != 16 + n * sizeof(Sample)) return false;
  samples.resize(n);
  std::memcpy(samples.data(), bytes->data() + 16, n * sizeof(Sample));
  return true;
}

}  // namespace parity::trainer
