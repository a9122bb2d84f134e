// JSON records' reader (reader.cpp): the Handler of nlohmann's SAX events.
// One GameRecord is built at a time and handed over when its object closes;
// inside a game, a place keeps the part of its JSON Pointer after the game or
// its moves (SourceLoc::Base).

// A part of reader.cpp, included by it alone: its names stay in the
// anonymous namespace, as they were in one file (a change here recompiles
// only the reader).
#pragma once

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

#include "move_text.hpp"
#include "source.hpp"
#include "structure.hpp"

namespace beyt::notation {
namespace {

class Handler {
 public:
  using json = nlohmann::json;

  /// `top` is what the input's value is: Slot::root (a record file) or
  /// Slot::game (one line of JSON Lines).
  Handler(Source& src, GameVisitor& visitor, const std::string& file, Slot top = Slot::root)
      : src_(src), visitor_(visitor), top_(top) {
    error_.file = file;
  }

  /// A further record of the same file (files joined): its games are
  /// numbered on after those read.
  void next_record() {
    next_value(0);
    games_before_ = games_after_;
  }

  /// JSON Lines: ready for the next line, game `index` of the file.
  void next_value(std::uint32_t index) {
    stack_.clear();
    new_game();
    const std::string file = std::move(error_.file);
    error_ = Diagnostic{};
    error_.file = file;
    index_ = index;
    tag_names_.clear();
    variation_depth_ = 0;
    skip_ = 0;
    pending_ = recoverable_ = opening_ = closing_ = false;
  }

  bool stopped() const noexcept { return stopped_; }
  /// JSON Lines: the game just read (moved from).
  GameRecord& game() noexcept { return game_; }
  Diagnostic& error() noexcept { return error_; }

  /// After the parse: a structure error found at the last value (no event
  /// came after it to settle it). True if reading may count as complete.
  bool settle() {
    if (!pending_) return true;
    pending_ = false;
    return recoverable_ && visitor_.error(error_);
  }

  // --- SAX interface ---
  //
  // A structure error is not reported at once: the next event, or the end
  // of the input, settles it (settle_pending). Then a syntax error right
  // after the value wins ("0x1" is not JSON, though "0" alone would be the
  // wrong number), and otherwise the visitor decides whether to go on.
  // Going on means skipping the rest of the broken game (skip_ counts its
  // containers still open) and reading the next one.
  //
  // Each event first steps the Source to its token (Source::event).
  bool null() { return scalar() && wrong_type("null"); }
  bool boolean(bool) { return scalar() && wrong_type("a boolean"); }
  bool number_float(json::number_float_t, const json::string_t&) { return scalar() && wrong_type("a number"); }
  bool binary(json::binary_t&) { return scalar() && wrong_type("binary data"); }
  bool number_integer(json::number_integer_t v) {
    if (!scalar()) return false;
    if (skipping()) return true;
    if (v >= 0) return unsigned_value(static_cast<json::number_unsigned_t>(v));
    const Slot s = begin_value();
    if (s == Slot::nag) return fail(src_.token(), "NAG " + std::to_string(v) + " is not from 0 to 255");
    return type_error(s, "a number");
  }
  bool number_unsigned(json::number_unsigned_t v) {
    if (!scalar()) return false;
    if (skipping()) return true;
    return unsigned_value(v);
  }

