#pragma once
// Reading and writing books: Parity's compact binary file (a version header
// and a checksum over the records), a line-per-position text dump for
// humans and diffs, and Edax's binary book, the file engines exchange.
// Every reader returns an error in words for a missing, damaged or
// truncated file and never a partial book.

#include <string>
#include <string_view>

#include "parity/book/book.hpp"
#include "parity/core/expected.hpp"

namespace parity::book {

inline constexpr char kMagic[8] = {'P', 'R', 'T', 'Y', 'B', 'O', 'O', 'K'};
inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::size_t kHeaderBytes = 24;  // magic, version, count, checksum
inline constexpr std::size_t kRecordBytes = 28;

std::string serialize(const Book& book);
Expected<Book> deserialize(std::string_view bytes);
Expected<Book> load(const std::string& path);
std::optional<Error> save(const Book& book, const std::string& path);  // via a temporary file, then rename

// Text: one position a line, "<64 cells, X to move, O the other> <score>
// <depth> <exact 0|1> <seen> <leaf move|-> <leaf score>"; '#' starts a comment.
std::string dump_text(const Book& book);
Expected<Book> load_text(std::string_view text);

// Edax's book (version 4.4 layout): scores in discs, counts of wins, draws
// and losses dropped on import and left zero on export.
std::string export_edax(const Book& book);
Expected<Book> import_edax(std::string_view bytes);

}  // namespace parity::book
