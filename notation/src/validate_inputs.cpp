// Many inputs validated by N threads, in input order
// (beyt/notation/validate_inputs.hpp): what `beyt validate FILE...` does.
#include "beyt/notation/validate_inputs.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <thread>

#include "beyt/io.hpp"
#include "beyt/io_process.hpp"
#include "beyt/notation/text.hpp"

namespace beyt::notation {
namespace {

using Tally = ValidationTally;

// The call's options, as every part below reads them.
struct Settings {
  ValidateOptions check;         // what check_game and validate take
  std::optional<Format> format;  // the format of every input, or none
  bool strict = false;
  std::uint32_t max_errors = kDefaultMaxErrors;
  unsigned jobs = 1;  // threads, this one included
  // Every input goes through the threads (jobs given); else only those
  // read in pieces (reads_in_pieces), the others in this thread.
  bool pipeline = false;
  std::uint64_t chunk_bytes = std::uint64_t{1} << 20;
  InputsListener* listener = nullptr;
};

// E501 for an input that cannot be opened: `reason` "cannot read 'PATH': ...".
// Tells the listener that input `path` is done: the counts since `before`.
void input_done(const Settings& options, const std::string& path, const Tally& before, const Tally& now) {
  Tally t;
  t.inputs = 1;
  t.unreadable = now.unreadable - before.unreadable;
  t.valid = now.valid - before.valid;
  t.invalid = now.invalid - before.invalid;
  t.outside = now.outside - before.outside;
  t.stopped = now.stopped - before.stopped;
  t.errors = now.errors - before.errors;
  t.warnings = now.warnings - before.warnings;
  if (t.stopped > 0) t.stop = now.stop;
  options.listener->input_done(path, t);
}

// What validate prints about one input, in input order, and its counts: the
// sequential visitor calls it as the reader goes, the parallel path when a
// batch of games comes back from the threads (in the same order), so that
// `-j N` prints exactly what `-j 1` prints.
class Reporter {
 public:
  Reporter(const Settings& options, InputFile& input, Tally& tally)
      : options_(options), input_(input), tally_(tally) {}

  // Game `index`, starting at byte `offset`, checked with `errors` (none:
  // valid) and `warnings`.
  void game(std::uint32_t index, std::uint64_t offset, const std::vector<Diagnostic>& errors,
            const std::vector<Diagnostic>& warnings) {
    input_.forget_before(offset);
    seen_ = std::max(seen_, index);
    for (const auto& d : errors) report(d);
    if (errors.empty()) ++tally_.valid;
    for (const auto& w : warnings) warning(w);
  }
  // An error that spoils one game: report it and go on with the next.
  void error(const Diagnostic& d) {
    report(d);
    if (d.loc.line > 0) input_.forget_before(d.loc.offset);  // quoted: nothing before it is needed
  }

  // A warning the reader met (W101, W103): reported, counted, never a failure.
  void warning(const Diagnostic& w) {
    options_.listener->diagnostic(w, &input_);
    ++tally_.warnings;
  }

  // The error the reader stopped at (read_games' result).
  void stopped(Diagnostic d) {
    if (d.code == Code::io_error) {
      stopped(d, "");
      return;
    }
    std::string where;
    d = stopped_diagnostic(std::move(d), seen_, where);
    stopped(d, where);
  }
  // The same, with the reason already saying where (validate).
  void stopped(const Diagnostic& d, const std::string& where) {
    if (d.code == Code::io_error) {
      ++tally_.unreadable;  // counted as an input that could not be read, not among the errors
      options_.listener->diagnostic(d, &input_);
      return;
    }
    ++tally_.stopped;
    tally_.stop = "of " + printable(input_.name()) + " stopped " + where;
    report(d, false);
  }

 private:
  // Counts the game `d` spoils (once, however many errors it has), or an
  // error outside the games that did not stop the reading; prints `d`.
  void report(const Diagnostic& d, bool count_outside = true) {
    if (d.game > 0) {
      seen_ = std::max(seen_, d.game);
      if (d.game != last_invalid_) ++tally_.invalid;
      last_invalid_ = d.game;
    } else if (count_outside) {
      ++tally_.outside;
    }
    ++tally_.errors;
    options_.listener->diagnostic(d, &input_);
  }