  bool string(json::string_t& val) {
    const bool plain = plain_move(val);  // printable ASCII, and for a move, good
    src_.event_string(val.size(), plain);
    if (!settle_pending()) return false;
    if (skipping()) return true;
    const Slot s = begin_value();
    switch (s) {
      case Slot::format:
        if (val != "beyt") return fail(src_.token(), "format " + quote_text(val) + " is not \"beyt\"");
        return true;
      case Slot::tag_value: {
        const Pos at = src_.token();
        TagPair& tag = game_.tags.back();
        if (bad_characters(at, val, chars::Field::tag_value, &tag.name)) return true;
        if (auto p = tag_value_problem(val); !p.empty())
          return fail(at, "tag value of " + tag.name + " " + std::string(p));
        tag.value = std::move(val);
        tag.loc = loc(at);
        tag.value_loc = tag.loc;
        ++tag.value_loc.column;
        ++tag.value_loc.offset;
        return true;
      }
      case Slot::comment: {
        if (bad_characters(src_.token(), val, chars::Field::comment)) return true;
        if (auto p = comment_problem(val); !p.empty()) return fail(src_.token(), "comment " + std::string(p));
        static_cast<std::vector<std::string>*>(stack_.back().target)->push_back(std::move(val));
        return true;
      }
      case Slot::move: {
        const Pos at = src_.token();
        if (!plain) {
          if (bad_characters(at, val, chars::Field::move)) return true;
          if (auto p = move_text_problem(val); !p.empty())
            return fail(at, "move " + quote_text(val) + " " + std::string(p));
        }
        Node& node = *static_cast<Node*>(stack_.back().target);
        node.move.clear();  // into the reused Node's own buffer: clear and append,
        node.move.append(val);  // cheaper than assign (no overlap to look for)
        move_loc(node.loc, at);
        ++node.loc.column;  // the first character of the move text, after '"'
        ++node.loc.offset;
        return true;
      }
      case Slot::result:
        if (val != "1-0" && val != "0-1" && val != "1/2-1/2" && val != "*")
          return fail(src_.token(), "result " + quote_text(val) + " is not 1-0, 0-1, 1/2-1/2 or *");
        game_.result = std::move(val);
        game_.result_loc = loc(src_.token());
        return true;
      default:
        return type_error(s, "a string");
    }
  }

  bool start_object(std::size_t) {
    src_.event_bracket(true);
    if (!settle_pending()) return false;
    if (skipping()) return ++skip_, true;
    const Slot s = begin_value();
    const Pos at = src_.token();
    switch (s) {
      case Slot::root:
        push(Slot::root, at);
        return true;
      case Slot::game:
        new_game();
        tag_names_.clear();
        game_.loc = loc(at);
        push(Slot::game, at);
        return true;
      case Slot::tags:
        push(Slot::tags, at);
        return true;
      case Slot::node: {
        Frame& line = stack_.back();
        auto* nodes = static_cast<Line*>(line.target);
        // The main line comes with the Nodes of the last game (new_game):
        // they are overwritten, those left over dropped at the line's end.
        const std::size_t n = line.count - 1;
        Node& node = n < nodes->size() ? NodeMaker::reuse((*nodes)[n]) : node_maker_.append(*nodes);
        const std::uint32_t turn = line.turn + line.count - 1;
        push(Slot::node, at, &node, turn);
        return true;
      }
      default:
        opening_ = true;
        return type_error(s, "an object");
    }
  }

  bool start_array(std::size_t) {
    src_.event_bracket(true);
    if (!settle_pending()) return false;
    if (skipping()) return ++skip_, true;
    const Slot s = begin_value();
    const Pos at = src_.token();
    switch (s) {
      case Slot::games:
        push(Slot::games, at);
        return true;
      case Slot::comments:
        push(Slot::comments, at, &game_.comments);
        return true;
      case Slot::before:
        push(Slot::comments, at, &node_target()->before);
        return true;
      case Slot::after:
        push(Slot::comments, at, &node_target()->after);
        return true;
      case Slot::nags:
        push(Slot::nags, at, &node_target()->nags);
        return true;
      case Slot::moves:
        game_.moves.reserve(last_moves_);  // the room the last game needed: no regrowth
        push(Slot::line, at, &game_.moves, 1);
        return true;
      case Slot::variations: {
        if (variation_depth_ + 1 > kMaxVariationDepth) {
          opening_ = true;
          return fail(at, "variations nested deeper than " + std::to_string(kMaxVariationDepth) + " levels");
        }
        ++variation_depth_;
        const Frame& node = stack_.back();
        push(Slot::variations, at, node.target, node.turn);
        return true;
      }
      case Slot::line: {
        const Frame& vars = stack_.back();
        Line& line = static_cast<Node*>(vars.target)->variations.emplace_back();
        push(Slot::line, at, &line, vars.turn);
        return true;
      }
      default:
        opening_ = true;
        return type_error(s, "an array");
    }
  }

