// XML records (beyt/notation/xml.hpp, schemas/record.xsd): a streaming reader
// and the canonical writer.
//
// Reader: pugixml builds whole documents only, so the input is cut into one
// <game> element at a time by a small scanner over a growing buffer (it knows
// comments, CDATA sections, processing instructions and quoted attribute
// values, so that "</game>" inside them does not end a game). Quick path: a
// game in the plain form `beyt generate` writes (ASCII, no annotations) is
// read straight from its bytes, without pugixml (see quick()). Fast path: a
// game that ends at the first "</game>" already in the buffer is parsed
// without the scanner (see game()). Each game is parsed in place (from a
// scratch copy: the raw bytes stay for positions) and turned into a
// GameRecord. Places: a cursor counts lines and columns (code points, 8 bytes
// at a time) up to the game's start, then through the game in document
// order; pugixml's offset_debug() says where each element or text is, and a
// move's text="..." value, parsed in place, starts where it stood. pugixml
// lets much through that XML 1.0 calls not well-formed (`&foo;`, duplicate
// attributes, "]]>" in text, ...): xml_wellformed.hpp checks each game's
// bytes before pugixml parses them (the quick path's form holds none of
// it), and what stands between the games, so that all of it is E160.
//
// Writer: XML declaration, 2-space indent, LF, UTF-8; every text as it is
// (leading and trailing blanks and line ends included; CR as &#13;).
#include "beyt/notation/xml.hpp"
#include "node_maker.hpp"
#include "format_table.hpp"
#include "scan.hpp"
#include "tag_names.hpp"
#include "utf8.hpp"
#include "xml_wellformed.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <deque>
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


/// s == lit, for a NUL-terminated s (read no further than its first difference).
bool same(const char* s, std::string_view lit) noexcept {
  for (char c : lit)
    if (*s++ != c) return false;
  return *s == 0;
}

bool is_xml_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool all_space(const char* s) noexcept {
  for (; *s != 0; ++s)
    if (!is_xml_space(*s)) return false;
  return true;
}

using scan::bytes_equal;
using scan::continuation_bytes;
using scan::count_marked;
using scan::Cursor;
using scan::first_byte;
using scan::kHigh;
using scan::kLittle;
using scan::kOnes;
using scan::load8;

/// What pugixml's parse status means, in beyt's words.
std::string parse_reason(const pugi::xml_parse_result& r) {
  switch (r.status) {
    case pugi::status_unrecognized_tag: return "a '<' that starts no element, comment or other markup";
    case pugi::status_bad_pi: return "a processing instruction that is not well formed or not closed";
    case pugi::status_bad_comment: return "a comment that is not well formed or not closed";
    case pugi::status_bad_cdata: return "a CDATA section that is not closed";
    case pugi::status_bad_doctype: return "a DOCTYPE that is not well formed";
    case pugi::status_bad_pcdata: return "text that is not well formed";
    case pugi::status_bad_start_element:
      return "a start tag that is not well formed (expected a name, attributes and '>' or '/>')";
    case pugi::status_bad_attribute: return "an attribute that is not well formed (expected name=\"value\")";
    case pugi::status_bad_end_element: return "an end tag that is not well formed";
    case pugi::status_end_element_mismatch: return "an end tag that does not match the open element";
    case pugi::status_no_document_element: return "no element";
    case pugi::status_out_of_memory: return "out of memory";
    default: return "not well-formed XML";
  }
}

/// Appends "/name[index]" to path.
void append_step(std::string& path, std::string_view name, std::uint32_t index) {
  const std::size_t old = path.size();
  path.resize(old + name.size() + 13);  // '/', name, '[', up to 10 digits, ']'
  char* p = path.data() + old;
  *p++ = '/';
  std::memcpy(p, name.data(), name.size());
  p += name.size();
  *p++ = '[';
  p = std::to_chars(p, p + 10, index).ptr;
  *p++ = ']';
  path.resize(static_cast<std::size_t>(p - path.data()));
}

class Reader {
 public:
  Reader(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options)
      : in_(in), visitor_(visitor), options_(options) {
    err_.file = file;
    path_.reserve(128);
  }

  Diagnostic run() {
    start();
    // A document; and after an error the visitor went past, another one
    // (two records joined: see epilog()).
    while (prolog() && root_content() && epilog()) {
    }
    return finish();
  }

