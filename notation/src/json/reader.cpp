// JSON records (beyt/notation/json.hpp, schemas/record.schema.json): the
// streaming SAX reader that keeps every value's place. Its parts: source.hpp
// (the bytes and their places), structure.hpp (slots, containers, keys),
// handler.hpp (the SAX events).
//
// JSON Lines reader: the same Handler with a game object as the top value,
// one line at a time; Source reports the line end as the end of the
// input, so places stay those of the whole file.

#include "beyt/notation/json.hpp"
#include "../node_maker.hpp"
#include "../format_table.hpp"
#include "../tag_names.hpp"
#include "../utf8.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

#include "handler.hpp"
#include "source.hpp"
#include "structure.hpp"

namespace beyt::notation {
namespace {

/// nlohmann's SAX parse (json::sax_parse, no comments) of `src` through
/// SourceAdapter: json::sax_parse takes only the library's own adapters,
/// whose iterator form would cost a call per byte. `kStrict`: the input
/// must end after the value (a template argument: one parse loop each, with
/// the handler's events inlined into it).
template <bool kStrict>
bool sax_parse(Source& src, Handler& handler) {
  return nlohmann::detail::parser<nlohmann::json, SourceAdapter>(SourceAdapter{&src}, nullptr, true, false)
      .sax_parse(&handler, kStrict);
}

/// Passes over blanks and line ends between values.
void skip_blanks(Source& src) {
  while (src.more()) {
    const char c = src.peek();
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') break;
    src.skip();
  }
}

/// A byte-order mark between values (files joined): W101, an error under
/// strict (to visitor.error()). False when the visitor stops there (`stop`
/// holds the error).
bool byte_order_mark(Source& src, const std::string& file, GameVisitor& visitor, ReadOptions options,
                     Diagnostic& stop) {
  Diagnostic d;
  d.code = Code::byte_order_mark;
  d.file = file;
  const Pos at = src.here();
  d.loc.line = at.line;
  d.loc.column = at.column;
  d.loc.offset = at.offset;
  src.skip_bom();
  if (options.strict) {
    d.reason = "UTF-8 byte-order mark where a game starts (two files joined?): the canonical form has none";
    if (visitor.error(d)) return true;
    stop = std::move(d);
    return false;
  }
  d.severity = Severity::warning;
  d.reason = "UTF-8 byte-order mark where a game starts (two files joined?), ignored";
  visitor.warning(d);
  return true;
}

/// The input stream failed (not a fault of the record).
Diagnostic read_failure(const std::string& file) {
  return io_error(file, "cannot read the input");
}

}  // namespace

Diagnostic read_json(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options) {
  Source src(in);
  Handler handler(src, visitor, file);
  src.start();
  Diagnostic end;
  end.file = file;
  for (;;) {
    bool ok = sax_parse<false>(src, handler);
    if (ok) ok = handler.settle();
    if (src.bad()) return read_failure(file);
    if (handler.stopped()) return end;
    if (!ok) return std::move(handler.error());
    // After the record: the end of the input, or (files joined) a further
    // record, perhaps after a byte-order mark.
    skip_blanks(src);
    if (src.more() && src.at_bom()) {
      if (!byte_order_mark(src, file, visitor, options, end)) return end;
      skip_blanks(src);
    }
    if (!src.more()) return end;
    if (src.peek() != '{') {
      const Pos at = src.here();
      Diagnostic d;
      d.code = Code::json_syntax;
      d.file = file;
      d.loc.line = at.line;
      d.loc.column = at.column;
      d.loc.offset = at.offset;
      d.reason = "expected the end of the input after the record, found " +
                 (src.peek() == '\0' ? std::string("a NUL byte") : "'" + src.next_run() + "'");
      return d;
    }
    if (src.bad()) return read_failure(file);
    handler.next_record();
    src.start_value(false);
  }
}

namespace {

/// JSON Lines, one line at a time (detail::PullReader): read_jsonl and
/// GameReader both read through it. A line's game comes back from the
/// Handler (Slot::game), not through a visitor; this class is the visitor
/// of what stands between lines (a byte-order mark: W101, or under strict
/// its error) and of any warning.
class JsonlPull final : public detail::PullReader, private GameVisitor {
 public:
  JsonlPull(std::istream& in, const std::string& file, ReadOptions options)
      : src_(in), handler_(src_, *this, file, Slot::game), file_(file), options_(options) {
    src_.start();
  }