  bool key(json::string_t& name) {
    const bool move = name.size() == 4 && std::memcmp(name.data(), "move", 4) == 0;
    src_.event_string(name.size(), move);
    if (!settle_pending()) return false;
    if (skipping()) return true;
    Frame& f = stack_.back();
    if (f.kind == Slot::node && move && (f.seen & 1u) == 0) {  // the commonest key: known_key's way, in short
      f.seen |= 1u;
      f.key = 0;
      f.expect = Slot::move;
      return true;
    }
    f.key = -1;
    failing_key_ = name;  // the pointer of an error here ends with it
    const bool go_on = take_key(f, name);
    failing_key_ = {};
    return go_on;
  }

  bool take_key(Frame& f, json::string_t& name) {
    switch (f.kind) {
      case Slot::root: return known_key(f, name, kRootKeys, "the record");
      case Slot::game: return known_key(f, name, kGameKeys, "a game");
      case Slot::node: return known_key(f, name, kNodeKeys, "a move");
      case Slot::tags: {
        if (auto p = tag_name_problem(name); !p.empty())
          return fail(src_.token(), "tag name " + quote_text(name) + " " + std::string(p));
        if (!tag_names_.insert(name)) return fail(src_.token(), "duplicate tag " + quote_text(name));
        game_.tags.emplace_back().name = std::move(name);
        f.key = 0;
        f.expect = Slot::tag_value;
        return true;
      }
      default:
        return fail(src_.token(), "unexpected key");  // unreachable: keys only come in objects
    }
  }

  bool end_object() {
    src_.event_bracket(false);
    if (!settle_pending()) return false;
    if (skipping()) return close_skipped();
    const Frame& f = stack_.back();
    if (f.kind == Slot::node && (f.seen & kNodeRequired) == kNodeRequired) [[likely]] {  // a move closes
      stack_.pop_back();
      return true;
    }
    switch (f.kind) {
      case Slot::root:
        if (!require(f, kRootRequired, kRootKeys, "the record")) return true;  // pending
        break;
      case Slot::node:
        if (!require(f, kNodeRequired, kNodeKeys, "a move")) return true;
        break;
      case Slot::game: {
        if (!require(f, kGameRequired, kGameKeys, "a game")) return true;  // pending
        stack_.pop_back();
        last_moves_ = std::min<std::size_t>(game_.moves.size() + game_.moves.size() / 8, 4096);
        if (top_ == Slot::game) return true;  // JSON Lines: passed on once the line has ended well
        const std::uint32_t index = games_before_ + stack_.back().count;
        if (!visitor_.game(std::move(game_), index)) {
          stopped_ = true;
          return false;
        }
        return true;  // game_ keeps its Nodes (unless the visitor took them) for the next game
      }
      default:
        break;
    }
    stack_.pop_back();
    return true;
  }

  bool end_array() {
    src_.event_bracket(false);
    if (!settle_pending()) return false;
    if (skipping()) return close_skipped();
    const Frame& f = stack_.back();
    if (f.kind == Slot::variations) --variation_depth_;
    if (f.kind == Slot::games) games_after_ = games_before_ + f.count;
    if (f.kind == Slot::line) {  // the Nodes of the last game left over
      auto* nodes = static_cast<Line*>(f.target);
      if (nodes->size() > f.count) nodes->erase(nodes->begin() + f.count, nodes->end());
    }
    stack_.pop_back();
    return true;
  }

  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& ex) {
    // A syntax error right after a value outweighs the structure error
    // found at that value: the text is not JSON at all.
    pending_ = false;
    src_.settle_error();
    // A token the parser did not expect: point at its start (the lexer has
    // read it to its end). A lexer error: point where the lexer stopped.
    std::string_view what = ex.what();
    const bool unexpected_value =
        what.find("- unexpected string literal") != std::string_view::npos ||
        what.find("- unexpected number literal") != std::string_view::npos ||
        what.find("- unexpected true literal") != std::string_view::npos ||
        what.find("- unexpected false literal") != std::string_view::npos ||
        what.find("- unexpected null literal") != std::string_view::npos ||
        what.find("- unexpected '['") != std::string_view::npos ||
        what.find("- unexpected '{'") != std::string_view::npos;
    const std::string run = src_.literal_run();
    SyntaxReason r = json_syntax_reason(ex.id, what, token, run);
    if (src_.nul_seen())  // the lexer stopped at a NUL byte (given it as 0x01: Source::get_low)
      r = {Code::json_syntax, "a NUL byte: JSON has none outside a string, and a string writes it escaped (\\u0000)"};
    // "01": the number is the token that ran on, from its first digit.
    const bool run_on = !run.empty() && r.reason.rfind("'" + run + "'", 0) == 0;
    const Pos at = unexpected_value || run_on || ex.id == 406 ? src_.error_token() : src_.at_count(position);
    error_.code = r.code;
    error_.loc.line = at.line;
    error_.loc.column = at.column;
    error_.loc.offset = at.offset;
    error_.loc.pointer.clear();
    error_.loc.base = SourceLoc::Base::none;
    error_.reason = std::move(r.reason);
    error_.game = current_game();
    error_.turn = 0;
    return false;
  }

