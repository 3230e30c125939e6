#include "parity/search/thread_pool.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

namespace parity::search {

ThreadPool::~ThreadPool() { resize(0); }

int ThreadPool::resize(int count) {
  count = std::max(count, 0);
  if (count < size()) {
    {
      std::lock_guard lock(mutex_);
      keep_ = count;
    }
    wake_.notify_all();
    for (std::size_t i = static_cast<std::size_t>(count); i < threads_.size(); ++i) threads_[i].join();
    threads_.resize(static_cast<std::size_t>(count));
    return size();
  }
  {
    std::lock_guard lock(mutex_);
    keep_ = count;
  }
  // A process limit on threads leaves the pool with the threads it got.
  try {
    while (size() < count) {
      const int index = size();
      threads_.emplace_back([this, index] { loop(index); });
    }
  } catch (const std::system_error&) {
    std::lock_guard lock(mutex_);
    keep_ = size();
  }
  return size();
}

void ThreadPool::run(int count, std::function<void(int)> job) {
  {
    std::lock_guard lock(mutex_);
    job_ = std::move(job);
    job_threads_ = std::min(count, size());
    running_ = job_threads_;
    ++generation_;
  }
  wake_.notify_all();
}

void ThreadPool::wait() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return running_ == 0; });
  // A thread started from now on waits for the next job, not this one.
  job_threads_ = 0;
  job_ = nullptr;
}

void ThreadPool::loop(int index) {
  unsigned long seen = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return index >= keep_ || (generation_ != seen && index < job_threads_); });
    if (index >= keep_) return;
    seen = generation_;
    const std::function<void(int)>& job = job_;
    lock.unlock();
    job(index);
    lock.lock();
    if (--running_ == 0) done_.notify_all();
  }
}

}  // namespace parity::search
