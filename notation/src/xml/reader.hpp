// XML records' streaming reader (beyt/notation/xml.hpp, schemas/record.xsd).
//
// pugixml builds whole documents only, so the input is cut into one
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
// Its parts, one concern each, share this header (private to the library):
// reader.cpp (read_xml, the pull reader), document.cpp (the buffer and the
// document around the games), game.cpp (one game: cut, checked, parsed),
// quick.cpp (the quick path), elements.cpp (a parsed game, element by
// element, and the places of what it reads) and errors.cpp (the errors and
// warnings). The writer is writer.cpp.
#pragma once

#include "beyt/notation/xml.hpp"
#include "../node_maker.hpp"
#include "../scan.hpp"
#include "../tag_names.hpp"
#include "../xml_wellformed.hpp"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

// What the reader's parts share (each part's own helpers stay in its
// anonymous namespace; a part says `using namespace xml_impl`).
namespace beyt::notation::xml_impl {

// Words of the messages (errors.cpp).
std::string quote_text(std::string_view s);
std::string parse_reason(const pugi::xml_parse_result& r);

inline bool is_xml_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// Appends "/name[index]" to path.
inline void append_step(std::string& path, std::string_view name, std::uint32_t index) {
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

  // The members are defined in the parts. Those declared `inline` are
  // called in their own part alone, as inline as when the reader was one
  // class body: the compiler may inline them there as it did then.

  // --- reading (reader.cpp) ---
  inline Diagnostic run();
  inline bool resume();
  inline Diagnostic finish();

 private:
  inline void start();

  // --- the buffer and the document around the games (document.cpp) ---
  bool fill();
  bool have(std::size_t i, std::size_t n);
  bool starts(std::size_t i, std::string_view s);
  inline std::size_t find(std::string_view s, std::size_t i);
  inline std::size_t tag_end(std::size_t i);
  inline bool skip_space();
  inline bool skip_misc();
  inline bool declaration();
  void advance_cursor(std::size_t i);
  void compact();
  bool prolog();
  inline bool root_tag();
  bool root_content();
  inline bool root_text();
  inline bool other_element(const std::string& name);
  bool epilog();
  std::size_t find_open(std::size_t i);
  std::size_t element_end(std::size_t i);

  // --- one game (game.cpp) ---
  static constexpr unsigned kFlags = pugi::parse_cdata | pugi::parse_escapes | pugi::parse_eol |
                                     pugi::parse_wconv_attribute | pugi::parse_ws_pcdata;
  /// For a game without comments, CDATA, processing instructions or DOCTYPE
  /// ("<!", "<?"): there, text next to an element is not blank, blank text
  /// is not read, and the text of a text-only element is one pcdata node
  /// (kept when blank: parse_ws_pcdata_single). So the blank text nodes that
  /// kFlags would add and the reader would skip are left out.
  static constexpr unsigned kPlainFlags = (kFlags & ~pugi::parse_ws_pcdata) | pugi::parse_ws_pcdata_single;

  inline std::size_t first_game_end(std::size_t i) const;
  inline bool plain() const noexcept;
  inline bool ascii_without_references() const noexcept;
  inline bool dom_wellformed(pugi::xml_node root);
  bool attribute_wellformed(pugi::xml_node e, pugi::xml_attribute a);
  inline bool attributes_wellformed(pugi::xml_node e);
  inline std::size_t offset_in_buffer(const char* p) const;
  inline pugi::xml_parse_result parse(unsigned flags);
  bool game();
  inline void new_game();
  bool resync(std::size_t start);
  inline bool read_one(std::size_t start, std::size_t& end, bool& cut, GameRecord& rec);

  // --- the quick path (quick.cpp) ---

  /// Games longer than this (bytes) are left to the full path when their
  /// end is not in the buffer yet.
  static constexpr std::size_t kQuickMax = 1024 * 1024;

  struct Pos;  // a place (below)

  /// What quick() made of the bytes from the game's start to the end of
  /// the buffer: the game, read (raw_size_ is now its length); not the
  /// quick path's form; or not sure yet, as the buffer ends first.
  enum class Quick : std::uint8_t { yes, no, more };

  inline void quick_loc(SourceLoc& l, const Pos& p, SourceLoc::Base base, std::string_view step, std::uint32_t n) const;
  static inline std::size_t move_text_end(const char* p, std::size_t i, std::size_t n, bool& plain,
                                          bool& short_) noexcept;
  Quick quick(GameRecord& rec);

  // --- a parsed game, element by element, and places (elements.cpp) ---
  bool read_game(pugi::xml_node g, GameRecord& rec);
  inline bool read_tag(pugi::xml_node t, GameRecord& rec);
  inline bool read_line(pugi::xml_node parent, Line& line, std::uint32_t turn);
  inline bool read_node(pugi::xml_node m, Node& node, std::uint32_t turn);

  enum class Text { plain, comment, tag };

  inline bool read_text(pugi::xml_node e, std::string& out, Text kind);
  static inline bool blank(pugi::xml_node c, pugi::xml_node_type type);
  inline bool text_in(pugi::xml_node c, std::string_view parent);
  inline bool no_attributes(pugi::xml_node e);
  inline bool out_of_order(pugi::xml_node c, std::string_view parent);

  struct Pos {
    std::uint64_t offset;
    std::uint32_t line, column;
  };

  Pos at(std::size_t off);
  inline std::size_t offset_of(pugi::xml_node n) const;
  inline Pos element_at(pugi::xml_node e);
  inline Pos text_at(pugi::xml_node t);
  inline Pos content_at(pugi::xml_node e);
  inline Pos value_at(pugi::xml_node e, const char* value);
  inline Pos attribute_at(pugi::xml_node e, std::string_view name);
  SourceLoc loc(const Pos& p) const;
  inline void set_loc(SourceLoc& l, const Pos& p) const;

  // --- errors (errors.cpp) ---
  bool fail(Code code, const Pos& p, std::string reason);
  bool structure(const Pos& p, std::string reason);
  inline Diagnostic outside(Code code, std::size_t i, std::string reason);
  bool fail_outside(Code code, std::size_t i, std::string reason);
  bool outside_error(Code code, std::size_t i, std::string reason);
  inline bool go_past(Diagnostic d);
  inline bool warn(Diagnostic d);
  bool byte_order_mark(std::size_t i);
  static inline std::string dropped_reason(bool comment);
  [[gnu::noinline]] bool markup_in_game();
  bool dropped(std::size_t i, bool comment);
  bool syntax(std::size_t i, std::string reason);
  bool structure_at(std::size_t i, std::string reason);

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
  scan::Cursor cur_;        // place of some byte at or before pos_
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
  scan::Cursor game_start_, gcur_;
};

}  // namespace beyt::notation::xml_impl
