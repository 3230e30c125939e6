#include "parity/book/locate.hpp"

#include <filesystem>
#include <system_error>
#include <vector>

#ifndef PARITY_SOURCE_BOOK_DIR
#define PARITY_SOURCE_BOOK_DIR ""
#endif

namespace parity::book {

std::string shipped_file_path(std::string_view name) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> candidates;
  if (!ec) candidates.push_back(exe.parent_path() / ".." / "share" / "parity" / name);
  if (*PARITY_SOURCE_BOOK_DIR) candidates.push_back(fs::path(PARITY_SOURCE_BOOK_DIR) / name);
  for (const fs::path& p : candidates)
    if (fs::is_regular_file(p, ec)) return p.lexically_normal().string();
  return {};
}

std::string default_book_path() { return shipped_file_path("book.bin"); }

std::string default_openings_path() { return shipped_file_path("openings.txt"); }

}  // namespace parity::book
