// The well-formedness checks of XML 1.0 the XML reader makes itself
// (xml_wellformed.hpp): one pass over the bytes, with a stack of the open
// elements' names. Productions cited are XML 1.0 (Fifth Edition)'s.
#include "xml_wellformed.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <unordered_set>
#include <vector>

#include "beyt/chars.hpp"
#include "scan.hpp"

namespace beyt::notation::xml_wf {
namespace {

using scan::bytes_equal;
using scan::kHigh;
using scan::kLittle;
using scan::kOnes;
using scan::load8;

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
constexpr std::array<bool, 256> kSpace = [] {
  std::array<bool, 256> t{};
  t[' '] = t['\t'] = t['\n'] = t['\r'] = true;
  return t;
}();

/// NameStartChar and NameChar (productions [4], [4a]) beyond ASCII.
bool name_start(char32_t c) noexcept {
  return (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) ||
         (c >= 0x370 && c <= 0x37D) || (c >= 0x37F && c <= 0x1FFF) || (c >= 0x200C && c <= 0x200D) ||
         (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF) ||
         (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0xEFFFF);
}
bool name_char(char32_t c) noexcept {
  return name_start(c) || c == 0xB7 || (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
}
/// Each byte as a name's: kStart may start a name, kMore may go on with one,
/// kWide starts a character beyond ASCII (looked at closer).
enum : std::uint8_t { kStart = 1, kMore = 2, kWide = 4 };
constexpr std::array<std::uint8_t, 256> kName = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned c = 'A'; c <= 'Z'; ++c) t[c] = kStart | kMore;
  for (unsigned c = 'a'; c <= 'z'; ++c) t[c] = kStart | kMore;
  t['_'] = t[':'] = kStart | kMore;
  for (unsigned c = '0'; c <= '9'; ++c) t[c] = kMore;
  t['-'] = t['.'] = kMore;
  for (unsigned c = 0x80; c < 0x100; ++c) t[c] = kWide;
  return t;
}();

/// Byte classes of a scanning loop: 0 a printable ASCII character (or TAB,
/// LF, CR) that goes on, 1 a byte that stops it, 2 one to look at closer
/// (a control character, DEL, a byte of a multibyte character).
/// The bytes that stop the loop are one to three (a, b, c; repeated when
/// fewer), for the 8-bytes-at-a-time test.
struct Classes {
  std::array<std::uint8_t, 256> of{};
  unsigned char a = 0, b = 0, c = 0;
};
constexpr Classes classes(std::string_view stops) {
  Classes t{};
  for (unsigned c = 0; c < 256; ++c) t.of[c] = (c < 0x20 || c >= 0x7F) ? 2 : 0;
  t.of['\t'] = t.of['\n'] = t.of['\r'] = 0;
  for (const char c : stops) t.of[static_cast<unsigned char>(c)] = 1;
  t.a = static_cast<unsigned char>(stops[0]);
  t.b = static_cast<unsigned char>(stops[stops.size() > 1 ? 1 : 0]);
  t.c = static_cast<unsigned char>(stops[stops.size() > 2 ? 2 : 0]);
  return t;
}
constexpr Classes kContent = classes("<&]");
constexpr Classes kDoubleQuoted = classes("\"<&");
constexpr Classes kSingleQuoted = classes("'<&");
constexpr Classes kCommentText = classes("-");
constexpr Classes kPi = classes("?");
constexpr Classes kCdata = classes("]");

/// The predefined entities (section 4.6): the only ones without a DTD.
bool predefined(std::string_view name) noexcept {
  return name == "lt" || name == "gt" || name == "amp" || name == "apos" || name == "quot";
}

/// `s` cut to a length fit for a message.
std::string shown(std::string_view s) {
  constexpr std::size_t kMax = 24;
  if (s.size() <= kMax) return std::string(s);
  std::size_t cut = kMax;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // a whole character
  return std::string(s.substr(0, cut)) + "...";
}

class Scanner {
 public:
  Scanner(const char* p, std::size_t n) : p_(p), n_(n) {}

  Problem problem;
  Problem policy;  // the first character a record may not hold (E110), when the XML is well-formed
  std::vector<Markup>* markup = nullptr;  // the comments and PIs met, if wanted
  bool cut = false;  // the bytes ended inside a construct
  std::size_t i = 0;

