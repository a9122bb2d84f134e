// Shared CLI helpers (cli/cli.hpp): the subcommand table, Input and Output,
// the same-file check, diagnostics and usage errors.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>

#include "cli.hpp"

namespace beyt::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table{
      {"validate", "replay records and report every independent error of each game", run_validate},
      {"convert", "convert records between text, JSON, XML and JSON Lines; join several files", run_convert},
      {"render", "draw the position after any turn as a diagram", run_render},
      {"games", "list the games, their rule presets and options", run_games},
      {"rules", "print a game's rules, options and their sources (docs/RULES.md)", run_rules},
      {"generate", "write random legal games (tests, fuzz corpora, benchmarks)", run_generate},
      {"format", "rewrite records in canonical form (moves, tags, layout)", run_format},
      {"select", "keep the games that match conditions (tags, date, game, result, position)", run_select},
      {"split", "split records into files of N games", run_split},
      {"dedupe", "drop duplicate games (same game, rules, start and main line)", run_dedupe},
      {"stats", "count games, results, turns and first turns per game and rule set", run_stats},
  };
  return table;
}

namespace {

constexpr std::size_t kChunk = std::size_t{64} * 1024;

std::string reason_of(int error_number) { return std::strerror(error_number); }

std::string cannot_read(const std::string& path, const std::string& reason) {
  return "cannot read " + (path == "-" ? std::string("standard input") : "'" + path + "'") + ": " + reason;
}
std::string cannot_read(const std::string& path, int error_number) { return cannot_read(path, reason_of(error_number)); }
std::string cannot_write(const std::string& path, const std::string& reason) {
  return "cannot write " + (path == "-" ? std::string("standard output") : "'" + path + "'") + ": " + reason;
}

// --- Reading ------------------------------------------------------------------

struct ReadFailure {};  // thrown by InBuf::underflow: the istream sets badbit

/// A stream buffer over a file descriptor, read in chunks of kChunk. For an
/// input that cannot be read again (`retain`), the bytes a diagnostic may
/// still quote stay in the buffer: those from the pin (the start of the game
/// being checked) and the last kWindow bytes, at most kMaxHeld in all.
class InBuf final : public std::streambuf {
 public:
  InBuf(int fd, bool retain) : fd_(fd), retain_(retain), buf_(kChunk) {
    setg(buf_.data(), buf_.data(), buf_.data());
  }

  /// The unread bytes, after reading on until there are at least `want`
  /// (or the input ends); for choosing the format from the content.
  std::string_view ahead(std::size_t want) {
    try {
      while (static_cast<std::size_t>(egptr() - gptr()) < want && read_more(false)) {
      }
    } catch (const ReadFailure&) {
    }
    return {gptr(), static_cast<std::size_t>(egptr() - gptr())};
  }

  /// Input bytes [from, to) still held, clipped to what is held.
  std::string_view held(std::uint64_t from, std::uint64_t to) const {
    const std::uint64_t end = base_ + filled();
    from = std::max(from, base_);
    to = std::min(to, end);
    if (from >= to) return {};
    return {eback() + (from - base_), static_cast<std::size_t>(to - from)};
  }
  std::uint64_t base() const { return base_; }
  /// Before the first read: the descriptor stands at byte `offset`.
  void start_at(std::uint64_t offset) { base_ = offset; }

  void pin(std::uint64_t offset) { pin_ = offset; }
  const std::string& failure() const { return failure_; }
  /// The stream reading this buffer, told of a read failure (badbit) that
  /// xsgetn cannot report by an exception.
  void read_by(std::istream* stream) { stream_ = stream; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (!read_more(true)) return traits_type::eof();
    return traits_type::to_int_type(*gptr());
  }