  const Settings& options_;
  InputFile& input_;
  Tally& tally_;
  std::uint32_t seen_ = 0;          // the last game index met
  std::uint32_t last_invalid_ = 0;  // the last game counted invalid
};

// `read`: the reader's errors in the game, or null.
CheckedGame replay_game(const Settings& options, const GameRecord& record, const std::string& file,
                        std::uint32_t index, const GameErrors* read = nullptr) {
  return check_game(record, file, index, options.check, read);
}

ReadOptions read_options_of(const Settings& options) {
  ReadOptions read;
  read.strict = options.strict;
  read.max_errors = options.max_errors;
  read.stop = options.check.stop;
  return read;
}

// Whether `t` counts nothing more than `before` does (warnings aside): the
// input held no game (W102).
bool nothing_since(const Tally& before, const Tally& t) {
  return t.valid == before.valid && t.invalid == before.invalid && t.outside == before.outside &&
         t.stopped == before.stopped && t.unreadable == before.unreadable;
}

// W102: an input that holds no game at all (an error under --strict,
// counted as an error outside the games).
void report_no_games(const Settings& options, InputFile& input, const Diagnostic& d, Tally& tally) {
  options.listener->diagnostic(d, &input);
  if (options.strict) {
    ++tally.outside;
    ++tally.errors;
  } else {
    ++tally.warnings;
  }
}
void no_games(const Settings& options, InputFile& input, Format format, Tally& tally) {
  report_no_games(options, input, no_games_diagnostic(input.name(), format, options.strict), tally);
}

// -j 1: validate reads and checks each game; the Reporter prints.
class ReportingListener : public ValidationListener {
 public:
  ReportingListener(const Settings& options, InputFile& input, Tally& tally)
      : options_(options), input_(input), tally_(tally), reporter_(options, input, tally) {}

  void game(std::uint32_t index, std::uint64_t offset, const CheckedGame& c) override {
    reporter_.game(index, offset, c.errors, c.warnings);
  }
  void error(const Diagnostic& d) override { reporter_.error(d); }
  void warning(const Diagnostic& w) override { reporter_.warning(w); }
  void stopped(const Diagnostic& d, const std::string& where) override { reporter_.stopped(d, where); }
  void no_games(const Diagnostic& d) override { report_no_games(options_, input_, d, tally_); }

