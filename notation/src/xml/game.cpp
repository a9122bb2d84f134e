// XML records (reader.hpp): one game, cut from the buffer (by the quick
// path, at its first "</game>", or by the scanner), checked for what XML
// 1.0 calls not well-formed, parsed by pugixml and read; after an error,
// the next game found.
#include "reader.hpp"

#include <cstring>

namespace beyt::notation {
using namespace xml_impl;
namespace {

using scan::bytes_equal;
using scan::kHigh;
using scan::kLittle;
using scan::kOnes;
using scan::load8;

}  // namespace

/// Index just past the first "</game>" in the buffer after i, or npos if
/// there is none yet (no reading: the scanner reads what it needs).
std::size_t Reader::first_game_end(std::size_t i) const {
  const std::size_t at = buf_.find("</game", i);
  if (at == std::string::npos) return at;
  for (std::size_t j = at + 6; j < buf_.size(); ++j) {
    if (buf_[j] == '>') return j + 1;
    if (!is_xml_space(buf_[j])) return std::string::npos;
  }
  return std::string::npos;
}

/// True if raw_ holds no "<!" and no "<?".
bool Reader::plain() const noexcept {
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
bool Reader::ascii_without_references() const noexcept {
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
bool Reader::dom_wellformed(pugi::xml_node root) {
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
bool Reader::attribute_wellformed(pugi::xml_node e, pugi::xml_attribute a) {
  for (pugi::xml_attribute b = e.first_attribute(); b != a; b = b.next_attribute())
    if (std::strcmp(a.name(), b.name()) == 0)
      return fail(Code::xml_syntax, at(offset_in_buffer(a.name())),
                  "duplicate attribute " + std::string(a.name()) + " on <" + e.name() + ">");
  if (const char* lt = std::strchr(a.value(), '<'))
    return fail(Code::xml_syntax, at(offset_in_buffer(lt)),
                "'<' in the value of attribute " + std::string(a.name()) + ": write &lt;");
  return true;
}

bool Reader::attributes_wellformed(pugi::xml_node e) {
  for (pugi::xml_attribute a = e.first_attribute(); a; a = a.next_attribute())
    if (!attribute_wellformed(e, a)) return false;
  return true;
}

/// The offset in raw_ of a name or value pugixml parsed in place.
std::size_t Reader::offset_in_buffer(const char* p) const {
  if (doc_base_ == nullptr || p < doc_base_ || p > doc_base_ + raw_size_) return 0;
  return static_cast<std::size_t>(p - doc_base_);
}

/// Parses raw_ (a copy: raw_ keeps the bytes for the places).
pugi::xml_parse_result Reader::parse(unsigned flags) {
  scratch_.assign(raw_, raw_size_);
  return doc_.load_buffer_inplace(scratch_.data(), scratch_.size(), flags, pugi::encoding_utf8);
}

/// Reads the game at pos_. False to stop reading: the visitor said so,
/// or an error it does not want to go on after (err_ holds it).
bool Reader::game() {
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
void Reader::new_game() {
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
bool Reader::resync(std::size_t start) {
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
bool Reader::read_one(std::size_t start, std::size_t& end, bool& cut, GameRecord& rec) {
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

}  // namespace beyt::notation
