// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real `taper` binary as a child process and talks UCI to it over pipes (test helper).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace taper::testing {

class EngineProcess {
 public:
  explicit EngineProcess(const std::string& binary = TAPER_BINARY) : EngineProcess(binary, {}) {}
  /// Runs `binary args...` (a subcommand) with the same pipes.
  EngineProcess(const std::string& binary, const std::vector<std::string>& args) {
    signal(SIGPIPE, SIG_IGN);
    int toChild[2], fromChild[2];
    if (pipe(toChild) != 0 || pipe(fromChild) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(toChild[0], STDIN_FILENO);
      dup2(fromChild[1], STDOUT_FILENO);
      close(toChild[1]);
      close(fromChild[0]);
      std::vector<char*> argv{const_cast<char*>(binary.c_str())};
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(binary.c_str(), argv.data());
      _exit(127);
    }
    close(toChild[0]);
    close(fromChild[1]);
    in_ = toChild[1];
    out_ = fromChild[0];
  }
  ~EngineProcess() {
    if (in_ >= 0) close(in_);
    if (pid_ > 0 && !exited_) {
      wait_exit(3000);
      if (!exited_) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
      }
    }
    if (out_ >= 0) close(out_);
  }

  void send(const std::string& line) {
    std::string s = line + "\n";
    size_t done = 0;
    while (done < s.size()) {
      ssize_t n = write(in_, s.data() + done, s.size() - done);
      if (n <= 0) return;
      done += size_t(n);
    }
  }
  void send_raw(const std::string& bytes) { [[maybe_unused]] ssize_t n = write(in_, bytes.data(), bytes.size()); }
  void close_input() {
    close(in_);
    in_ = -1;
  }

  /// Next output line, or false after `timeoutMs` without one.
  bool read_line(std::string& line, int timeoutMs) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (true) {
      size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        lines_.push_back(line);
        return true;
      }
      int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
      if (left <= 0) return false;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, left) <= 0) continue;
      char chunk[4096];
      ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return false;
      buffer_.append(chunk, size_t(n));
    }
  }

  /// Reads until a line starting with `prefix`; returns all lines read (last one matching),
  /// or an empty vector on timeout.
  std::vector<std::string> read_until(const std::string& prefix, int timeoutMs) {
    std::vector<std::string> got;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    std::string line;
    while (true) {
      int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
      if (left <= 0 || !read_line(line, left)) return {};
      got.push_back(line);
      if (line.rfind(prefix, 0) == 0) return got;
    }
  }

  /// True if the process exits within `timeoutMs`.
  bool wait_exit(int timeoutMs) {
    for (int waited = 0; waited <= timeoutMs; waited += 10) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        exitStatus_ = status;
        return true;
      }
      usleep(10000);
    }
    return false;
  }
  int exit_status() const { return exitStatus_; }
  /// The child's process id (for reading its CPU time from /proc).
  pid_t pid() const { return pid_; }

  /// CPU seconds (user + system, all threads) the child has used so far, from
  /// /proc/<pid>/stat, or -1 if /proc cannot say.
  double cpu_seconds() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
    std::string stat;
    if (!std::getline(in, stat)) return -1;
    // Fields after the command name (which may hold spaces) start after the last ')'.
    std::istringstream rest(stat.substr(stat.rfind(')') + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int n = 3; n <= 15 && rest >> field; ++n) {
      if (n == 14) utime = std::stol(field);
      if (n == 15) stime = std::stol(field);
    }
    return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool exited_ = false;
  int exitStatus_ = 0;
  std::string buffer_;
  std::vector<std::string> lines_;
};

}  // namespace taper::testing