 private:
  const Settings& options_;
  InputFile& input_;
  Tally& tally_;
  Reporter reporter_;
};

void validate_file(const Settings& options, const std::string& path, Tally& tally) {
  const Tally before = tally;
  ++tally.inputs;
  InputFile input;
  std::string error;
  if (!input.open(path, error)) {
    options.listener->diagnostic(io_error(path, error), nullptr);
    ++tally.unreadable;
  } else {
    const Format format = input.format(options.format);
    ReportingListener listener(options, input, tally);
    validate(input.stream(), path, format, options.check, listener);
  }
  input_done(options, path, before, tally);
}

// --- -j N: games replayed by N threads, printed in input order --------------
//
// This thread reads (the readers are streams: one input at a time, in order)
// and cuts the games into batches of about kBatchTurns turns; N - 1 worker
// threads and this one replay the batches; this thread prints each batch
// when it and every batch before it are done, through the same Reporter as
// -j 1, so the output is the same byte for byte. Batches do not cross inputs
// but the inputs follow each other without a pause (batches of several
// inputs are in flight at once). At most 2N batches are in flight: memory is
// bounded by the batches' records (about 2N x kBatchTurns turns) and the
// bytes of standard input they may still quote. A regular text file is read
// in chunks by the threads instead (below): at most 8N chunks in flight,
// each its reader's buffer and its games' results.

constexpr std::size_t kBatchTurns = 4096;

struct Entry {
  // end: the input is over (W102 if it held no game). eof: a chunk's reader
  // reached the end of the file (only its warnings, in `before`).
  enum class Kind : std::uint8_t { game, error, warning, stopped, unreadable, end, eof };
  Kind kind = Kind::game;
  std::uint32_t index = 0;       // game, error: the game's index
  std::uint64_t offset = 0;      // game: where it starts
  CheckedGame checked;              // game: the check's result
  Diagnostic d;        // error, warning, stopped: the reader's
  // A game the text reader found errors in (GameErrors): they go to its
  // check, which reports them with what it finds.
  std::optional<GameErrors> read;
  std::string reason;            // unreadable: "cannot read 'PATH': REASON"
  // Chunks only: the reader's warnings met before this entry (W101); the
  // place of the entry in the file (the game's first byte when known, else
  // the error's; the end of the file for eof and stopped); and the line
  // and column where the game starts (0: not known).
  std::vector<Diagnostic> before;
  std::uint64_t at = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// --- -j N on a regular text file: chunks read in parallel -------------------
//
// A text file of more than one chunk (kChunkBytes) is cut at places where a
// game probably starts (a '[' at the start of a line after a blank line);
// each chunk is read and replayed by one thread with a text reader of its
// own that starts at the chunk's first byte (line 1, game 1 for it) and reads
// on past the chunk's end up to the first game that starts at or after it
// (the chunk's tail). Whether a cut really is a game boundary depends on
// everything before it (a comment may hold a blank line and a '[' line; a
// tag section may hold blank lines; a broken game is skipped up to the next
// '[' line), so no cut is trusted: the printing thread follows the reading
// that counts, that of the first chunk, and hands over to the next chunk
// only where both readers start a game at the same byte at the start of a
// line: from there on a text reader's state is the same whatever it read
// before (the line and game numbers aside, which the hand-over shifts). At
// a good cut that is the chunk's first game; otherwise the reader that
// counts goes on by itself (in the printing thread) until it meets a game
// the next chunk's reader started too, or the end of the file.
//
// Every thread, this one included, takes the oldest chunk no thread has
// taken, so the chunks are done nearly in order and this thread prints each
// as soon as it can; it waits only when every chunk in flight is taken. A
// chunk is a 1 MiB piece until the last 2N MiB, which are cut in pieces of a
// 2N-th of what is left (down to a 16th of a chunk): the threads finish
// within a small piece of each other. The reading that counts reads no byte
// twice at a good cut: the only bytes read twice are each chunk's tail game,
// by its reader and the next chunk's (one game of about 270 a chunk).

constexpr std::uint64_t kNowhere = std::numeric_limits<std::uint64_t>::max();

// Whether `path` is read in pieces by the threads: a regular text file of
// more than a chunk. Only there do threads gain whatever the load: each reads
// and replays its own piece. Every other input (JSON, XML, JSON Lines,
// standard input, a small file) has one reader, so threads could only replay
// what it reads, handing each game's record to another core: with two cores,
// XML was slower so (0.07 s against 0.04 s on 18.5 MB of Seega), JSON and
// JSON Lines as often slower as faster on a loaded machine, and every input
// slower by the threads' start and end when the cores are busy. The default
// -j takes the threads for these inputs only.
bool reads_in_pieces(const Settings& options, const std::string& path) {
  if (path == "-") return false;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || static_cast<std::uint64_t>(st.st_size) <= options.chunk_bytes)
    return false;
  InputFile input;
  std::string error;
  return input.open(path, error) && input.format(options.format) == Format::text;
}

// The first byte at or after `from` that is a '[' at the start of a line
// after a blank line ("\n\n[" or "\n\r\n["), or kNowhere (none before the
// end, or a read error: then the file is one chunk from there on).
std::uint64_t find_cut(int fd, std::uint64_t from) {
  constexpr std::size_t kBlock = 64 * 1024;
  std::vector<char> block(kBlock + 3);
  if (from < 3) from = 3;
  for (std::uint64_t at = from - 3;;) {  // block[0] is byte `at`
    ssize_t n;
    do {
      n = ::pread(fd, block.data(), block.size(), static_cast<off_t>(at));
    } while (n < 0 && errno == EINTR);
    if (n <= 3) return kNowhere;
    const std::string_view bytes(block.data(), static_cast<std::size_t>(n));
    for (std::size_t i = bytes.find('[', 3); i != std::string_view::npos; i = bytes.find('[', i + 1))
      if (bytes[i - 1] == '\n' && (bytes[i - 2] == '\n' || (bytes[i - 2] == '\r' && bytes[i - 3] == '\n')))
        return at + i;
    at += static_cast<std::uint64_t>(n) - 3;
  }
}

// One chunk's reader: a text reader over the file from the chunk's first
// byte to the end, and the entries it makes (games replayed here).
class Scan {
 public:
  Scan(const std::string& path, std::uint64_t origin, const ReadOptions& options)
      : origin_(origin) {
    opened_ = input_.open_at(path, origin, open_error_);
    if (opened_) reader_ = std::make_unique<TextReader>(input_.stream(), path, options);
  }

