// Output files written safely, and the signal policy that keeps them so
// (beyt/io.hpp).
#include "beyt/io.hpp"
#include "beyt/io_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <utility>

namespace beyt::io {
namespace {

constexpr std::size_t kChunk = std::size_t{64} * 1024;

std::string reason_of(int error_number) { return std::strerror(error_number); }

std::string cannot_write(const std::string& path, const std::string& reason) {
  return "cannot write " + (path == "-" ? std::string("standard output") : "'" + shown_path(path) + "'") + ": " + reason;
}

// --- The pending temporary files ---------------------------------------------
//
// The signal handler removes every temporary file still pending. It reads
// their paths from blocks of slots linked in a list that only grows (a
// block is never freed): each slot holds a path the writer allocated, or
// null. Registering takes a mutex (writers only: the handler takes none);
// a path is published by one atomic store and withdrawn by one exchange.
// The handler counts itself in g_dying before it reads a slot, and a path
// withdrawn while a handler may be reading it is never freed (the process
// is about to die): so the handler never reads freed memory, in whatever
// thread it runs.

using Slot = std::atomic<const char*>;
static_assert(Slot::is_always_lock_free, "the signal handler reads the slots without locks");

struct Block {
  static constexpr std::size_t kSlots = 64;
  Slot paths[kSlots] = {};
  std::atomic<Block*> next{nullptr};
};

Block g_first;
std::atomic<int> g_dying{0};
std::mutex g_registry;  // serialises the writers that register and withdraw paths

// Publishes a copy of `path`; its slot.
Slot* register_path(const std::string& path) {
  char* copy = new char[path.size() + 1];
  std::memcpy(copy, path.c_str(), path.size() + 1);
  std::lock_guard lock(g_registry);
  for (Block* b = &g_first;;) {
    for (Slot& s : b->paths)
      if (s.load() == nullptr) {
        s.store(copy);
        return &s;
      }
    Block* next = b->next.load();
    if (!next) {
      next = new Block;
      b->next.store(next);
    }
    b = next;
  }
}

void withdraw(Slot* slot) {
  std::lock_guard lock(g_registry);
  const char* path = slot->exchange(nullptr);
  if (g_dying.load() == 0) delete[] path;
}

// The signals whose default action ends the process; the synchronous ones
// (a fault of the thread itself) are not blocked by SignalsBlocked.
constexpr int kEnding[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGILL,    SIGTRAP, SIGABRT, SIGBUS,
                           SIGFPE,  SIGUSR1, SIGSEGV, SIGUSR2,   SIGPIPE, SIGALRM, SIGTERM,
#ifdef SIGSTKFLT
                           SIGSTKFLT,
#endif
                           SIGXCPU, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS};
constexpr int kSynchronous[] = {SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSEGV, SIGSYS};

bool synchronous(int sig) {
  for (int s : kSynchronous)
    if (s == sig) return true;
  return false;
}

// Every signal of the policy: kEnding and the real-time signals.
template <class F>
void for_each_ending(F f) {
  for (int sig : kEnding) f(sig);
  for (int sig = SIGRTMIN; sig <= SIGRTMAX; ++sig) f(sig);
}

extern "C" void remove_temporaries_and_die(int sig) {
  const int saved = errno;
  g_dying.fetch_add(1);
  for (Block* b = &g_first; b; b = b->next.load())
    for (Slot& s : b->paths)
      if (const char* path = s.load()) ::unlink(path);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);  // blocked while the handler runs: delivered, with the default action, on return
  errno = saved;
}

void install_policy() {
  static std::once_flag once;
  std::call_once(once, [] {
    // A stack of its own for the handler, so that it runs after a stack
    // overflow too (unless this thread has one already).
    static char alternate[64 * 1024];
    stack_t current {};
    if (::sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
      stack_t ss {};
      ss.ss_sp = alternate;
      ss.ss_size = sizeof alternate;
      (void)::sigaltstack(&ss, nullptr);
    }
    struct sigaction sa {};
    sa.sa_handler = remove_temporaries_and_die;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for_each_ending([&](int sig) { sigaddset(&sa.sa_mask, sig); });
    const auto is_default = [](int sig) {
      struct sigaction old {};
      return ::sigaction(sig, nullptr, &old) == 0 && !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL;
    };
    for_each_ending([&](int sig) {
      if (is_default(sig)) ::sigaction(sig, &sa, nullptr);
    });
    if (is_default(SIGXFSZ)) {  // a file size limit: the write fails with EFBIG instead
      struct sigaction ignore {};
      ignore.sa_handler = SIG_IGN;
      sigemptyset(&ignore.sa_mask);
      ::sigaction(SIGXFSZ, &ignore, nullptr);
    }
  });
}

/// Best effort: the rename in `dir` reaches the disk too.
void sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  ::close(fd);
}

