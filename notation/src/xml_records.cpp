// XML records (beyt/notation/xml.hpp, schemas/record.xsd): a streaming reader
// and the canonical writer.
//
// Reader: pugixml builds whole documents only, so the input is cut into one
// <game> element at a time by a small scanner over a growing buffer (it knows
// comments, CDATA sections, processing instructions and quoted attribute
// values, so that "</game>" inside them does not end a game). Each game is
// parsed in place (from a scratch copy: the raw bytes stay for positions)
// and turned into a GameRecord. Places: a cursor counts lines and columns
// (code points) up to the game's start, then through the game in document
// order; pugixml's offset_debug() says where each node is.
//
// Writer: XML declaration, 2-space indent, LF, UTF-8; every text as it is
// (leading and trailing blanks and line ends included; CR as &#13;).
#include "beyt/notation/xml.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "beyt/notation/json.hpp"  // move_text_problem and the other checks

namespace beyt::notation {
namespace {

constexpr std::size_t kChunk = 64 * 1024;

/// `s` in double quotes, escaped as in JSON, for a message.
std::string quote_text(std::string_view s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// Length of the valid UTF-8 sequence at p (at most n bytes), 0 if invalid.
std::size_t utf8_length(const unsigned char* p, std::size_t n) noexcept {
  const unsigned char c = p[0];
  std::size_t len;
  std::uint32_t min;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) len = 2, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) len = 3, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) len = 4, min = 0x10000;
  else return 0;
  if (n < len) return 0;
  std::uint32_t cp = c & (0x3F >> (len - 1));
  for (std::size_t i = 1; i < len; ++i) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

bool valid_utf8(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  for (std::size_t i = 0; i < s.size();) {
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    const std::size_t len = utf8_length(p + i, s.size() - i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

bool is_xml_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool all_space(std::string_view s) noexcept {
  for (char c : s)
    if (!is_xml_space(c)) return false;
  return true;
}

/// Line and column (code points) of a byte offset, counted forward.
struct Cursor {
  std::uint64_t offset = 0;
  std::uint32_t line = 1;
  std::uint32_t column = 1;

  void advance(const char* p, std::size_t n) noexcept {
    const char* end = p + n;
    const char* from = p;
    while (const void* nl = std::memchr(from, '\n', static_cast<std::size_t>(end - from))) {
      ++line;
      column = 1;
      from = static_cast<const char*>(nl) + 1;
    }
    std::uint32_t points = 0;  // code points: bytes that are not continuation bytes
    for (const char* q = from; q < end; ++q) points += (static_cast<unsigned char>(*q) & 0xC0) != 0x80;
    column += points;
    offset += n;
  }
};

void append_step(std::string& path, std::string_view name, std::uint32_t index) {
  char buf[16];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, index);
  (void)ec;
  path += '/';
  path += name;
  path += '[';
  path.append(buf, end);
  path += ']';
}

class Reader {
 public:
  Reader(std::istream& in, const std::string& file, GameVisitor& visitor)
      : in_(in), visitor_(visitor) {
    err_.file = file;
    path_.reserve(128);
  }

  Diagnostic run() {
    fill();
    if (buf_.size() >= 3 && std::memcmp(buf_.data(), "\xEF\xBB\xBF", 3) == 0) {
      pos_ = 3;
      cur_.offset = 3;
    }
    if (!prolog()) return finish();
    if (!root_content()) return finish();
    epilog();
    return finish();
  }

 private:
  // --- the buffer ---

  bool fill() {
    if (eof_) return false;
    const std::size_t old = buf_.size();
    buf_.resize(old + kChunk);
    in_.read(buf_.data() + old, static_cast<std::streamsize>(kChunk));
    const auto got = static_cast<std::size_t>(in_.gcount());
    buf_.resize(old + got);
    if (got == 0) eof_ = true;
    return got > 0;
  }

  /// At least n bytes from i, unless the input ends first.
  bool have(std::size_t i, std::size_t n) {
    while (buf_.size() < i + n)
      if (!fill()) return false;
    return true;
  }

  bool starts(std::size_t i, std::string_view s) {
    return have(i, s.size()) && buf_.compare(i, s.size(), s) == 0;
  }

  /// Index of `s` at or after i, reading on as needed; npos at the end.
  std::size_t find(std::string_view s, std::size_t i) {
    for (;;) {
      const std::size_t at = buf_.find(s, i);
      if (at != std::string::npos) return at;
      if (buf_.size() >= s.size()) i = std::max(i, buf_.size() - s.size() + 1);
      if (!fill()) return std::string::npos;
    }
  }

  /// Index of the '>' that ends the tag starting at i (quotes skipped).
  std::size_t tag_end(std::size_t i) {
    char quote = 0;
    for (++i;; ++i) {
      if (i >= buf_.size() && !have(i, 1)) return std::string::npos;
      const char* p = buf_.data();
      const std::size_t n = buf_.size();
      for (; i < n; ++i) {
        const char c = p[i];
        if (quote != 0) {
          if (c == quote) quote = 0;
        } else if (c == '>') {
          return i;
        } else if (c == '"' || c == '\'') {
          quote = c;
        }
      }
      --i;  // the outer ++i brings it back to n
    }
  }

  /// Skips blanks from pos_; false at the end of the input.
  bool skip_space() {
    for (;;) {
      while (pos_ < buf_.size() && is_xml_space(buf_[pos_])) ++pos_;
      if (pos_ < buf_.size()) return true;
      if (!fill()) return false;
    }
  }

  /// Skips a comment or processing instruction at pos_; false if it is none.
  bool skip_misc() {
    if (starts(pos_, "<!--")) {
      const std::size_t end = find("-->", pos_ + 4);
      if (end == std::string::npos) return syntax(pos_, "comment is not closed");
      pos_ = end + 3;
      return true;
    }
    if (starts(pos_, "<?")) {
      const std::size_t end = find("?>", pos_ + 2);
      if (end == std::string::npos) return syntax(pos_, "processing instruction is not closed");
      if (starts(pos_, "<?xml") && pos_ + 5 < buf_.size() && is_xml_space(buf_[pos_ + 5]) &&
          !check_declaration(std::string_view(buf_).substr(pos_, end - pos_)))
        return false;
      pos_ = end + 2;
      return true;
    }
    return false;
  }

  bool check_declaration(std::string_view decl) {
    const std::size_t at = decl.find("encoding");
    if (at == std::string_view::npos) return true;
    const std::size_t q = decl.find_first_of("\"'", at);
    if (q == std::string_view::npos) return true;
    const std::size_t e = decl.find(decl[q], q + 1);
    std::string enc(decl.substr(q + 1, e == std::string_view::npos ? 0 : e - q - 1));
    for (char& c : enc) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (enc == "utf-8" || enc == "utf8") return true;
    return syntax(pos_ + at, "encoding " + quote_text(enc) + " is not supported (only UTF-8)");
  }

  /// Moves the global cursor to buffer index i and drops what lies before
  /// pos_ when enough has gathered.
  void advance_cursor(std::size_t i) {
    const std::size_t from = static_cast<std::size_t>(cur_.offset - base_);
    if (i > from) cur_.advance(buf_.data() + from, i - from);
  }
  void compact() {
    if (pos_ < kChunk) return;
    advance_cursor(pos_);
    buf_.erase(0, pos_);
    base_ += pos_;
    pos_ = 0;
  }

  // --- the document around the games ---

  bool prolog() {
    for (;;) {
      if (!skip_space()) return syntax(pos_, "no root element");
      if (buf_[pos_] != '<') return syntax(pos_, "text before the root element");
      if (starts(pos_, "<!--") || starts(pos_, "<?")) {
        if (!skip_misc()) return false;
        continue;
      }
      if (starts(pos_, "<!DOCTYPE")) return structure_at(pos_, "a DOCTYPE is not allowed in a beyt record");
      if (starts(pos_, "<!")) return syntax(pos_, "unexpected markup before the root element");
      return root_tag();
    }
  }

  bool root_tag() {
    const std::size_t end = tag_end(pos_);
    if (end == std::string::npos) return syntax(pos_, "the root element's start tag is not closed");
    std::string tag = buf_.substr(pos_, end + 1 - pos_);
    root_empty_ = tag.size() >= 2 && tag[tag.size() - 2] == '/';
    if (!root_empty_) tag.insert(tag.size() - 1, "/");
    pugi::xml_parse_result r = doc_.load_buffer(tag.data(), tag.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!r) return syntax(pos_ + std::min<std::size_t>(static_cast<std::size_t>(r.offset), end - pos_), r.description());
    pugi::xml_node root = doc_.first_child();
    path_ = "/";
    path_ += root.name();
    if (std::strcmp(root.name(), "beyt") != 0)
      return structure_at(pos_, "the root element is <" + std::string(root.name()) + ">, not <beyt>");
    bool version = false;
    for (pugi::xml_attribute a : root.attributes()) {
      const std::string_view name = a.name();
      if (name == "version") {
        if (std::string_view(a.value()) != "1")
          return structure_at(pos_, "version " + quote_text(a.value()) + " is not supported (expected 1)");
        version = true;
      } else if (name.substr(0, 5) != "xmlns" && name.substr(0, 4) != "xsi:") {
        return structure_at(pos_, "unknown attribute " + std::string(name) + " on <beyt>");
      }
    }
    if (!version) return structure_at(pos_, "missing attribute version on <beyt>");
    pos_ = end + 1;
    return true;
  }

  bool root_content() {
    if (root_empty_) return true;
    for (;;) {
      if (!skip_space()) return syntax(pos_, "<beyt> is not closed");
      if (buf_[pos_] != '<') {
        path_ = "/beyt";
        return structure_at(pos_, "text in <beyt>");
      }
      if (starts(pos_, "<!--") || starts(pos_, "<?")) {
        if (!skip_misc()) return false;
        continue;
      }
      if (starts(pos_, "<![CDATA[")) {
        path_ = "/beyt";
        return structure_at(pos_, "text in <beyt>");
      }
      if (starts(pos_, "</")) {
        const std::size_t end = tag_end(pos_);
        if (end == std::string::npos) return syntax(pos_, "end tag is not closed");
        std::string_view name = std::string_view(buf_).substr(pos_ + 2, end - pos_ - 2);
        while (!name.empty() && is_xml_space(name.back())) name.remove_suffix(1);
        if (name != "beyt") return syntax(pos_, "end tag </" + std::string(name) + "> does not match <beyt>");
        pos_ = end + 1;
        return true;
      }
      std::size_t n = pos_ + 1;
      while (have(n, 1) && !is_xml_space(buf_[n]) && buf_[n] != '>' && buf_[n] != '/') ++n;
      const std::string name = buf_.substr(pos_ + 1, n - pos_ - 1);
      if (name != "game") {
        path_ = "/beyt/";
        path_ += name;
        return structure_at(pos_, "unknown element <" + name + "> in <beyt>");
      }
      if (!game()) return false;
      compact();
    }
  }

  void epilog() {
    for (;;) {
      if (!skip_space()) return;
      if (buf_[pos_] == '<' && (starts(pos_, "<!--") || starts(pos_, "<?"))) {
        if (!skip_misc()) return;
        continue;
      }
      path_.clear();
      syntax(pos_, "content after the root element");
      return;
    }
  }

  /// Index just past the end of the element starting at i, or npos if the
  /// input ends first.
  std::size_t element_end(std::size_t i) {
    int depth = 0;
    for (;;) {
      i = find("<", i);
      if (i == std::string::npos) return i;
      std::size_t end;
      if (starts(i, "<!--")) {
        end = find("-->", i + 4);
        if (end == std::string::npos) return end;
        i = end + 3;
      } else if (starts(i, "<![CDATA[")) {
        end = find("]]>", i + 9);
        if (end == std::string::npos) return end;
        i = end + 3;
      } else if (starts(i, "<?")) {
        end = find("?>", i + 2);
        if (end == std::string::npos) return end;
        i = end + 2;
      } else {
        end = tag_end(i);
        if (end == std::string::npos) return end;
        if (buf_[i + 1] == '/') --depth;
        else if (buf_[i + 1] != '!' && buf_[end - 1] != '/') ++depth;
        i = end + 1;
        if (depth <= 0) return i;
      }
    }
  }

  // --- one game ---

  bool game() {
    const std::size_t start = pos_;
    std::size_t end = element_end(start);
    const bool complete = end != std::string::npos;
    if (!complete) end = buf_.size();
    advance_cursor(start);
    game_start_ = cur_;
    gcur_ = cur_;
    raw_ = buf_.data() + start;
    raw_size_ = end - start;
    ++games_;
    turn_ = 0;
    path_ = "/beyt";
    append_step(path_, "game", games_);

    scratch_.assign(raw_, raw_size_);
    constexpr unsigned kFlags = pugi::parse_cdata | pugi::parse_escapes | pugi::parse_eol |
                                pugi::parse_wconv_attribute | pugi::parse_ws_pcdata;
    pugi::xml_parse_result r = doc_.load_buffer_inplace(scratch_.data(), scratch_.size(), kFlags, pugi::encoding_utf8);
    if (!r) {
      const std::size_t off = std::min<std::size_t>(static_cast<std::size_t>(r.offset), raw_size_);
      fail(Code::xml_syntax, at(off), complete ? r.description() : std::string("unexpected end of input: <game> is not closed"));
      return false;
    }
    if (!complete) {
      fail(Code::xml_syntax, at(raw_size_), "unexpected end of input: <game> is not closed");
      return false;
    }
    GameRecord rec;
    if (!read_game(doc_.first_child(), rec)) return false;
    pos_ = end;
    at(raw_size_);
    cur_ = gcur_;
    if (!visitor_.game(std::move(rec), games_)) stopped_ = true;
    return !stopped_;
  }

  bool read_game(pugi::xml_node g, GameRecord& rec) {
    rec.loc = loc(element_at(g));
    if (!no_attributes(g)) return false;
    const std::size_t base = path_.size();
    int stage = 0;  // 0 tags, 1 comments, 2 moves read, 3 result read
    std::uint32_t ntag = 0, ncomment = 0;
    for (pugi::xml_node c : g.children()) {
      path_.resize(base);
      if (!is_element(c, "game")) {
        if (!error_.empty()) return false;
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
        if (!read_text(c, text, true)) return false;
        rec.comments.push_back(std::move(text));
      } else if (name == "moves") {
        path_ += "/moves";
        if (stage > 1) return out_of_order(c, "game");
        stage = 2;
        if (!no_attributes(c) || !read_line(c, rec.moves, 1)) return false;
        turn_ = 0;
      } else if (name == "result") {
        path_ += "/result";
        if (stage != 2) return out_of_order(c, "game");
        stage = 3;
        const Pos p = content_at(c);
        std::string text;
        if (!read_text(c, text, false)) return false;
        if (text != "1-0" && text != "0-1" && text != "1/2-1/2" && text != "*")
          return structure(p, "result " + quote_text(text) + " is not 1-0, 0-1, 1/2-1/2 or *");
        rec.result = std::move(text);
        rec.result_loc = loc(p);
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

  bool read_tag(pugi::xml_node t, GameRecord& rec) {
    std::string_view name;
    bool has_name = false;
    for (pugi::xml_attribute a : t.attributes()) {
      if (std::strcmp(a.name(), "name") != 0)
        return structure(element_at(t), "unknown attribute " + std::string(a.name()) + " on <tag>");
      name = a.value();
      has_name = true;
    }
    if (!has_name) return structure(element_at(t), "missing attribute name on <tag>");
    if (auto p = tag_name_problem(name); !p.empty())
      return structure(element_at(t), "tag name " + quote_text(name) + " " + std::string(p));
    if (rec.find_tag(name) != nullptr)
      return structure(element_at(t), "duplicate tag " + quote_text(name));
    TagPair tag;
    tag.name = std::string(name);
    tag.loc = loc(element_at(t));
    const Pos vp = content_at(t);
    if (!read_text(t, tag.value, false)) return false;
    if (auto p = tag_value_problem(tag.value); !p.empty())
      return structure(vp, "tag value of " + tag.name + " " + std::string(p));
    tag.value_loc = loc(vp);
    rec.tags.push_back(std::move(tag));
    return true;
  }

  bool read_line(pugi::xml_node parent, Line& line, std::uint32_t turn) {
    const std::size_t base = path_.size();
    std::size_t elements = 0;
    for (pugi::xml_node c = parent.first_child(); c; c = c.next_sibling())
      elements += c.type() == pugi::node_element;
    line.reserve(elements);
    std::uint32_t n = 0;
    for (pugi::xml_node c : parent.children()) {
      path_.resize(base);
      if (!is_element(c, parent.name())) {
        if (!error_.empty()) return false;
        continue;
      }
      if (std::strcmp(c.name(), "move") != 0) {
        path_ += '/';
        path_ += c.name();
        return structure(element_at(c), "unknown element <" + std::string(c.name()) + "> in <" + parent.name() + ">");
      }
      append_step(path_, "move", ++n);
      turn_ = turn + n - 1;
      if (!read_node(c, line.emplace_back(), turn_)) return false;
    }
    path_.resize(base);
    return true;
  }

  bool read_node(pugi::xml_node m, Node& node, std::uint32_t turn) {
    const Pos el = element_at(m);
    bool has_text = false;
    for (pugi::xml_attribute a : m.attributes()) {
      if (std::strcmp(a.name(), "text") != 0)
        return structure(el, "unknown attribute " + std::string(a.name()) + " on <move>");
      node.move = a.value();
      has_text = true;
    }
    if (!has_text) return structure(el, "missing attribute text on <move>");
    const Pos tp = attribute_at(m, "text");
    if (!valid_utf8(node.move)) return fail(Code::xml_syntax, tp, "move text is not valid UTF-8");
    if (auto p = move_text_problem(node.move); !p.empty())
      return structure(tp, "move " + quote_text(node.move) + " " + std::string(p));
    node.loc = loc(tp);

    const std::size_t base = path_.size();
    int stage = 0;  // 0 before, 1 nag, 2 after, 3 variation
    std::uint32_t nb = 0, nn = 0, na = 0, nv = 0;
    for (pugi::xml_node c : m.children()) {
      path_.resize(base);
      if (!is_element(c, "move")) {
        if (!error_.empty()) return false;
        continue;
      }
      const std::string_view name = c.name();
      if (name == "before" || name == "after") {
        const bool before = name == "before";
        append_step(path_, name, before ? ++nb : ++na);
        if (stage > (before ? 0 : 2)) return out_of_order(c, "move");
        stage = before ? 0 : 2;
        std::string text;
        if (!read_text(c, text, true)) return false;
        (before ? node.before : node.after).push_back(std::move(text));
      } else if (name == "nag") {
        append_step(path_, "nag", ++nn);
        if (stage > 1) return out_of_order(c, "move");
        stage = 1;
        const Pos p = content_at(c);
        std::string text;
        if (!read_text(c, text, false)) return false;
        std::string_view v = text;
        while (!v.empty() && is_xml_space(v.front())) v.remove_prefix(1);
        while (!v.empty() && is_xml_space(v.back())) v.remove_suffix(1);
        unsigned value = 0;
        auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
        if (v.empty() || v.size() > 3 || ec != std::errc() || ptr != v.data() + v.size() || value > 255)
          return structure(p, "NAG " + quote_text(text) + " is not an integer from 0 to 255");
        node.nags.push_back(static_cast<std::uint8_t>(value));
      } else if (name == "variation") {
        append_step(path_, "variation", ++nv);
        stage = 3;
        if (!no_attributes(c)) return false;
        if (!read_line(c, node.variations.emplace_back(), turn)) return false;
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
  bool read_text(pugi::xml_node e, std::string& out, bool comment) {
    if (std::strcmp(e.name(), "tag") != 0 && !no_attributes(e)) return false;
    for (pugi::xml_node c : e.children()) {
      if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) {
        out += c.value();
      } else if (c.type() == pugi::node_element) {
        path_ += '/';
        path_ += c.name();
        return structure(element_at(c), "unexpected element <" + std::string(c.name()) + "> in <" + e.name() + ">");
      }
    }
    if (!valid_utf8(out)) return fail(Code::xml_syntax, content_at(e), "text is not valid UTF-8");
    if (comment) {
      if (auto p = comment_problem(out); !p.empty()) return structure(content_at(e), "comment " + std::string(p));
    }
    return true;
  }

  /// True for an element; for text, false, and an error unless it is blank.
  bool is_element(pugi::xml_node c, std::string_view parent) {
    error_.clear();
    if (c.type() == pugi::node_element) return true;
    if ((c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) && !all_space(c.value())) {
      error_ = "text in <" + std::string(parent) + ">";
      structure(text_at(c), error_);
    }
    return false;
  }

  bool no_attributes(pugi::xml_node e) {
    if (pugi::xml_attribute a = e.first_attribute())
      return structure(element_at(e), "unknown attribute " + std::string(a.name()) + " on <" + e.name() + ">");
    return true;
  }

  bool out_of_order(pugi::xml_node c, std::string_view parent) {
    const std::string_view order = parent == "game" ? "tag*, comment*, moves, result" : "before*, nag*, after*, variation*";
    return structure(element_at(c), "element <" + std::string(c.name()) + "> out of order in <" + std::string(parent) +
                                        "> (expected " + std::string(order) + ")");
  }

  // --- places ---

  struct Pos {
    std::uint64_t offset;
    std::uint32_t line, column;
  };

  /// Place of byte `off` of the game's raw text.
  Pos at(std::size_t off) {
    const std::size_t done = static_cast<std::size_t>(gcur_.offset - game_start_.offset);
    if (off < done) gcur_ = game_start_;
    const std::size_t from = static_cast<std::size_t>(gcur_.offset - game_start_.offset);
    if (off > from) gcur_.advance(raw_ + from, off - from);
    return {gcur_.offset, gcur_.line, gcur_.column};
  }

  std::size_t offset_of(pugi::xml_node n) const {
    const std::ptrdiff_t off = n.offset_debug();
    if (off < 0) return 0;
    return std::min(static_cast<std::size_t>(off), raw_size_);
  }
  /// The '<' of an element.
  Pos element_at(pugi::xml_node e) {
    const std::size_t off = offset_of(e);
    return at(off > 0 ? off - 1 : 0);
  }
  Pos text_at(pugi::xml_node t) { return at(offset_of(t)); }
  /// The first byte after an element's start tag.
  Pos content_at(pugi::xml_node e) {
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
  /// The first byte of an attribute's value.
  Pos attribute_at(pugi::xml_node e, std::string_view name) {
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

  SourceLoc loc(const Pos& p) const {
    SourceLoc l;
    l.line = p.line;
    l.column = p.column;
    l.offset = p.offset;
    l.pointer = path_;
    return l;
  }

  // --- errors ---

  bool fail(Code code, const Pos& p, std::string reason) {
    err_.code = code;
    err_.reason = std::move(reason);
    err_.loc = loc(p);
    err_.game = games_;
    err_.turn = turn_;
    return false;
  }
  bool structure(const Pos& p, std::string reason) { return fail(Code::xml_structure, p, std::move(reason)); }

  /// An error at buffer index i, outside any game.
  bool fail_outside(Code code, std::size_t i, std::string reason) {
    advance_cursor(i);
    err_.code = code;
    err_.reason = std::move(reason);
    err_.loc.line = cur_.line;
    err_.loc.column = cur_.column;
    err_.loc.offset = cur_.offset;
    err_.loc.pointer = path_;
    err_.game = 0;
    err_.turn = 0;
    return false;
  }
  bool syntax(std::size_t i, std::string reason) { return fail_outside(Code::xml_syntax, i, std::move(reason)); }
  bool structure_at(std::size_t i, std::string reason) {
    return fail_outside(Code::xml_structure, i, std::move(reason));
  }

  Diagnostic finish() {
    if (in_.bad()) {
      Diagnostic d;
      d.code = Code::io_error;
      d.file = err_.file;
      d.reason = "cannot read the input";
      return d;
    }
    if (stopped_) err_.code = Code::ok;
    if (!err_) {
      Diagnostic d;
      d.file = err_.file;
      return d;
    }
    return std::move(err_);
  }

  std::istream& in_;
  GameVisitor& visitor_;
  Diagnostic err_;
  std::string buf_;
  std::size_t pos_ = 0;     // next byte to scan in buf_
  std::uint64_t base_ = 0;  // offset of buf_[0] in the input
  bool eof_ = false;
  bool root_empty_ = false;
  bool stopped_ = false;
  Cursor cur_;              // place of some byte at or before pos_
  pugi::xml_document doc_;
  std::string scratch_;
  std::string path_;
  std::string error_;       // set by is_element when text stands where it may not
  std::uint32_t games_ = 0;
  std::uint32_t turn_ = 0;
  // the game being read
  const char* raw_ = nullptr;
  std::size_t raw_size_ = 0;
  Cursor game_start_, gcur_;
};

// --- Writer -------------------------------------------------------------------

/// Escapes for text content (attribute = false) or a "..." attribute value.
void put_escaped(std::string& o, std::string_view s, bool attribute) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c >= 0x80) {
      const std::size_t len = utf8_length(p + i, n - i);
      if (len == 0) {
        o += "\xEF\xBF\xBD";
        ++i;
      } else {
        o.append(s.data() + i, len);
        i += len;
      }
      continue;
    }
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"':
        if (attribute) o += "&quot;";
        else o += '"';
        break;
      case '\n':
        if (attribute) o += "&#10;";
        else o += '\n';
        break;
      case '\t':
        if (attribute) o += "&#9;";
        else o += '\t';
        break;
      default:
        if (c < 0x20) {  // CR, and controls XML 1.0 has no place for
          o += "&#";
          o += std::to_string(c);
          o += ';';
        } else {
          o += static_cast<char>(c);
        }
    }
    ++i;
  }
}

void put_text_element(std::string& o, std::size_t indent, std::string_view name, std::string_view text) {
  o.append(indent, ' ');
  o += '<';
  o += name;
  o += '>';
  put_escaped(o, text, false);
  o += "</";
  o += name;
  o += ">\n";
}

void put_line(std::string& o, std::size_t indent, std::string_view name, const Line& line);

void put_node(std::string& o, std::size_t indent, const Node& node) {
  o.append(indent, ' ');
  o += "<move text=\"";
  put_escaped(o, node.move, true);
  o += '"';
  if (node.before.empty() && node.nags.empty() && node.after.empty() && node.variations.empty()) {
    o += "/>\n";
    return;
  }
  o += ">\n";
  for (const auto& c : node.before) put_text_element(o, indent + 2, "before", c);
  for (auto nag : node.nags) {
    o.append(indent + 2, ' ');
    o += "<nag>";
    o += std::to_string(nag);
    o += "</nag>\n";
  }
  for (const auto& c : node.after) put_text_element(o, indent + 2, "after", c);
  for (const auto& v : node.variations) put_line(o, indent + 2, "variation", v);
  o.append(indent, ' ');
  o += "</move>\n";
}

void put_line(std::string& o, std::size_t indent, std::string_view name, const Line& line) {
  o.append(indent, ' ');
  o += '<';
  o += name;
  if (line.empty()) {
    o += "/>\n";
    return;
  }
  o += ">\n";
  for (const auto& node : line) put_node(o, indent + 2, node);
  o.append(indent, ' ');
  o += "</";
  o += name;
  o += ">\n";
}

void put_game(std::string& o, const GameRecord& g) {
  o += "  <game>\n";
  for (const auto& tag : g.tags) {
    o += "    <tag name=\"";
    put_escaped(o, tag.name, true);
    o += "\">";
    put_escaped(o, tag.value, false);
    o += "</tag>\n";
  }
  for (const auto& c : g.comments) put_text_element(o, 4, "comment", c);
  put_line(o, 4, "moves", g.moves);
  put_text_element(o, 4, "result", g.result);
  o += "  </game>\n";
}

}  // namespace

Diagnostic read_xml(std::istream& in, const std::string& file, GameVisitor& visitor) {
  Reader reader(in, file, visitor);
  return reader.run();
}

struct XmlWriter::Impl {
  std::ostream& out;
  std::string buf;
  bool finished = false;
};

XmlWriter::XmlWriter(std::ostream& out) : impl_(std::make_unique<Impl>(Impl{out, {}, false})) {
  impl_->out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<beyt version=\"1\">\n";
}

XmlWriter::~XmlWriter() {
  if (impl_ && !impl_->finished) finish();
}

void XmlWriter::game(const GameRecord& record) {
  Impl& w = *impl_;
  w.buf.clear();
  put_game(w.buf, record);
  w.out.write(w.buf.data(), static_cast<std::streamsize>(w.buf.size()));
}

void XmlWriter::finish() {
  Impl& w = *impl_;
  if (w.finished) return;
  w.finished = true;
  w.out << "</beyt>\n";
  w.out.flush();
}

}  // namespace beyt::notation