  // The next entry, with its offsets in the file's terms (its line and game
  // numbers are the chunk's: Shift). False after the entry of the end of
  // the file (eof) or of a read failure (stopped).
  bool next(const Settings& options, const std::string& path, Entry& e) {
    if (over_) return false;
    e = Entry();
    e.at = kNowhere;
    if (!opened_) {
      e.kind = Entry::Kind::stopped;
      e.d.code = Code::io_error;
      e.d.reason = open_error_;
      e.d.file = path;
      over_ = true;
      return true;
    }
    if (recovering_) {  // after an error, as read_text goes on
      recovering_ = false;
      if (!reader_->recover()) {
        e.kind = Entry::Kind::eof;
        over_ = true;
        return true;
      }
    }
    const bool read = reader_->next(record_);
    e.before = reader_->take_warnings();
    for (auto& w : e.before) place(w);
    const GameErrors& errors = reader_->errors();
    const bool broken = !read && reader_->error().code != Code::io_error && !errors.errors.empty();
    if (read || broken) {
      // A game, valid or with errors the reader found (checked with them;
      // the reader then goes on after it).
      e.kind = Entry::Kind::game;
      e.index = reader_->game_index();
      e.checked = replay_game(options, record_, path, e.index, broken ? &errors : nullptr);
      for (auto& d : e.checked.errors) place(d);
      for (auto& w : e.checked.warnings) place(w);
      recovering_ = broken;
    } else {
      e.d = reader_->error();
      place(e.d);
      if (!e.d) {
        e.kind = Entry::Kind::eof;
        over_ = true;
        return true;
      }
      if (e.d.code == Code::io_error) {  // with the system's reason, as -j 1 prints it
        e.d.reason = input_.failure_message(std::move(e.d.reason));
        e.kind = Entry::Kind::stopped;
        over_ = true;
        return true;
      }
      e.kind = Entry::Kind::error;
      e.index = e.d.game;
      e.at = e.d.loc.offset;
      recovering_ = true;
    }
    if (record_.loc.line > 0) {  // where the game starts (a failed one too, unless before its first byte)
      e.offset = e.at = origin_ + record_.loc.offset;
      e.line = record_.loc.line;
      e.column = record_.loc.column;
    }
    return true;
  }

 private:
  void place(Diagnostic& d) const {
    if (d.loc.line > 0) d.loc.offset += origin_;
  }

  InputFile input_;
  std::string open_error_;  // "cannot read 'PATH': REASON" when it did not open
  std::unique_ptr<TextReader> reader_;
  std::uint64_t origin_;
  GameRecord record_;
  bool opened_ = false;      // the file opened, at the chunk's first byte
  bool recovering_ = false;  // the last entry was an error: recover first
  bool over_ = false;
};

// What turns a chunk's line and game numbers into the file's.
struct Shift {
  std::int64_t line = 0;
  std::int64_t game = 0;