  // --- elements ---

  /// The element at i, whole; false at a problem or a cut.
  bool element() {
    if (!start_tag()) return false;
    while (!open_.empty()) {
      if (!text(kContent)) return false;
      if (i == n_) return end_of_bytes();
      const char c = p_[i];
      if (c == ']') {
        if (!close_brackets()) return false;
        continue;
      }
      if (c == '&') {
        if (!reference()) return false;
        continue;
      }
      // '<'
      if (i + 1 >= n_) return end_of_bytes();
      const char next = p_[i + 1];
      bool ok;
      if (next == '/') ok = end_tag();
      else if (next == '!') ok = bang();
      else if (next == '?') ok = pi();
      else ok = start_tag();
      if (!ok) return false;
    }
    return true;
  }

  /// Character data alone (no '<' is expected: one is a problem).
  bool char_data() {
    for (;;) {
      if (!text(kContent)) return false;
      if (i == n_) return true;
      const char c = p_[i];
      if (c == ']') {
        if (!close_brackets()) return false;
      } else if (c == '&') {
        if (!reference()) return false;
      } else {
        return fail(i, "'<' in text");
      }
    }
  }

  /// A start tag at i ('<'): STag or EmptyElemTag (productions [40], [44]).
  bool start_tag() {
    const std::size_t lt = i++;
    std::string_view element;
    if (!need_name(element, lt, "'<' that starts no element, comment or other markup: a '<' in text is written &lt;"))
      return false;
    attributes_.clear();
    if (!hashed_.empty()) hashed_.clear();
    for (;;) {
      const std::size_t blank = i;
      while (i < n_ && kSpace[static_cast<unsigned char>(p_[i])]) ++i;
      if (i >= n_) return end_of_bytes();
      const char c = p_[i];
      if (c == '>') {
        ++i;
        open_.push_back(element);
        return true;
      }
      if (c == '/') {
        if (i + 1 >= n_) return end_of_bytes();
        if (p_[i + 1] != '>')
          return fail(i, "'/' not followed by '>' in the start tag of <" + shown(element) + ">");
        i += 2;
        return true;
      }
      if (i == blank)
        return fail(i, "expected a blank, '>' or '/>' in the start tag of <" + shown(element) + ">");
      const std::size_t at = i;
      std::string_view attribute;
      if (!name(attribute)) {
        if (problem) return false;
        return fail(at, "expected an attribute name, '>' or '/>' in the start tag of <" + shown(element) + ">");
      }
      while (i < n_ && is_space(p_[i])) ++i;
      if (i >= n_) return end_of_bytes();
      if (p_[i] != '=')
        return fail(i, "attribute " + shown(attribute) + " has no '=' and value (write " + shown(attribute) +
                           "=\"...\")");
      ++i;
      while (i < n_ && is_space(p_[i])) ++i;
      if (i >= n_) return end_of_bytes();
      const char quote = p_[i];
      if (quote != '"' && quote != '\'')
        return fail(i, "the value of attribute " + shown(attribute) + " is not in quotes");
      ++i;
      for (;;) {
        if (!text(quote == '"' ? kDoubleQuoted : kSingleQuoted)) return false;
        if (i >= n_) return end_of_bytes();
        const char v = p_[i];
        if (v == quote) break;
        if (v == '<') return fail(i, "'<' in the value of attribute " + shown(attribute) + ": write &lt;");
        if (!reference()) return false;
      }
      ++i;
      if (!unique(attribute)) return fail(at, "duplicate attribute " + shown(attribute) + " on <" + shown(element) + ">");
    }
  }

  // --- the other markup ---

  /// A comment at i ("<!--", production [15]).
  bool comment() {
    const std::size_t start = i;
    i += 4;
    for (;;) {
      if (!text(kCommentText)) return false;
      if (i + 1 >= n_) return end_of_bytes();
      if (p_[i + 1] != '-') {
        ++i;
        continue;
      }
      if (i + 2 >= n_) return end_of_bytes();
      if (p_[i + 2] != '>') return fail(i, "'--' inside a comment (a comment may hold no two hyphens running)");
      i += 3;
      if (markup != nullptr) markup->push_back({start, true});
      return true;
    }
  }