  detail::PullStep next(GameRecord& game, Diagnostic& error, std::vector<Diagnostic>& warnings, bool skip) override {
    using detail::PullStep;
    warnings_ = &warnings;
    if (after_value_) {
      after_value_ = false;
      while (src_.more() && src_.peek() != '\n') src_.skip();  // the rest of a bad line
    }
    for (;;) {
      skip_blanks(src_);  // blank lines, and the line end of the last value
      if (!src_.more() || !src_.at_bom()) break;
      // At a line's start (files joined): W101, or under strict its error.
      between_ = false;
      Diagnostic unused;
      byte_order_mark(src_, file_, *this, options_, unused);
      if (between_) {
        error = std::move(between_error_);
        return PullStep::error;
      }
    }
    if (!src_.more()) {
      if (!src_.bad()) return end(error);
      error = read_failure(file_);  // between lines: no end of the input
      return PullStep::stop;
    }
    ++index_;
    after_value_ = true;
    if (skip) return PullStep::game;  // after_value_: the line is passed over at the next call
    handler_.next_value(index_);
    src_.start_value(true);
    bool ok = sax_parse<true>(src_, handler_);
    if (ok) ok = handler_.settle();  // a structure error at the line's last value
    if (src_.bad()) {
      error = read_failure(file_);
      return PullStep::stop;
    }
    if (ok) {
      std::swap(game, handler_.game());  // the caller's last record comes back for reuse
      return PullStep::game;
    }
    error = handler_.error();  // a copy: the Handler keeps its file name for the next line
    return PullStep::error;
  }

  std::uint32_t index() const noexcept override { return index_; }

 private:
  detail::PullStep end(Diagnostic& error) {
    error = Diagnostic{};
    error.file = file_;
    return detail::PullStep::end;
  }

  bool game(GameRecord&&, std::uint32_t) override { return true; }  // never called: see above
  bool error(const Diagnostic& d) override {
    between_error_ = d;
    between_ = true;
    return true;
  }
  void warning(const Diagnostic& w) override { warnings_->push_back(w); }

  Source src_;
  Handler handler_;
  std::string file_;
  ReadOptions options_;
  std::uint32_t index_ = 0;
  bool after_value_ = false;  // a line's value was read: its line end (or rest) comes next
  bool between_ = false;      // an error between lines (a byte-order mark under strict) ...
  Diagnostic between_error_;  // ... this one
  std::vector<Diagnostic>* warnings_ = nullptr;
};

}  // namespace

std::unique_ptr<detail::PullReader> detail::pull_jsonl(std::istream& in, const std::string& file,
                                                       ReadOptions options) {
  return std::make_unique<JsonlPull>(in, file, options);
}

Diagnostic read_jsonl(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options) {
  JsonlPull pull(in, file, options);
  GameRecord record;  // its Nodes go back and forth between the reader and the visitor (reuse)
  Diagnostic d;
  std::vector<Diagnostic> warnings;
  for (;;) {
    const detail::PullStep step = pull.next(record, d, warnings, false);
    for (const Diagnostic& w : warnings) visitor.warning(w);
    warnings.clear();
    switch (step) {
      case detail::PullStep::game:
        if (!visitor.game(std::move(record), pull.index())) {
          d = Diagnostic{};
          d.file = file;
          return d;
        }
        break;
      case detail::PullStep::error:
        if (!visitor.error(d)) return d;
        break;
      case detail::PullStep::end:
      case detail::PullStep::stop:
        return d;
    }
  }
}

}  // namespace beyt::notation