  void apply(Entry& e) const {
    auto add = [](std::uint32_t& n, std::int64_t by) {
      if (n > 0) n = static_cast<std::uint32_t>(static_cast<std::int64_t>(n) + by);
    };
    auto fix = [&](Diagnostic& d) {
      add(d.loc.line, line);
      add(d.game, game);
    };
    add(e.line, line);
    add(e.index, game);
    fix(e.d);
    for (auto& d : e.checked.errors) fix(d);
    for (auto& w : e.checked.warnings) fix(w);
    for (auto& w : e.before) fix(w);
  }
};

// A chunk's entry where a game starts at the start of a line: where a reader
// may hand over to another.
bool starts_game(const Entry& e) {
  return (e.kind == Entry::Kind::game || e.kind == Entry::Kind::error) && e.line > 0 && e.column == 1;
}

// One input being checked: its stream, and what it has printed.
struct Source {
  Source(const Settings& options, Tally& tally) : reporter(options, input, tally) {}
  InputFile input;
  Reporter reporter;
  Format format = Format::text;
  bool printing = false;  // its first entry has been printed
  Tally before;           // the counts then (for W102)
  // Read in chunks: the reading that counts. `at` is its next entry, not yet
  // printed (line and game numbers already shifted), `scan` the reader that
  // made it (to go on when no chunk takes over), `over` once it reached the
  // end of the file (the chunks left are dropped).
  bool chunked = false;
  bool over = false;
  Entry at;
  std::unique_ptr<Scan> scan;
  Shift shift;
};

struct Batch {
  std::shared_ptr<Source> source;  // null for an input that could not be opened
  std::string path;
  std::vector<Entry> entries;
  // Not a chunk: the records of its games (entries of kind game), in order,
  // each dropped once replayed. A chunk's reader replays each game as it
  // reads it and keeps no record.
  std::vector<GameRecord> records;
  std::size_t turns = 0;
  std::atomic<bool> claimed{false};  // taken by a thread to replay
  bool done = false;                 // replayed (guarded by Pool::mutex)
  // A chunk: its first byte, the end of its bytes (kNowhere: the end of the
  // file), whether it is the file's first, and its reader, made and read by
  // the thread that replays the batch (its buffers are that thread's work,
  // not the printing thread's). Its last entry is its tail: the first at or
  // after `end`.
  bool chunk = false;
  std::uint64_t from = 0;
  std::uint64_t end = kNowhere;
  bool first = false;
  std::unique_ptr<Scan> scan;
};

class Pool {
 public:
  Pool(const Settings& options, unsigned threads) : options_(options) {
    // The threads take no asynchronous signal: the program's signal policy
    // (beyt/io.hpp) runs in this thread.
    io::SignalsBlocked blocked;
    for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
  }
  ~Pool() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    work_ready_.notify_all();
    for (auto& t : threads_) t.join();
  }

  // Hands `batch` to the threads (whichever is free first replays it).
  void submit(const std::shared_ptr<Batch>& batch) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(batch);
    }
    work_ready_.notify_one();
  }

  // Waits until `batch` is replayed, replaying it here if no thread took it.
  // What a thread threw (std::bad_alloc: out of memory) is thrown here.
  void finish(Batch& batch) {
    run(batch);
    std::unique_lock lock(mutex_);
    batch_done_.wait(lock, [&] { return batch.done; });
    if (failure_) std::rethrow_exception(failure_);
  }

  // Replays here the oldest batch queued that no thread has taken, as the
  // threads do: the batches are done nearly in order, and the printing
  // thread prints each as soon as it can. False if there is none.
  bool help() {
    std::shared_ptr<Batch> batch;
    {
      std::lock_guard lock(mutex_);
      while (!queue_.empty() && !batch) {
        if (!queue_.front()->claimed) batch = queue_.front();
        queue_.pop_front();
      }
    }
    if (!batch) return false;
    run(*batch);
    return true;
  }

  bool done(const Batch& batch) {
    std::lock_guard lock(mutex_);
    if (failure_) std::rethrow_exception(failure_);
    return batch.done;
  }

  // Records replayed, for the reading thread to read the next games into:
  // their Nodes, strings and vectors are used again, as -j 1's reader uses
  // those of its last game (a new Node for every move, made by the reader
  // and freed by another thread, cost a third more instructions than -j 1
  // on XML). Swapped in bulk: one lock for many games.
  void take_spares(std::vector<GameRecord>& out) {
    std::lock_guard lock(mutex_);
    out.swap(spares_);
  }

 private:
  void work() {
    for (;;) {
      std::shared_ptr<Batch> batch;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [&] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;
        batch = std::move(queue_.front());
        queue_.pop_front();
      }
      try {
        run(*batch);
      } catch (...) {  // out of memory: the batch is done, and the printing thread throws it
        {
          std::lock_guard lock(mutex_);
          if (!failure_) failure_ = std::current_exception();
          batch->done = true;
        }
        batch_done_.notify_all();
      }
    }
  }

  // Replays the games of `batch` unless another thread has taken it.
  void run(Batch& batch) {
    if (batch.claimed.exchange(true)) return;
    if (batch.chunk) {  // a chunk: read up to its tail, replaying each game as it comes
      batch.scan = std::make_unique<Scan>(batch.path, batch.from, read_options_of(options_));
      Entry e;
      while (batch.scan->next(options_, batch.path, e)) {
        const bool tail = e.at >= batch.end;
        batch.entries.push_back(std::move(e));
        if (tail) break;
      }
    }
    std::size_t r = 0;  // the batch's records are its games', in order
    for (Entry& e : batch.entries) {
      if (e.kind != Entry::Kind::game || r == batch.records.size()) continue;  // (a chunk has none)
      e.checked = replay_game(options_, batch.records[r++], batch.path, e.index, e.read ? &*e.read : nullptr);
      e.read.reset();
    }
    {
      std::lock_guard lock(mutex_);
      batch.done = true;
      // its records to the spares now, not when printed (at most a batch in flight's worth of them)
      for (auto& record : batch.records)
        if (spares_.size() < kSpares) spares_.push_back(std::move(record));
    }
    batch.records.clear();
    batch_done_.notify_all();
  }

  const Settings& options_;
  std::mutex mutex_;
  std::condition_variable work_ready_, batch_done_;
  std::deque<std::shared_ptr<Batch>> queue_;
  static constexpr std::size_t kSpares = 256;
  std::vector<GameRecord> spares_;  // records replayed (take_spares)
  bool closing_ = false;
  std::exception_ptr failure_;  // the first exception a thread threw
  std::vector<std::thread> threads_;
};