  /// A processing instruction at i ("<?", productions [16], [17]).
  bool pi() {
    const std::size_t start = i;
    i += 2;
    std::string_view target;
    if (!need_name(target, i, "a processing instruction without a target name ('<?' must be followed by a name)"))
      return false;
    if (target.size() == 3 && (target[0] | 0x20) == 'x' && (target[1] | 0x20) == 'm' && (target[2] | 0x20) == 'l')
      return fail(start, target == "xml" ? "an XML declaration ('<?xml ...?>') may stand only at the very start of the document"
                                         : "processing instruction target " + std::string(target) + " is reserved");
    if (i + 1 >= n_) return end_of_bytes();
    if (p_[i] == '?' && p_[i + 1] == '>') {
      i += 2;
      if (markup != nullptr) markup->push_back({start, false});
      return true;
    }
    if (!is_space(p_[i]))
      return fail(i, "expected a blank or '?>' after the processing instruction's target " + shown(target));
    for (;;) {
      if (!text(kPi)) return false;
      if (i + 1 >= n_) return end_of_bytes();
      if (p_[i + 1] == '>') {
        i += 2;
        if (markup != nullptr) markup->push_back({start, false});
        return true;
      }
      ++i;
    }
  }

  /// A CDATA section at i ("<![CDATA[", production [18]).
  bool cdata_section() {
    i += 9;
    for (;;) {
      if (!text(kCdata)) return false;
      if (i + 2 >= n_) return end_of_bytes();
      if (p_[i + 1] == ']' && p_[i + 2] == '>') {
        i += 3;
        return true;
      }
      ++i;
    }
  }

