#include "player.hpp"

#include <chrono>
#include <iostream>
#include <mutex>

#include "settings.hpp"

namespace parity::match {

Player::~Player() { quit(); }

Expected<Answer> Player::ensure_started() {
  if (process_) return Answer{};
  auto p = Process::start(spec_.command);
  if (!p) return Error{"engine " + spec_.name + ": " + p.error().message};
  process_ = std::move(*p);
  if (spec_.debug)
    process_->set_observer([name = spec_.name, pid = process_->pid()](const std::string& line) {
      // One lock for all engines, so that lines of parallel games do not mix.
      static std::mutex mutex;
      std::lock_guard lock(mutex);
      std::cerr << name << "(" << pid << ") " << line << "\n";
    });
  adapter_ = make_adapter(*process_, spec_);
  return adapter_->handshake();
}

void Player::discard() {
  adapter_.reset();
  process_.reset();  // the destructor kills the process group
}

void Player::quit() {
  if (!process_) return;
  if (adapter_) adapter_->quit();
  adapter_.reset();
  process_->stop(std::chrono::milliseconds(static_cast<long long>(settings::kQuitGraceSeconds * 1000)));
  process_.reset();
}

std::string Player::tail_text() const {
  std::string out;
  if (process_)
    for (const auto& line : process_->tail()) out += "    " + line + "\n";
  return out.empty() ? "    (no output)\n" : out;
}

}  // namespace parity::match