  /// istream::read: the bytes before a read failure are delivered, and the
  /// stream is marked bad (the readers' sign of a failure: E501); the
  /// default would lose them, since the exception leaves no count behind.
  std::streamsize xsgetn(char* s, std::streamsize n) override {
    std::streamsize got = 0;
    while (got < n) {
      if (gptr() == egptr()) {
        try {
          if (!read_more(true)) break;
        } catch (const ReadFailure&) {
          if (got == 0 || !stream_) throw;
          stream_->setstate(std::ios::badbit);
          break;
        }
      }
      const std::streamsize k = std::min<std::streamsize>(n - got, egptr() - gptr());
      std::memcpy(s + got, gptr(), static_cast<std::size_t>(k));
      gbump(static_cast<int>(k));
      got += k;
    }
    return got;
  }

 private:
  static constexpr std::uint64_t kWindow = std::uint64_t{256} * 1024;
  static constexpr std::uint64_t kMaxHeld = std::uint64_t{64} * 1024 * 1024;

  std::size_t filled() const { return static_cast<std::size_t>(egptr() - eback()); }

  /// Reads one more chunk behind what is held; first lets go of what no
  /// one needs (when `drop`). False at the end of the input; throws
  /// ReadFailure when the system says no.
  bool read_more(bool drop) {
    if (!failure_.empty()) throw ReadFailure{};  // every read after a failure fails
    if (eof_) return false;
    std::size_t cur = static_cast<std::size_t>(gptr() - eback());
    std::size_t fill = filled();
    if (drop) {
      const std::uint64_t next = base_ + cur;  // offset of the next byte to read
      std::uint64_t keep = next;
      if (retain_) {
        keep = std::min(next > kWindow ? next - kWindow : 0, pin_);
        if (next - keep > kMaxHeld) keep = next - kMaxHeld;
      }
      const std::size_t gone = static_cast<std::size_t>(std::max(keep, base_) - base_);
      if (gone > 0 && (gone >= kChunk || buf_.size() - fill < kChunk)) {
        std::memmove(buf_.data(), buf_.data() + gone, fill - gone);
        fill -= gone;
        cur -= gone;
        base_ += gone;
      }
    }
    if (buf_.size() - fill < kChunk) buf_.resize(fill + kChunk);
    ssize_t n;
    do {
      n = ::read(fd_, buf_.data() + fill, kChunk);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) {
      eof_ = true;
      setg(buf_.data(), buf_.data() + cur, buf_.data() + fill);
      if (n < 0) {
        failure_ = reason_of(errno);
        throw ReadFailure{};
      }
      return false;
    }
    setg(buf_.data(), buf_.data() + cur, buf_.data() + fill + static_cast<std::size_t>(n));
    return true;
  }

  int fd_;
  bool retain_;
  std::vector<char> buf_;  // input bytes from offset base_
  std::uint64_t base_ = 0;
  std::uint64_t pin_ = UINT64_MAX;
  bool eof_ = false;
  std::string failure_;
  std::istream* stream_ = nullptr;
};

// --- Writing ------------------------------------------------------------------

/// A stream buffer that writes to a file descriptor in chunks; the first
/// failure is kept (and every later write fails).
class OutBuf final : public std::streambuf {
 public:
  explicit OutBuf(int fd) : fd_(fd), buf_(kChunk) { setp(buf_.data(), buf_.data() + buf_.size()); }

  /// Writes what is buffered; false (and failure()) if the system says no.
  bool drain() {
    const std::size_t n = static_cast<std::size_t>(pptr() - pbase());
    setp(buf_.data(), buf_.data() + buf_.size());
    return write_all(buf_.data(), n);
  }
  const std::string& failure() const { return failure_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }
  std::streamsize xsputn(const char* s, std::streamsize count) override {
    const auto n = static_cast<std::size_t>(count);
    if (n > static_cast<std::size_t>(epptr() - pptr())) {
      if (!drain()) return 0;
      if (n >= buf_.size()) return write_all(s, n) ? count : 0;
    }
    std::memcpy(pptr(), s, n);
    pbump(static_cast<int>(n));
    return count;
  }