// Write permission for no one in `mode` (0444), or none for this user.
bool write_protected(const std::string& path, const struct stat& st) {
  return (st.st_mode & 0222) == 0 || ::access(path.c_str(), W_OK) != 0;
}

/// The buffer of the OutputFile open on standard output, for drain_standard_output().
FdWriteBuf* g_stdout_buf = nullptr;

}  // namespace

// --- SignalsBlocked ---------------------------------------------------------------

SignalsBlocked::SignalsBlocked() {
  static_assert(sizeof(sigset_t) <= sizeof old_ && alignof(sigset_t) <= 8);
  sigset_t set;
  sigemptyset(&set);
  for_each_ending([&](int sig) {
    if (!synchronous(sig)) sigaddset(&set, sig);
  });
  ::pthread_sigmask(SIG_BLOCK, &set, reinterpret_cast<sigset_t*>(old_));
}

SignalsBlocked::~SignalsBlocked() { ::pthread_sigmask(SIG_SETMASK, reinterpret_cast<sigset_t*>(old_), nullptr); }

// --- FdWriteBuf --------------------------------------------------------------------

FdWriteBuf::FdWriteBuf(int fd) : fd_(fd), buf_(kChunk) { setp(buf_.data(), buf_.data() + buf_.size()); }

bool FdWriteBuf::drain() {
  const std::size_t n = static_cast<std::size_t>(pptr() - pbase());
  setp(buf_.data(), buf_.data() + buf_.size());
  return write_all(buf_.data(), n);
}

void FdWriteBuf::release() {
  std::vector<char>().swap(buf_);
  setp(nullptr, nullptr);
  if (failure_.empty()) failure_ = "written after the end";  // a later write fails
}

