#pragma once
// Where the files shipped in book/ live: beside the installed program
// (<exe dir>/../share/parity/<name>), else the source tree's book/ for a
// build tree. Never relative to the current directory.

#include <string>
#include <string_view>

namespace parity::book {

// The first of the candidate paths of book/<name> that exists, or "" when
// none does.
std::string shipped_file_path(std::string_view name);

// The shipped book (book.bin).
std::string default_book_path();

// The shipped balanced openings (openings.txt), which parity-match plays by
// default.
std::string default_openings_path();

}  // namespace parity::book