 private:
  bool write_all(const char* p, std::size_t n) {
    if (!failure_.empty()) return false;
    while (n > 0) {
      const ssize_t w = ::write(fd_, p, n);
      if (w < 0) {
        if (errno == EINTR) continue;
        failure_ = reason_of(errno);
        return false;
      }
      p += w;
      n -= static_cast<std::size_t>(w);
    }
    return true;
  }

  int fd_;
  std::vector<char> buf_;
  std::string failure_;
};

/// The stream of an Output to standard output, flushed by err().
OutBuf* g_stdout_buf = nullptr;

// --- Temporary files and signals ----------------------------------------------
//
// The paths of the temporary files being written, for the signal handler:
// on SIGINT, SIGTERM or SIGHUP it unlinks them (unlink is async-signal-safe)
// and dies of the signal as it would have. Slots are filled and emptied with
// the signals blocked, so that the handler never sees half a path and no
// temporary file exists unregistered.

constexpr int kSlots = 8;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
char g_temp_paths[kSlots][PATH_MAX];
volatile sig_atomic_t g_temp_used[kSlots];

extern "C" void remove_temporaries(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (g_temp_used[i]) ::unlink(g_temp_paths[i]);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);  // blocked while the handler runs; delivered on return
}

void install_handlers() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  for (int sig : kSignals) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;  // nohup: keep ignoring
    struct sigaction sa {};
    sa.sa_handler = remove_temporaries;
    sigemptyset(&sa.sa_mask);
    for (int s : kSignals) sigaddset(&sa.sa_mask, s);
    ::sigaction(sig, &sa, nullptr);
  }
}

/// Blocks SIGINT, SIGTERM and SIGHUP for its lifetime.
class SignalsBlocked {
 public:
  SignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kSignals) sigaddset(&set, s);
    ::sigprocmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalsBlocked() { ::sigprocmask(SIG_SETMASK, &old_, nullptr); }
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t old_;
};

/// Creates a temporary file from `pattern` (ending in XXXXXX, completed in
/// place) and registers it; -1 with errno on failure (or EMFILE-like
/// ENFILE when every slot is taken). Call with the signals blocked.
int create_registered(std::string& pattern, int& slot) {
  slot = -1;
  for (int i = 0; i < kSlots; ++i)
    if (!g_temp_used[i]) {
      slot = i;
      break;
    }
  if (slot < 0 || pattern.size() >= PATH_MAX) {
    errno = slot < 0 ? ENFILE : ENAMETOOLONG;
    return -1;
  }
  const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd < 0) return -1;
  std::memcpy(g_temp_paths[slot], pattern.c_str(), pattern.size() + 1);
  g_temp_used[slot] = 1;
  return fd;
}

/// Best effort: the rename in `dir` reaches the disk too.
void sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  ::close(fd);
}

}  // namespace

// --- Input --------------------------------------------------------------------

struct Input::Impl {
  std::string name;
  int fd = -1;
  bool owned = false;    // fd is ours to close (not standard input)
  bool regular = false;  // can be read again (pread) for quoting lines
  std::unique_ptr<InBuf> buf;
  std::unique_ptr<std::istream> stream;

  ~Impl() {
    if (owned) ::close(fd);
  }
};

Input::Input() : impl_(std::make_unique<Impl>()) {}
Input::~Input() = default;