  /// Pull mode (detail::pull_xml): reads on until a game or an error has
  /// gone to the visitor, then stops there; true until the reading is over
  /// (finish() then says how it ended).
  bool resume() {
    if (phase_ == Phase::start) {
      start();
      phase_ = Phase::prolog;
    }
    for (;;) {
      switch (phase_) {
        case Phase::prolog:
          phase_ = prolog() ? Phase::games : Phase::over;
          break;
        case Phase::games: {
          pause_ = true;
          paused_ = false;
          const bool ok = root_content();
          if (paused_) return true;
          phase_ = ok ? Phase::epilog : Phase::over;
          break;
        }
        case Phase::epilog:
          phase_ = epilog() ? Phase::prolog : Phase::over;
          break;
        default:
          return false;
      }
    }
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

 private:
  /// The first bytes read, a byte-order mark passed over.
  void start() {
    fill();
    if (buf_.size() >= 3 && std::memcmp(buf_.data(), "\xEF\xBB\xBF", 3) == 0) {
      pos_ = 3;
      cur_.offset = 3;
    }
  }

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
        if constexpr (kLittle) {
          // skip 8 bytes at a time to the next byte that matters
          while (n - i >= 8) {
            const std::uint64_t w = load8(p + i);
            const std::uint64_t m = quote != 0 ? bytes_equal(w, static_cast<unsigned char>(quote))
                                               : bytes_equal(w, '>') | bytes_equal(w, '"') | bytes_equal(w, '\'');
            if (m != 0) {
              i += first_byte(m);
              break;
            }
            i += 8;
          }
          if (i >= n) break;
        }
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

  /// Skips a comment or processing instruction at pos_ (checked: they are
  /// well-formed), with warning W103 (the record model has no place for
  /// them); false if it is none, or at an error.
  bool skip_misc() {
    const bool comment = starts(pos_, "<!--");
    if (!comment && !starts(pos_, "<?")) return false;
    const std::size_t end = comment ? find("-->", pos_ + 4) : find("?>", pos_ + 2);
    if (end == std::string::npos)
      return syntax(pos_, comment ? "comment is not closed" : "processing instruction is not closed");
    const std::size_t after = end + (comment ? 3 : 2);
    const std::string_view text = std::string_view(buf_).substr(pos_, after - pos_);
    if (const xml_wf::Problem p = comment ? xml_wf::comment(text) : xml_wf::processing_instruction(text))
      return fail_outside(p.code, pos_ + p.at, p.reason);
    if (!dropped(pos_, comment)) return false;
    pos_ = after;
    return true;
  }

  /// The XML declaration at pos_ (at the start of a document).
  bool declaration() {
    const std::size_t end = find("?>", pos_ + 5);
    if (end == std::string::npos) return syntax(pos_, "the XML declaration is not closed");
    const std::string_view decl = std::string_view(buf_).substr(pos_, end + 2 - pos_);
    std::string enc;
    if (const xml_wf::Problem p = xml_wf::declaration(decl, enc)) return fail_outside(p.code, pos_ + p.at, p.reason);
    for (char& c : enc) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!enc.empty() && enc != "utf-8" && enc != "utf8") {
      // Well-formed XML, but no beyt record: it is read on as UTF-8.
      path_.clear();
      if (!outside_error(Code::xml_structure, pos_ + decl.find("encoding"),
                         "encoding " + quote_text(enc) + " is not supported (only UTF-8)"))
        return false;
    }
    pos_ = end + 2;
    return true;
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
  //
  // Everything XML calls not well-formed is E160 (xml_wf checks what
  // pugixml does not), and it stops the reading outside the games. What is
  // well-formed but no beyt record (E161: text or an unknown element in
  // <beyt>, an attribute beyt does not know) is passed to the visitor as
  // an error outside the games, and the reading goes on (a DOCTYPE stops
  // it: beyt reads no DTD; so does a root element other than <beyt>: the
  // document is no record at all), so that an error of either kind further
  // on is found too.

  bool prolog() {
    path_.clear();
    if (starts(pos_, "<?xml") && have(pos_, 6) && (is_xml_space(buf_[pos_ + 5]) || buf_[pos_ + 5] == '?') &&
        !declaration())
      return false;
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
    if (const xml_wf::Problem p = xml_wf::start_tag(std::string_view(buf_).substr(pos_, end + 1 - pos_)))
      return fail_outside(p.code, pos_ + p.at, p.reason);
    std::string tag = buf_.substr(pos_, end + 1 - pos_);
    root_empty_ = tag.size() >= 2 && tag[tag.size() - 2] == '/';
    if (!root_empty_) tag.insert(tag.size() - 1, "/");
    pugi::xml_parse_result r = doc_.load_buffer(tag.data(), tag.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!r) return syntax(pos_ + std::min<std::size_t>(static_cast<std::size_t>(r.offset), end - pos_), parse_reason(r));
    pugi::xml_node root = doc_.first_child();
    root_name_ = root.name();
    path_ = "/";
    path_ += root_name_;
    const std::size_t at = pos_;
    pos_ = end + 1;
    // Another document (an SVG drawing, XHTML): nothing in it is a record,
    // so its reading stops here, with one error, not one for each element.
    if (root_name_ != "beyt")
      return structure_at(at, "the root element is <" + root_name_ + ">, not <beyt>: this is not a beyt record");
    bool version = false;
    for (pugi::xml_attribute a : root.attributes()) {
      const std::string_view name = a.name();
      if (name == "version") {
        version = true;
        if (std::string_view(a.value()) != "1" &&
            !outside_error(Code::xml_structure, at, "version " + quote_text(a.value()) + " is not supported (expected 1)"))
          return false;
      } else if (name.substr(0, 5) != "xmlns" && name.substr(0, 4) != "xsi:" &&
                 !outside_error(Code::xml_structure, at, "unknown attribute " + std::string(name) + " on <beyt>")) {
        return false;
      }
    }
    if (!version) return outside_error(Code::xml_structure, at, "missing attribute version on <beyt>");
    return true;
  }

  bool root_content() {
    if (root_empty_) return true;
    for (;;) {
      if (!skip_space()) return syntax(pos_, "<" + root_name_ + "> is not closed");
      if (buf_[pos_] != '<') {
        if (!root_text()) return false;
        continue;
      }
      if (starts(pos_, "<!--") || starts(pos_, "<?")) {
        if (!skip_misc()) return false;
        continue;
      }
      if (starts(pos_, "<![CDATA[")) {
        const std::size_t end = find("]]>", pos_ + 9);
        if (end == std::string::npos) return syntax(pos_, "CDATA section is not closed");
        if (const xml_wf::Problem p = xml_wf::cdata(std::string_view(buf_).substr(pos_, end + 3 - pos_)))
          return fail_outside(p.code, pos_ + p.at, p.reason);
        path_ = "/" + root_name_;
        if (!outside_error(Code::xml_structure, pos_, "text in <" + root_name_ + ">")) return false;
        pos_ = end + 3;
        continue;
      }
      if (starts(pos_, "</")) {
        const std::size_t end = tag_end(pos_);
        if (end == std::string::npos) return syntax(pos_, "end tag is not closed");
        std::string_view name = std::string_view(buf_).substr(pos_ + 2, end - pos_ - 2);
        while (!name.empty() && is_xml_space(name.back())) name.remove_suffix(1);
        if (name != root_name_)
          return syntax(pos_, "end tag </" + std::string(name) + "> does not match <" + root_name_ + ">");
        pos_ = end + 1;
        return true;
      }
      if (starts(pos_, "<!")) return syntax(pos_, "'<!' that starts no comment or CDATA section");
      std::size_t n = pos_ + 1;
      while (have(n, 1) && !is_xml_space(buf_[n]) && buf_[n] != '>' && buf_[n] != '/') ++n;
      const std::string name = buf_.substr(pos_ + 1, n - pos_ - 1);
      if (!(name == "game" ? game() : other_element(name))) return false;
      if (ended_) return true;  // a broken last game, nothing after it
      compact();
      if (pause_) {  // resume(): a game or an error has gone to the visitor
        paused_ = true;
        return true;
      }
    }
  }

  /// Text in the root element, from pos_ to the next '<': well-formed (else
  /// E160), and then byte-order marks alone (between games, where two
  /// records were joined: W101 each), or E161.
  bool root_text() {
    const std::size_t start = pos_;
    const std::size_t lt = find_open(pos_);
    const std::size_t end = lt == std::string::npos ? buf_.size() : lt;
    const std::string_view text = std::string_view(buf_).substr(start, end - start);
    if (const xml_wf::Problem p = xml_wf::char_data(text)) return fail_outside(p.code, start + p.at, p.reason);
    std::size_t i = 0;
    while (i < text.size()) {
      if (is_xml_space(text[i])) {
        ++i;
      } else if (text.substr(i, 3) == "\xEF\xBB\xBF") {
        if (!byte_order_mark(start + i)) return false;
        i += 3;
      } else {
        path_ = "/" + root_name_;
        if (!outside_error(Code::xml_structure, start + i, "text in <" + root_name_ + ">")) return false;
        break;
      }
    }
    pos_ = end;
    return true;
  }

  /// An element in <beyt> other than <game> at pos_: well-formed (else
  /// E160, then on at the next <game>), and then E161.
  bool other_element(const std::string& name) {
    const std::size_t start = pos_;
    std::size_t end = element_end(start);
    const bool complete = end != std::string::npos;
    if (!complete) end = buf_.size();
    std::size_t closed = 0;
    if (const xml_wf::Problem p = xml_wf::element(buf_.data() + start, end - start, closed)) {
      if (!outside_error(p.code, start + p.at, p.reason)) return false;
      if (!resync(start)) ended_ = true;
      return true;
    }
    if (closed == 0) return syntax(buf_.size(), "unexpected end of input: <" + name + "> is not closed");
    path_ = "/" + root_name_ + "/" + name;
    if (!outside_error(Code::xml_structure, start, "unknown element <" + name + "> in <" + root_name_ + ">"))
      return false;
    pos_ = start + closed;
    return true;
  }

  /// After the root element: blanks, comments and processing instructions
  /// to the end. True when a second document starts (a byte-order mark, an
  /// XML declaration or a <beyt> element: two records joined), which is not
  /// well-formed XML (E160) but which the visitor may go past: it is then
  /// read as a document of its own, its games numbered on.
  bool epilog() {
    for (;;) {
      if (!skip_space()) return false;
      path_.clear();
      const bool bom = starts(pos_, "\xEF\xBB\xBF");
      const std::size_t at = pos_ + (bom ? 3 : 0);
      const bool decl = starts(at, "<?xml") && have(at, 6) && (is_xml_space(buf_[at + 5]) || buf_[at + 5] == '?');
      const bool root = starts(at, "<beyt") && have(at, 6) &&
                        (is_xml_space(buf_[at + 5]) || buf_[at + 5] == '>' || buf_[at + 5] == '/');
      if (bom || decl || root) {
        if (!outside_error(Code::xml_syntax, pos_,
                           std::string(bom ? "a byte-order mark after the root element: " : "") +
                               "a second document starts here (two records joined?), but an XML file holds one "
                               "root element; its games are read on"))
          return false;
        pos_ = at;
        return true;
      }
      if (buf_[pos_] == '<' && (starts(pos_, "<!--") || starts(pos_, "<?"))) {
        if (!skip_misc()) return false;
        continue;
      }
      syntax(pos_, "content after the root element");
      return false;
    }
  }

  /// Index of the first '<' at or after i, reading on as needed; npos at the end.
  std::size_t find_open(std::size_t i) {
    for (;;) {
      if (i < buf_.size()) {
        if (const void* p = std::memchr(buf_.data() + i, '<', buf_.size() - i))
          return static_cast<std::size_t>(static_cast<const char*>(p) - buf_.data());
        i = buf_.size();
      }
      if (!fill()) return std::string::npos;
    }
  }

  /// Index just past the end of the element starting at i, or npos if the
  /// input ends first.
  std::size_t element_end(std::size_t i) {
    int depth = 0;
    for (;;) {
      i = find_open(i);
      if (i == std::string::npos || !have(i, 2)) return std::string::npos;
      const char next = buf_[i + 1];
      std::size_t end;
      if (next == '!' && starts(i, "<!--")) {
        end = find("-->", i + 4);
        if (end == std::string::npos) return end;
        i = end + 3;
      } else if (next == '!' && starts(i, "<![CDATA[")) {
        end = find("]]>", i + 9);
        if (end == std::string::npos) return end;
        i = end + 3;
      } else if (next == '?') {
        end = find("?>", i + 2);
        if (end == std::string::npos) return end;
        i = end + 2;
      } else {
        end = tag_end(i);
        if (end == std::string::npos) return end;
        if (next == '/') --depth;
        else if (next != '!' && buf_[end - 1] != '/') ++depth;
        i = end + 1;
        if (depth <= 0) return i;
      }
    }
  }

  // --- one game ---

  /// Index just past the first "</game>" in the buffer after i, or npos if
  /// there is none yet (no reading: the scanner reads what it needs).
  std::size_t first_game_end(std::size_t i) const {
    const std::size_t at = buf_.find("</game", i);
    if (at == std::string::npos) return at;
    for (std::size_t j = at + 6; j < buf_.size(); ++j) {
      if (buf_[j] == '>') return j + 1;
      if (!is_xml_space(buf_[j])) return std::string::npos;
    }
    return std::string::npos;
  }

  static constexpr unsigned kFlags = pugi::parse_cdata | pugi::parse_escapes | pugi::parse_eol |
                                     pugi::parse_wconv_attribute | pugi::parse_ws_pcdata;
  /// For a game without comments, CDATA, processing instructions or DOCTYPE
  /// ("<!", "<?"): there, text next to an element is not blank, blank text
  /// is not read, and the text of a text-only element is one pcdata node
  /// (kept when blank: parse_ws_pcdata_single). So the blank text nodes that
  /// kFlags would add and the reader would skip are left out.
  static constexpr unsigned kPlainFlags = (kFlags & ~pugi::parse_ws_pcdata) | pugi::parse_ws_pcdata_single;

  /// True if raw_ holds no "<!" and no "<?".
  bool plain() const noexcept {
    for (const char mark : {'!', '?'}) {
      const char* p = raw_;
      const char* const end = raw_ + raw_size_;
      while (const void* q = std::memchr(p, mark, static_cast<std::size_t>(end - p))) {
        p = static_cast<const char*>(q);
        if (p > raw_ && p[-1] == '<') return false;
        ++p;
      }
    }
    return true;
  }

  /// True if every byte of raw_ is printable ASCII, TAB, LF or CR, and
  /// none is '&' or ']': in such a game, once pugixml has parsed it as one
  /// element (and plain() holds: no comment, PI, CDATA or DOCTYPE), what
  /// XML 1.0 calls not well-formed and pugixml lets through is a duplicate
  /// attribute or a '<' in an attribute value alone (the names are ASCII,
  /// there is no reference and no "]]>"; pugixml checks the tags, their
  /// names, quotes and blanks): dom_wellformed() looks for those, and the
  /// byte-by-byte check (xml_wellformed.hpp) is not needed.
  bool ascii_without_references() const noexcept {
    const char* p = raw_;
    const char* const end = raw_ + raw_size_;
    const auto plain_byte = [](unsigned char c) {
      return (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') && c < 0x7F && c != '&' && c != ']';
    };
    if constexpr (kLittle) {
      for (; end - p >= 8; p += 8) {
        std::uint64_t w = load8(p);
        const std::uint64_t odd = bytes_equal(w, '&') | bytes_equal(w, ']');
        w ^= ((bytes_equal(w, '\n') >> 7) * 0xFF) & (kOnes * ('\n' ^ ' '));  // LF read as a blank
        if (((odd | ((w - kOnes * 0x20) & ~w) | ((w + kOnes) | w)) & kHigh) == 0) continue;
        for (int k = 0; k < 8; ++k)  // a TAB or CR, or one that is not plain
          if (!plain_byte(static_cast<unsigned char>(p[k]))) return false;
      }
    }
    for (; p < end; ++p)
      if (!plain_byte(static_cast<unsigned char>(*p))) return false;
    return true;
  }

  /// For a game ascii_without_references() passes, parsed: no attribute
  /// twice on an element, and no '<' in an attribute value (else E160 at it).
  bool dom_wellformed(pugi::xml_node root) {
    for (pugi::xml_node n = root; n;) {
      if (n.type() == pugi::node_element && !attributes_wellformed(n)) return false;
      // the next node in document order
      if (pugi::xml_node child = n.first_child()) {
        n = child;
        continue;
      }
      while (n != root && !n.next_sibling()) n = n.parent();
      if (n == root) break;
      n = n.next_sibling();
    }
    return true;
  }
  /// Attribute `a` of element `e` is no duplicate of one before it, and its
  /// value holds no '<' (else E160 at it; for dom_wellformed() and the
  /// attributes read_game() reads).
  bool attribute_wellformed(pugi::xml_node e, pugi::xml_attribute a) {
    for (pugi::xml_attribute b = e.first_attribute(); b != a; b = b.next_attribute())
      if (std::strcmp(a.name(), b.name()) == 0)
        return fail(Code::xml_syntax, at(offset_in_buffer(a.name())),
                    "duplicate attribute " + std::string(a.name()) + " on <" + e.name() + ">");
    if (const char* lt = std::strchr(a.value(), '<'))
      return fail(Code::xml_syntax, at(offset_in_buffer(lt)),
                  "'<' in the value of attribute " + std::string(a.name()) + ": write &lt;");
    return true;
  }
  bool attributes_wellformed(pugi::xml_node e) {
    for (pugi::xml_attribute a = e.first_attribute(); a; a = a.next_attribute())
      if (!attribute_wellformed(e, a)) return false;
    return true;
  }

  /// The offset in raw_ of a name or value pugixml parsed in place.
  std::size_t offset_in_buffer(const char* p) const {
    if (doc_base_ == nullptr || p < doc_base_ || p > doc_base_ + raw_size_) return 0;
    return static_cast<std::size_t>(p - doc_base_);
  }

  /// Parses raw_ (a copy: raw_ keeps the bytes for the places).
  pugi::xml_parse_result parse(unsigned flags) {
    scratch_.assign(raw_, raw_size_);
    return doc_.load_buffer_inplace(scratch_.data(), scratch_.size(), flags, pugi::encoding_utf8);
  }

  /// Reads the game at pos_. False to stop reading: the visitor said so,
  /// or an error it does not want to go on after (err_ holds it).
  bool game() {
    const std::size_t start = pos_;
    advance_cursor(start);
    game_start_ = cur_;
    gcur_ = cur_;
    ++games_;
    turn_ = 0;
    path_ = "/beyt";
    append_step(path_, "game", games_);
    game_path_ = path_.size();

    std::size_t end = 0;
    bool cut = false;  // the game's end is known: a broken game ends there
    new_game();
    if (read_one(start, end, cut, rec_)) {
      pos_ = end;
      at(raw_size_);
      cur_ = gcur_;
      if (!visitor_.game(std::move(rec_), games_)) stopped_ = true;
      return !stopped_;
    }
    // The game is broken: the visitor may go on with the next one, from
    // the end of this one or (when the XML is broken) the next <game>. A
    // read failure is no broken game: finish() reports it.
    if (in_.bad()) return false;
    Diagnostic d = std::move(err_);
    err_ = Diagnostic{};
    err_.file = d.file;
    if (!visitor_.error(d)) {
      err_ = std::move(d);
      return false;
    }
    if (cut) {
      pos_ = end;
      at(raw_size_);
      cur_ = gcur_;
    } else if (!resync(start)) {
      ended_ = true;
    }
    return true;
  }

  /// rec_ as GameRecord{}, but its main line keeps the Nodes of the last
  /// game for the quick path to reuse (it drops those left over), and its
  /// tags their room: no Node is built or destroyed per move when the
  /// visitor leaves the record it is given, as validate -j 1 does. A
  /// visitor that takes the record leaves an empty main line: room is then
  /// made for as many moves as the last game had.
  void new_game() {
    Line kept = std::move(rec_.moves);
    std::vector<TagPair> tags = std::move(rec_.tags);
    tags.clear();
    rec_ = GameRecord{};
    if (kept.capacity() == 0) kept.reserve(last_moves_);
    rec_.moves = std::move(kept);
    rec_.tags = std::move(tags);
  }

  /// After an XML error in the game at `start`: moves pos_ to the next
  /// "<game" start tag or "</beyt"; false if the input ends first.
  bool resync(std::size_t start) {
    pos_ = start + 1;
    for (;;) {
      const std::size_t i = find_open(pos_);
      if (i == std::string::npos) {
        pos_ = buf_.size();
        return false;
      }
      pos_ = i;
      if (starts(i, "</beyt")) return true;
      if (starts(i, "<game") && have(i, 6) &&
          (is_xml_space(buf_[i + 5]) || buf_[i + 5] == '>' || buf_[i + 5] == '/'))
        return true;
      pos_ = i + 1;
      compact();
    }
  }

  /// Cuts, checks and parses the game at `start` into `rec`; `end` is just
  /// past it. `cut`: the game's end is certain (its XML is well formed).
  bool read_one(std::size_t start, std::size_t& end, bool& cut, GameRecord& rec) {
    // Quick path: a game in the plain form quick() reads (see there), which
    // finds the game's end itself. Fast path: the game ends at the first
    // "</game>" when the bytes up to it parse as one element (the scanner
    // would end it there too). Else (a "</game>" in a comment, CDATA or
    // attribute, a nested <game>, an error, the end not read yet) the
    // scanner cuts the game.
    for (;;) {
      raw_ = buf_.data() + start;
      raw_size_ = buf_.size() - start;
      const Quick q = quick(rec);
      if (q == Quick::yes) {
        end = start + raw_size_;
        cut = true;
        return true;
      }
      // A game cut by the end of the buffer: read on (a bounded stretch,
      // so that memory stays flat), and try again.
      if (q == Quick::no || buf_.size() - start >= kQuickMax || !fill()) break;
    }
    rec = GameRecord{};
    end = first_game_end(start);
    // The same for the fast path: read on to the game's "</game>".
    for (std::size_t from = start; end == std::string::npos && buf_.size() - start < kQuickMax;) {
      from = buf_.size() > start + 6 ? buf_.size() - 6 : start;
      if (!fill()) break;
      end = first_game_end(from);
    }
    raw_no_cr_ = false;
    bool parsed = false;
    bool simple = false;  // plain() and ascii_without_references()
    if (end != std::string::npos) {
      raw_ = buf_.data() + start;
      raw_size_ = end - start;
      simple = plain();
      if (parse(simple ? kPlainFlags : kFlags)) {
        const pugi::xml_node first = doc_.first_child();
        parsed = first.type() == pugi::node_element && !first.next_sibling();
      }
      simple = simple && parsed && ascii_without_references();
    }
    if (simple) {
      raw_no_cr_ = std::memchr(raw_, '\r', raw_size_) == nullptr;
      // read_game() checks the attributes it reads (a duplicate, a '<' in
      // a value); where it finds the game no record, a fault of the XML
      // anywhere in it comes first (E160).
      cut = true;
      const pugi::xml_node g = doc_.first_child();
      const std::ptrdiff_t goff = g.offset_debug();
      doc_base_ = goff >= 0 ? g.name() - goff : nullptr;
      check_attributes_ = true;
      const bool read = read_game(g, rec);
      check_attributes_ = false;
      if (read) return true;
      if (err_.code != Code::xml_syntax) {
        path_.resize(game_path_);
        const std::uint32_t turn = turn_;
        Diagnostic first = std::move(err_);
        turn_ = 0;
        if (dom_wellformed(g)) {
          err_ = std::move(first);
          turn_ = turn;
        }
      }
      return false;
    }
    bool complete = true;
    if (!parsed) {
      end = element_end(start);
      complete = end != std::string::npos;
      if (!complete) end = buf_.size();
      raw_ = buf_.data() + start;
      raw_size_ = end - start;
    }
    // What pugixml does not check: everything XML 1.0 calls not
    // well-formed, and the character policy (xml_wellformed.hpp).
    std::size_t closed = 0;
    markup_.clear();
    raw_no_cr_ = std::memchr(raw_, '\r', raw_size_) == nullptr;
    if (xml_wf::Problem p = xml_wf::element(raw_, raw_size_, closed, &markup_)) {
      // The game's end is certain where pugixml found it, or where the
      // fault is a character's alone; else the next <game> is looked for.
      cut = parsed || (complete && p.code != Code::xml_syntax);
      return fail(p.code, at(p.at), std::move(p.reason));
    }
    if (closed == 0) return fail(Code::xml_syntax, at(raw_size_), "unexpected end of input: <game> is not closed");
    cut = true;
    if (closed != raw_size_) {  // the scanner is the judge (never so on well-formed input)
      end = start + closed;
      raw_size_ = closed;
      parsed = false;
    }
    if (!parsed) {
      pugi::xml_parse_result r = parse(kFlags);
      if (!r) {
        const std::size_t off = std::min<std::size_t>(static_cast<std::size_t>(r.offset), raw_size_);
        return fail(Code::xml_syntax, at(off), parse_reason(r));
      }
    }
    if (!markup_.empty() && !markup_in_game()) return false;
    const pugi::xml_node g = doc_.first_child();
    // The parse buffer, as pugixml counts offsets (names and values point into it).
    const std::ptrdiff_t goff = g.offset_debug();
    doc_base_ = goff >= 0 ? g.name() - goff : nullptr;
    return read_game(g, rec);
  }

  // --- the quick path ---
  //
  // Most games are written as `beyt generate` and XmlWriter write them: tags,
  // moves without annotations, a result; one element to a line, every
  // character printable ASCII. quick() reads such a game straight from the
  // raw bytes, without pugixml: it takes a strict form only (below) and
  // hands anything else back, untouched, to the full path (pugixml), which
  // also makes every diagnostic: quick() never reports an error. In that
  // form the full path would read the same record at the same places:
  //   * every byte is printable ASCII (0x20-0x7E) or LF, with no '&' (no
  //     entity or character reference), LF only between elements: so
  //     the well-formedness checks (xml_wellformed.hpp) and chars::check() pass, pugixml's end-of-line and
  //     attribute-whitespace conversions change nothing, and a place's
  //     column is its byte distance from the last LF;
  //   * <game> without attributes, then blanks (' ', LF) between:
  //     <tag name="NAME">TEXT</tag>*, <comment>TEXT</comment>*,
  //     <moves> <move text="TEXT"/>* </moves>,
  //     <result>TEXT</result>, "</game" blanks ">" (the game's end: the
  //     first "</game" after its start, as no text or attribute value of
  //     this form holds a '<'), each written exactly so (no other
  //     attribute, quote or spacing);
  //   * the checks the full path makes on these values pass (tag name and
  //     value, no duplicate tag, comment, move text, result token).
  // A main-line move's place is kept as numbers (SourceLoc::Base::xml_move),
  // by both paths; the main line reuses the last game's Nodes (new_game()).

  /// Games longer than this (bytes) are left to the full path when their
  /// end is not in the buffer yet.
  static constexpr std::size_t kQuickMax = 1024 * 1024;

  struct Pos;  // a place (below)

  /// `l` for the quick path: `step` and (if nonzero) "N]" after it.
  void quick_loc(SourceLoc& l, const Pos& p, SourceLoc::Base base, std::string_view step, std::uint32_t n) const {
    l.line = p.line;
    l.column = p.column;
    l.offset = p.offset;
    l.game = games_;
    l.base = base;
    char buf[32];
    // std::copy, not memcpy: `step` may be empty with a null data() (the
    // game's own place), which memcpy may not be given.
    char* e = std::copy(step.begin(), step.end(), buf);
    if (n != 0) {
      e = std::to_chars(e, buf + sizeof buf - 1, n).ptr;
      *e++ = ']';
    }
    l.pointer.assign(buf, static_cast<std::size_t>(e - buf));
  }

  /// What quick() made of the bytes from the game's start to the end of
  /// the buffer: the game, read (raw_size_ is now its length); not the
  /// quick path's form; or not sure yet, as the buffer ends first.
  enum class Quick : std::uint8_t { yes, no, more };

  /// The end of the move text that starts at p[i] (the index of its closing
  /// '"'), in one pass that also tells whether move_text_problem() has
  /// nothing against the text: true in `plain` if every byte is printable
  /// ASCII, no blank and no character of the notation's own, and the text
  /// does not start like a result token or a turn number (it has no '.'
  /// and is no result token where it starts with a digit or '*'). False
  /// means "look closer", not "bad". npos at a byte no move text of the
  /// quick path holds ('&', '<', a control character, non-ASCII), or at
  /// the end of the buffer (`short_` is then set).
  static std::size_t move_text_end(const char* p, std::size_t i, std::size_t n, bool& plain, bool& short_) noexcept {
    // kPlain: a byte a move text may hold; kDot: '.'; kQuote: the end; kOdd: one that is plain
    // in XML but not in a move text (looked at closer); 0: one the quick path does not take
    enum : std::uint8_t { kWrong = 0, kPlain = 1, kDot = 3, kOdd = 4, kQuote = 8 };
    static constexpr auto kByte = [] {
      std::array<std::uint8_t, 256> t{};
      for (unsigned c = 0x20; c < 0x7F; ++c) t[c] = kPlain;
      for (const unsigned char c : std::string_view(" []{}();$%!?")) t[c] = kOdd;
      t['.'] = kDot;
      t['"'] = kQuote;
      t['&'] = t['<'] = kWrong;
      return t;
    }();
    unsigned all = kPlain, any = 0;
    const std::size_t from = i;
    for (;; ++i) {
      if (i == n) {
        short_ = true;
        return std::string::npos;
      }
      const unsigned t = kByte[static_cast<unsigned char>(p[i])];
      if (t == kQuote) break;
      if (t == kWrong) return std::string::npos;
      all &= t;
      any |= t;
    }
    const std::string_view text(p + from, i - from);
    plain = !text.empty() && all == kPlain &&
            (text[0] > '9' ||
             ((any & 2) == 0 && text != "1-0" && text != "0-1" && text != "1/2-1/2" && text != "*"));
    return i;
  }

  /// Reads the bytes from raw_ to the end of the buffer into `rec` if they
  /// start with a game in the quick path's form (above): Quick::yes, and
  /// raw_size_ is the game's length. Else (rec half filled, nothing else
  /// changed) Quick::no, or Quick::more if the buffer ends before the game
  /// does (read on and ask again). `rec` comes as new_game() left it.
  Quick quick(GameRecord& rec) {
    const char* const p = raw_;
    const std::size_t n = raw_size_;
    constexpr std::size_t npos = std::string::npos;
    std::size_t i = 0;
    bool short_ = false;  // a test ran into the end of the buffer
    std::uint32_t line = game_start_.line;
    // the column of byte o is o - ls: ls is the last LF's index, or before 0
    std::int64_t ls = -static_cast<std::int64_t>(game_start_.column);
    const auto pos = [&](std::size_t o) {
      return Pos{game_start_.offset + o, line, static_cast<std::uint32_t>(static_cast<std::int64_t>(o) - ls)};
    };
    const auto lit = [&]<std::size_t N>(const char (&s)[N]) {  // a literal: memcmp of a known size, inlined
      if (n - i < N - 1) {
        short_ = true;
        return false;
      }
      if (std::memcmp(p + i, s, N - 1) != 0) return false;
      i += N - 1;
      return true;
    };
    const auto space = [&]() __attribute__((always_inline)) {
      while (i < n) {
        if (p[i] == '\n') {
          ++line;
          ls = static_cast<std::int64_t>(i);
        } else if (p[i] != ' ') {
          return;
        }
        ++i;
        if constexpr (kLittle) {  // an indent: 8 bytes at a time to its end
          for (; n - i >= 8; i += 8) {
            if (const std::uint64_t other = ~bytes_equal(load8(p + i), ' ') & kHigh; other != 0) {
              i += first_byte(other);
              break;
            }
          }
        }
      }
    };
    // index of the first `stop` from i, over printable ASCII but '&' and '<'; npos if none. In
    // text (stop '<') a '>' is left to the full path too, which looks for "]]>" there.
    const auto run = [&](char stop) {
      const unsigned char odd = stop == '<' ? '>' : '<';
      std::size_t j = i;
      if constexpr (kLittle) {  // 8 bytes at a time: printable ASCII (below) and no '&' or `odd`
        for (; n - j >= 8; j += 8) {
          const std::uint64_t w = load8(p + j);
          const std::uint64_t stops = bytes_equal(w, static_cast<unsigned char>(stop));
          // the first marked byte is exact (a borrow or carry only marks bytes after it)
          const std::uint64_t wrong = (((w - kOnes * 0x20) & ~w) | ((w + kOnes) | w) | bytes_equal(w, '&') |
                                       bytes_equal(w, odd)) & kHigh;
          if (const std::uint64_t any = stops | wrong; any != 0) {
            const std::size_t k = first_byte(any);
            return ((stops >> (8 * k)) & 0x80) != 0 ? j + k : npos;
          }
        }
      }
      for (; j < n; ++j) {
        const auto c = static_cast<unsigned char>(p[j]);
        if (c == static_cast<unsigned char>(stop)) return j;
        if (c < 0x20 || c > 0x7E || c == '&' || c == '<' || c == odd) return npos;
      }
      short_ = true;
      return npos;
    };
    // `<NAME>TEXT</NAME>` from i: TEXT's start and end, or false
    const auto text_element = [&]<std::size_t N, std::size_t M>(const char (&open)[N], const char (&close)[M],
                                                              std::size_t& from, std::size_t& to) {
      if (!lit(open)) return false;
      from = i;
      to = run('<');
      if (to == npos) return false;
      i = to;
      return lit(close);
    };
    const auto no = [&] { return short_ ? Quick::more : Quick::no; };

    tag_names_.clear();
    rec.tags.clear();
    rec.comments.clear();
    if (!lit("<game>")) return no();
    quick_loc(rec.loc, pos(0), SourceLoc::Base::xml_game, {}, 0);
    std::uint32_t ntag = 0;
    for (;;) {
      space();
      const std::size_t t = i;
      if (!lit("<tag name=\"")) break;
      const std::size_t v = i;
      const std::size_t ve = run('"');
      if (ve == npos) return no();
      i = ve + 1;
      std::size_t c0, c1;
      if (!text_element(">", "</tag>", c0, c1)) return no();
      const std::string_view name(p + v, ve - v);
      const std::string_view value(p + c0, c1 - c0);
      if (!tag_name_problem(name).empty() || !tag_value_problem(value).empty() || !tag_names_.insert(name))
        return Quick::no;
      TagPair& tag = rec.tags.emplace_back();
      tag.name.assign(name);
      tag.value.assign(value);
      quick_loc(tag.loc, pos(t), SourceLoc::Base::xml_game, "/tag[", ++ntag);
      quick_loc(tag.value_loc, pos(c0), SourceLoc::Base::xml_game, "/tag[", ntag);
    }
    while (n - i >= 9 && std::memcmp(p + i, "<comment>", 9) == 0) {
      std::size_t c0, c1;
      if (!text_element("<comment>", "</comment>", c0, c1)) return no();
      const std::string_view text(p + c0, c1 - c0);
      if (!comment_problem(text).empty()) return Quick::no;
      rec.comments.emplace_back(text);
      space();
    }
    if (n - i < 9) short_ = true;  // it may be a <comment> yet
    if (!lit("<moves>")) return no();
    // The main line, in the last game's Nodes first (new_game()).
    Line& moves = rec.moves;
    std::uint32_t count = 0;
    for (;;) {
      space();
      if (!lit("<move text=\"")) break;
      const std::size_t v = i;
      bool plain = false;
      const std::size_t ve = move_text_end(p, i, n, plain, short_);
      if (ve == npos) return no();
      i = ve + 1;
      if (!lit("/>")) return no();
      const std::string_view text(p + v, ve - v);
      if (!plain && !move_text_problem(text).empty()) return Quick::no;
      const Pos at = pos(v);
      Node& node = count < moves.size() ? NodeMaker::reuse(moves[count]) : node_maker_.append(moves);
      node.move.clear();  // clear and append: cheaper than assign (no overlap to look for)
      node.move.append(text);
      node.loc.line = at.line;
      node.loc.column = at.column;
      node.loc.offset = at.offset;
      node.loc.game = games_;
      node.loc.index = count++;
      node.loc.base = SourceLoc::Base::xml_move;
    }
    if (!lit("</moves>")) return no();
    space();
    std::size_t r0, r1;
    if (!text_element("<result>", "</result>", r0, r1)) return no();
    const std::string_view result(p + r0, r1 - r0);
    if (result != "1-0" && result != "0-1" && result != "1/2-1/2" && result != "*") return Quick::no;
    rec.result.assign(result);
    quick_loc(rec.result_loc, pos(r0), SourceLoc::Base::xml_game, "/result", 0);
    space();
    if (!lit("</game")) return no();
    space();
    if (!lit(">")) return no();
    // the game is read: the record is made whole
    if (moves.size() > count) moves.erase(moves.begin() + count, moves.end());
    last_moves_ = count;
    raw_size_ = i;
    gcur_.offset = game_start_.offset + i;
    gcur_.line = line;
    gcur_.column = static_cast<std::uint32_t>(static_cast<std::int64_t>(i) - ls);
    gcur_.after_cr = false;  // the game ends with '>'
    turn_ = 0;
    return Quick::yes;
  }

  bool read_game(pugi::xml_node g, GameRecord& rec) {
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

  bool read_tag(pugi::xml_node t, GameRecord& rec) {
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

  bool read_line(pugi::xml_node parent, Line& line, std::uint32_t turn) {
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

  bool read_node(pugi::xml_node m, Node& node, std::uint32_t turn) {
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

  enum class Text { plain, comment, tag };

  /// The text of an element that holds only text (pcdata and CDATA).
  bool read_text(pugi::xml_node e, std::string& out, Text kind) {
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
  static bool blank(pugi::xml_node c, pugi::xml_node_type type) {
    return (type != pugi::node_pcdata && type != pugi::node_cdata) || all_space(c.value());
  }
  bool text_in(pugi::xml_node c, std::string_view parent) {
    return structure(text_at(c), "text in <" + std::string(parent) + ">");
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
  //
  // Every place is a function of a byte offset in the game's raw text alone,
  // so places may be asked for in any order (the cursor runs forward, and
  // starts over from the game's start for an earlier offset: errors only).

  struct Pos {
    std::uint64_t offset;
    std::uint32_t line, column;
  };

  /// Place of byte `off` of the game's raw text.
  Pos at(std::size_t off) {
    const std::size_t done = static_cast<std::size_t>(gcur_.offset - game_start_.offset);
    if (off < done) gcur_ = game_start_;
    const std::size_t from = static_cast<std::size_t>(gcur_.offset - game_start_.offset);
    if (off > from) gcur_.advance(raw_ + from, off - from, raw_no_cr_);
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
  /// The first byte of the value of attribute `value` of e: the parse is in
  /// place, so the value starts where it stood in the text.
  Pos value_at(pugi::xml_node e, const char* value) {
    if (doc_base_ != nullptr && value >= doc_base_ && value <= doc_base_ + raw_size_)
      return at(static_cast<std::size_t>(value - doc_base_));
    return attribute_at(e, "text");
  }
  /// The first byte of an attribute's value, found in the raw text.
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
    set_loc(l, p);
    return l;
  }
  /// `l` at `p`, with the path of the element being read: the part after
  /// the game (or its moves), which SourceLoc::full_pointer() completes.
  void set_loc(SourceLoc& l, const Pos& p) const {
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

  // --- errors ---

  bool fail(Code code, const Pos& p, std::string reason) {
    err_.code = code;
    err_.reason = std::move(reason);
    err_.loc = loc(p);
    err_.loc.pointer = err_.loc.full_pointer();
    err_.loc.base = SourceLoc::Base::none;
    err_.loc.game = 0;
    err_.game = games_;
    err_.turn = turn_;
    return false;
  }
  bool structure(const Pos& p, std::string reason) { return fail(Code::xml_structure, p, std::move(reason)); }

  /// A diagnostic at buffer index i, outside any game.
  Diagnostic outside(Code code, std::size_t i, std::string reason) {
    advance_cursor(i);
    Diagnostic d;
    d.file = err_.file;
    d.code = code;
    d.reason = std::move(reason);
    d.loc.line = cur_.line;
    d.loc.column = cur_.column;
    d.loc.offset = cur_.offset;
    d.loc.pointer = path_;
    return d;
  }
  /// An error at buffer index i, outside any game, that stops the reading.
  bool fail_outside(Code code, std::size_t i, std::string reason) {
    err_ = outside(code, i, std::move(reason));
    return false;
  }
  /// An error at buffer index i, outside any game, that the reader can go
  /// on from: false when the visitor stops there.
  bool outside_error(Code code, std::size_t i, std::string reason) {
    return go_past(outside(code, i, std::move(reason)));
  }
  /// An error the visitor may go past (false if it does not: err_ holds it).
  bool go_past(Diagnostic d) {
    if (visitor_.error(d)) return true;
    err_ = std::move(d);
    return false;
  }
  /// A warning (an error under strict, which the visitor may go past).
  bool warn(Diagnostic d) {
    if (options_.strict) return go_past(std::move(d));
    d.severity = Severity::warning;
    visitor_.warning(d);
    return true;
  }
  /// W101 at buffer index i: a byte-order mark between two games.
  bool byte_order_mark(std::size_t i) {
    return warn(outside(Code::byte_order_mark, i,
                        "UTF-8 byte-order mark between games, ignored (two records joined?)"));
  }
  /// W103 (its reason): a comment or processing instruction, which a
  /// record has no place for.
  static std::string dropped_reason(bool comment) {
    return std::string(comment ? "XML comment" : "XML processing instruction") +
           ": a record has no place for it, so format and convert drop it";
  }
  /// W103 for each comment and processing instruction of the game being
  /// read (strict: the game is refused for the first, and false).
  [[gnu::noinline]] bool markup_in_game() {
    for (const xml_wf::Markup& m : markup_) {
      if (options_.strict) return fail(Code::xml_markup_dropped, at(m.at), dropped_reason(m.comment));
      Diagnostic d;
      d.file = err_.file;
      d.code = Code::xml_markup_dropped;
      d.severity = Severity::warning;
      d.reason = dropped_reason(m.comment);
      d.loc = loc(at(m.at));
      d.loc.pointer = d.loc.full_pointer();
      d.loc.base = SourceLoc::Base::none;
      d.loc.game = 0;
      d.game = games_;
      visitor_.warning(d);
    }
    return true;
  }
  /// W103 at buffer index i, outside the games.
  bool dropped(std::size_t i, bool comment) {
    return warn(outside(Code::xml_markup_dropped, i, dropped_reason(comment)));
  }

  bool syntax(std::size_t i, std::string reason) { return fail_outside(Code::xml_syntax, i, std::move(reason)); }
  bool structure_at(std::size_t i, std::string reason) {
    return fail_outside(Code::xml_structure, i, std::move(reason));
  }

  std::istream& in_;
  GameVisitor& visitor_;
  ReadOptions options_;
  Diagnostic err_;
  std::string buf_;
  std::size_t pos_ = 0;     // next byte to scan in buf_
  std::uint64_t base_ = 0;  // offset of buf_[0] in the input
  bool eof_ = false;
  bool root_empty_ = false;
  std::string root_name_;   // of the document being read
  bool stopped_ = false;
  bool ended_ = false;      // a broken game ran to the end of the input
  enum class Phase : std::uint8_t { start, prolog, games, epilog, over } phase_ = Phase::start;  // resume()
  bool pause_ = false;      // resume(): stop after each game
  bool paused_ = false;     // ... and root_content() did
  TagNames tag_names_;      // of the game being read (duplicate tags)
  NodeMaker node_maker_;    // starts each move's Node
  GameRecord rec_;          // the game being read (new_game())
  std::uint32_t last_moves_ = 0;  // turns in the main line of the last game the quick path read
  Cursor cur_;              // place of some byte at or before pos_
  pugi::xml_document doc_;
  std::string scratch_;
  std::vector<xml_wf::Markup> markup_;  // the comments and PIs of the game being read
  std::string path_;
  std::size_t game_path_ = 0;  // length of the game's part of path_ ("/beyt/game[N]")
  std::uint32_t games_ = 0;
  std::uint32_t turn_ = 0;
  unsigned depth_ = 0;      // variations open around the move being read
  // the game being read
  const char* raw_ = nullptr;
  std::size_t raw_size_ = 0;
  bool raw_no_cr_ = false;  // raw_ holds no CR (known: the places are counted the quicker way)
  // read_game() checks the attributes it reads for what makes XML not
  // well-formed (a game of ASCII without references, which no byte-by-byte
  // check saw: its values are as written)
  bool check_attributes_ = false;
  const char* doc_base_ = nullptr;  // the parse buffer (scratch_), or null if unknown
  Cursor game_start_, gcur_;
};

// --- Writer -------------------------------------------------------------------

/// Escapes for text content (attribute = false) or a "..." attribute value;
/// invalid UTF-8 and what `field` may not hold (NOTATION.md section 11)
/// become U+FFFD, so that no character XML 1.0 forbids is ever written.
void put_escaped(std::string& o, std::string_view s, bool attribute, chars::Field field = chars::Field::move) {
  utf8::append_escaped(o, s, field, [attribute](std::string& out, unsigned char c) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += attribute ? "&quot;" : "\""; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      default:
        if (c < 0x20) {  // CR, and controls XML 1.0 has no place for
          out += "&#";
          out += std::to_string(c);
          out += ';';
        } else {
          out += static_cast<char>(c);
        }
    }
  });
}

void put_text_element(std::string& o, std::size_t indent, std::string_view name, std::string_view text,
                      chars::Field field = chars::Field::comment) {
  o.append(indent, ' ');
  o += '<';
  o += name;
  o += '>';
  put_escaped(o, text, false, field);
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
    put_escaped(o, tag.value, false, chars::Field::tag_value);
    o += "</tag>\n";
  }
  for (const auto& c : g.comments) put_text_element(o, 4, "comment", c);
  put_line(o, 4, "moves", g.moves);
  put_text_element(o, 4, "result", g.result, chars::Field::move);
  o += "  </game>\n";
}

}  // namespace

Diagnostic read_xml(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options) {
  Reader reader(in, file, visitor, options);
  return reader.run();
}

namespace {

/// XML pulled game by game: the Reader paused after each game it hands to
/// its visitor, here. What comes to the visitor before the pause (an error
/// outside the games the reader goes past, then a game) waits in a queue,
/// each with the warnings before it: one game at most, and the errors
/// before it.
class XmlPull final : public detail::PullReader, private GameVisitor {
 public:
  XmlPull(std::istream& in, const std::string& file, ReadOptions options) : reader_(in, file, *this, options) {}

  detail::PullStep next(GameRecord& game, Diagnostic& error, std::vector<Diagnostic>& warnings, bool) override {
    while (queue_.empty() && reader_.resume()) {
    }
    if (!queue_.empty()) {
      Item& item = queue_.front();
      for (Diagnostic& w : item.warnings) warnings.push_back(std::move(w));
      index_ = item.index;
      const detail::PullStep step = item.step;
      if (step == detail::PullStep::game) std::swap(game, item.game);
      else error = std::move(item.error);
      queue_.pop_front();
      return step;
    }
    for (Diagnostic& w : warnings_) warnings.push_back(std::move(w));
    warnings_.clear();
    if (!over_) {
      over_ = true;
      end_ = reader_.finish();
    }
    error = end_;
    return end_ ? detail::PullStep::stop : detail::PullStep::end;
  }

  std::uint32_t index() const noexcept override { return index_; }

 private:
  struct Item {
    detail::PullStep step;
    std::uint32_t index;
    GameRecord game;
    Diagnostic error;
    std::vector<Diagnostic> warnings;  // before it
  };

  bool game(GameRecord&& record, std::uint32_t index) override {
    queue_.push_back(Item{detail::PullStep::game, index, std::move(record), {}, std::move(warnings_)});
    warnings_.clear();
    return true;
  }
  bool error(const Diagnostic& d) override {
    queue_.push_back(Item{detail::PullStep::error, d.game, {}, d, std::move(warnings_)});
    warnings_.clear();
    return true;
  }
  void warning(const Diagnostic& w) override { warnings_.push_back(w); }

  Reader reader_;
  std::deque<Item> queue_;
  std::vector<Diagnostic> warnings_;  // met since the last game or error
  std::uint32_t index_ = 0;
  bool over_ = false;
  Diagnostic end_;
};

}  // namespace

std::unique_ptr<detail::PullReader> detail::pull_xml(std::istream& in, const std::string& file, ReadOptions options) {
  return std::make_unique<XmlPull>(in, file, options);
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
