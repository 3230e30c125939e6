#pragma once
// The one way the project reads and writes whole files.
//
// read_file refuses what is not a regular file (a directory, a device, a
// pipe) and anything over the size the caller states, and reads with that
// bound, so that /dev/zero or a directory given by mistake is one clear
// error, never an abort or a read until memory runs out.
//
// write_file replaces a file only once the new bytes are on disk: they go
// to a temporary file in the same folder, which is flushed, synced, closed
// with its error checked and renamed over the old one. On any failure the
// temporary file is removed and the old file is left as it was.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "parity/core/expected.hpp"

namespace parity {

// Size bounds of the files the project reads, by kind.
inline constexpr std::uintmax_t kMaxWeightsFileBytes = 64ull << 20;
inline constexpr std::uintmax_t kMaxBookFileBytes = 2ull << 30;
inline constexpr std::uintmax_t kMaxTextFileBytes = 2ull << 30;  // positions, games, openings, records
inline constexpr std::uintmax_t kMaxDataFileBytes = 16ull << 30;  // the trainer's sample files
inline constexpr std::uintmax_t kMaxSystemFileBytes = 1ull << 20;  // /proc and /sys entries

// The whole file. `what` names the kind of file for the error, which then
// reads e.g. "cannot open weights file 'w.bin': No such file or directory"
// or "book file 'b' is a directory".
Expected<std::string> read_file(const std::string& path, std::uintmax_t max_bytes, std::string_view what = "file");

// Replaces (or creates) `path` with `bytes`; nullopt on success.
std::optional<Error> write_file(const std::string& path, std::string_view bytes);

// Programs call this once at start: a write over a file-size limit
// (ulimit -f) then fails with an error the writer reports instead of
// killing the process halfway through a file.
void ignore_file_size_signal();

}  // namespace parity