bool Input::open(const std::string& path, std::string& error) {
  Impl& in = *impl_;
  in.name = path;
  if (path == "-") {
    in.fd = 0;
  } else {
    do {
      in.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (in.fd < 0 && errno == EINTR);
    if (in.fd < 0) {
      error = cannot_read(path, errno);
      return false;
    }
    in.owned = true;
  }
  struct stat st {};
  if (::fstat(in.fd, &st) != 0) {
    error = cannot_read(path, errno);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    error = cannot_read(path, EISDIR);
    return false;
  }
  in.regular = S_ISREG(st.st_mode);
  in.buf = std::make_unique<InBuf>(in.fd, !in.regular);
  in.stream = std::make_unique<std::istream>(in.buf.get());
  in.buf->read_by(in.stream.get());
  return true;
}

bool Input::open_at(const std::string& path, std::uint64_t offset, std::string& error) {
  if (!open(path, error)) return false;
  if (!impl_->regular) {
    error = cannot_read(path, ESPIPE);
    return false;
  }
  if (::lseek(impl_->fd, static_cast<off_t>(offset), SEEK_SET) < 0) {
    error = cannot_read(path, errno);
    return false;
  }
  impl_->buf->start_at(offset);
  return true;
}

std::istream& Input::stream() { return *impl_->stream; }
const std::string& Input::name() const { return impl_->name; }
const std::string& Input::failure() const { return impl_->buf->failure(); }
void Input::forget_before(std::uint64_t offset) { impl_->buf->pin(offset); }
std::string Input::failure_message(std::string otherwise) const {
  return failure().empty() ? otherwise : cannot_read(impl_->name, failure());
}

notation::Format Input::format(std::optional<notation::Format> forced) {
  if (forced) return *forced;
  notation::Format f;
  if (impl_->name != "-" && notation::format_of_extension(impl_->name, f)) return f;
  // Blanks first (a pretty-printed file starts with its mark): read on
  // until a non-blank byte and the tag name after a '[', at most 1 MiB.
  constexpr std::size_t kMaxLook = std::size_t{1} << 20;
  for (std::size_t want = 4096;; want *= 4) {
    const std::string_view head = impl_->buf->ahead(want);
    const std::size_t first = head.find_first_not_of(std::string_view(" \t\r\n\xEF\xBB\xBF", 7));
    if ((first != std::string_view::npos && head.size() - first >= 256) || head.size() < want || want >= kMaxLook)
      return notation::format_of_content(head);
  }
}

std::string Input::line(const notation::SourceLoc& loc, std::uint32_t& first_column) {
  first_column = 1;
  if (loc.line == 0 || !impl_->buf) return {};
  // The bytes around the place: enough for the window a diagnostic shows
  // (format_text cuts a long line to 100 characters around the caret).
  constexpr std::uint64_t kBack = 4096, kAhead = 4096;
  const std::uint64_t at = loc.offset;
  const std::uint64_t from = at > kBack ? at - kBack : 0;
  std::string bytes;
  std::uint64_t start = from;
  if (impl_->regular) {
    bytes.resize(kBack + kAhead);
    ssize_t n;
    do {
      n = ::pread(impl_->fd, bytes.data(), bytes.size(), static_cast<off_t>(from));
    } while (n < 0 && errno == EINTR);
    bytes.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  } else {
    const std::string_view held = impl_->buf->held(from, at + kAhead);
    bytes.assign(held);
    start = std::max(from, impl_->buf->base());
  }
  if (at < start || at > start + bytes.size()) return {};
  const std::string_view all = bytes;
  const std::size_t here = static_cast<std::size_t>(at - start);
  // The line end after the place, and its start before it.
  std::size_t end = here;
  while (end < all.size() && all[end] != '\n' && all[end] != '\r') ++end;
  std::size_t begin = here;
  while (begin > 0 && all[begin - 1] != '\n' && all[begin - 1] != '\r') --begin;
  std::string_view line = all.substr(begin, end - begin);
  if (begin > 0 || start == 0) {
    if (start + begin == 0 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);  // the BOM takes no column
    return std::string(line);
  }
  // The line starts before the bytes held: a piece of it, from the first
  // whole character, and the column of that character.
  while (!line.empty() && (static_cast<unsigned char>(line.front()) & 0xC0) == 0x80) {
    line.remove_prefix(1);
    ++begin;
  }
  std::uint32_t points = 0;
  for (std::size_t i = begin; i < here; ++i) points += (static_cast<unsigned char>(all[i]) & 0xC0) != 0x80;
  if (loc.column <= points) return {};
  first_column = loc.column - points;
  return std::string(line);
}

// --- Output -------------------------------------------------------------------

struct Output::Impl {
  std::string path;    // as given
  std::string target;  // the file renamed over (symbolic links followed)
  std::string temp;    // the temporary file, or empty when written directly
  int fd = -1;
  int slot = -1;
  bool owned = false;  // fd is ours to close (not standard output)
  bool done = false;   // closed or discarded
  std::unique_ptr<OutBuf> buf;
  std::unique_ptr<std::ostream> stream;

  void forget_temp() {
    if (slot >= 0) {
      g_temp_used[slot] = 0;
      slot = -1;
    }
  }
  void discard() {
    if (done) return;
    done = true;
    if (g_stdout_buf == buf.get()) g_stdout_buf = nullptr;
    if (temp.empty() && buf) buf->drain();  // written directly: what was handed over goes out
    if (owned && fd >= 0) ::close(fd);
    fd = -1;
    if (!temp.empty()) {
      SignalsBlocked blocked;
      ::unlink(temp.c_str());
      forget_temp();
    }
  }
};

Output::Output() : impl_(std::make_unique<Impl>()) {}
Output::~Output() { impl_->discard(); }

bool Output::open(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  Impl& out = *impl_;
  out.path = path;
  if (path == "-") {
    std::cout.flush();
    out.fd = 1;
  } else {
    out.target = path;
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
      std::error_code ec;
      fs::path resolved = fs::weakly_canonical(fs::path(path), ec);
      if (!ec) out.target = resolved.string();
    }
    const bool exists = ::stat(out.target.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
      error = cannot_write(path, reason_of(EISDIR));
      return false;
    }
    if (exists && !S_ISREG(st.st_mode)) {  // a device, a FIFO: no file to replace
      do {
        out.fd = ::open(out.target.c_str(), O_WRONLY | O_CLOEXEC);
      } while (out.fd < 0 && errno == EINTR);
      if (out.fd < 0) {
        error = cannot_write(path, reason_of(errno));
        return false;
      }
      out.owned = true;
    } else {
      const fs::path target(out.target);
      std::string dir = target.parent_path().string();
      std::string base = target.filename().string();
      if (base.size() > 200) base.resize(200);
      std::string pattern = (dir.empty() ? std::string() : dir + "/") + "." + base + ".beyt-XXXXXX";
      install_handlers();
      int failure = 0;
      {
        SignalsBlocked blocked;
        out.fd = create_registered(pattern, out.slot);
        if (out.fd < 0) failure = errno;
      }
      if (out.fd < 0) {
        error = cannot_write(path, reason_of(failure));
        return false;
      }
      out.temp = pattern;
      out.owned = true;
      if (exists) {  // the new file takes the place of the old one: its mode and owner too
        (void)::fchmod(out.fd, st.st_mode & 07777);
        if (::fchown(out.fd, st.st_uid, st.st_gid) != 0) {
          // not ours to give away: the file keeps our ownership
        }
      } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        (void)::fchmod(out.fd, 0666 & ~mask);
      }
    }
  }
  out.buf = std::make_unique<OutBuf>(out.fd);
  out.stream = std::make_unique<std::ostream>(out.buf.get());
  if (path == "-") g_stdout_buf = out.buf.get();
  return true;
}

