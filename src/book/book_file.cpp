#include "parity/book/book_file.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "parity/core/file_io.hpp"
#include "parity/core/notation.hpp"

namespace parity::book {

namespace {

// Little-endian writer and bounds-checked reader.
void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

struct Reader {
  std::string_view data;
  std::size_t pos = 0;
  bool has(std::size_t n) const { return data.size() - pos >= n; }
  std::uint64_t get(int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t{static_cast<unsigned char>(data[pos + i])} << (8 * i);
    pos += bytes;
    return v;
  }
  void skip(std::size_t n) { pos += n; }
};

// FNV-1a, 64 bits: enough to catch a damaged or truncated record area.
std::uint64_t checksum(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::vector<const Entry*> sorted_entries(const Book& book) {
  std::vector<const Entry*> list;
  list.reserve(book.size());
  for (const auto& [key, entry] : book.entries()) list.push_back(&entry);
  std::sort(list.begin(), list.end(), [](const Entry* a, const Entry* b) { return a->board < b->board; });
  return list;
}

std::optional<Error> check_entry(const Entry& e, const std::string& where) {
  if (e.board.player & e.board.opponent) return Error{where + ": a square holds two discs"};
  if (e.leaf != kNoMove && e.leaf != kPass && (e.leaf < 0 || e.leaf > 63)) return Error{where + ": bad leaf move"};
  return std::nullopt;
}

}  // namespace

std::string serialize(const Book& book) {
  std::string records;
  records.reserve(book.size() * kRecordBytes);
  for (const Entry* e : sorted_entries(book)) {
    put(records, e->board.player, 8);
    put(records, e->board.opponent, 8);
    put(records, static_cast<std::uint16_t>(e->score), 2);
    put(records, static_cast<std::uint16_t>(e->leaf_score), 2);
    put(records, static_cast<std::uint8_t>(std::clamp(e->depth, 0, 255)), 1);
    put(records, e->exact ? 1 : 0, 1);
    put(records, e->leaf == kNoMove ? 255 : e->leaf, 1);
    put(records, 0, 1);
    put(records, e->seen, 4);
  }
  std::string out(kMagic, kMagic + 8);
  put(out, kFormatVersion, 4);
  put(out, book.size(), 4);
  put(out, checksum(records), 8);
  return out + records;
}

Expected<Book> deserialize(std::string_view bytes) {
  Reader r{bytes};
  if (!r.has(kHeaderBytes) || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return Error{"not a Parity book (no PRTYBOOK header)"};
  r.pos = 8;
  const auto version = r.get(4);
  if (version != kFormatVersion)
    return Error{"book format version " + std::to_string(version) + ", this program reads " +
                 std::to_string(kFormatVersion)};
  const auto count = r.get(4);
  const auto sum = r.get(8);
  if (bytes.size() - kHeaderBytes != count * kRecordBytes)
    return Error{"book truncated or damaged: header says " + std::to_string(count) + " positions (" +
                 std::to_string(count * kRecordBytes) + " bytes), file has " +
                 std::to_string(bytes.size() - kHeaderBytes) + " bytes of records"};
  if (checksum(bytes.substr(kHeaderBytes)) != sum) return Error{"book damaged: checksum mismatch"};
  Book book;
  for (std::uint64_t i = 0; i < count; ++i) {
    Entry e;
    e.board.player = r.get(8);
    e.board.opponent = r.get(8);
    e.score = static_cast<std::int16_t>(r.get(2));
    e.leaf_score = static_cast<std::int16_t>(r.get(2));
    e.depth = static_cast<int>(r.get(1));
    e.exact = r.get(1) & 1;
    const int leaf = static_cast<int>(r.get(1));
    e.leaf = leaf == 255 ? kNoMove : leaf;
    r.get(1);
    e.seen = static_cast<std::uint32_t>(r.get(4));
    if (auto err = check_entry(e, "position " + std::to_string(i + 1))) return *err;
    Entry& slot = book.add(e.board);
    if (slot.board != e.board) return Error{"position " + std::to_string(i + 1) + " is not in canonical form"};
    slot = e;
  }
  return book;
}

Expected<Book> load(const std::string& path) {
  auto bytes = read_file(path, kMaxBookFileBytes, "book file");
  if (!bytes) return bytes.error();
  auto book = deserialize(*bytes);
  if (!book) return Error{path + ": " + book.error().message};
  return book;
}

std::optional<Error> save(const Book& book, const std::string& path) { return write_file(path, serialize(book)); }

namespace {

std::string cells(const Board& b) {
  std::string s(64, '-');
  for (int sq = 0; sq < 64; ++sq) {
    if (b.player & bit(sq)) s[sq] = 'X';
    else if (b.opponent & bit(sq)) s[sq] = 'O';
  }
  return s;
}

}  // namespace

std::string dump_text(const Book& book) {
  std::ostringstream out;
  out << "# Parity book: <cells, X to move> <score cdiscs> <depth> <exact> <seen> <leaf> <leaf score>\n";
  for (const Entry* e : sorted_entries(book)) {
    out << cells(e->board) << ' ' << e->score << ' ' << e->depth << ' ' << (e->exact ? 1 : 0) << ' ' << e->seen << ' '
        << (e->leaf == kNoMove ? std::string("-") : move_name(e->leaf)) << ' ' << e->leaf_score << '\n';
  }
  return out.str();
}

Expected<Book> load_text(std::string_view text) {
  Book book;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = "line " + std::to_string(number);
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string board, leaf;
    long long score, depth, exact, seen, leaf_score;
    if (!(words >> board >> score >> depth >> exact >> seen >> leaf >> leaf_score) || board.size() != 64)
      return Error{where + ": expected <64 cells> <score> <depth> <exact> <seen> <leaf> <leaf score>"};
    Entry e;
    for (int sq = 0; sq < 64; ++sq) {
      const char c = board[sq];
      if (c == 'X') e.board.player |= bit(sq);
      else if (c == 'O') e.board.opponent |= bit(sq);
      else if (c != '-') return Error{where + ": bad cell '" + std::string(1, c) + "'"};
    }
    if (score < -32768 || score > 32767 || leaf_score < -32768 || leaf_score > 32767 || depth < 0 || depth > 255 ||
        seen < 0 || seen > UINT32_MAX || (exact != 0 && exact != 1))
      return Error{where + ": a number out of range"};
    e.score = static_cast<int>(score);
    e.depth = static_cast<int>(depth);
    e.exact = exact == 1;
    e.seen = static_cast<std::uint32_t>(seen);
    e.leaf_score = static_cast<int>(leaf_score);
    if (leaf == "-") {
      e.leaf = kNoMove;
    } else {
      auto m = parse_move(leaf);
      if (!m) return Error{where + ": " + m.error().message};
      e.leaf = *m;
    }
    // A line may hold any image: store the canonical one, leaf mapped along.
    const Symmetry s = canonical_symmetry(e.board);
    e.leaf = to_canonical(e.leaf, s);
    e.board = e.board.canonical();
    book.add(e.board) = e;
  }
  return book;
}

// Edax: "EDAX" and "BOOK" as little-endian 32-bit words, version 4 release 4,
// the date (8 bytes), five int options, the position count, then per
// position: player, opponent, wins, draws, losses, lines, score value, lower,
// upper, link count, level, the links (score, move) and the leaf link.
namespace {
constexpr std::uint32_t kEdax = 0x45444158, kEdaxBook = 0x424F4F4B;
constexpr int kEdaxNoMove = 65, kEdaxPass = 64;
constexpr int kEdaxScoreInf = 127;

int to_discs(int centi) { return centi == kNoScore ? -kEdaxScoreInf : (centi >= 0 ? (centi + 50) / 100 : -((-centi + 50) / 100)); }
int from_discs(int discs) { return discs <= -kEdaxScoreInf || discs > 64 ? kNoScore : discs * 100; }
}  // namespace

std::string export_edax(const Book& book) {
  std::string out;
  put(out, kEdax, 4);
  put(out, kEdaxBook, 4);
  put(out, 4, 1);
  put(out, 4, 1);
  put(out, 0, 8);                                  // date
  for (int v : {60, 60, 0, 0, 0}) put(out, static_cast<std::uint32_t>(v), 4);  // level, empties, errors, verbosity
  put(out, book.size(), 4);
  for (const Entry* e : sorted_entries(book)) {
    const Board& b = e->board;
    put(out, b.player, 8);
    put(out, b.opponent, 8);
    put(out, 0, 4);
    put(out, 0, 4);
    put(out, 0, 4);
    put(out, e->seen, 4);
    const int v = to_discs(e->score);
    put(out, static_cast<std::uint16_t>(v), 2);
    put(out, static_cast<std::uint16_t>(v), 2);
    put(out, static_cast<std::uint16_t>(v), 2);
    // Links: the moves to positions in the book, with their backed-up scores.
    std::vector<std::pair<int, int>> links;
    for (const BookMove& m : book.moves(b))
      if (m.in_book) links.push_back({to_discs(m.score), m.move == kPass ? kEdaxPass : m.move});
    put(out, links.size(), 1);
    put(out, static_cast<std::uint32_t>(std::clamp(e->depth, 0, 60)), 1);
    for (auto [score, move] : links) {
      put(out, static_cast<std::uint8_t>(static_cast<std::int8_t>(score)), 1);
      put(out, move, 1);
    }
    const bool has_leaf = e->leaf != kNoMove && e->leaf_score != kNoScore;
    put(out, static_cast<std::uint8_t>(static_cast<std::int8_t>(has_leaf ? to_discs(e->leaf_score) : -kEdaxScoreInf)), 1);
    put(out, has_leaf ? (e->leaf == kPass ? kEdaxPass : e->leaf) : kEdaxNoMove, 1);
  }
  return out;
}

Expected<Book> import_edax(std::string_view bytes) {
  Reader r{bytes};
  if (!r.has(42)) return Error{"not an Edax book: too short"};
  if (r.get(4) != kEdax || r.get(4) != kEdaxBook) return Error{"not an Edax book (no EDAX BOOK header)"};
  const auto version = r.get(1);
  r.get(1);
  if (version != 4) return Error{"Edax book version " + std::to_string(version) + " (4 expected)"};
  r.skip(28);  // date and options
  const auto count = r.get(4);
  Book book;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::string where = "Edax position " + std::to_string(i + 1);
    if (!r.has(40)) return Error{where + ": truncated"};
    Entry e;
    e.board.player = r.get(8);
    e.board.opponent = r.get(8);
    r.skip(12);
    e.seen = static_cast<std::uint32_t>(r.get(4));
    e.score = from_discs(static_cast<std::int16_t>(r.get(2)));
    r.get(4);
    const int links = static_cast<int>(r.get(1));
    e.depth = static_cast<int>(r.get(1));
    if (!r.has(2 * links + 2)) return Error{where + ": truncated"};
    r.skip(2 * static_cast<std::size_t>(links));
    const int leaf_score = static_cast<std::int8_t>(r.get(1));
    const int leaf = static_cast<int>(r.get(1));
    if (leaf <= 63) {
      e.leaf = leaf;
      e.leaf_score = from_discs(leaf_score);
    } else if (leaf == kEdaxPass) {
      e.leaf = kPass;
      e.leaf_score = from_discs(leaf_score);
    }
    if (auto err = check_entry(e, where)) return *err;
    const Symmetry s = canonical_symmetry(e.board);
    e.leaf = to_canonical(e.leaf, s);
    e.board = e.board.canonical();
    book.add(e.board) = e;
  }
  if (r.pos != bytes.size()) return Error{"Edax book: " + std::to_string(bytes.size() - r.pos) + " bytes after the last position"};
  return book;
}

}  // namespace parity::book