  /// The XML declaration (production [23]); its encoding in `encoding`.
  bool declaration(std::string& encoding) {
    i = 5;  // "<?xml"
    std::string_view value;
    if (!pseudo_attribute("version", value, true)) return false;
    if (value.size() < 3 || value.substr(0, 2) != "1." ||
        !std::all_of(value.begin() + 2, value.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return fail(offset(value), "XML version " + shown(value) + " is not 1.0 (nor any other 1.x)");
    const std::size_t before = i;
    if (pseudo_attribute("encoding", value, false)) {
      if (value.empty() || !((value[0] | 0x20) >= 'a' && (value[0] | 0x20) <= 'z') ||
          !std::all_of(value.begin(), value.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'; }))
        return fail(offset(value), "encoding name " + shown(value) + " is not well formed");
      encoding.assign(value);
    } else if (problem) {
      return false;
    } else {
      i = before;
    }
    const std::size_t after = i;
    if (pseudo_attribute("standalone", value, false)) {
      if (value != "yes" && value != "no")
        return fail(offset(value), "standalone is " + shown(value) + ", not yes or no");
    } else if (problem) {
      return false;
    } else {
      i = after;
    }
    while (i < n_ && is_space(p_[i])) ++i;
    if (i + 2 != n_ || p_[i] != '?' || p_[i + 1] != '>')
      return fail(i, "expected '?>' to end the XML declaration (version, encoding and standalone, in that order)");
    i = n_;
    return true;
  }

  bool fail(std::size_t at, std::string reason, Code code = Code::xml_syntax) {
    problem.at = at;
    problem.code = code;
    problem.reason = std::move(reason);
    return false;
  }

 private:
  /// The bytes end here, inside a construct.
  bool end_of_bytes() {
    cut = true;
    i = n_;
    return false;
  }

  /// Advances i over characters of class 0 and checks those of class 2, up
  /// to a byte of class 1 or the end of the bytes.
  bool text(const Classes& cls) {
    const auto* p = reinterpret_cast<const unsigned char*>(p_);
    for (;;) {
      // Most runs are short (an indent, a move's text): a byte at a time
      // first, then 8 at a time.
      const std::size_t first = std::min(n_, i + 16);
      std::size_t j = i;
      while (j < first && cls.of[p[j]] == 0) ++j;
      i = j;
      if (j < first) {
        if (cls.of[p[j]] == 1) return true;
        if (!character()) return false;
        continue;
      }
      if constexpr (kLittle) {
        // 8 bytes at a time while they are printable ASCII (LF read as a blank) and none stops
        while (n_ - i >= 8) {
          std::uint64_t w = load8(p_ + i);
          const std::uint64_t stop = bytes_equal(w, cls.a) | bytes_equal(w, cls.b) | bytes_equal(w, cls.c);
          const std::uint64_t nl = (bytes_equal(w, '\n') >> 7) * 0xFF;
          w ^= nl & (kOnes * ('\n' ^ ' '));
          if ((stop | ((w - kOnes * 0x20) & ~w) | ((w + kOnes) | w)) & kHigh) break;
          i += 8;
        }
      }
      for (; i < n_; ++i) {
        const std::uint8_t k = cls.of[static_cast<unsigned char>(p_[i])];
        if (k == 1) return true;
        if (k == 2) break;
      }
      if (i >= n_) return true;
      if (!character()) return false;
    }
  }

  /// The character at i, which is not plain ASCII: its bytes valid UTF-8
  /// (E101), a Char of XML (E160, production [2]) that a record may hold
  /// (E110). Moves past it.
  bool character() {
    const auto c = static_cast<unsigned char>(p_[i]);
    if (c < 0x80) {
      if (c != 0x7F) return fail(i, "control character " + chars::describe(c) + ": XML 1.0 has no place for it");
      refuse(i, "control character " + chars::describe(c) + ": no record may hold it (NOTATION.md section 11)");
      ++i;
      return true;
    }
    char32_t cp = 0;
    const std::size_t len = chars::decode(reinterpret_cast<const unsigned char*>(p_ + i), n_ - i, cp);
    if (len == 0) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      return fail(i,
                  std::string("invalid UTF-8: byte 0x") + kHex[c >> 4] + kHex[c & 15] +
                      " does not start a valid UTF-8 sequence here",
                  Code::bad_utf8);
    }
    if (cp == 0xFFFE || cp == 0xFFFF)
      return fail(i, "character " + chars::describe(cp) + ": XML 1.0 has no place for it");
    if (!chars::allowed(cp, chars::Field::comment))
      refuse(i, (chars::is_control(cp) ? "control character " : "character ") + chars::describe(cp) +
                    ": no record may hold it (NOTATION.md section 11)");
    i += len;
    return true;
  }

  /// E110 at `at` (the first one is kept), for a character XML allows but
  /// no record may hold: the scan goes on, since the XML may yet turn out
  /// not well-formed (E160 comes first).
  void refuse(std::size_t at, std::string reason) {
    if (policy) return;
    policy.at = at;
    policy.code = Code::bad_character;
    policy.reason = std::move(reason);
  }

  /// A Name at i (production [5]), read up to the first byte that is no
  /// name character or the end of the bytes; false, with no problem, if
  /// none starts there (a problem for invalid UTF-8 or a character XML
  /// allows in no name).
  bool name(std::string_view& out) {
    const std::size_t start = i;
    const auto* p = reinterpret_cast<const unsigned char*>(p_);
    if (i < n_ && (kName[p[i]] & kStart) != 0) {  // ASCII, as most names are
      std::size_t j = i + 1;
      while (j < n_ && (kName[p[j]] & kMore) != 0) ++j;
      i = j;
      if (j == n_ || (kName[p[j]] & kWide) == 0) {
        out = std::string_view(p_ + start, j - start);
        return true;
      }
    }
    while (i < n_) {
      const auto c = static_cast<unsigned char>(p_[i]);
      const bool first = i == start;
      const std::uint8_t k = kName[c];
      if ((k & kWide) == 0) {
        if ((k & (first ? kStart : kMore)) == 0) break;
        ++i;
        continue;
      }
      char32_t cp = 0;
      const std::size_t len = chars::decode(reinterpret_cast<const unsigned char*>(p_ + i), n_ - i, cp);
      if (len == 0) return character();  // the UTF-8 problem
      if (!(first ? name_start(cp) : name_char(cp))) {
        if (first) break;
        return fail(i, "character " + chars::describe(cp) + " in the name " + shown({p_ + start, i - start}) +
                           ": XML allows no such character in a name");
      }
      i += len;
    }
    if (i == start) return false;
    out = std::string_view(p_ + start, i - start);
    return true;
  }

  /// A name that must stand at i: false at a problem, at the end of the
  /// bytes (a cut), or when none stands there (`missing`, reported at `at`).
  bool need_name(std::string_view& out, std::size_t at, const char* missing) {
    if (name(out)) return true;
    if (problem) return false;
    if (i >= n_) return end_of_bytes();
    return fail(at, missing);
  }

  /// A reference at i ('&': productions [66], [68]); a character
  /// reference must stand for a Char (and one a record may hold).
  bool reference() {
    const std::size_t amp = i;
    std::size_t j = i + 1;
    if (j < n_ && p_[j] == '#') {
      ++j;
      const bool hex = j < n_ && p_[j] == 'x';
      if (hex) ++j;
      const std::size_t first = j;
      std::uint32_t v = 0;
      for (; j < n_; ++j) {
        const char c = p_[j];
        std::uint32_t d;
        if (c >= '0' && c <= '9') d = static_cast<std::uint32_t>(c - '0');
        else if (hex && c >= 'a' && c <= 'f') d = static_cast<std::uint32_t>(c - 'a' + 10);
        else if (hex && c >= 'A' && c <= 'F') d = static_cast<std::uint32_t>(c - 'A' + 10);
        else break;
        v = std::min<std::uint32_t>(v * (hex ? 16 : 10) + d, 0x110000);
      }
      if (j == first || j >= n_ || p_[j] != ';')
        return fail(amp, "character reference " + shown({p_ + amp, std::min(j + 1, n_) - amp}) +
                             " is not well formed (write &#NNN; or &#xHHH;, with its ';')");
      const std::string ref(p_ + amp, j + 1 - amp);
      const char32_t cp = v;
      const bool xml_char = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
                            (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
      if (!xml_char)
        return fail(amp, "character reference " + shown(ref) + " stands for " +
                             (cp > 0x10FFFF ? std::string("no character") : chars::describe(cp)) +
                             ": XML 1.0 has no place for it");
      if (!chars::allowed(cp, chars::Field::comment))
        refuse(amp, "character reference " + shown(ref) + " stands for " + chars::describe(cp) +
                        ": no record may hold it (NOTATION.md section 11)");
      i = j + 1;
      return true;
    }
    i = j;
    std::string_view entity;
    if (!name(entity)) {
      if (problem) return false;
      return fail(amp, "a bare '&': an ampersand is written &amp;");
    }
    if (i >= n_ || p_[i] != ';')
      return fail(amp, "entity reference &" + shown(entity) + " without its ';' (an ampersand is written &amp;)");
    if (!predefined(entity))
      return fail(amp, "undeclared entity &" + shown(entity) +
                           "; (a record has no DTD: the entities are &lt; &gt; &amp; &apos; &quot;)");
    ++i;
    return true;
  }

  /// A ']' in text at i: "]]>" may not stand there (production [14]).
  bool close_brackets() {
    if (i + 2 < n_ && p_[i + 1] == ']' && p_[i + 2] == '>') return fail(i, "']]>' in text: write ]]&gt;");
    if (i + 2 >= n_ && (i + 1 >= n_ || p_[i + 1] == ']')) return end_of_bytes();
    ++i;
    return true;
  }

  /// An end tag at i ("</", production [42]): it closes the innermost
  /// open element.
  bool end_tag() {
    const std::size_t lt = i;
    i += 2;
    std::string_view element;
    if (!need_name(element, lt, "an end tag without a name ('</' must be followed by the element's name)")) return false;
    while (i < n_ && is_space(p_[i])) ++i;
    if (i >= n_) return end_of_bytes();
    if (p_[i] != '>') return fail(i, "expected '>' to end the end tag </" + shown(element) + ">");
    ++i;
    if (element != open_.back())
      return fail(lt, "end tag </" + shown(element) + "> does not match the open element <" + shown(open_.back()) + ">");
    open_.pop_back();
    return true;
  }

  /// "<!" at i: a comment or a CDATA section.
  bool bang() {
    constexpr std::string_view kComment = "<!--", kCdataOpen = "<![CDATA[";
    const std::string_view rest(p_ + i, n_ - i);
    if (rest.substr(0, 4) == kComment) return comment();
    if (rest.substr(0, 9) == kCdataOpen) return cdata_section();
    if (kComment.substr(0, rest.size()) == rest || kCdataOpen.substr(0, rest.size()) == rest) return end_of_bytes();
    return fail(i, "'<!' that starts no comment or CDATA section (a DOCTYPE may stand only before the root element)");
  }

  /// An attribute name not yet in this start tag: true and remembered.
  bool unique(std::string_view name) {
    constexpr std::size_t kFew = 16;
    if (hashed_.empty()) {
      if (std::find(attributes_.begin(), attributes_.end(), name) != attributes_.end()) return false;
      attributes_.push_back(name);
      if (attributes_.size() <= kFew) return true;
      hashed_.insert(attributes_.begin(), attributes_.end());
      return true;
    }
    return hashed_.insert(name).second;
  }

  /// S name Eq quoted-value in the XML declaration; false with no problem
  /// when `name` is not next and not `required`.
  bool pseudo_attribute(std::string_view name, std::string_view& value, bool required) {
    const std::size_t blank = i;
    while (i < n_ && is_space(p_[i])) ++i;
    if (std::string_view(p_ + i, n_ - i).substr(0, name.size()) != name) {
      if (!required) return false;
      return fail(i, "expected version=\"1.0\" in the XML declaration");
    }
    if (i == blank) return fail(i, "expected a blank before " + std::string(name) + " in the XML declaration");
    i += name.size();
    while (i < n_ && is_space(p_[i])) ++i;
    if (i >= n_ || p_[i] != '=') return fail(i, "expected '=' after " + std::string(name) + " in the XML declaration");
    ++i;
    while (i < n_ && is_space(p_[i])) ++i;
    if (i >= n_ || (p_[i] != '"' && p_[i] != '\''))
      return fail(i, "the value of " + std::string(name) + " in the XML declaration is not in quotes");
    const char quote = p_[i++];
    const std::size_t from = i;
    while (i < n_ && p_[i] != quote) ++i;
    if (i >= n_) return fail(from - 1, "the value of " + std::string(name) + " in the XML declaration is not closed");
    value = std::string_view(p_ + from, i - from);
    ++i;
    return true;
  }

  std::size_t offset(std::string_view part) const noexcept { return static_cast<std::size_t>(part.data() - p_); }

  const char* p_;
  std::size_t n_;
  std::vector<std::string_view> open_;        // the open elements' names, innermost last
  std::vector<std::string_view> attributes_;  // of the start tag being read
  std::unordered_set<std::string_view> hashed_;  // ... when there are many
};

/// Runs `scan` over `text`, which must be all it reads.
template <typename Scan>
Problem whole(std::string_view text, std::string_view what, Scan&& scan) {
  Scanner s(text.data(), text.size());
  if (scan(s) && s.i != text.size()) s.fail(s.i, "unexpected text after " + std::string(what));
  if (s.cut && !s.problem) s.fail(0, std::string(what) + " is not closed");
  return std::move(s.problem ? s.problem : s.policy);
}

}  // namespace

Problem element(const char* p, std::size_t n, std::size_t& end, std::vector<Markup>* markup) {
  Scanner s(p, n);
  s.markup = markup;
  end = 0;
  if (s.element()) end = s.i;
  if (!s.problem && end == 0) return {};  // cut short: the caller says so first
  return std::move(s.problem ? s.problem : s.policy);
}

Problem start_tag(std::string_view tag) {
  return whole(tag, "the start tag", [](Scanner& s) { return s.start_tag(); });
}

Problem char_data(std::string_view text) {
  Scanner s(text.data(), text.size());
  s.char_data();
  return std::move(s.problem ? s.problem : s.policy);
}

Problem comment(std::string_view text) {
  return whole(text, "the comment", [](Scanner& s) { return s.comment(); });
}

Problem processing_instruction(std::string_view text) {
  return whole(text, "the processing instruction", [](Scanner& s) { return s.pi(); });
}

Problem declaration(std::string_view text, std::string& encoding) {
  return whole(text, "the XML declaration", [&](Scanner& s) { return s.declaration(encoding); });
}

Problem cdata(std::string_view text) {
  return whole(text, "the CDATA section", [](Scanner& s) { return s.cdata_section(); });
}

}  // namespace beyt::notation::xml_wf
