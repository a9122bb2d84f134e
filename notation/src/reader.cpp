// The pull reader over every format (beyt/notation/reader.hpp), through the
// table of formats (format_table.hpp): here the pull readers of text
// (TextReader) and of JSON record files (read_json on a thread that hands
// over one game at a time); JSON Lines and XML pull in their own files.
#include "beyt/notation/reader.hpp"

#include <exception>
#include <ios>
#include <semaphore>
#include <streambuf>
#include <thread>
#include <utility>
#include <vector>
#if defined(__GLIBCXX__)
#include <cxxabi.h>  // abi::__forced_unwind
#endif

#include "beyt/notation/input.hpp"
#include "beyt/notation/json.hpp"
#include "format_table.hpp"

namespace beyt::notation {
namespace {

using detail::PullReader;
using detail::PullStep;

/// The text notation: TextReader, with read_text's steps (recover() after
/// an error, at the next call).
class TextPull final : public PullReader {
 public:
  TextPull(std::istream& in, const std::string& file, ReadOptions options)
      : reader_(in, file, options), file_(file) {}

  PullStep next(GameRecord& game, Diagnostic& error, std::vector<Diagnostic>& warnings, bool skip) override {
    if (recover_) {
      recover_ = false;
      if (!reader_.recover()) {
        error = Diagnostic{};
        error.file = file_;
        return PullStep::end;
      }
    }
    const bool read = reader_.next(skip ? scratch_ : game);
    for (Diagnostic& w : reader_.take_warnings()) warnings.push_back(std::move(w));
    if (read) return PullStep::game;
    error = reader_.error();
    if (!error) return PullStep::end;
    if (error.code == Code::io_error) return PullStep::stop;
    recover_ = true;
    return PullStep::error;
  }

  std::uint32_t index() const noexcept override { return reader_.game_index(); }

 private:
  TextReader reader_;
  std::string file_;
  GameRecord scratch_;  // skip(): the games passed over, one after the other
  bool recover_ = false;
};

/// JSON record files: read_json on a thread of its own, one game at a time.
///
/// The two threads take turns through two semaphores: next() lets the
/// reading thread run and waits; the reading thread's visitor puts one game
/// (or error) in the slot, lets next() go on and waits. So only one of them
/// runs at a time: the stream, the slot and the warnings are never touched
/// by both at once (each release/acquire orders what came before it), and
/// at most one game is held. The destructor lets a waiting reading thread
/// go on with `cancel_` set, so that its visitor says stop, and joins it.
class JsonPull final : public PullReader, private GameVisitor {
 public:
  JsonPull(std::istream& in, const std::string& file, ReadOptions options) : in_(in), file_(file), options_(options) {}

  ~JsonPull() override {
    if (!thread_.joinable()) return;
    if (!over_) {
      cancel_ = true;
      to_reader_.release();
    }
    thread_.join();
  }

  PullStep next(GameRecord& game, Diagnostic& error, std::vector<Diagnostic>& warnings, bool) override {
    if (over_) {
      error = end_;
      return end_ ? PullStep::stop : PullStep::end;
    }
    game_ = &game;
    error_ = &error;
    warnings_ = &warnings;
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
    else to_reader_.release();
    to_caller_.acquire();
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
    if (step_ == PullStep::end || step_ == PullStep::stop) {
      over_ = true;
      error = end_;
    }
    return step_;
  }

  std::uint32_t index() const noexcept override { return index_; }

 private:
  void run() {
    try {
      end_ = read_json(in_, file_, *this, options_);
#if defined(__GLIBCXX__)
    } catch (abi::__forced_unwind&) {  // the thread is being ended (pthread_exit, pthread_cancel): let it end
      throw;
#endif
    } catch (...) {
      failure_ = std::current_exception();
      end_ = Diagnostic{};
      end_.file = file_;
    }
    step_ = end_ ? PullStep::stop : PullStep::end;
    to_caller_.release();
  }

