#include "process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include "interrupt.hpp"
#include "settings.hpp"

namespace parity::match {

namespace {

// A write to an engine that died must fail with EPIPE, not kill the runner.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

bool is_executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// execvp may allocate, which is unsafe between fork and exec in a threaded
// program, so the path is resolved before the fork.
Expected<std::string> resolve(const Command& command) {
  const std::string& p = command.program;
  if (p.empty()) return Error{"no command given"};
  if (p.find('/') != std::string::npos) {
    const std::string full = (p[0] == '/' || command.directory.empty()) ? p : command.directory + "/" + p;
    if (!is_executable(full)) return Error{"cannot execute '" + full + "'"};
    return full;
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t begin = 0;
  while (begin <= dirs.size()) {
    std::size_t end = dirs.find(':', begin);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = end > begin ? dirs.substr(begin, end - begin) : ".";
    const std::string full = dir + "/" + p;
    if (is_executable(full)) return full;
    begin = end + 1;
  }
  return Error{"'" + p + "' not found in PATH"};
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

Expected<std::unique_ptr<Process>> Process::start(const Command& command) {
  ignore_sigpipe();
  auto path = resolve(command);
  if (!path) return path.error();

  std::vector<std::string> words{*path};
  words.insert(words.end(), command.args.begin(), command.args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  const char* dir = command.directory.empty() ? nullptr : command.directory.c_str();

  // O_CLOEXEC everywhere: engines started by parallel games must not inherit
  // each other's pipes, or a dead engine's stdout would never reach EOF.
  int in[2], out[2], err[2], status[2];
  if (::pipe2(in, O_CLOEXEC) || ::pipe2(out, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC) || ::pipe2(status, O_CLOEXEC))
    return Error{std::string("pipe: ") + std::strerror(errno)};

  const pid_t pid = ::fork();
  if (pid < 0) return Error{std::string("fork: ") + std::strerror(errno)};
  if (pid == 0) {
    ::setpgid(0, 0);
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    int code = 0;
    if (dir && ::chdir(dir) != 0) code = errno;
    if (code == 0) {
      ::execv(argv[0], argv.data());
      code = errno;
    }
    // Tells the parent why: the status pipe closes empty on a successful exec.
    [[maybe_unused]] auto n = ::write(status[1], &code, sizeof code);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here: whichever runs first wins the race
  register_engine_group(pid);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::close(status[1]);
  int code = 0;
  ssize_t got;
  do got = ::read(status[0], &code, sizeof code);
  while (got < 0 && errno == EINTR);
  ::close(status[0]);

  std::unique_ptr<Process> p(new Process());
  p->pid_ = pid;
  p->in_ = in[1];
  p->out_ = out[0];
  p->err_ = err[0];
  if (got > 0) {
    p->kill();
    const std::string what = dir && code == ENOENT ? "cannot enter '" + command.directory + "' or run " : "cannot run ";
    return Error{what + "'" + *path + "': " + std::strerror(code)};
  }
  return p;
}

Process::~Process() { kill(); }

void Process::remember(char prefix, std::string_view line) {
  std::string shown = std::string(1, prefix) + " ";
  // Control bytes from a confused engine must not reach the user's terminal.
  for (char c : line) shown += (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f ? '?' : c;
  tail_.push_back(std::move(shown));
  if (observer_) observer_(tail_.back());
  while (tail_.size() > settings::kTailLines) tail_.pop_front();
}

bool Process::write_line(std::string_view line) {
  if (in_ < 0) return false;
  remember('>', line);
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(in_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Takes complete lines out of a buffer; "\r\n" and "\n" both end a line.
static bool take_line(std::string& buffer, std::string& line) {
  const auto nl = buffer.find('\n');
  if (nl == std::string::npos) return false;
  line.assign(buffer, 0, nl);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  buffer.erase(0, nl + 1);
  return true;
}

void Process::drain_stderr() {
  char chunk[4096];
  const ssize_t n = ::read(err_, chunk, sizeof chunk);
  if (n <= 0) {
    if (n == 0 || errno != EINTR) close_fd(err_);
    return;
  }
  err_buffer_.append(chunk, static_cast<std::size_t>(n));
  std::string line;
  while (take_line(err_buffer_, line)) remember('!', line);
}

Process::Read Process::read_line(std::string& line, SteadyClock::time_point deadline) {
  for (;;) {
    if (take_line(out_buffer_, line)) {
      remember('<', line);
      return Read::kLine;
    }
    if (out_ < 0) return Read::kClosed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    if (left <= 0) return Read::kTimeout;
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    const int ready = ::poll(fds, err_ >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno != EINTR) return Read::kClosed;
    if (ready <= 0) continue;
    if (err_ >= 0 && fds[1].revents) drain_stderr();
    if (fds[0].revents) {
      char chunk[4096];
      const ssize_t n = ::read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        close_fd(out_);
        continue;  // a last line without a newline is lost; engines end lines
      }
      out_buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
}

bool Process::reap(bool block) {
  if (exited_ || pid_ < 0) return true;
  int status = 0;
  pid_t r;
  do r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == pid_ || (r < 0 && errno == ECHILD)) exited_ = true;
  return exited_;
}

void Process::stop(std::chrono::milliseconds grace) {
  close_fd(in_);
  const auto until = SteadyClock::now() + grace;
  while (!reap(false) && SteadyClock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill();
}

void Process::kill() {
  if (pid_ > 0) {
    // The group outlives its leader: helpers the engine forked are killed
    // even when the engine itself has already exited.
    ::kill(-pid_, SIGKILL);
    reap(true);
    unregister_engine_group(pid_);
    pid_ = -1;
  }
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

}  // namespace parity::match
