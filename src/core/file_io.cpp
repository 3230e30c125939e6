#include "parity/core/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

namespace parity {

namespace {

std::string quoted(std::string_view what, const std::string& path) { return std::string(what) + " '" + path + "'"; }

std::string size_text(std::uintmax_t bytes) {
  if (bytes >= (1ull << 30) && bytes % (1ull << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Closes a descriptor on every path out of a function.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// A fresh name beside `path`: the rename stays on one file system.
std::string temporary_name(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  return path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter.fetch_add(1));
}

}  // namespace

Expected<std::string> read_file(const std::string& path, std::uintmax_t max_bytes, std::string_view what) {
  Descriptor file;
  // Non-blocking, so that opening a pipe with no writer does not wait;
  // a regular file reads the same either way.
  file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (file.fd < 0) return Error{"cannot open " + quoted(what, path) + ": " + std::strerror(errno)};
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) return Error{"cannot read " + quoted(what, path) + ": " + std::strerror(errno)};
  if (S_ISDIR(st.st_mode)) return Error{quoted(what, path) + " is a directory"};
  if (!S_ISREG(st.st_mode)) return Error{quoted(what, path) + " is not a regular file"};
  const std::string too_large = quoted(what, path) + " is larger than " + size_text(max_bytes);
  if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) return Error{too_large};
  std::string out;
  // The size stat gives is a hint (/proc files say 0): read to the end,
  // never past the bound.
  out.resize(static_cast<std::size_t>(st.st_size) + 1);
  std::size_t used = 0;
  for (;;) {
    if (used == out.size()) {
      if (used > max_bytes) return Error{too_large};
      out.resize(std::min<std::uintmax_t>(max_bytes + 1, std::max<std::size_t>(4096, 2 * out.size())));
    }
    const ssize_t n = ::read(file.fd, out.data() + used, out.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{"cannot read " + quoted(what, path) + ": " + std::strerror(errno)};
    }
    if (n == 0) break;
    used += static_cast<std::size_t>(n);
  }
  if (used > max_bytes) return Error{too_large};
  out.resize(used);
  return out;
}

std::optional<Error> write_file(const std::string& path, std::string_view bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Error{"cannot write '" + path + "': it is a directory"};
  const bool existed = std::filesystem::exists(path, ec);
  std::string tmp;
  Descriptor file;
  for (int attempt = 0; attempt < 100 && file.fd < 0; ++attempt) {
    tmp = temporary_name(path);
    file.fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (file.fd < 0 && errno != EEXIST) return Error{"cannot write '" + path + "': " + std::strerror(errno)};
  }
  if (file.fd < 0) return Error{"cannot write '" + path + "': no free temporary name beside it"};
  const auto fail = [&](const char* step) {
    const std::string reason = std::strerror(errno);
    if (file.fd >= 0) ::close(file.fd);
    file.fd = -1;
    ::unlink(tmp.c_str());
    return Error{std::string("cannot ") + step + " '" + path + "': " + reason +
                 (existed ? " (the old file is unchanged)" : " (nothing was written)")};
  };
  // An existing file keeps its permissions.
  struct stat old {};
  if (::stat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode)) ::fchmod(file.fd, old.st_mode & 07777);
  if (!write_all(file.fd, bytes)) return fail("write");
  if (::fsync(file.fd) != 0) return fail("write");
  const int fd = file.fd;
  file.fd = -1;
  if (::close(fd) != 0) return fail("write");
  if (::rename(tmp.c_str(), path.c_str()) != 0) return fail("replace");
  // The rename itself reaches the disk with the folder's entry.
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  Descriptor dir;
  dir.fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir.fd >= 0) ::fsync(dir.fd);
  return std::nullopt;
}

void ignore_file_size_signal() { std::signal(SIGXFSZ, SIG_IGN); }

}  // namespace parity