  /// The reading thread: one game or error in the slot, then wait.
  bool hand_over(PullStep step) {
    step_ = step;
    to_caller_.release();
    to_reader_.acquire();
    return !cancel_;
  }
  bool game(GameRecord&& record, std::uint32_t index) override {
    std::swap(*game_, record);  // the caller's last record goes back to the reader for reuse
    index_ = index;
    return hand_over(PullStep::game);
  }
  bool error(const Diagnostic& d) override {
    *error_ = d;
    index_ = d.game;
    return hand_over(PullStep::error);
  }
  void warning(const Diagnostic& w) override { warnings_->push_back(w); }

  std::istream& in_;
  std::string file_;
  ReadOptions options_;
  std::thread thread_;
  std::binary_semaphore to_reader_{0}, to_caller_{0};
  // The slot: written by whichever thread runs.
  GameRecord* game_ = nullptr;
  Diagnostic* error_ = nullptr;
  std::vector<Diagnostic>* warnings_ = nullptr;
  PullStep step_ = PullStep::end;
  std::uint32_t index_ = 0;
  Diagnostic end_;                // read_json's result, once it has returned
  std::exception_ptr failure_;    // what read_json threw, for next() to throw
  bool cancel_ = false;           // the destructor: stop at the next game
  bool over_ = false;             // the caller has seen the end
};

/// A stream buffer that gives back the bytes read ahead to tell the format
/// (`head`), then the rest of the stream they came from: the format is told
/// without seeking, so a pipe or standard input is read whole. A read
/// failure of the stream (its badbit) is passed on as one of this buffer
/// (the reading istream's badbit: the readers' E501).
class AfterHead final : public std::streambuf {
 public:
  AfterHead(std::string head, std::istream& rest) : head_(std::move(head)), rest_(rest), buf_(kChunk) {
    setg(head_.data(), head_.data(), head_.data() + head_.size());
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (!head_.empty()) std::string().swap(head_);  // its bytes were all taken: its memory goes back
    if (rest_.bad()) throw std::ios_base::failure("read failure");
    if (!rest_.good()) return traits_type::eof();
    rest_.read(buf_.data(), static_cast<std::streamsize>(buf_.size()));
    const auto n = static_cast<std::size_t>(rest_.gcount());
    if (n == 0) {
      if (rest_.bad()) throw std::ios_base::failure("read failure");  // the istream sets badbit
      return traits_type::eof();
    }
    setg(buf_.data(), buf_.data(), buf_.data() + n);
    return traits_type::to_int_type(*gptr());
  }

 private:
  static constexpr std::size_t kChunk = std::size_t{64} << 10;
  std::string head_;
  std::istream& rest_;
  std::vector<char> buf_;
};

/// The first bytes of `in`, enough to tell its format by format_of_content:
/// at least 256 after blanks when the input has them, at most 1 MiB.
std::string read_head(std::istream& in) {
  constexpr std::size_t kMaxLook = std::size_t{1} << 20;
  std::string head;
  for (std::size_t want = 4096;; want *= 4) {
    const std::size_t had = head.size();
    head.resize(want);
    in.read(head.data() + had, static_cast<std::streamsize>(want - had));
    head.resize(had + static_cast<std::size_t>(in.gcount()));
    const std::size_t first = head.find_first_not_of(std::string_view(" \t\r\n\xEF\xBB\xBF", 7));
    if ((first != std::string::npos && head.size() - first >= 256) || head.size() < want || want >= kMaxLook) break;
  }
  return head;
}

}  // namespace

std::unique_ptr<PullReader> detail::pull_text(std::istream& in, const std::string& file, ReadOptions options) {
  return std::make_unique<TextPull>(in, file, options);
}

std::unique_ptr<PullReader> detail::pull_json(std::istream& in, const std::string& file, ReadOptions options) {
  return std::make_unique<JsonPull>(in, file, options);
}

struct GameReader::Impl {
  Impl(std::istream& in, std::string f, Format fmt, ReadOptions options)
      : file(std::move(f)), format(fmt), pull(detail::format_row(fmt).pull(in, file, options)), stop(options.stop) {
    status.file = file;
  }
  // What the reader reads, when it is the reader's own (declared first:
  // destroyed after `pull`): open(path)'s input, or the head read to tell
  // the format and the stream after it.
  std::unique_ptr<InputFile> input;
  std::unique_ptr<std::streambuf> after_head;
  std::unique_ptr<std::istream> owned;
  std::string file;
  Format format;
  std::unique_ptr<PullReader> pull;
  GameRecord record;  // the room of the last game, handed back by the caller's moves
  std::vector<Diagnostic> warnings;
  Diagnostic status;
  const Stop* stop;  // ReadOptions::stop
  bool done = false;