class ParallelValidator {
 public:
  ParallelValidator(const Settings& options, Tally& tally)
      : options_(options), tally_(tally), pool_(options, options.jobs - 1), max_pending_(2 * options.jobs) {}

  void file(const std::string& path) {
    if (!options_.pipeline && !reads_in_pieces(options_, path)) {  // the default -j: in this thread
      finish();
      validate_file(options_, path, tally_);
      return;
    }
    ++tally_.inputs;
    auto source = std::make_shared<Source>(options_, tally_);
    std::string error;
    if (!source->input.open(path, error)) {
      start(nullptr, path);
      Entry e;
      e.kind = Entry::Kind::unreadable;
      e.reason = std::move(error);
      current_->entries.push_back(std::move(e));
      current_->claimed = true;
      current_->done = true;  // nothing to replay (not yet shared with the threads)
      push();
      return;
    }
    // Standard input keeps every byte from here until the printing of the
    // games in flight moves the pin on (Reporter::game).
    source->input.forget_before(0);
    const Format format = source->input.format(options_.format);
    source->format = format;
    if (format == Format::text && path != "-" && read_in_chunks(source, path)) return;
    start(source, path);
    Cutter cutter(*this);
    Diagnostic d =
        read_games(source->input.stream(), path, format, cutter, read_options_of(options_));
    if (d) {
      Entry e;
      e.kind = Entry::Kind::stopped;
      e.d = std::move(d);
      current_->entries.push_back(std::move(e));
    }
    Entry end;
    end.kind = Entry::Kind::end;
    current_->entries.push_back(std::move(end));
    push();
  }

  // Prints everything still in flight (print_oldest).
  void finish() {
    while (!pending_.empty()) print_oldest();
  }

 private:
  // The visitor: puts each game and each error in the current batch.
  class Cutter : public GameVisitor {
   public:
    explicit Cutter(ParallelValidator& v) : v_(v) {}
    bool game(GameRecord&& record, std::uint32_t index) override {
      add(std::move(record), index, nullptr);
      return true;
    }
    bool broken(GameRecord&& record, std::uint32_t index, const GameErrors& errors) override {
      add(std::move(record), index, &errors);
      return true;
    }
    bool error(const Diagnostic& d) override {
      add(Entry::Kind::error, d);
      return true;
    }
    void warning(const Diagnostic& w) override { add(Entry::Kind::warning, w); }

   private:
    // An error or a warning outside the games' checks, in its place.
    void add(Entry::Kind kind, const Diagnostic& d) {
      Entry e;
      e.kind = kind;
      e.d = d;
      v_.current_->entries.push_back(std::move(e));
    }
    // A game, with the reader's errors in it (or null), to be checked.
    void add(GameRecord&& record, std::uint32_t index, const GameErrors* errors) {
      Entry e;
      e.kind = Entry::Kind::game;
      e.index = index;
      e.offset = record.loc.offset;
      if (errors) e.read = *errors;
      v_.current_->turns += record.moves.size() + 1;
      v_.current_->records.push_back(std::move(record));
      v_.current_->entries.push_back(std::move(e));
      // The reader reads the next game into a record replayed before, if any.
      if (spares_.empty()) v_.pool_.take_spares(spares_);
      if (!spares_.empty()) {
        record = std::move(spares_.back());
        spares_.pop_back();
      }
      if (v_.current_->turns >= kBatchTurns) v_.cut();
    }

