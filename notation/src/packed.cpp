// A game record packed into one string (beyt/notation/packed.hpp).
//
// The layout, every number a varint (7 bits a byte, low first, the top bit
// set on every byte but the last), every text its length then its bytes:
//   game:  count of tags, each tag (name, value, loc, value_loc); count of
//          comments, each a text; result; loc; result_loc; moves_end;
//          numbering (written, expected, loc); then the main line (last, so
//          that unpack_header stops before it)
//   line:  count of nodes, each node
//   node:  move, loc, then a byte of flags (1 before, 2 nags, 4 after,
//          8 variations) and for each flag set its list: comments as count
//          and texts, NAGs as count and bytes, variations as count and lines
//   loc:   a byte of flags, then the line and the offset as their distances
//          from the loc written before (flags 16, 32: backwards), the
//          column, and what the flags say is there: the pointer (1, a
//          text), game (2), index (4), base (8)
// A node without annotations is its move text, a loc of some 4 bytes and
// one byte.
#include "beyt/notation/packed.hpp"

#include <cstdint>
#include <limits>

namespace beyt::notation {

namespace {

class Packer {
 public:
  explicit Packer(std::string& out) : out_(out) {}

  void number(std::uint64_t v) {
    while (v >= 0x80) {
      out_ += static_cast<char>((v & 0x7F) | 0x80);
      v >>= 7;
    }
    out_ += static_cast<char>(v);
  }
  void text(std::string_view s) {
    number(s.size());
    out_.append(s);
  }
  void loc(const SourceLoc& l) {
    const bool back_line = l.line < line_, back_offset = l.offset < offset_;
    out_ += static_cast<char>((l.pointer.empty() ? 0 : 1) | (l.game ? 2 : 0) | (l.index ? 4 : 0) |
                              (l.base != SourceLoc::Base::none ? 8 : 0) | (back_line ? 16 : 0) | (back_offset ? 32 : 0));
    number(back_line ? line_ - l.line : l.line - line_);
    number(back_offset ? offset_ - l.offset : l.offset - offset_);
    number(l.column);
    if (!l.pointer.empty()) text(l.pointer);
    if (l.game) number(l.game);
    if (l.index) number(l.index);
    if (l.base != SourceLoc::Base::none) number(static_cast<std::uint64_t>(l.base));
    line_ = l.line;
    offset_ = l.offset;
  }
  void texts(const std::vector<std::string>& list) {
    number(list.size());
    for (const auto& s : list) text(s);
  }
  void line(const Line& nodes) {
    number(nodes.size());
    for (const Node& n : nodes) node(n);
  }
  void node(const Node& n) {
    text(n.move);
    loc(n.loc);
    const unsigned flags = (n.before.empty() ? 0u : 1u) | (n.nags.empty() ? 0u : 2u) | (n.after.empty() ? 0u : 4u) |
                           (n.variations.empty() ? 0u : 8u);
    out_ += static_cast<char>(flags);
    if (flags & 1u) texts(n.before);
    if (flags & 2u) {
      number(n.nags.size());
      for (std::uint8_t nag : n.nags) out_ += static_cast<char>(nag);
    }
    if (flags & 4u) texts(n.after);
    if (flags & 8u) {
      number(n.variations.size());
      for (const Line& v : n.variations) line(v);
    }
  }

 private:
  std::string& out_;
  std::uint32_t line_ = 0;  // of the loc written last
  std::uint64_t offset_ = 0;
};

class Unpacker {
 public:
  explicit Unpacker(std::string_view in) : in_(in) {}