 private:
  /// Steps to a scalar's token and settles a waiting structure error.
  bool scalar() {
    src_.event();
    return settle_pending();
  }
  bool skipping() const noexcept { return skip_ > 0; }

  /// game_ as GameRecord{}, but its main line keeps the Nodes of the last
  /// game for reuse: no Node is built or destroyed per move when the
  /// visitor leaves the record it is given, as validate does.
  void new_game() {
    Line kept = std::move(game_.moves);
    std::vector<TagPair> tags = std::move(game_.tags);
    tags.clear();
    game_ = GameRecord{};
    game_.moves = std::move(kept);
    game_.tags = std::move(tags);
  }

  /// A container of the broken game closes; at the last one the game is over.
  bool close_skipped() {
    if (--skip_ == 0) end_skip();
    return true;
  }
  void end_skip() {
    stack_.resize(2);  // the root and the games array
    variation_depth_ = 0;
    game_ = GameRecord{};
  }

  /// The structure error waiting since the last event, if any: the visitor
  /// decides (or the reader stops, outside a game). False to stop.
  bool settle_pending() {
    if (!pending_) [[likely]] return true;
    return settle_waiting();
  }
  [[gnu::noinline]] bool settle_waiting() {
    pending_ = false;
    if (!recoverable_ || !visitor_.error(error_)) return false;
    if (skip_ == 0) end_skip();
    return true;
  }

  bool unsigned_value(json::number_unsigned_t v) {
    const Slot s = begin_value();
    if (s == Slot::version) {
      if (v != 1) return fail(src_.token(), "version " + std::to_string(v) + " is not supported (expected 1)");
      return true;
    }
    if (s == Slot::nag) {
      if (v > 255) return fail(src_.token(), "NAG " + std::to_string(v) + " is not from 0 to 255");
      static_cast<std::vector<std::uint8_t>*>(stack_.back().target)->push_back(static_cast<std::uint8_t>(v));
      return true;
    }
    return type_error(s, "a number");
  }

  /// The character policy (NOTATION.md section 11): true (and E110
  /// pending) if `text` holds a character `field` may not hold; the
  /// value of tag `tag` (if given) says so first.
  bool bad_characters(const Pos& at, std::string_view text, chars::Field field, const std::string* tag = nullptr) {
    const chars::Problem p = chars::check(text, field);
    if (!p) return false;
    std::string prefix;
    if (tag != nullptr) prefix = "tag " + *tag + ": ";
    fail(at, prefix + chars::why_not(p.cp, field) + ": no record may hold it (NOTATION.md section 11)");
    error_.code = Code::bad_character;
    return true;
  }

  /// Slot of the value that starts now; for an array element, extends the
  /// pointer by its index.
  [[gnu::always_inline]] Slot begin_value() {
    if (stack_.empty()) return top_;
    Frame& f = stack_.back();
    switch (f.kind) {
      case Slot::games: case Slot::comments: case Slot::line: case Slot::nags: case Slot::variations:
        ++f.count;  // the pointer goes on with its index, f.count - 1
        switch (f.kind) {
          case Slot::games: return Slot::game;
          case Slot::comments: return Slot::comment;
          case Slot::line: return Slot::node;
          case Slot::nags: return Slot::nag;
          default: return Slot::line;
        }
      default:
        return f.expect;
    }
  }

