#pragma once
// Threads kept for the life of a search object: asleep between searches,
// handed one job for the length of a search (a split pool's helper loop),
// so that a search does not start and end threads of its own.

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace parity::search {

class ThreadPool {
public:
  ThreadPool() = default;
  ~ThreadPool();  // ends and joins every thread
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Starts or ends threads until `count` are kept; returns how many are
  // (fewer when the system refuses threads). Not while a job runs.
  int resize(int count);
  int size() const { return static_cast<int>(threads_.size()); }

  // Runs job(i) on threads i = 0 .. count - 1 (count <= size()) and
  // returns at once; one job at a time: wait() before the next.
  void run(int count, std::function<void(int)> job);
  // Returns once every thread of the job has finished it.
  void wait();

private:
  void loop(int index);

  std::mutex mutex_;
  std::condition_variable wake_;  // a new job, or a change of size
  std::condition_variable done_;  // a thread finished its part of the job
  std::function<void(int)> job_;
  int job_threads_ = 0;         // threads the current job runs on
  unsigned long generation_ = 0;  // counts jobs, so that a thread runs each once
  int running_ = 0;             // threads still in the current job
  int keep_ = 0;                // threads with an index below this stay
  std::vector<std::thread> threads_;
};

}  // namespace parity::search
