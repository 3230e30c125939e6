#pragma once
// Where the shipped book lives: beside the installed program
// (<exe dir>/../share/parity/book.bin), else the source tree's book/ for a
// build tree. Never relative to the current directory.

#include <string>

namespace parity::book {

// The first of the candidate paths that exists, or "" when none does.
std::string default_book_path();

}  // namespace parity::book