  void push(Slot kind, const Pos& at, void* target = nullptr, std::uint32_t turn = 0) {
    Frame& f = stack_.push();
    f.kind = kind;
    f.pos = at;
    f.target = target;
    f.turn = turn;
  }

  Node* node_target() { return static_cast<Node*>(stack_.back().target); }

  template <std::size_t N>
  bool known_key(Frame& f, std::string_view name, const std::array<Key, N>& keys,
                 std::string_view where) {
    for (std::size_t i = 0; i < N; ++i) {
      if (!same_key(keys[i].name, name)) continue;
      const auto bit = static_cast<std::uint8_t>(1u << i);
      if ((f.seen & bit) != 0) return fail(src_.token(), "duplicate key " + quote_text(name) + " in " + std::string(where));
      f.seen |= bit;
      f.key = static_cast<std::int8_t>(i);
      f.expect = keys[i].slot;
      return true;
    }
    return fail(src_.token(), "unknown key " + quote_text(name) + " in " + std::string(where));
  }

  template <std::size_t N>
  bool require(const Frame& f, std::uint32_t required, const std::array<Key, N>& keys,
               std::string_view where) {
    const std::uint32_t missing = required & ~f.seen;
    if (missing == 0) return true;
    std::size_t i = 0;
    while ((missing & (1u << i)) == 0) ++i;
    closing_ = true;  // the pointer is the container's
    fail(f.pos, "missing key " + quote_text(keys[i].name) + " in " + std::string(where));
    return false;
  }

  bool type_error(Slot s, std::string_view found) {
    return fail(src_.token(), "expected " + std::string(expected(s)) + ", found " + std::string(found));
  }

  bool wrong_type(std::string_view found) {
    if (skipping()) return true;
    return type_error(begin_value(), found);
  }

  /// The place `at` with the pointer of the value being read: inside a
  /// game of a record file, the part after the game (or its moves), which
  /// SourceLoc::full_pointer() completes.
  SourceLoc loc(const Pos& at) const {
    SourceLoc l;
    fill_loc(l, at);
    return l;
  }

  /// loc(at) written into `l`, whose pointer keeps its memory.
  void fill_loc(SourceLoc& l, const Pos& at) const {
    l.line = at.line;
    l.column = at.column;
    l.offset = at.offset;
    l.pointer.clear();
    // The pointer is made of each open container's token: an array's
    // element being read (its index), an object's last key. While a
    // container closes (closing_), its own pointer: without its token.
    const std::size_t n = stack_.size() - (closing_ && !stack_.empty() ? 1 : 0);
    if (stack_.size() < 2 || stack_[1].kind != Slot::games) {
      append_tokens(l.pointer, 0, n);
      l.game = 0;
      l.base = SourceLoc::Base::none;
      return;
    }
    l.game = stack_[1].count;  // after "/games/N"
    std::size_t from = 2;
    l.base = SourceLoc::Base::json_game;
    if (n > 3 && stack_[2].key == 2 && has_token(stack_[3])) {  // "/moves/..."
      from = 3;
      l.base = SourceLoc::Base::json_moves;
    }
    append_tokens(l.pointer, from, n);
  }

  /// fill_loc(l, at) for the move text of a move: for a main-line move
  /// (the commonest value of all) the pointer is kept as numbers.
  void move_loc(SourceLoc& l, const Pos& at) const {
    const std::size_t n = stack_.size();
    if (top_ == Slot::root && n == 5 && stack_[1].kind == Slot::games && stack_[3].kind == Slot::line) {
      // root, games, game, its moves, the node: "/games/G/moves/I/move"
      l.base = SourceLoc::Base::json_move;
      l.game = stack_[1].count;
      l.index = stack_[3].count - 1;
    } else if (top_ == Slot::game && n == 3 && stack_[1].kind == Slot::line) {
      // JSON Lines: the game, its moves, the node: "/moves/I/move"
      l.base = SourceLoc::Base::jsonl_move;
      l.game = 0;
      l.index = stack_[1].count - 1;
    } else {
      fill_loc(l, at);
      return;
    }
    l.line = at.line;
    l.column = at.column;
    l.offset = at.offset;
    l.pointer.clear();
  }

