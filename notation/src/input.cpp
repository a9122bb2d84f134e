// Reading inputs of records and quoting their lines (beyt/notation/input.hpp):
// moved from the command line so that every front end reads as it does.
#include "beyt/notation/input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <streambuf>
#include <vector>

#include "beyt/io.hpp"
#include "beyt/io_process.hpp"

namespace beyt::notation {
namespace {

constexpr std::size_t kChunk = std::size_t{64} * 1024;

std::string reason_of(int error_number) { return std::strerror(error_number); }

std::string cannot_read(const std::string& path, const std::string& reason) {
  return "cannot read " + (path == "-" ? std::string("standard input") : "'" + io::shown_path(path) + "'") + ": " + reason;
}
std::string cannot_read(const std::string& path, int error_number) { return cannot_read(path, reason_of(error_number)); }

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
  /// Drops the unread bytes [from, to) (counted from the next byte to
  /// read) before any is read: the reader never sees them.
  void drop_ahead(std::size_t from, std::size_t to) {
    char* at = gptr() + from;
    std::memmove(at, gptr() + to, static_cast<std::size_t>(egptr() - (gptr() + to)));
    setg(eback(), gptr(), egptr() - (to - from));
  }
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
      // The bytes before `keep` go when they are at least as many as those
      // kept: each byte is then moved about once however long the game held
      // (standard input keeps up to kMaxHeld of it); else the buffer grows,
      // geometrically (std::vector).
      if (gone > 0 && gone >= fill - gone) {
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


}  // namespace

// --- Input --------------------------------------------------------------------

// Blank bytes at the start of an input that cannot be read again, dropped
// while its format is chosen from the content (InputFile::format): the reader
// sees the input without them. They are whole lines from `cut` (a line
// start, in the reader's bytes) on, and at most the first `columns`
// characters of the line after them; places the reader gives at or after
// `cut` are moved back to the input's own (InputFile::place).
struct Gap {
  std::uint64_t cut = UINT64_MAX;  // the reader's offset of the first byte after the dropped ones
  std::uint32_t cut_line = 0;      // its line, in the reader's counting
  std::uint64_t bytes = 0;         // bytes dropped
  std::uint32_t lines = 0;         // line ends dropped ("\r\n" is one)
  std::uint32_t columns = 0;       // characters dropped after the last line end dropped
};

bool is_blank_byte(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

struct InputFile::Impl {
  std::string name;
  Gap gap;
  int fd = -1;
  bool owned = false;    // fd is ours to close (not standard input)
  bool regular = false;  // can be read again (pread) for quoting lines
  std::unique_ptr<InBuf> buf;
  std::unique_ptr<std::istream> stream;

  ~Impl() {
    if (owned) ::close(fd);
  }
};

InputFile::InputFile() : impl_(std::make_unique<Impl>()) {}
InputFile::~InputFile() = default;

bool InputFile::open(const std::string& path, std::string& error) {
  Impl& in = *impl_;
  in.name = path;
  io::set_activity(path == "-" ? std::string("reading standard input") : "reading '" + io::shown_path(path) + "'");
  if (std::string why = io::path_problem(path); !why.empty()) {
    error = cannot_read(path, why);
    return false;
  }
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

bool InputFile::open_at(const std::string& path, std::uint64_t offset, std::string& error) {
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

std::istream& InputFile::stream() { return *impl_->stream; }
const std::string& InputFile::name() const { return impl_->name; }
const std::string& InputFile::failure() const { return impl_->buf->failure(); }
void InputFile::forget_before(std::uint64_t offset) { impl_->buf->pin(offset); }
std::string InputFile::failure_message(std::string otherwise) const {
  return failure().empty() ? otherwise : cannot_read(impl_->name, failure());
}

Format InputFile::format(std::optional<Format> forced) {
  if (forced) return *forced;
  Format f;
  if (impl_->name != "-" && format_of_extension(impl_->name, f)) return f;
  // The first non-blank byte decides, and a few after it (a pretty-printed
  // file starts with its mark; '[' needs the tag name after it): however
  // many blanks come first, read as a stream.
  constexpr std::size_t kLook = 4096;                  // bytes looked at from the first non-blank one
  constexpr std::size_t kKeep = std::size_t{64} << 10;  // blank bytes held before some are dropped
  const std::string_view kBom = "\xEF\xBB\xBF";
  if (impl_->regular) {  // read again by offset: blanks are skipped without holding them
    std::vector<char> block(kKeep);
    const off_t here = ::lseek(impl_->fd, 0, SEEK_CUR);  // (standard input may not stand at 0)
    const std::uint64_t origin = here >= 0 ? static_cast<std::uint64_t>(here) : impl_->buf->base();
    for (std::uint64_t at = origin;;) {
      ssize_t n;
      do {
        n = ::pread(impl_->fd, block.data(), block.size(), static_cast<off_t>(at));
      } while (n < 0 && errno == EINTR);
      if (n <= 0) return Format::text;  // only blanks (a read failure is the reader's to report)
      std::string_view bytes(block.data(), static_cast<std::size_t>(n));
      std::size_t from = at == origin && bytes.substr(0, 3) == kBom ? 3 : 0;
      while (from < bytes.size() && is_blank_byte(bytes[from])) ++from;
      if (from == bytes.size()) {
        at += bytes.size();
        continue;
      }
      at += from;
      block.resize(kLook);
      do {
        n = ::pread(impl_->fd, block.data(), block.size(), static_cast<off_t>(at));
      } while (n < 0 && errno == EINTR);
      return format_of_content(std::string_view(block.data(), n > 0 ? static_cast<std::size_t>(n) : 0));
    }
  }
  // Standard input, a pipe: what is read ahead is held for the reader. Past
  // kKeep blank bytes, whole blank lines (and the blanks of a very long
  // line) are dropped from the first line start before kKeep on, and the
  // reader's places after them are moved back (Gap, place()).
  InBuf& buf = *impl_->buf;
  Gap& gap = impl_->gap;
  bool cr = false;  // the last byte dropped ended in a CR (of a CR LF kept whole)
  for (;;) {
    const std::string_view head = buf.ahead(3 * kKeep);
    const bool ended = head.size() < 3 * kKeep;
    const std::size_t start = head.substr(0, 3) == kBom ? 3 : 0;
    std::size_t first = start;
    while (first < head.size() && is_blank_byte(head[first])) ++first;
    if (first < head.size()) return format_of_content(head.substr(first, kLook));
    if (ended) return Format::text;  // only blanks
    if (gap.cut == UINT64_MAX) {  // the first line start at or before kKeep (after the BOM)
      std::size_t cut = start;
      for (std::size_t i = start; i < kKeep; ++i)
        if (head[i] == '\n' || (head[i] == '\r' && head[i + 1] != '\n')) cut = i + 1;
      gap.cut = cut;
      gap.cut_line = 1;
      for (std::size_t i = 0; i < cut; ++i) gap.cut_line += head[i] == '\n' || (head[i] == '\r' && head[i + 1] != '\n');
    }
    // Drop all but the last kKeep bytes after the cut, ending neither
    // inside a CR LF nor where the kept bytes around the gap would make one.
    const auto cut = static_cast<std::size_t>(gap.cut);
    std::size_t end = head.size() - kKeep;
    while (end > cut + 1 && head[end] == '\n' && (head[end - 1] == '\r' || (cut > 0 && head[cut - 1] == '\r')))
      --end;  // (at most twice: a line end follows a '\n')
    for (std::size_t i = cut; i < end; ++i) {
      if (head[i] == '\n') {
        if (!cr) ++gap.lines;
        gap.columns = 0;
      } else if (head[i] == '\r') {
        ++gap.lines;
        gap.columns = 0;
      } else {
        ++gap.columns;
      }
      cr = head[i] == '\r';
    }
    gap.bytes += end - cut;
    buf.drop_ahead(cut, end);
  }
}

SourceLoc InputFile::place(const SourceLoc& loc) const {
  const Gap& gap = impl_->gap;
  if (loc.line == 0 || gap.bytes == 0 || loc.offset < gap.cut) return loc;
  SourceLoc out = loc;
  if (out.line == gap.cut_line) out.column += gap.columns;
  out.line += gap.lines;
  out.offset += gap.bytes;
  return out;
}

std::string InputFile::line(const SourceLoc& loc, std::uint32_t& first_column) {
  std::string text = line_piece(loc, first_column);
  // The line after blanks that format() dropped: its first column is the input's own.
  if (impl_->gap.bytes > 0 && loc.offset >= impl_->gap.cut && loc.line == impl_->gap.cut_line)
    first_column += impl_->gap.columns;
  return text;
}

std::string InputFile::line_piece(const SourceLoc& loc, std::uint32_t& first_column) {
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

Diagnostic in_input(const Diagnostic& d, const InputFile* input) {
  Diagnostic out = d;
  if (!input) return out;
  if (d.code == Code::io_error && !input->failure().empty()) {
    out.reason = cannot_read(input->name(), input->failure());
    return out;  // (printed without the input: a whole-input error has no line)
  }
  out.loc = input->place(d.loc);  // the input's own place (blanks dropped at its start: InputFile::format)
  return out;
}

std::string format_diagnostic(const Diagnostic& d, InputFile* input, bool json) {
  if (!input || (d.code == Code::io_error && !input->failure().empty())) {
    const Diagnostic whole = in_input(d, input);
    return json ? format_json(whole) + '\n' : format_text(whole, std::string(), 1);
  }
  const Diagnostic placed = in_input(d, input);
  if (json) return format_json(placed) + '\n';
  std::uint32_t first_column = 1;
  const std::string source = input->line(d.loc, first_column);
  return format_text(placed, source, first_column);
}

}  // namespace beyt::notation
