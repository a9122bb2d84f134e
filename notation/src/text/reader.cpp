// The text reader (reader.hpp): games, one at a time (next(): a game's tag
// pairs, then its movetext), the byte-order marks where a game may start,
// and TextReader and read_text over it.
#include <utility>

#include "reader.hpp"

namespace beyt::notation {
using namespace text_impl;

namespace detail {
// Test hook (not in the public header): the size of each read from the
// stream. Tests set it to a few bytes so that every token straddles a chunk
// boundary somewhere. Read when a TextReader is constructed.
std::size_t text_reader_chunk_size = std::size_t{64} * 1024;
}  // namespace detail

namespace {

constexpr std::size_t kMaxReserve = 4096;  // room made ahead for turns and tags, at most

}  // namespace

void TextReader::Impl::start() {
  started = true;
  byte_order_mark("at the start of the input");
}

// A UTF-8 byte-order mark at pos, where a game may start (the input's
// start, or between games where two files were joined): odd but
// harmless, warning W101, an error under strict (docs/ERRORS.md) outside
// any game. False if there is none.
bool TextReader::Impl::byte_order_mark(const char* where) {
  if (!(peek(0) == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF)) return false;
  const SourceLoc at = here();
  pos += 3;  // the BOM takes no column
  Diagnostic w;
  w.code = Code::byte_order_mark;
  w.file = file;
  w.loc = at;
  if (options.strict) {
    w.reason = std::string("UTF-8 byte-order mark ") + where + ": the canonical form has none";
    error = std::move(w);
    error_in_tags = false;
    resume_here = true;  // reading goes on after it (recover)
    throw Stop{};
  }
  w.severity = Severity::warning;
  w.reason = std::string("UTF-8 byte-order mark ") + where + ", ignored (the canonical form has none)";
  warnings.push_back(std::move(w));
  return true;
}

// A read failure ends the input: whatever the reader made of its end, the
// error is the failure (E501).
void TextReader::Impl::read_failure() {
  error = Diagnostic{};
  error.code = Code::io_error;
  error.reason = "cannot read the input";
  error.file = file;  // no place: the failure is the stream's, not the text's
  error.game = game;
  failed = true;
}

bool TextReader::Impl::next(GameRecord& out) {
  if (failed) return false;
  if (stop_requested(options.stop)) {  // ReadOptions::stop: ends as at the end of the input
    error = Diagnostic{};
    error.file = file;
    error.game = game;
    return false;
  }
  // The previous game's turns are kept for reuse (movetext overwrites them
  // and drops those left over): no Node is built or destroyed per turn when
  // the caller hands the same record back, as read_text does.
  Line kept = std::move(out.moves);
  out = GameRecord{};
  out.moves = std::move(kept);
  if (!broken.errors.empty() || broken.doubtful != 0) broken = GameErrors{};
  try {
    if (!started) start();
    skip_blanks();
    while (byte_order_mark("where a game starts (two files joined?)")) skip_blanks();
    if (peek() < 0) {
      error = Diagnostic{};
      error.file = file;
      error.game = game;
      if (read_failed) {
        read_failure();
        error.game = 0;  // between games: the failure is in none of them
      }
      return false;
    }
    ++game;
    in_game = true;
    out.moves.reserve(last_moves);
    out.tags.reserve(last_tags);
    out.loc = here();
    in_tags = true;
    roster_noted = false;
    layout_noted = 0;
    tag_names.clear();
    for (;;) {
      if (peek() == '[') tag_pair(out);
      else if (!out.tags.empty() && tag_without_bracket()) [[unlikely]] tag_pair(out, false);
      else break;
      skip_blanks();
    }
    if (options.strict) strict_roster_complete(out);
    in_tags = false;
    movetext(out.moves, 0, 1, out, nullptr);
    in_game = false;
    last_moves = std::min<std::size_t>(out.moves.size() + out.moves.size() / 8, kMaxReserve);
    last_tags = std::min<std::size_t>(out.tags.size(), kMaxReserve);
    if (slip.written != 0) [[unlikely]] {
      out.numbering = slip;
      slip = TurnNumberSlip{};
    }
    if (read_failed) {
      read_failure();
      return false;
    }
    if (!broken.errors.empty()) [[unlikely]] {
      give_up(out, true);
      return false;
    }
    return true;
  } catch (const Stop&) {
    failed = true;
    mark = kNone;
    in_tags = false;
    field = chars::Field::move;
    if (read_failed) read_failure();
    return false;
  } catch (const GiveUp&) {
    give_up(out, false);
    if (read_failed) read_failure();
    return false;
  }
}

TextReader::TextReader(std::istream& in, std::string file, ReadOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(file), options)) {}

TextReader::TextReader(std::istream& in, std::string file, ReadOptions options, TextPlace start)
    : TextReader(in, std::move(file), options) {
  impl_->base = start.offset;
  impl_->line = start.line;
  impl_->game = start.games;
  impl_->started = start.offset > 0;  // a byte-order mark there is one between games, as the whole input's reader sees it
}

TextReader::~TextReader() = default;

bool TextReader::next(GameRecord& out) { return impl_->next(out); }

const Diagnostic& TextReader::error() const noexcept { return impl_->error; }

const GameErrors& TextReader::errors() const noexcept { return impl_->broken; }

bool TextReader::recover() { return impl_->recover(); }

std::vector<Diagnostic> TextReader::take_warnings() { return std::exchange(impl_->warnings, {}); }

std::uint32_t TextReader::game_index() const noexcept { return impl_->game; }

Diagnostic read_text(std::istream& in, const std::string& file, GameVisitor& visitor,
                     ReadOptions options) {
  TextReader reader(in, file, options);
  GameRecord record;
  for (;;) {
    const bool read = reader.next(record);
    for (const Diagnostic& w : reader.take_warnings()) visitor.warning(w);
    if (read) {
      if (!visitor.game(std::move(record), reader.game_index())) return Diagnostic{};
      continue;
    }
    const Diagnostic& d = reader.error();
    if (!d) return d;  // the end of the input
    if (d.code == Code::io_error) return d;
    const GameErrors& errors = reader.errors();
    if (!(errors.errors.empty() ? visitor.error(d) : visitor.broken(std::move(record), reader.game_index(), errors)))
      return d;
    if (!reader.recover()) return Diagnostic{};
  }
}

}  // namespace beyt::notation