std::ostream& Output::stream() { return *impl_->stream; }

bool Output::close(std::string& error) {
  Impl& out = *impl_;
  if (out.done) {
    error = cannot_write(out.path, "already closed");
    return false;
  }
  const auto fail = [&](const std::string& reason) {
    error = cannot_write(out.path, reason);
    out.discard();
    return false;
  };
  if (!out.buf->drain() || !*out.stream)
    return fail(out.buf->failure().empty() ? std::string("the write failed") : out.buf->failure());
  if (out.temp.empty()) {  // standard output, a device
    if (g_stdout_buf == out.buf.get()) g_stdout_buf = nullptr;
    if (out.owned && ::close(out.fd) != 0) {
      out.fd = -1;
      return fail(reason_of(errno));
    }
    out.fd = -1;
    out.done = true;
    return true;
  }
  if (::fsync(out.fd) != 0) return fail(reason_of(errno));
  const int fd = out.fd;
  out.fd = -1;
  if (::close(fd) != 0) return fail(reason_of(errno));
  {
    SignalsBlocked blocked;
    if (::rename(out.temp.c_str(), out.target.c_str()) != 0) {
      const int e = errno;
      ::unlink(out.temp.c_str());
      out.forget_temp();
      out.done = true;
      error = cannot_write(out.path, reason_of(e));
      return false;
    }
    out.forget_temp();
  }
  out.done = true;
  const std::string dir = std::filesystem::path(out.target).parent_path().string();
  sync_directory(dir.empty() ? std::string(".") : dir);
  return true;
}

