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
// A fatal signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE, ...) that ends the
// process while an output is pending removes its temporary file first and
// leaves the target as it was; a signal the program ignores or handles
// itself keeps its action. SIGXFSZ (a file size limit, `ulimit -f`) is
// ignored: the write fails with "File too large" instead.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace beyt::io {

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

}  // namespace beyt::io
