#include <sys/resource.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "parity/core/file_io.hpp"

namespace fs = std::filesystem;
using namespace parity;

namespace {

// A fresh folder under the system's temporary one, removed at the end.
struct Folder {
  fs::path path;
  Folder() {
    path = fs::temp_directory_path() / ("parity-file-io-" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Folder() { fs::remove_all(path); }
  std::string file(const char* name) const { return (path / name).string(); }
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {})); }
};

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_SUITE("fast") {
  TEST_CASE("read_file reads a regular file whole") {
    Folder dir;
    REQUIRE_FALSE(write_file(dir.file("a"), std::string("one\0two", 7)));
    const auto text = read_file(dir.file("a"), 100, "test file");
    REQUIRE(text);
    CHECK(*text == std::string("one\0two", 7));
    const auto empty_ok = read_file(dir.file("a"), 7, "test file");
    CHECK(empty_ok);
  }

  TEST_CASE("read_file refuses a directory, a device, a missing file and one over its bound") {
    Folder dir;
    const auto folder = read_file(dir.path.string(), 100, "weights file");
    REQUIRE_FALSE(folder);
    CHECK(folder.error().message == "weights file '" + dir.path.string() + "' is a directory");
    const auto device = read_file("/dev/zero", 100, "weights file");
    REQUIRE_FALSE(device);
    CHECK(device.error().message == "weights file '/dev/zero' is not a regular file");
    const auto missing = read_file(dir.file("none"), 100, "book file");
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message == "cannot open book file '" + dir.file("none") + "': No such file or directory");
    REQUIRE_FALSE(write_file(dir.file("big"), std::string(101, 'x')));
    const auto big = read_file(dir.file("big"), 100, "test file");
    REQUIRE_FALSE(big);
    CHECK(big.error().message == "test file '" + dir.file("big") + "' is larger than 100 bytes");
  }

  TEST_CASE("read_file bounds a file whose size the system does not know") {
    // /proc files say size 0 and are read to their end.
    const auto status = read_file("/proc/self/status", kMaxSystemFileBytes);
    REQUIRE(status);
    CHECK(status->find("Name:") == 0);
    const auto small = read_file("/proc/self/status", 10);
    REQUIRE_FALSE(small);
    CHECK(small.error().message == "file '/proc/self/status' is larger than 10 bytes");
  }

  TEST_CASE("write_file replaces a file and leaves no temporary file") {
    Folder dir;
    REQUIRE_FALSE(write_file(dir.file("book"), "old"));
    REQUIRE_FALSE(write_file(dir.file("book"), "new contents"));
    CHECK(contents(dir.file("book")) == "new contents");
    CHECK(dir.entries() == 1);
  }

  TEST_CASE("write_file onto a directory or into a missing folder fails and changes nothing") {
    Folder dir;
    fs::create_directory(dir.path / "sub");
    const auto onto = write_file((dir.path / "sub").string(), "x");
    REQUIRE(onto);
    CHECK(onto->message == "cannot write '" + (dir.path / "sub").string() + "': it is a directory");
    CHECK(fs::is_directory(dir.path / "sub"));
    const auto nowhere = write_file(dir.file("missing/x"), "x");
    REQUIRE(nowhere);
    CHECK(nowhere->message == "cannot write '" + dir.file("missing/x") + "': No such file or directory");
    CHECK(dir.entries() == 1);
  }

  TEST_CASE("a write over the file-size limit leaves the old file byte for byte") {
    Folder dir;
    const std::string old(3000, 'o');
    REQUIRE_FALSE(write_file(dir.file("book"), old));
    ignore_file_size_signal();
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    rlimit small = saved;
    small.rlim_cur = 4096;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    const auto failed = write_file(dir.file("book"), std::string(10000, 'n'));
    const auto fresh = write_file(dir.file("fresh"), std::string(10000, 'n'));
    ::setrlimit(RLIMIT_FSIZE, &saved);
    REQUIRE(failed);
    CHECK(failed->message == "cannot write '" + dir.file("book") + "': File too large (the old file is unchanged)");
    REQUIRE(fresh);
    CHECK(fresh->message == "cannot write '" + dir.file("fresh") + "': File too large (nothing was written)");
    CHECK(contents(dir.file("book")) == old);
    CHECK(dir.entries() == 1);
  }
}