    ParallelValidator& v_;
    std::vector<GameRecord> spares_;  // taken from the pool, for the next games
  };

  // A regular text file of more than one chunk: its chunks to the threads,
  // then its end. False (nothing done) for any other input.
  bool read_in_chunks(const std::shared_ptr<Source>& source, const std::string& path) {
    const std::uint64_t size = std::min(options_.chunk_bytes, kNowhere / 2);
    if (!io::path_problem(path).empty()) return false;  // refused by InputFile::open, as every input
    int fd;
    do {
      fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return false;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || static_cast<std::uint64_t>(st.st_size) <= size) {
      ::close(fd);
      return false;
    }
    source->chunked = true;
    // The last chunks shrink with what is left (down to a 16th of a chunk):
    // the threads take the chunks in order, so the last to finish works on
    // alone for at most one small chunk.
    const auto total = static_cast<std::uint64_t>(st.st_size);
    const std::uint64_t least = std::max<std::uint64_t>(1, size / 16);
    const std::uint64_t share = 2 * std::uint64_t{options_.jobs};
    for (std::uint64_t from = 0; from != kNowhere;) {
      const std::uint64_t left = total > from ? total - from : 0;
      const std::uint64_t cut = find_cut(fd, from + std::clamp(left / share, least, size));
      start(source, path);
      current_->chunk = true;
      current_->from = from;
      current_->first = from == 0;
      current_->end = cut;
      push();
      from = cut;
    }
    ::close(fd);
    start(source, path);
    Entry end;
    end.kind = Entry::Kind::end;
    current_->entries.push_back(std::move(end));
    current_->claimed = true;
    current_->done = true;
    push();
    return true;
  }

  void start(std::shared_ptr<Source> source, const std::string& path) {
    current_ = std::make_shared<Batch>();
    current_->source = std::move(source);
    current_->path = path;
  }

  // The current batch is full: off to the threads, and a new one.
  void cut() {
    auto source = current_->source;
    std::string path = current_->path;
    push();
    start(std::move(source), path);
  }

  void push() {
    if (!current_->done) pool_.submit(current_);
    // Chunks hold no records, only their results: more of them in flight
    // keep every thread busy (this one waits less for the oldest).
    const std::size_t bound = current_->chunk ? 4 * max_pending_ : max_pending_;
    pending_.push_back(std::move(current_));
    // Past the bound, this thread prints the oldest, replaying meanwhile
    // what no thread has taken (print_oldest); then prints what is done.
    while (pending_.size() > bound) print_oldest();
    while (!pending_.empty() && pool_.done(*pending_.front())) print_front(false);
  }

  // Prints the oldest batch in flight once it is done, replaying here the
  // oldest batch no thread has taken until then, and waiting only when
  // every batch in flight is taken: this thread is never idle while there
  // is work. (Waiting for each oldest in turn, once past the bound, left
  // the last chunks of a file to the other threads while this one waited.)
  void print_oldest() {
    while (!pool_.done(*pending_.front()) && pool_.help()) {
    }
    print_front(true);
  }

  void print_front(bool wait) {
    Batch& b = *pending_.front();
    if (wait) pool_.finish(b);
    if (b.source && !b.source->printing) {
      b.source->printing = true;
      b.source->before = tally_;
    }
    if (b.chunk) print_chunk(b);
    else
      for (Entry& e : b.entries) print(b, e);
    pending_.pop_front();
  }

  void print(Batch& b, Entry& e) {
    for (const auto& w : e.before) b.source->reporter.warning(w);
    switch (e.kind) {
      case Entry::Kind::game: b.source->reporter.game(e.index, e.offset, e.checked.errors, e.checked.warnings); break;
      case Entry::Kind::error: b.source->reporter.error(e.d); break;
      case Entry::Kind::warning: b.source->reporter.warning(e.d); break;
      case Entry::Kind::stopped: b.source->reporter.stopped(std::move(e.d)); break;
      case Entry::Kind::eof: break;
      case Entry::Kind::end:
        if (b.source->chunked) {  // the reading that counts goes on to the end if no chunk took over
          Source& s = *b.source;
          while (!s.over) advance(b);
        }
        if (nothing_since(b.source->before, tally_)) no_games(options_, b.source->input, b.source->format, tally_);
        input_done(options_, b.path, b.source->before, tally_);
        break;
      case Entry::Kind::unreadable: {
        const Tally before = tally_;
        options_.listener->diagnostic(io_error(b.path, e.reason), nullptr);
        ++tally_.unreadable;
        input_done(options_, b.path, before, tally_);
        break;
      }
    }
  }