FdWriteBuf::int_type FdWriteBuf::overflow(int_type c) {
  if (buf_.empty() || !drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

int FdWriteBuf::sync() { return drain() ? 0 : -1; }

std::streamsize FdWriteBuf::xsputn(const char* s, std::streamsize count) {
  const auto n = static_cast<std::size_t>(count);
  if (n > static_cast<std::size_t>(epptr() - pptr())) {
    if (buf_.empty() || !drain()) return 0;
    if (n >= buf_.size()) return write_all(s, n) ? count : 0;
  }
  std::memcpy(pptr(), s, n);
  pbump(static_cast<int>(n));
  return count;
}

bool FdWriteBuf::write_all(const char* p, std::size_t n) {
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

// --- OutputFile ---------------------------------------------------------------------

struct OutputFile::Impl {
  std::string path;    // as given
  std::string target;  // the file renamed over (symbolic links followed)
  std::string temp;    // the temporary file, or empty when written directly
  Slot* slot = nullptr;
  int fd = -1;
  bool owned = false;     // fd is ours to close (not standard output)
  bool finished = false;  // written, synced and closed (finish())
  bool done = false;      // closed or discarded
  std::unique_ptr<FdWriteBuf> buf;
  std::unique_ptr<std::ostream> stream;

  void forget_temp() {
    if (slot) withdraw(std::exchange(slot, nullptr));
  }
  void stop_writing() {
    if (g_stdout_buf == buf.get()) g_stdout_buf = nullptr;
    if (stream) stream->setstate(std::ios::badbit);
  }
  void discard() {
    if (done) return;
    done = true;
    if (temp.empty() && buf && !finished) buf->drain();  // written directly: what was handed over goes out
    stop_writing();
    if (owned && fd >= 0) ::close(fd);
    fd = -1;
    if (!temp.empty()) {
      SignalsBlocked blocked;
      ::unlink(temp.c_str());
      forget_temp();
    }
  }
};

OutputFile::OutputFile() : impl_(std::make_unique<Impl>()) {}
OutputFile::~OutputFile() { impl_->discard(); }

const std::string& OutputFile::path() const { return impl_->path; }

bool OutputFile::open(const std::string& path, std::string& error, const OutputOptions& options) {
  namespace fs = std::filesystem;
  Impl& out = *impl_;
  out.path = path;
  if (std::string why = path_problem(path); !why.empty()) {
    error = cannot_write(path, why);
    return false;
  }
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
      const std::string dir = target.parent_path().string();
      if (!options.force) {  // as cp: a write-protected file or folder is not replaced
        struct stat folder {};
        const std::string where = dir.empty() ? std::string(".") : dir;
        const bool protected_file = exists && write_protected(out.target, st);
        if (protected_file || (::stat(where.c_str(), &folder) == 0 && write_protected(where, folder))) {
          error = cannot_write(path, reason_of(EACCES)) + " (write-protected " +
                  (protected_file ? "file" : "folder") + ": " + options.force_name + " replaces it)";
          return false;
        }
      }
      std::string base = target.filename().string();
      if (base.size() > 200) base.resize(200);
      std::string pattern = (dir.empty() ? std::string() : dir + "/") + "." + base + ".beyt-XXXXXX";
      if (pattern.size() >= PATH_MAX) {
        error = cannot_write(path, reason_of(ENAMETOOLONG));
        return false;
      }
      install_policy();
      int failure = 0;
      {
        SignalsBlocked blocked;  // no temporary file exists unregistered
        out.fd = ::mkostemp(pattern.data(), O_CLOEXEC);
        if (out.fd < 0) {
          failure = errno;
        } else {
          try {
            out.slot = register_path(pattern);
          } catch (...) {
            ::unlink(pattern.c_str());
            ::close(out.fd);
            out.fd = -1;
            throw;
          }
        }
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
  out.buf = std::make_unique<FdWriteBuf>(out.fd);
  out.stream = std::make_unique<std::ostream>(out.buf.get());
  if (path == "-") g_stdout_buf = out.buf.get();
  return true;
}

std::ostream& OutputFile::stream() { return *impl_->stream; }

bool OutputFile::finish(std::string& error) {
  Impl& out = *impl_;
  if (out.done) {
    error = cannot_write(out.path, "already closed");
    return false;
  }
  if (out.finished) return true;
  const auto fail = [&](const std::string& reason) {
    error = cannot_write(out.path, reason);
    out.discard();
    return false;
  };
  if (!out.buf->drain() || !*out.stream)
    return fail(out.buf->failure().empty() ? std::string("the write failed") : out.buf->failure());
  out.finished = true;
  out.stop_writing();
  out.buf->release();
  if (out.temp.empty()) {  // standard output, a device: nothing to put in place
    out.done = true;
    const int fd = std::exchange(out.fd, -1);
    if (out.owned && ::close(fd) != 0) {
      error = cannot_write(out.path, reason_of(errno));
      return false;
    }
    return true;
  }
  if (::fsync(out.fd) != 0) return fail(reason_of(errno));
  const int fd = std::exchange(out.fd, -1);
  if (::close(fd) != 0) return fail(reason_of(errno));
  return true;
}

bool OutputFile::close(std::string& error) {
  Impl& out = *impl_;
  if (!out.finished && !finish(error)) return false;
  if (out.temp.empty()) return true;  // done by finish()
  if (out.done) {
    error = cannot_write(out.path, "already closed");
    return false;
  }
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

void OutputFile::discard() { impl_->discard(); }

void drain_standard_output() {
  if (g_stdout_buf) g_stdout_buf->drain();
}

namespace {
thread_local std::string g_activity = "starting";  // each thread's own: a worker's input is its own
}  // namespace

std::string path_problem(std::string_view path) {
  const std::size_t nul = path.find('\0');
  if (nul == std::string_view::npos) return {};
  return "the path holds a NUL byte (at byte " + std::to_string(nul + 1) + "), which no file name can";
}

std::string shown_path(std::string_view path) {
  std::string out;
  out.reserve(path.size());
  for (const char c : path) {
    if (c == '\0') out += "\\0";
    else out += c;
  }
  return out;
}

void set_activity(std::string what) { g_activity = std::move(what); }
const std::string& activity() { return g_activity; }

}  // namespace beyt::io
