// A read failure in the middle of a file, for the tests (LD_PRELOAD): the
// file named by BEYT_READ_FAULT_PATH reads normally up to byte
// BEYT_READ_FAULT_AT, as if the disk broke there: a read that would cross it
// stops short at it, and every read at or after it fails with EIO
// ("Input/output error"). read, pread and pread64 are covered; other files,
// and every file when the variables are not set, read as usual.
#include <dlfcn.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdlib>

namespace {

// The limit (bytes readable) when `fd` is the faulty file, else -1.
long long limit_of(int fd) {
  const char* path = std::getenv("BEYT_READ_FAULT_PATH");
  const char* at = std::getenv("BEYT_READ_FAULT_AT");
  if (!path || !at) return -1;
  struct stat file {}, open_file {};
  if (::stat(path, &file) != 0 || ::fstat(fd, &open_file) != 0) return -1;
  if (file.st_dev != open_file.st_dev || file.st_ino != open_file.st_ino) return -1;
  return std::atoll(at);
}

// How much of `n` bytes from `offset` may be read when `limit` bytes can be
// (-1: the read fails).
long long allowed(long long limit, long long offset, size_t n) {
  if (offset >= limit) {
    errno = EIO;
    return -1;
  }
  return offset + static_cast<long long>(n) > limit ? limit - offset : static_cast<long long>(n);
}

template <typename F>
F real(const char* name) {
  return reinterpret_cast<F>(::dlsym(RTLD_NEXT, name));
}

// pread and pread64 through `next`, the faulty file clipped.
template <typename Offset>
ssize_t pread_through(ssize_t (*next)(int, void*, size_t, Offset), int fd, void* buf, size_t n, Offset offset) {
  const long long limit = limit_of(fd);
  if (limit < 0) return next(fd, buf, n, offset);
  const long long ok = allowed(limit, static_cast<long long>(offset), n);
  if (ok < 0) return -1;
  return next(fd, buf, static_cast<size_t>(ok), offset);
}

}  // namespace

extern "C" {

ssize_t read(int fd, void* buf, size_t n) {
  static const auto next = real<ssize_t (*)(int, void*, size_t)>("read");
  const long long limit = limit_of(fd);
  if (limit < 0) return next(fd, buf, n);
  const long long ok = allowed(limit, static_cast<long long>(::lseek(fd, 0, SEEK_CUR)), n);
  if (ok < 0) return -1;
  return next(fd, buf, static_cast<size_t>(ok));
}

ssize_t pread(int fd, void* buf, size_t n, off_t offset) {
  static const auto next = real<ssize_t (*)(int, void*, size_t, off_t)>("pread");
  return pread_through(next, fd, buf, n, offset);
}

ssize_t pread64(int fd, void* buf, size_t n, off64_t offset) {
  static const auto next = real<ssize_t (*)(int, void*, size_t, off64_t)>("pread64");
  return pread_through(next, fd, buf, n, offset);
}

}  // extern "C"
