#include "sample.hpp"

#include <cstdint>
#include <filesystem>
#include <cstdio>
#include <random>

#include "parity/core/file_io.hpp"

namespace parity::probcut_fit {

std::vector<Board> sample_positions(const std::string& data, int count, unsigned seed, int first_ply, int last_ply,
                                    int min_empties) {
  namespace fs = std::filesystem;
  std::vector<Board> out;
  const auto file = read_file((fs::path(data) / "wthor" / "WTH_2010.wtb").string(), kMaxTextFileBytes, "games file");
  if (!file) {
    std::fprintf(stderr, "%s\n", file.error().message.c_str());
    return out;
  }
  const auto* bytes = reinterpret_cast<const unsigned char*>(file->data());
  if (file->size() < 16) return out;
  const std::size_t games = (file->size() - 16) / 68;
  std::mt19937 rng(seed);
  while (static_cast<int>(out.size()) < count) {
    const unsigned char* rec = bytes + 16 + 68 * (rng() % games);
    const int target = first_ply + static_cast<int>(rng() % (last_ply - first_ply + 1));
    Board b = Board::start();
    bool ok = true;
    for (int i = 0; i < target && rec[8 + i] && ok; ++i) {
      if (b.must_pass()) b = b.pass();
      const Move m = square_at(rec[8 + i] % 10 - 1, rec[8 + i] / 10 - 1);
      ok = b.is_legal(m);
      if (ok) b = b.play(m);
    }
    if (ok && b.can_move() && b.empties() >= min_empties) out.push_back(b);
  }
  return out;
}

}  // namespace parity::probcut_fit
