// XML records (reader.hpp): a parsed game read element by element (the full
// path): <tag>, <comment>, <moves> with each <move>'s comments, NAGs and
// variations, <result>; each checked as the text notation would hold it.
// And the places of what it reads.
#include "reader.hpp"
#include "beyt/chars.hpp"
#include "beyt/notation/json.hpp"  // move_text_problem and the other checks

#include <algorithm>
#include <charconv>
#include <cstring>

namespace beyt::notation {
using namespace xml_impl;
namespace {

/// s == lit, for a NUL-terminated s (read no further than its first difference).
bool same(const char* s, std::string_view lit) noexcept {
  for (char c : lit)
    if (*s++ != c) return false;
  return *s == 0;
}

bool all_space(const char* s) noexcept {
  for (; *s != 0; ++s)
    if (!is_xml_space(*s)) return false;
  return true;
}

}  // namespace

bool Reader::read_game(pugi::xml_node g, GameRecord& rec) {
  tag_names_.clear();
  set_loc(rec.loc, element_at(g));
  if (!no_attributes(g)) return false;
  const std::size_t base = path_.size();
  int stage = 0;  // 0 tags, 1 comments, 2 moves read, 3 result read
  std::uint32_t ntag = 0, ncomment = 0;
  pugi::xml_node_type type;  // node_null: past the last child
  for (pugi::xml_node c = g.first_child(); (type = c.type()) != pugi::node_null; c = c.next_sibling()) {
    path_.resize(base);
    if (type != pugi::node_element) {
      if (!blank(c, type)) return text_in(c, "game");
      continue;
    }
    const std::string_view name = c.name();
    if (name == "tag") {
      append_step(path_, "tag", ++ntag);
      if (stage > 0) return out_of_order(c, "game");
      if (!read_tag(c, rec)) return false;
    } else if (name == "comment") {
      append_step(path_, "comment", ++ncomment);
      if (stage > 1) return out_of_order(c, "game");
      stage = 1;
      std::string text;
      if (!read_text(c, text, Text::comment)) return false;
      rec.comments.push_back(std::move(text));
    } else if (name == "moves") {
      path_ += "/moves";
      if (stage > 1) return out_of_order(c, "game");
      stage = 2;
      depth_ = 0;
      if (!no_attributes(c) || !read_line(c, rec.moves, 1)) return false;
      turn_ = 0;
    } else if (name == "result") {
      path_ += "/result";
      if (stage != 2) return out_of_order(c, "game");
      stage = 3;
      std::string text;
      if (!read_text(c, text, Text::plain)) return false;
      const Pos p = content_at(c);
      if (text != "1-0" && text != "0-1" && text != "1/2-1/2" && text != "*")
        return structure(p, "result " + quote_text(text) + " is not 1-0, 0-1, 1/2-1/2 or *");
      rec.result = std::move(text);
      set_loc(rec.result_loc, p);
    } else {
      path_ += '/';
      path_ += name;
      return structure(element_at(c), "unknown element <" + std::string(name) + "> in <game>");
    }
  }
  path_.resize(base);
  if (stage < 2) return structure(element_at(g), "missing element <moves> in <game>");
  if (stage < 3) return structure(element_at(g), "missing element <result> in <game>");
  return true;
}

bool Reader::read_tag(pugi::xml_node t, GameRecord& rec) {
  std::string_view name;
  bool has_name = false;
  for (pugi::xml_attribute a = t.first_attribute(); a; a = a.next_attribute()) {
    if (check_attributes_ && !attribute_wellformed(t, a)) return false;
    if (!same(a.name(), "name"))
      return structure(element_at(t), "unknown attribute " + std::string(a.name()) + " on <tag>");
    name = a.value();
    has_name = true;
  }
  if (!has_name) return structure(element_at(t), "missing attribute name on <tag>");
  if (auto p = tag_name_problem(name); !p.empty())
    return structure(element_at(t), "tag name " + quote_text(name) + " " + std::string(p));
  if (!tag_names_.insert(name)) return structure(element_at(t), "duplicate tag " + quote_text(name));
  TagPair& tag = rec.tags.emplace_back();
  tag.name.assign(name);
  set_loc(tag.loc, element_at(t));
  if (!read_text(t, tag.value, Text::tag)) return false;
  const Pos vp = content_at(t);
  if (const chars::Problem p = chars::check(tag.value, chars::Field::tag_value))
    return fail(Code::bad_character, vp,
                "tag " + tag.name + ": " + chars::why_not(p.cp, chars::Field::tag_value) +
                    ": no record may hold it (NOTATION.md section 11)");
  if (auto p = tag_value_problem(tag.value); !p.empty())
    return structure(vp, "tag value of " + tag.name + " " + std::string(p));
  set_loc(tag.value_loc, vp);
  return true;
}

bool Reader::read_line(pugi::xml_node parent, Line& line, std::uint32_t turn) {
  const std::size_t base = path_.size();
  std::size_t elements = 0;
  pugi::xml_node_type type;  // node_null: past the last child
  for (pugi::xml_node c = parent.first_child(); (type = c.type()) != pugi::node_null; c = c.next_sibling())
    elements += type == pugi::node_element;
  line.reserve(elements);
  path_ += "/move[";
  const std::size_t step = path_.size();  // the move's number goes here
  std::uint32_t n = 0;
  for (pugi::xml_node c = parent.first_child(); (type = c.type()) != pugi::node_null; c = c.next_sibling()) {
    if (type != pugi::node_element) {
      if (blank(c, type)) continue;
      path_.resize(base);
      return text_in(c, parent.name());
    }
    const char* name = c.name();
    if (!same(name, "move")) {
      path_.resize(base);
      path_ += '/';
      path_ += name;
      return structure(element_at(c), "unknown element <" + std::string(name) + "> in <" + parent.name() + ">");
    }
    char number[12];  // "N]"
    char* const end = std::to_chars(number, number + 10, ++n).ptr;
    *end = ']';
    path_.replace(step, path_.size() - step, number, static_cast<std::size_t>(end + 1 - number));
    turn_ = turn + n - 1;
    Node& node = node_maker_.append(line);
    if (!read_node(c, node, turn_)) return false;
    if (depth_ == 0) {  // a main-line move: its place as numbers, as the quick path keeps it
      node.loc.pointer.clear();
      node.loc.index = n - 1;
      node.loc.base = SourceLoc::Base::xml_move;
    }
  }
  path_.resize(base);
  return true;
}

bool Reader::read_node(pugi::xml_node m, Node& node, std::uint32_t turn) {
  const char* first = nullptr;  // the first text="..." (its place), and the last (its value)
  const char* last = nullptr;
  for (pugi::xml_attribute a = m.first_attribute(); a; a = a.next_attribute()) {
    const char* name = a.name();
    const char* value = a.value();
    // (a game no byte-by-byte check saw, its values as written:) a '<'
    // in the value, or a second text="...", is not well-formed XML
    if (check_attributes_ && (std::strchr(value, '<') != nullptr || (first != nullptr && same(name, "text"))))
      return attribute_wellformed(m, a);
    if (!same(name, "text"))
      return structure(element_at(m), "unknown attribute " + std::string(name) + " on <move>");
    first = last = value;
  }
  if (first == nullptr) return structure(element_at(m), "missing attribute text on <move>");
  node.move.assign(last);
  const Pos tp = value_at(m, first);
  if (const chars::Problem p = chars::check(node.move, chars::Field::move))
    return fail(Code::bad_character, tp,
                chars::why_not(p.cp, chars::Field::move) + ": no record may hold it (NOTATION.md section 11)");
  if (auto p = move_text_problem(node.move); !p.empty())
    return structure(tp, "move " + quote_text(node.move) + " " + std::string(p));
  set_loc(node.loc, tp);

  pugi::xml_node c = m.first_child();
  pugi::xml_node_type type = c.type();  // node_null: past the last child
  if (type == pugi::node_null) return true;
  const std::size_t base = path_.size();
  int stage = 0;  // 0 before, 1 nag, 2 after, 3 variation
  std::uint32_t nb = 0, nn = 0, na = 0, nv = 0;
  for (; type != pugi::node_null; type = (c = c.next_sibling()).type()) {
    path_.resize(base);
    if (type != pugi::node_element) {
      if (!blank(c, type)) return text_in(c, "move");
      continue;
    }
    const std::string_view name = c.name();
    if (name == "before" || name == "after") {
      const bool before = name == "before";
      append_step(path_, name, before ? ++nb : ++na);
      if (stage > (before ? 0 : 2)) return out_of_order(c, "move");
      stage = before ? 0 : 2;
      std::string text;
      if (!read_text(c, text, Text::comment)) return false;
      (before ? node.before : node.after).push_back(std::move(text));
    } else if (name == "nag") {
      append_step(path_, "nag", ++nn);
      if (stage > 1) return out_of_order(c, "move");
      stage = 1;
      std::string text;
      if (!read_text(c, text, Text::plain)) return false;
      std::string_view v = text;
      while (!v.empty() && is_xml_space(v.front())) v.remove_prefix(1);
      while (!v.empty() && is_xml_space(v.back())) v.remove_suffix(1);
      unsigned value = 0;
      auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
      if (v.empty() || v.size() > 3 || ec != std::errc() || ptr != v.data() + v.size() || value > 255)
        return structure(content_at(c), "NAG " + quote_text(text) + " is not an integer from 0 to 255");
      node.nags.push_back(static_cast<std::uint8_t>(value));
    } else if (name == "variation") {
      append_step(path_, "variation", ++nv);
      stage = 3;
      if (!no_attributes(c)) return false;
      if (depth_ >= kMaxVariationDepth)
        return structure(element_at(c),
                         "variations nested deeper than " + std::to_string(kMaxVariationDepth) + " levels");
      ++depth_;
      if (!read_line(c, node.variations.emplace_back(), turn)) return false;
      --depth_;
      turn_ = turn;
    } else {
      path_ += '/';
      path_ += name;
      return structure(element_at(c), "unknown element <" + std::string(name) + "> in <move>");
    }
  }
  path_.resize(base);
  return true;
}

/// The text of an element that holds only text (pcdata and CDATA).
bool Reader::read_text(pugi::xml_node e, std::string& out, Text kind) {
  if (kind != Text::tag && !no_attributes(e)) return false;
  pugi::xml_node_type type;  // node_null: past the last child
  for (pugi::xml_node c = e.first_child(); (type = c.type()) != pugi::node_null; c = c.next_sibling()) {
    if (type == pugi::node_pcdata || type == pugi::node_cdata) {
      out += c.value();
    } else if (type == pugi::node_element) {
      path_ += '/';
      path_ += c.name();
      return structure(element_at(c), "unexpected element <" + std::string(c.name()) + "> in <" + e.name() + ">");
    }
  }
  if (kind == Text::comment) {
    if (auto p = comment_problem(out); !p.empty()) return structure(content_at(e), "comment " + std::string(p));
  }
  return true;
}

/// For a node that is not an element, where only elements may stand: true
/// if it may be skipped (blank text); text_in() is the error for the rest.
bool Reader::blank(pugi::xml_node c, pugi::xml_node_type type) {
  return (type != pugi::node_pcdata && type != pugi::node_cdata) || all_space(c.value());
}

bool Reader::text_in(pugi::xml_node c, std::string_view parent) {
  return structure(text_at(c), "text in <" + std::string(parent) + ">");
}

bool Reader::no_attributes(pugi::xml_node e) {
  if (pugi::xml_attribute a = e.first_attribute())
    return structure(element_at(e), "unknown attribute " + std::string(a.name()) + " on <" + e.name() + ">");
  return true;
}

bool Reader::out_of_order(pugi::xml_node c, std::string_view parent) {
  const std::string_view order = parent == "game" ? "tag*, comment*, moves, result" : "before*, nag*, after*, variation*";
  return structure(element_at(c), "element <" + std::string(c.name()) + "> out of order in <" + std::string(parent) +
                                      "> (expected " + std::string(order) + ")");
}

// --- places ---
//
// Every place is a function of a byte offset in the game's raw text alone,
// so places may be asked for in any order (the cursor runs forward, and
// starts over from the game's start for an earlier offset: errors only).

/// Place of byte `off` of the game's raw text.
Reader::Pos Reader::at(std::size_t off) {
  const std::size_t done = static_cast<std::size_t>(gcur_.offset - game_start_.offset);
  if (off < done) gcur_ = game_start_;
  const std::size_t from = static_cast<std::size_t>(gcur_.offset - game_start_.offset);
  if (off > from) gcur_.advance(raw_ + from, off - from, raw_no_cr_);
  return {gcur_.offset, gcur_.line, gcur_.column};
}

std::size_t Reader::offset_of(pugi::xml_node n) const {
  const std::ptrdiff_t off = n.offset_debug();
  if (off < 0) return 0;
  return std::min(static_cast<std::size_t>(off), raw_size_);
}

/// The '<' of an element.
Reader::Pos Reader::element_at(pugi::xml_node e) {
  const std::size_t off = offset_of(e);
  return at(off > 0 ? off - 1 : 0);
}

Reader::Pos Reader::text_at(pugi::xml_node t) { return at(offset_of(t)); }

/// The first byte after an element's start tag.
Reader::Pos Reader::content_at(pugi::xml_node e) {
  std::size_t i = offset_of(e);
  char quote = 0;
  for (; i < raw_size_; ++i) {
    const char c = raw_[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      ++i;
      break;
    }
  }
  return at(i);
}

/// The first byte of the value of attribute `value` of e: the parse is in
/// place, so the value starts where it stood in the text.
Reader::Pos Reader::value_at(pugi::xml_node e, const char* value) {
  if (doc_base_ != nullptr && value >= doc_base_ && value <= doc_base_ + raw_size_)
    return at(static_cast<std::size_t>(value - doc_base_));
  return attribute_at(e, "text");
}

/// The first byte of an attribute's value, found in the raw text.
Reader::Pos Reader::attribute_at(pugi::xml_node e, std::string_view name) {
  std::size_t i = offset_of(e);
  const auto stop = [&](char c) { return is_xml_space(c) || c == '=' || c == '>' || c == '/'; };
  while (i < raw_size_ && !stop(raw_[i])) ++i;  // the element name
  for (;;) {
    while (i < raw_size_ && is_xml_space(raw_[i])) ++i;
    if (i >= raw_size_ || raw_[i] == '>' || raw_[i] == '/') return element_at(e);
    const std::size_t n0 = i;
    while (i < raw_size_ && !stop(raw_[i])) ++i;
    const std::string_view attr(raw_ + n0, i - n0);
    while (i < raw_size_ && raw_[i] != '"' && raw_[i] != '\'') ++i;
    if (i >= raw_size_) return element_at(e);
    const char q = raw_[i++];
    if (attr == name) return at(i);
    while (i < raw_size_ && raw_[i] != q) ++i;
    ++i;
  }
}

SourceLoc Reader::loc(const Pos& p) const {
  SourceLoc l;
  set_loc(l, p);
  return l;
}

/// `l` at `p`, with the path of the element being read: the part after
/// the game (or its moves), which SourceLoc::full_pointer() completes.
void Reader::set_loc(SourceLoc& l, const Pos& p) const {
  l.line = p.line;
  l.column = p.column;
  l.offset = p.offset;
  std::size_t from = game_path_;
  l.game = games_;
  l.base = SourceLoc::Base::xml_game;
  if (path_.compare(from, 7, "/moves/") == 0) {
    from += 6;
    l.base = SourceLoc::Base::xml_moves;
  }
  l.pointer.assign(path_, from);
}

}  // namespace beyt::notation
