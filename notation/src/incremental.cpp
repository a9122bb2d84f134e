// validate() of a text being edited, re-read only where it changed
// (beyt/notation/incremental.hpp).
#include "beyt/notation/incremental.hpp"

#include <algorithm>
#include <chrono>
#include <streambuf>

#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"

namespace beyt::notation {
namespace {

// A stream over bytes held elsewhere (the validator's text), without a copy.
class BytesBuf : public std::streambuf {
 public:
  BytesBuf(const char* begin, const char* end) {
    char* b = const_cast<char*>(begin);  // only ever read
    setg(b, b, const_cast<char*>(end));
  }
};

template <typename N>
void add(N& n, std::int64_t by) {
  n = static_cast<N>(static_cast<std::int64_t>(n) + by);
}

// Places moved by `offset` bytes and `line` lines, game indices by `game`.
void shift(CheckedEntry& e, std::int64_t offset, std::int64_t line, std::int64_t game) {
  add(e.offset, offset);
  if (e.line > 0) add(e.line, line);
  if (e.index > 0) add(e.index, game);
  for (Diagnostic& d : e.diagnostics) {
    if (d.loc.line > 0) {
      add(d.loc.line, line);
      add(d.loc.offset, offset);
    }
    if (d.game > 0) add(d.game, game);
  }
}

// A reading may start at `e`: a game that starts a line, with nothing the
// reading met before it (a byte-order mark between games) among its diagnostics.
bool clean_start(const CheckedEntry& e) {
  if (!e.starts_line()) return false;
  return std::none_of(e.diagnostics.begin(), e.diagnostics.end(),
                      [&](const Diagnostic& d) { return d.loc.line > 0 && d.loc.offset < e.offset; });
}

std::int64_t newlines(std::string_view s) { return static_cast<std::int64_t>(std::count(s.begin(), s.end(), '\n')); }

using Clock = std::chrono::steady_clock;

}  // namespace

struct IncrementalValidator::Impl {
  std::string file;
  ValidateOptions options;
  std::string text;
  Format format = Format::text;
  bool anew = true;  // the next update reads from the first byte

  // Text: the entries of the reading of the current text; until done, the
  // entries made before the last change beyond the reading's place (the
  // hand-over's candidates, from tail_from on), their places moved with the text.
  std::vector<CheckedEntry> entries;
  std::vector<CheckedEntry> tail;
  std::size_t tail_from = 0;
  // Other formats: validate_text's diagnostics.
  std::vector<Diagnostic> whole;

  // The reading in progress.
  bool done = true;
  std::unique_ptr<BytesBuf> buf;
  std::unique_ptr<std::istream> in;
  std::unique_ptr<TextReader> reader;
  bool recovering = false;  // the last entry was an error: recover first (as read_text does)
  GameRecord record;
  std::uint64_t counted_to = 0;  // bytes_read counts the reading up to here
  std::uint64_t read_bytes = 0;

  // The game the last change is in, as the reading read it (read_game gives
  // it without reading it again), and the positions of its main line kept
  // for its next replay (a keystroke replays from the last turn it left as
  // it was): the game under the cursor of a page.
  std::uint64_t changed_at = 0;  // the first byte the last change changed
  struct Kept {
    bool valid = false;
    std::uint32_t index = 0;
    GameRecord record;
    GameErrors errors;
  } kept;
  ReplayCheckpoints checkpoints;

  ReadOptions read_options() const {
    ReadOptions r;
    r.strict = options.strict;
    r.max_errors = options.max_errors;
    return r;
  }

  // A reader from the start of entries[from] (a clean start), or from the
  // first byte when `from` is past the entries; the entries from there on dropped.
  void start_reading(std::size_t from) {
    TextPlace place;
    if (from < entries.size()) {
      place.offset = entries[from].offset;
      place.line = entries[from].line;
      place.games = entries[from].index - 1;
    } else {
      from = 0;
    }
    entries.resize(from);
    kept.valid = false;
    reader.reset();
    buf = std::make_unique<BytesBuf>(text.data() + place.offset, text.data() + text.size());
    in = std::make_unique<std::istream>(buf.get());
    reader = std::make_unique<TextReader>(*in, file, read_options(), place);
    recovering = false;
    counted_to = place.offset;
    done = false;
  }

  void count_to(std::uint64_t at) {
    if (at > counted_to) read_bytes += at - counted_to;
    counted_to = std::max(counted_to, at);
  }

  bool finish() {
    count_to(text.size());
    reader.reset();
    in.reset();
    buf.reset();
    tail.clear();
    tail_from = 0;
    done = true;
    return true;
  }