  /// Whether container `f` adds a token to the pointer now.
  static bool has_token(const Frame& f) noexcept {
    switch (f.kind) {
      case Slot::root: case Slot::game: case Slot::node: case Slot::tags: return f.key >= 0;
      default: return f.count > 0;
    }
  }

  /// The tokens of containers [from, to) of the stack; the last one's key
  /// is failing_key_ when one is being refused.
  void append_tokens(std::string& out, std::size_t from, std::size_t to) const {
    for (std::size_t i = from; i < to; ++i) {
      const Frame& f = stack_[i];
      if (i + 1 == stack_.size() && failing_key_.data() != nullptr) {
        append_pointer_token(out, failing_key_);
        continue;
      }
      if (!has_token(f)) continue;
      switch (f.kind) {
        case Slot::root: append_pointer_token(out, kRootKeys[static_cast<std::size_t>(f.key)].name); break;
        case Slot::game: append_pointer_token(out, kGameKeys[static_cast<std::size_t>(f.key)].name); break;
        case Slot::node: append_pointer_token(out, kNodeKeys[static_cast<std::size_t>(f.key)].name); break;
        case Slot::tags: append_pointer_token(out, game_.tags.back().name); break;
        default: append_index(out, f.count - 1);
      }
    }
  }

  std::uint32_t current_game() const {
    if (top_ == Slot::game) return index_;
    if (stack_.size() >= 2 && stack_[1].kind == Slot::games) return games_before_ + stack_[1].count;
    return 0;
  }

  /// Records a structure error (E151) and makes it pending: the next event
  /// settles it. The containers of the game still open after this event
  /// (opening_: it opened one; closing_: it closes one) are what a skip
  /// must close.
  bool fail(const Pos& at, std::string reason) {
    error_.code = Code::json_structure;
    error_.reason = std::move(reason);
    error_.loc = loc(at);
    error_.loc.pointer = error_.loc.full_pointer();
    error_.loc.base = SourceLoc::Base::none;
    error_.loc.game = 0;
    error_.game = current_game();
    error_.turn = 0;
    if (!stack_.empty() && stack_.back().kind == Slot::line) {
      // An element of a line that is not a move object: its own turn.
      error_.turn = stack_.back().turn + stack_.back().count - 1;
    } else {
      for (std::size_t i = stack_.size(); i-- > 0;) {
        if (stack_[i].kind == Slot::node) {
          error_.turn = stack_[i].turn;
          break;
        }
      }
    }
    recoverable_ = stack_.size() >= 2 && stack_[1].kind == Slot::games;
    if (recoverable_) {
      std::size_t open = stack_.size() - 2 + (opening_ ? 1 : 0);
      if (closing_ && open > 0) --open;
      skip_ = static_cast<std::uint32_t>(open);
    }
    opening_ = closing_ = false;
    pending_ = true;
    return true;
  }

  Source& src_;
  GameVisitor& visitor_;
  Slot top_;
  std::uint32_t index_ = 0;  // JSON Lines: the game on this line
  // A record file: the games of the records before this one (files joined), and with this one's.
  std::uint32_t games_before_ = 0, games_after_ = 0;
  Diagnostic error_;
  FrameStack stack_;
  std::string_view failing_key_;     // key() is refusing this key (for the pointer)
  GameRecord game_;
  TagNames tag_names_;               // of game_ (duplicate tags)
  NodeMaker node_maker_;             // starts each move's Node
  std::size_t last_moves_ = 0;       // main-line moves of the last game (at most 4096)
  unsigned variation_depth_ = 0;     // variations arrays open around the value being read
  std::uint32_t skip_ = 0;           // containers of a broken game still to close
  bool pending_ = false;             // error_ is a structure error not settled yet
  bool recoverable_ = false;         // ... inside a game, so the next game may be read
  bool opening_ = false, closing_ = false;
  bool stopped_ = false;
};

}  // namespace
}  // namespace beyt::notation