  /// One step of the pull reader (not done yet), the reading marked done at its end.
  PullStep step(Diagnostic& error, bool skip) {
    if (stop_requested(stop)) {  // ends as at the end of the input
      done = true;
      status = Diagnostic{};
      status.file = file;
      return PullStep::end;
    }
    const PullStep s = pull->next(record, error, warnings, skip);
    if (s == PullStep::end || s == PullStep::stop) {
      done = true;
      status = error;
      if (status.file.empty()) status.file = file;
    }
    return s;
  }
};

GameReader::GameReader(std::istream& in, std::string file, Format format, ReadOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(file), format, options)) {}

GameReader::GameReader(std::unique_ptr<Impl> impl) noexcept : impl_(std::move(impl)) {}
GameReader::GameReader(GameReader&&) noexcept = default;
GameReader& GameReader::operator=(GameReader&&) noexcept = default;
GameReader::~GameReader() = default;

Expected<GameReader, Diagnostic> GameReader::open(std::istream& in, std::string file, std::optional<Format> format,
                                                ReadOptions options) {
  Format f = Format::text;
  if (format) f = *format;
  else if (file == "-" || !format_of_extension(file, f)) {
    // Told by the first bytes, which are then read again from memory: no
    // seeking back, so a pipe is read whole too.
    std::string head = read_head(in);
    f = format_of_content(head);
    auto after = std::make_unique<AfterHead>(std::move(head), in);
    auto stream = std::make_unique<std::istream>(after.get());
    GameReader r(*stream, std::move(file), f, options);
    r.impl_->after_head = std::move(after);
    r.impl_->owned = std::move(stream);
    return r;
  }
  return GameReader(in, std::move(file), f, options);
}

Expected<GameReader, Diagnostic> GameReader::open(const std::string& path, std::optional<Format> format,
                                                ReadOptions options) {
  auto input = std::make_unique<InputFile>();
  std::string error;
  if (!input->open(path, error)) return unexpected(io_error(path, std::move(error)));
  const Format f = input->format(format);  // without seeking back: a pipe is read whole
  GameReader r(input->stream(), path, f, options);
  r.impl_->input = std::move(input);
  return r;
}

std::optional<Expected<GameRecord, Diagnostic>> GameReader::next() {
  if (impl_->done) return std::nullopt;  // the end, or the error that stopped the reading, was given
  Diagnostic error;
  switch (impl_->step(error, false)) {
    case PullStep::game: return Expected<GameRecord, Diagnostic>(std::move(impl_->record));
    case PullStep::end: return std::nullopt;
    case PullStep::error:
    case PullStep::stop: break;
  }
  return Expected<GameRecord, Diagnostic>(unexpected(std::move(error)));
}

void GameReader::recycle(GameRecord&& spare) noexcept { impl_->record = std::move(spare); }

bool GameReader::skip() {
  if (impl_->done) return false;
  Diagnostic error;
  const PullStep s = impl_->step(error, true);
  return s == PullStep::game || s == PullStep::error;  // a game, or a spoilt one, passed over
}

std::vector<Diagnostic> GameReader::take_warnings() { return std::exchange(impl_->warnings, {}); }
std::uint32_t GameReader::game_index() const noexcept { return impl_->pull->index(); }
bool GameReader::done() const noexcept { return impl_->done; }
const Diagnostic& GameReader::status() const noexcept {
  static const Diagnostic kOk;
  return impl_->done ? impl_->status : kOk;
}
Format GameReader::format() const noexcept { return impl_->format; }

}  // namespace beyt::notation