  static void add_checked(CheckedEntry& e, CheckedGame&& checked) {
    for (auto& d : checked.errors) e.diagnostics.push_back(std::move(d));
    for (auto& w : checked.warnings) e.diagnostics.push_back(std::move(w));
  }

  // One entry read and replayed, as read_text and validate() go: true when
  // the reading is over (the end, or handed over to the tail).
  bool step() {
    if (recovering) {
      recovering = false;
      if (!reader->recover()) return finish();
    }
    const bool read = reader->next(record);
    CheckedEntry e;
    e.diagnostics = reader->take_warnings();
    const GameErrors* broken = nullptr;
    if (read) {
      e.index = reader->game_index();
      add_checked(e, check_game(record, file, e.index, options, nullptr, &checkpoints));
    } else {
      const Diagnostic& d = reader->error();
      if (!d || d.code == Code::io_error) {  // the end (a stream over memory does not fail)
        if (d) e.diagnostics.push_back(d);
        if (!e.diagnostics.empty()) {
          e.kind = CheckedEntry::Kind::end;
          e.offset = text.size();
          entries.push_back(std::move(e));
        }
        return finish();
      }
      const GameErrors& errors = reader->errors();
      if (errors.errors.empty()) {
        e.kind = CheckedEntry::Kind::error;
        e.index = d.game;
        e.offset = d.loc.offset;
        e.diagnostics.push_back(d);
      } else {
        e.index = reader->game_index();
        add_checked(e, check_game(record, file, e.index, options, &errors, &checkpoints));
        broken = &errors;
      }
      recovering = true;
    }
    if (record.loc.line > 0) {  // where the game starts (a broken one too)
      e.offset = record.loc.offset;
      e.line = record.loc.line;
      e.column = record.loc.column;
    }
    if (e.kind == CheckedEntry::Kind::game && record.loc.line > 0 && record.loc.offset <= changed_at) {
      kept.valid = true;
      kept.index = e.index;
      kept.errors = broken ? *broken : GameErrors{};
      std::swap(kept.record, record);  // (the reader fills `record` anew, over the turns of the game kept before)
    }
    count_to(e.offset);
    if (e.starts_line() && tail_from < tail.size()) {
      while (tail_from < tail.size() && tail[tail_from].offset < e.offset) ++tail_from;
      if (tail_from < tail.size() && tail[tail_from].offset == e.offset && tail[tail_from].starts_line()) {
        // The reading starts a game where the one before the change did, on
        // the same bytes to the end: the rest is what that one found.
        const std::int64_t line = static_cast<std::int64_t>(e.line) - tail[tail_from].line;
        const std::int64_t game = static_cast<std::int64_t>(e.index) - tail[tail_from].index;
        entries.push_back(std::move(e));
        for (std::size_t k = tail_from + 1; k < tail.size(); ++k) {
          shift(tail[k], 0, line, game);
          entries.push_back(std::move(tail[k]));
        }
        counted_to = text.size();  // not read again
        return finish();
      }
    }
    entries.push_back(std::move(e));
    return false;
  }

  bool resume(double budget_ms) {
    if (done) return true;
    const auto deadline = Clock::now() + std::chrono::duration<double, std::milli>(budget_ms);
    for (;;) {
      if (step()) return true;
      if (budget_ms > 0 && Clock::now() >= deadline) return false;
    }
  }

  // Bytes [p, old_end) of the text are about to become `delta` bytes more
  // or less, with `lines` more or fewer line ends: where the reading starts
  // again (the position of an entry in `entries`, or entries.size(): the
  // first byte), and the entries it may hand over to set aside (tail).
  std::size_t rewind(std::size_t p, std::size_t old_end, std::int64_t delta, std::int64_t lines) {
    reader.reset();
    // The last clean start of the reading before the first changed byte
    // (its bytes, and all before, stay the same).
    std::size_t restart = entries.size();
    auto it = std::lower_bound(entries.begin(), entries.end(), p,
                               [](const CheckedEntry& e, std::size_t at) { return e.offset < at; });
    for (auto k = static_cast<std::size_t>(it - entries.begin()); k-- > 0;)
      if (clean_start(entries[k])) {
        restart = k;
        break;
      }
    // What to hand over to: the entries a reading made on the bytes after
    // the change (those of the reading when it was done, else its tail).
    std::vector<CheckedEntry> candidates;
    auto take_after = [&](std::vector<CheckedEntry>& from, std::size_t first) {
      auto at = std::lower_bound(from.begin() + static_cast<std::ptrdiff_t>(first), from.end(), old_end,
                                 [](const CheckedEntry& e, std::size_t x) { return e.offset < x; });
      candidates.assign(std::make_move_iterator(at), std::make_move_iterator(from.end()));
    };
    if (done) take_after(entries, restart < entries.size() ? restart + 1 : 0);
    else take_after(tail, tail_from);
    for (auto& e : candidates) shift(e, delta, lines, 0);
    tail = std::move(candidates);
    tail_from = 0;
    return restart;
  }

