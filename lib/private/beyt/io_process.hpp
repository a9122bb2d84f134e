// beyt/io_process.hpp - the process-wide side of beyt/io.hpp's outputs, for
// the library's sources and its front ends (the command line, the Python
// package), not the installed package: the signal policy that removes
// pending temporary files, the buffer of standard output, and the calling
// thread's activity for an out-of-memory message.
//
// Signals. The first temporary file a process creates installs one policy
// for every signal whose default action ends the process (SIGHUP, SIGINT,
// SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV,
// SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGVTALRM, SIGPROF,
// SIGIO, SIGPWR, SIGSYS and the real-time signals): the handler removes
// every pending temporary file (unlink, async-signal-safe; the registry of
// pending files is read without locks or allocation) and dies of the same
// signal with its default action, so the exit status stays honest. SIGXFSZ
// (a file size limit, `ulimit -f`) is ignored instead: the write then fails
// with EFBIG and is reported as any failed write ("File too large"). Only
// signals whose action is still the default are touched: a signal the
// program ignores (nohup) or handles itself (Python's SIGINT) keeps its
// action. A program with threads of its own creates them with the
// asynchronous signals blocked (SignalsBlocked), so that the handler never
// runs between a temporary file's creation and its registration.
#pragma once

#include <streambuf>
#include <string>
#include <vector>

namespace beyt::io {

/// A stream buffer that writes to a file descriptor in chunks of 64 KiB.
/// The first failed write is kept (failure(), the system's words, e.g. "No
/// space left on device"), and every later write fails too. It does not own
/// the descriptor.
class FdWriteBuf final : public std::streambuf {
 public:
  explicit FdWriteBuf(int fd);
  /// Writes what is buffered; false (and failure()) if the system says no.
  bool drain();
  /// The reason of the first failed write, or empty.
  const std::string& failure() const noexcept { return failure_; }
  /// Drops what is buffered without writing it; the buffer's memory is
  /// given back.
  void release();

 protected:
  int_type overflow(int_type c) override;
  int sync() override;
  std::streamsize xsputn(const char* s, std::streamsize count) override;

 private:
  bool write_all(const char* p, std::size_t n);

  int fd_;
  std::vector<char> buf_;
  std::string failure_;
};

/// What the calling thread is doing, for the message of a failure that has
/// no place of its own (out of memory: "out of memory while reading
/// 'games.beyt'"): notation::InputFile::open sets "reading 'PATH'"; a
/// program may say more. Each thread has its own ("starting" before any).
void set_activity(std::string what);
/// The calling thread's activity (set_activity).
const std::string& activity();

/// Writes what an OutputFile on standard output ("-") holds in its buffer
/// (before a message on standard error, so that the two never interleave).
void drain_standard_output();

/// Blocks, in the calling thread and for its lifetime, the asynchronous
/// signals of the policy above (all but the synchronous SIGILL, SIGTRAP,
/// SIGBUS, SIGFPE, SIGSEGV and SIGSYS). Threads created meanwhile inherit
/// the mask: a program that writes OutputFiles from one thread creates its
/// worker threads inside one, so that the process takes these signals in
/// the writing thread. OutputFile uses it around the creation and the
/// renaming of a temporary file.
class SignalsBlocked {
 public:
  SignalsBlocked();
  ~SignalsBlocked();
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  alignas(8) unsigned char old_[128];  // the previous mask (a sigset_t)
};

}  // namespace beyt::io