  // Prints the reading that counts' next entry and reads the one after
  // (here, in this thread); `over` after the end of the file.
  void advance(Batch& b) {
    Source& s = *b.source;
    print(b, s.at);
    if (s.at.kind == Entry::Kind::eof || s.at.kind == Entry::Kind::stopped || !s.scan->next(options_, b.path, s.at)) {
      s.over = true;
      s.scan.reset();
      return;
    }
    s.shift.apply(s.at);
  }

  // A chunk, replayed: printed from where it takes over from the reading
  // that counts (its first entry for the file's first chunk), up to its tail,
  // which it leaves for the next chunk to take over at.
  void print_chunk(Batch& b) {
    Source& s = *b.source;
    if (s.over) return;  // the reading that counts has reached the end of the file
    std::size_t j = 0;
    Shift shift;
    if (!b.first) {
      while (!s.over) {
        if (s.at.kind == Entry::Kind::eof || s.at.kind == Entry::Kind::stopped) {
          advance(b);  // prints it: the end
          return;
        }
        while (j < b.entries.size() && b.entries[j].at < s.at.at) ++j;
        if (j == b.entries.size()) return;  // the chunk lies before the reading that counts: dropped
        const Entry& e = b.entries[j];
        if (e.at == s.at.at && starts_game(e) && starts_game(s.at)) {
          shift.line = static_cast<std::int64_t>(s.at.line) - e.line;
          shift.game = static_cast<std::int64_t>(s.at.index) - e.index;
          break;
        }
        advance(b);
      }
      if (s.over) return;
    }
    for (; j + 1 < b.entries.size(); ++j) {
      shift.apply(b.entries[j]);
      print(b, b.entries[j]);
    }
    s.at = std::move(b.entries.back());
    shift.apply(s.at);
    s.scan = std::move(b.scan);
    s.shift = shift;
  }

  const Settings& options_;
  Tally& tally_;
  Pool pool_;
  std::size_t max_pending_;
  std::shared_ptr<Batch> current_;
  std::deque<std::shared_ptr<Batch>> pending_;
};

// The threads of a call: `jobs` (at most 256), or for 0 the cores if some
// input is read in pieces (reads_in_pieces), else 1.
unsigned threads(const std::vector<std::string>& paths, const Settings& s, unsigned jobs) {
  if (jobs == 0) {
    jobs = 1;
    for (const auto& path : paths)
      if (reads_in_pieces(s, path)) {
        jobs = std::max(1u, std::thread::hardware_concurrency());
        break;
      }
  }
  return std::min(jobs, 256u);
}

Settings settings_of(const ValidateInputsOptions& options, InputsListener* listener) {
  Settings s;
  s.check = options;
  s.format = options.format;
  s.strict = options.strict;
  s.max_errors = options.max_errors;
  s.chunk_bytes = options.chunk_bytes > 0 ? options.chunk_bytes : std::uint64_t{1} << 20;
  s.listener = listener;
  return s;
}

}  // namespace

unsigned validation_threads(const std::vector<std::string>& paths, const ValidateInputsOptions& options) {
  return threads(paths, settings_of(options, nullptr), options.jobs);
}

ValidationTally validate_inputs(const std::vector<std::string>& paths, const ValidateInputsOptions& options,
                                InputsListener& listener) {
  Settings s = settings_of(options, &listener);
  s.pipeline = options.jobs > 0;
  s.jobs = threads(paths, s, options.jobs);
  Tally tally;
  if (s.jobs == 1) {
    for (const auto& path : paths) {
      if (stop_requested(options.stop)) break;
      validate_file(s, path, tally);
    }
  } else {
    ParallelValidator parallel(s, tally);
    for (const auto& path : paths) {
      if (stop_requested(options.stop)) break;
      parallel.file(path);
    }
    parallel.finish();
  }
  return tally;
}

}  // namespace beyt::notation
