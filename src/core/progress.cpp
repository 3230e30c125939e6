#include "parity/core/progress.hpp"

#include <algorithm>
#include <cmath>
#include <unistd.h>

namespace parity {

namespace {

constexpr auto kRedrawInterval = std::chrono::milliseconds(250);  // keeps a slow terminal or ssh link light
constexpr int kBarWidth = 20;

}  // namespace

Progress::Progress(std::FILE* out) : Progress(out, out != nullptr && ::isatty(::fileno(out)) == 1) {}

Progress::Progress(std::FILE* out, bool enabled) : out_(out), enabled_(enabled && out != nullptr) {}

Progress::~Progress() { finish(); }

std::string Progress::duration(double seconds) {
  const long long s = std::llround(std::clamp(seconds, 0.0, 1e9));
  char text[32];
  if (s < 60) std::snprintf(text, sizeof text, "%llds", s);
  else if (s < 3600) std::snprintf(text, sizeof text, "%lldm%02llds", s / 60, s % 60);
  else std::snprintf(text, sizeof text, "%lldh%02lldm", s / 3600, s / 60 % 60);
  return text;
}

void Progress::update(std::string_view what, double fraction, std::string_view detail) {
  if (!enabled_) return;
  fraction = std::isfinite(fraction) ? std::clamp(fraction, 0.0, 1.0) : 0.0;
  const Clock::time_point now = Clock::now();
  if (drawn_ && fraction < 1 && now - last_ < kRedrawInterval) return;
  last_ = now;
  const double spent = std::chrono::duration<double>(now - start_).count();
  const std::string eta = fraction > 0 ? "ETA " + duration(spent * (1 - fraction) / fraction) : "ETA -";
  const int filled = static_cast<int>(fraction * kBarWidth);
  std::fprintf(out_, "\r\033[K%.*s [%s%s] %5.1f%%%s%.*s  %s", static_cast<int>(what.size()), what.data(),
               std::string(filled, '#').c_str(), std::string(kBarWidth - filled, ' ').c_str(), 100 * fraction,
               detail.empty() ? "" : "  ", static_cast<int>(detail.size()), detail.data(), eta.c_str());
  std::fflush(out_);
  drawn_ = true;
}

void Progress::finish() {
  if (!enabled_ || !drawn_) return;
  std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace parity