  // The combined sequence: entries, then the tail from tail_from.
  std::size_t count() const noexcept { return entries.size() + (done ? 0 : tail.size() - tail_from); }
  const CheckedEntry& at(std::size_t i) const {
    return i < entries.size() ? entries[i] : tail[tail_from + (i - entries.size())];
  }
};

IncrementalValidator::IncrementalValidator(std::string file, ValidateOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->file = std::move(file);
  impl_->options = std::move(options);
}

IncrementalValidator::~IncrementalValidator() = default;

void IncrementalValidator::reset(std::string file, ValidateOptions options) {
  Impl& m = *impl_;
  m.reader.reset();
  m.file = std::move(file);
  m.options = std::move(options);
  m.anew = true;
  m.checkpoints.clear();
}

bool IncrementalValidator::update(std::string text, double budget_ms) {
  Impl& m = *impl_;
  const Format format = format_of_input(m.file, std::string_view(text).substr(0, 4096));
  if (m.anew || format != m.format || format != Format::text) {
    m.reader.reset();
    m.text = std::move(text);
    m.format = format;
    m.anew = false;
    m.entries.clear();
    m.tail.clear();
    m.tail_from = 0;
    m.whole.clear();
    m.changed_at = 0;
    if (format != Format::text) {
      m.whole = validate_text(m.text, m.file, format, m.options);
      m.read_bytes += m.text.size();
      m.done = true;
      return true;
    }
    m.start_reading(0);
    return m.resume(budget_ms);
  }
  // The change: bytes [p, old_end) of the old text became [p, new_end).
  const std::string& old = m.text;
  const std::size_t shorter = std::min(old.size(), text.size());
  const std::size_t p = static_cast<std::size_t>(std::mismatch(old.begin(), old.begin() + shorter, text.begin()).first - old.begin());
  if (p == old.size() && p == text.size()) return m.resume(budget_ms);
  std::size_t s = 0;
  while (s < shorter - p && old[old.size() - 1 - s] == text[text.size() - 1 - s]) ++s;
  const std::size_t old_end = old.size() - s, new_end = text.size() - s;
  const std::size_t restart = m.rewind(p, old_end, static_cast<std::int64_t>(text.size()) - static_cast<std::int64_t>(old.size()),
                                       newlines(std::string_view(text).substr(p, new_end - p)) -
                                           newlines(std::string_view(old).substr(p, old_end - p)));
  m.text = std::move(text);
  m.changed_at = p;
  m.start_reading(restart);
  return m.resume(budget_ms);
}

bool IncrementalValidator::edit(std::uint64_t from, std::uint64_t to, std::string_view with, double budget_ms) {
  Impl& m = *impl_;
  to = std::min<std::uint64_t>(to, m.text.size());
  from = std::min(from, to);
  const auto f = static_cast<std::size_t>(from), t = static_cast<std::size_t>(to);
  const std::string_view old = std::string_view(m.text).substr(f, t - f);
  if (m.anew || m.format != Format::text || f < 4096) {  // (the format may change with the first bytes)
    std::string next = m.text;
    next.replace(f, t - f, with);
    return update(std::move(next), budget_ms);
  }
  // The bytes that differ: [f + k, t - s) became [f + k, f + with.size() - s).
  const std::size_t shorter = std::min(old.size(), with.size());
  std::size_t k = 0, s = 0;
  while (k < shorter && old[k] == with[k]) ++k;
  while (s < shorter - k && old[old.size() - 1 - s] == with[with.size() - 1 - s]) ++s;
  if (k == old.size() && k == with.size()) return m.resume(budget_ms);
  const std::size_t restart =
      m.rewind(f + k, t - s, static_cast<std::int64_t>(with.size()) - static_cast<std::int64_t>(old.size()),
               newlines(with.substr(k, with.size() - s - k)) - newlines(old.substr(k, old.size() - s - k)));
  m.reader.reset();
  m.text.replace(f, t - f, with);
  m.changed_at = f + k;
  m.start_reading(restart);
  return m.resume(budget_ms);
}

bool IncrementalValidator::resume(double budget_ms) { return impl_->resume(budget_ms); }

bool IncrementalValidator::done() const noexcept { return impl_->done; }

std::uint64_t IncrementalValidator::checked_to() const noexcept {
  return impl_->done ? impl_->text.size() : impl_->counted_to;
}

std::uint64_t IncrementalValidator::bytes_read() const noexcept { return impl_->read_bytes; }

std::uint32_t IncrementalValidator::replayed_from() const noexcept { return impl_->checkpoints.resumed_at(); }

const std::string& IncrementalValidator::text() const noexcept { return impl_->text; }

Format IncrementalValidator::format() const noexcept { return impl_->format; }

std::size_t IncrementalValidator::entry_count() const noexcept { return impl_->count(); }

const CheckedEntry& IncrementalValidator::entry(std::size_t i) const { return impl_->at(i); }

std::size_t IncrementalValidator::entry_at(std::uint64_t offset) const noexcept {
  std::size_t lo = 0, hi = impl_->count();  // the first entry after `offset` is in [lo, hi]
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (impl_->at(mid).offset <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo == 0 ? impl_->count() : lo - 1;
}

std::vector<Diagnostic> IncrementalValidator::diagnostics() const {
  const Impl& m = *impl_;
  if (m.format != Format::text) return m.whole;
  std::vector<Diagnostic> out;
  bool something = false;  // a game or an error: else W102
  for (std::size_t i = 0; i < m.count(); ++i) {
    const CheckedEntry& e = m.at(i);
    something = something || e.kind != CheckedEntry::Kind::end;
    out.insert(out.end(), e.diagnostics.begin(), e.diagnostics.end());
  }
  if (m.done && !something) out.push_back(no_games_diagnostic(m.file, m.format, m.options.strict));
  return out;
}

namespace {

std::size_t count_severity(const IncrementalValidator& v, Severity severity) {
  std::size_t n = 0;
  if (v.format() != Format::text || v.entry_count() == 0) {
    for (const auto& d : v.diagnostics()) n += d.severity == severity;
    return n;
  }
  for (std::size_t i = 0; i < v.entry_count(); ++i)
    for (const auto& d : v.entry(i).diagnostics) n += d.severity == severity;
  return n;
}

}  // namespace

std::size_t IncrementalValidator::errors() const noexcept { return count_severity(*this, Severity::error); }

std::size_t IncrementalValidator::warnings() const noexcept { return count_severity(*this, Severity::warning); }

const GameRecord* IncrementalValidator::changed_game(std::uint32_t index, const GameErrors** errors) const noexcept {
  const Impl& m = *impl_;
  if (m.format != Format::text || !m.kept.valid || m.kept.index != index) return nullptr;
  if (errors) *errors = &m.kept.errors;
  return &m.kept.record;
}

bool IncrementalValidator::read_game(std::uint32_t index, GameRecord& out, GameErrors& errors) const {
  const Impl& m = *impl_;
  errors = GameErrors{};
  if (m.format != Format::text) return false;
  std::size_t i = 0;
  while (i < m.count() && !(m.at(i).kind == CheckedEntry::Kind::game && m.at(i).index == index)) ++i;
  if (i == m.count()) return false;
  if (const GameErrors* kept_errors = nullptr; const GameRecord* kept = changed_game(index, &kept_errors)) {
    out = *kept;  // the game the last change is in, as the reading read it
    errors = *kept_errors;
    return true;
  }
  const std::uint64_t target = m.at(i).offset;
  std::size_t k = i + 1;
  while (k-- > 0 && !clean_start(m.at(k))) {
  }
  TextPlace place;
  if (k != static_cast<std::size_t>(-1)) {
    place.offset = m.at(k).offset;
    place.line = m.at(k).line;
    place.games = m.at(k).index - 1;
  }
  BytesBuf buf(m.text.data() + place.offset, m.text.data() + m.text.size());
  std::istream in(&buf);
  TextReader reader(in, m.file, m.read_options(), place);
  for (;;) {
    const bool read = reader.next(out);
    if (out.loc.line > 0 && out.loc.offset > target) return false;
    if (read) {
      if (out.loc.offset == target) return true;
      continue;
    }
    if (!reader.error() || reader.error().code == Code::io_error) return false;
    if (!reader.errors().errors.empty() && out.loc.line > 0 && out.loc.offset == target) {
      errors = reader.errors();
      return true;
    }
    if (!reader.recover()) return false;
  }
}

}  // namespace beyt::notation
