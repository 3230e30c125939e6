// The book loaders (src/book/book_file.cpp): Parity's binary file, the text
// dump and Edax's binary book, each fed the same bytes. The binary file
// carries a record count and a checksum that random bytes almost never
// match, so it is also read with both repaired, which lets the fuzzer reach
// the records. A book that reads is written back and must read the same.

#include <cstring>
#include <string>
#include <string_view>

#include "check.hpp"
#include "parity/book/book_file.hpp"

using namespace parity;
using parity::fuzz::check;

namespace {

// The most moves() is asked for per book, so that one input stays fast.
constexpr std::size_t kMaxLookups = 64;

bool same(const book::Book& a, const book::Book& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [board, entry] : a.entries()) {
    const book::Entry* other = b.find(board);
    if (!other || other->board != entry.board || other->score != entry.score || other->depth != entry.depth ||
        other->exact != entry.exact || other->seen != entry.seen || other->leaf != entry.leaf ||
        other->leaf_score != entry.leaf_score)
      return false;
  }
  return true;
}

void check_book(const book::Book& b) {
  std::size_t looked = 0;
  for (const auto& [board, entry] : b.entries()) {
    check((board.player & board.opponent) == 0, "a square holds two discs");
    check(board == board.canonical(), "a book board that is not canonical");
    if (looked++ < kMaxLookups)
      for (const book::BookMove& m : b.moves(board))
        check(m.move == kPass || (m.move >= 0 && m.move < 64), "a book move out of the board");
  }
  const std::string bytes = book::serialize(b);
  auto again = book::deserialize(bytes);
  check(again.ok(), "a written book does not read");
  check(same(*again, b), "book does not round-trip through its binary file");
  check(book::serialize(*again) == bytes, "writing a book is not deterministic");
  auto text = book::load_text(book::dump_text(b));
  check(text.ok() && same(*text, b), "book does not round-trip through its text dump");
}

// FNV-1a, 64 bits, as the book file's checksum.
std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

void put(std::string& bytes, std::size_t at, std::uint64_t v, int n) {
  for (int i = 0; i < n; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (auto b = book::deserialize(bytes)) check_book(*b);
  if (auto b = book::load_text(bytes)) check_book(*b);
  if (auto b = book::import_edax(bytes)) check_book(*b);

  if (size >= book::kHeaderBytes) {
    std::string repaired(bytes);
    std::memcpy(repaired.data(), book::kMagic, 8);
    put(repaired, 8, book::kFormatVersion, 4);
    put(repaired, 12, (size - book::kHeaderBytes) / book::kRecordBytes, 4);
    repaired.resize(book::kHeaderBytes + (size - book::kHeaderBytes) / book::kRecordBytes * book::kRecordBytes);
    put(repaired, 16, fnv1a(std::string_view(repaired).substr(book::kHeaderBytes)), 8);
    if (auto b = book::deserialize(repaired)) check_book(*b);
  }
  return 0;
}