void Output::discard() { impl_->discard(); }

// --- The same file --------------------------------------------------------------

int refuse_same_file(std::string_view command, const std::vector<std::string>& inputs, const std::string& output) {
  struct stat out {};
  const int out_status = output == "-" ? ::fstat(1, &out) : ::stat(output.c_str(), &out);
  if (out_status != 0 || !S_ISREG(out.st_mode)) return 0;  // nothing there yet, or not a file
  for (const auto& path : inputs) {
    struct stat in {};
    const int in_status = path == "-" ? ::fstat(0, &in) : ::stat(path.c_str(), &in);
    if (in_status != 0 || !S_ISREG(in.st_mode)) continue;
    if (in.st_dev != out.st_dev || in.st_ino != out.st_ino) continue;
    const std::string in_name = path == "-" ? std::string("standard input") : "'" + path + "'";
    const std::string out_name = output == "-" ? std::string("standard output") : "'" + output + "'";
    err() << "beyt " << command << ": error[" << code_id(Code::same_file) << "]: the output " << out_name
          << " is the input " << in_name
          << " (the same file): nothing was read or written; write to another file\n";
    return kExitUsage;
  }
  return 0;
}

// --- Messages -------------------------------------------------------------------

std::ostream& err() {
  std::cout.flush();
  if (g_stdout_buf) g_stdout_buf->drain();
  return std::cerr;
}

int usage_error(std::string_view command, std::string_view message) {
  err() << "beyt " << command << ": " << message << "\n(see: beyt " << command << " --help)\n";
  return kExitUsage;
}

bool choose_format(const std::string& path, const std::string& forced, notation::Format& out) {
  if (!forced.empty()) return notation::parse_format(forced, out);
  out = notation::format_of_path(path);
  return true;
}

bool parse_format_option(const std::string& value, std::optional<notation::Format>& out) {
  out.reset();
  if (value.empty()) return true;
  notation::Format f;
  if (!notation::parse_format(value, f)) return false;
  out = f;
  return true;
}

void print_diagnostic(std::ostream& out, const notation::Diagnostic& d, Input* input, bool json) {
  if (d.code == Code::io_error && input && !input->failure().empty()) {
    notation::Diagnostic with_reason = d;
    with_reason.reason = cannot_read(input->name(), input->failure());
    print_diagnostic(out, with_reason, nullptr, json);
    return;
  }
  if (json) {
    out << notation::format_json(d) << '\n';
    return;
  }
  std::uint32_t first_column = 1;
  std::string source = input ? input->line(d.loc, first_column) : std::string();
  out << notation::format_text(d, source, first_column);
}

void print_file_error(std::ostream& out, Code code, const std::string& path, const std::string& reason, bool json) {
  notation::Diagnostic d;
  d.code = code;
  d.reason = reason;
  d.file = path;
  print_diagnostic(out, d, nullptr, json);
}

bool open_input(Input& input, const std::string& path) {
  std::string error;
  if (input.open(path, error)) return true;
  print_file_error(err(), Code::io_error, path, error, false);
  return false;
}

}  // namespace beyt::cli
