// beyt/io.hpp - output files that are never left half written: each is
// written to a temporary file beside its target and renamed into place only
// when everything went well (the promise of README.md, "beyt never destroys
// a file"). The command-line program and the Python package both write
// through it.
//
//   beyt::io::OutputFile out;
//   std::string error;
//   if (!out.open("games.json", error)) ...          // "cannot write 'games.json': Permission denied"
//   out.stream() << ...;
//   if (!out.close(error)) ...                       // flushed, synced, renamed over games.json
//   // anything else (an exception, return without close(), discard(), a
//   // signal) leaves games.json as it was and no temporary file behind
//
// Several files that must appear together (the parts of a split) are each
// written and finish()ed (the data is on disk, the descriptor closed, the
// temporary file still pending), then close()d one after the other at the
// end. Any number of outputs may be pending at once: each holds no
// descriptor once finished.
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

#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
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

/// How OutputFile::open treats the file it would replace.
struct OutputOptions {
  /// Replace a write-protected file too (as `cp -f`). A target the user
  /// cannot write (access(2) says no), or one whose mode gives write
  /// permission to no one (0444, which holds for root too), or one in a
  /// folder whose mode gives write permission to no one, is otherwise
  /// refused: "Permission denied".
  bool force = false;
  /// How the caller's interface names `force`, for the error message
  /// ("Permission denied (write-protected: --force replaces it)").
  std::string force_name = "force";
};

/// An output: a file, written to a temporary file beside it and renamed
/// over it by close(); or "-", standard output, and an existing file that is
/// not a regular file (/dev/null, a FIFO, a terminal), written directly.
/// The temporary file is ".NAME.beyt-XXXXXX" in the target's folder, with
/// the mode (and, where allowed, the owner) of the file it replaces, else
/// 0666 less the umask. A PATH that is a symbolic link is written through:
/// the file it points to is replaced, the link stays.
class OutputFile {
 public:
  OutputFile();
  /// Discards what was written unless close() succeeded.
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  /// Opens `path` ("-": standard output). False with `error` = "cannot write
  /// 'PATH': REASON" ("standard output" for "-"), REASON the system's words:
  /// a folder that does not exist or cannot be written, PATH a directory, a
  /// write-protected target (see OutputOptions::force).
  bool open(const std::string& path, std::string& error, const OutputOptions& options = {});
  /// The stream to write to (valid after a successful open()).
  std::ostream& stream();
  /// Ends the writing without putting the file in place: flushes, syncs and
  /// closes the temporary file, which stays pending (removed by discard(),
  /// the destructor or a signal; renamed by close()). Its buffer's memory is
  /// given back. False with `error` when a write failed ("cannot write
  /// 'PATH': No space left on device"): the temporary file is then gone.
  /// For standard output or a device: the same as close().
  bool finish(std::string& error);
  /// finish() unless done, then renames the temporary file over the target.
  /// False with `error` when anything failed: then the target is as it was
  /// and the temporary file is gone.
  bool close(std::string& error);
  /// Gives up: the temporary file is removed, the target stays as it was.
  /// (Standard output or a device, written directly, gets what was written.)
  void discard();
  /// The path as given to open().
  const std::string& path() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Why `path` cannot name a file, or empty when it can. A path holding a
/// NUL byte cannot: the system would take it cut at the NUL
/// ("secret.txt\0.beyt" names secret.txt), so it is refused, as Python's
/// open() refuses it: "the path holds a NUL byte (at byte N), which no file
/// name can". Every function of beyt that opens, creates or looks at a path
/// asks this first (notation::InputFile::open, OutputFile::open,
/// notation::GameReader::open, the validators); a front end gives the
/// reason in its own form (the Python package: ValueError).
std::string path_problem(std::string_view path);
/// `path` as a message quotes it: each NUL byte written as the two
/// characters "\0" (the rest as it is).
std::string shown_path(std::string_view path);

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