  bool done() const noexcept { return at_ == in_.size(); }
  // Each reader returns false at bytes pack_record() did not write.
  bool number(std::uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ == in_.size()) return false;
      const auto byte = static_cast<unsigned char>(in_[at_++]);
      v |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
      if (!(byte & 0x80)) return true;
    }
    return false;
  }
  template <class T>
  bool number_as(T& out) {
    std::uint64_t v = 0;
    if (!number(v) || v > std::numeric_limits<T>::max()) return false;
    out = static_cast<T>(v);
    return true;
  }
  // A count of items of at least one byte each: no more than the bytes left
  // (a count cut or made up cannot make a vector of billions).
  bool count(std::size_t& n) {
    std::uint64_t v = 0;
    if (!number(v) || v > in_.size() - at_) return false;
    n = static_cast<std::size_t>(v);
    return true;
  }
  bool text(std::string& s) {
    std::size_t n = 0;
    if (!count(n)) return false;
    s.assign(in_.substr(at_, n));
    at_ += n;
    return true;
  }
  bool byte(std::uint8_t& b) {
    if (at_ == in_.size()) return false;
    b = static_cast<std::uint8_t>(in_[at_++]);
    return true;
  }
  bool loc(SourceLoc& l) {
    std::uint8_t flags = 0, base = 0;
    std::uint32_t line = 0;
    std::uint64_t offset = 0;
    if (!byte(flags) || flags > 63 || !number_as(line) || !number(offset) || !number_as(l.column)) return false;
    if (flags & 16 ? line > line_ : line > std::numeric_limits<std::uint32_t>::max() - line_) return false;
    if (flags & 32 ? offset > offset_ : offset > std::numeric_limits<std::uint64_t>::max() - offset_) return false;
    l.line = flags & 16 ? line_ - line : line_ + line;
    l.offset = flags & 32 ? offset_ - offset : offset_ + offset;
    if ((flags & 1) && (!text(l.pointer) || l.pointer.empty())) return false;
    if ((flags & 2) && (!number_as(l.game) || l.game == 0)) return false;
    if ((flags & 4) && (!number_as(l.index) || l.index == 0)) return false;
    if (flags & 8) {
      if (!number_as(base) || base == 0 || base > static_cast<std::uint8_t>(SourceLoc::Base::xml_move)) return false;
      l.base = static_cast<SourceLoc::Base>(base);
    }
    line_ = l.line;
    offset_ = l.offset;
    return true;
  }
  bool texts(std::vector<std::string>& list) {
    std::size_t n = 0;
    if (!count(n)) return false;
    list.resize(n);
    for (auto& s : list)
      if (!text(s)) return false;
    return true;
  }
  bool line(Line& nodes, unsigned depth) {
    std::size_t n = 0;
    if (!count(n)) return false;
    nodes.resize(n);  // exactly the nodes packed: no spare room
    for (Node& node_ : nodes)
      if (!node(node_, depth)) return false;
    return true;
  }
  bool node(Node& n, unsigned depth) {
    std::uint8_t flags = 0;
    if (!text(n.move) || !loc(n.loc) || !byte(flags) || flags > 15) return false;
    if ((flags & 1u) && !texts(n.before)) return false;
    if (flags & 2u) {
      std::size_t k = 0;
      if (!count(k)) return false;
      n.nags.resize(k);
      for (auto& nag : n.nags)
        if (!byte(nag)) return false;
    }
    if ((flags & 4u) && !texts(n.after)) return false;
    if (flags & 8u) {
      std::size_t k = 0;
      if (depth >= kMaxVariationDepth || !count(k)) return false;
      n.variations.resize(k);
      for (Line& v : n.variations)
        if (!line(v, depth + 1)) return false;
    }
    return true;
  }

 private:
  std::string_view in_;
  std::size_t at_ = 0;
  std::uint32_t line_ = 0;  // of the loc read last
  std::uint64_t offset_ = 0;
};

}  // namespace

std::string pack_record(const GameRecord& record) {
  std::string out;
  out.reserve(256 + record.moves.size() * 32);  // most records: no growth on the way
  Packer p(out);
  p.number(record.tags.size());
  for (const TagPair& t : record.tags) {
    p.text(t.name);
    p.text(t.value);
    p.loc(t.loc);
    p.loc(t.value_loc);
  }
  p.texts(record.comments);
  p.text(record.result);
  p.loc(record.loc);
  p.loc(record.result_loc);
  p.loc(record.moves_end);
  p.number(record.numbering.written);
  p.number(record.numbering.expected);
  p.loc(record.numbering.loc);
  p.line(record.moves);
  out.shrink_to_fit();
  return out;
}

namespace {

// Everything but the main line, which `u` reaches next.
bool unpack_front(Unpacker& u, GameRecord& out) {
  out = GameRecord{};
  std::size_t tags = 0;
  if (!u.count(tags)) return false;
  out.tags.resize(tags);
  for (TagPair& t : out.tags)
    if (!u.text(t.name) || !u.text(t.value) || !u.loc(t.loc) || !u.loc(t.value_loc)) return false;
  return u.texts(out.comments) && u.text(out.result) && u.loc(out.loc) && u.loc(out.result_loc) &&
         u.loc(out.moves_end) && u.number_as(out.numbering.written) && u.number_as(out.numbering.expected) &&
         u.loc(out.numbering.loc);
}

}  // namespace

bool unpack_record(std::string_view packed, GameRecord& out) {
  Unpacker u(packed);
  return unpack_front(u, out) && u.line(out.moves, 0) && u.done();
}

bool unpack_header(std::string_view packed, GameRecord& out) {
  Unpacker u(packed);
  return unpack_front(u, out);
}

}  // namespace beyt::notation
