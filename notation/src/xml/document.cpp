// XML records (reader.hpp): the buffer the games are cut from, and the
// document around the games: the XML declaration, the root element <beyt>,
// what stands between the games, and what follows the root.
#include "reader.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace beyt::notation {
using namespace xml_impl;
namespace {

constexpr std::size_t kChunk = 64 * 1024;

using scan::bytes_equal;
using scan::first_byte;
using scan::kLittle;
using scan::load8;

}  // namespace

// --- the buffer ---

bool Reader::fill() {
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
bool Reader::have(std::size_t i, std::size_t n) {
  while (buf_.size() < i + n)
    if (!fill()) return false;
  return true;
}

bool Reader::starts(std::size_t i, std::string_view s) {
  return have(i, s.size()) && buf_.compare(i, s.size(), s) == 0;
}

/// Index of `s` at or after i, reading on as needed; npos at the end.
std::size_t Reader::find(std::string_view s, std::size_t i) {
  for (;;) {
    const std::size_t at = buf_.find(s, i);
    if (at != std::string::npos) return at;
    if (buf_.size() >= s.size()) i = std::max(i, buf_.size() - s.size() + 1);
    if (!fill()) return std::string::npos;
  }
}

/// Index of the '>' that ends the tag starting at i (quotes skipped).
std::size_t Reader::tag_end(std::size_t i) {
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
bool Reader::skip_space() {
  for (;;) {
    while (pos_ < buf_.size() && is_xml_space(buf_[pos_])) ++pos_;
    if (pos_ < buf_.size()) return true;
    if (!fill()) return false;
  }
}

/// Skips a comment or processing instruction at pos_ (checked: they are
/// well-formed), with warning W103 (the record model has no place for
/// them); false if it is none, or at an error.
bool Reader::skip_misc() {
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
bool Reader::declaration() {
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
void Reader::advance_cursor(std::size_t i) {
  const std::size_t from = static_cast<std::size_t>(cur_.offset - base_);
  if (i > from) cur_.advance(buf_.data() + from, i - from);
}

void Reader::compact() {
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

bool Reader::prolog() {
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

bool Reader::root_tag() {
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

bool Reader::root_content() {
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
bool Reader::root_text() {
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
bool Reader::other_element(const std::string& name) {
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
bool Reader::epilog() {
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
std::size_t Reader::find_open(std::size_t i) {
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
std::size_t Reader::element_end(std::size_t i) {
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

}  // namespace beyt::notation
