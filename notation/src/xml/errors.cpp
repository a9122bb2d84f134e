// XML records (reader.hpp): the errors and warnings, in a game (at a place
// in its raw text) or outside the games (at a buffer index), and their words.
#include "reader.hpp"

#include <nlohmann/json.hpp>

namespace beyt::notation {

/// `s` in double quotes, escaped as in JSON, for a message.
std::string xml_impl::quote_text(std::string_view s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// What pugixml's parse status means, in beyt's words.
std::string xml_impl::parse_reason(const pugi::xml_parse_result& r) {
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

using namespace xml_impl;

bool Reader::fail(Code code, const Pos& p, std::string reason) {
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

bool Reader::structure(const Pos& p, std::string reason) { return fail(Code::xml_structure, p, std::move(reason)); }

/// A diagnostic at buffer index i, outside any game.
Diagnostic Reader::outside(Code code, std::size_t i, std::string reason) {
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
bool Reader::fail_outside(Code code, std::size_t i, std::string reason) {
  err_ = outside(code, i, std::move(reason));
  return false;
}

/// An error at buffer index i, outside any game, that the reader can go
/// on from: false when the visitor stops there.
bool Reader::outside_error(Code code, std::size_t i, std::string reason) {
  return go_past(outside(code, i, std::move(reason)));
}

/// An error the visitor may go past (false if it does not: err_ holds it).
bool Reader::go_past(Diagnostic d) {
  if (visitor_.error(d)) return true;
  err_ = std::move(d);
  return false;
}

/// A warning (an error under strict, which the visitor may go past).
bool Reader::warn(Diagnostic d) {
  if (options_.strict) return go_past(std::move(d));
  d.severity = Severity::warning;
  visitor_.warning(d);
  return true;
}

/// W101 at buffer index i: a byte-order mark between two games.
bool Reader::byte_order_mark(std::size_t i) {
  return warn(outside(Code::byte_order_mark, i,
                      "UTF-8 byte-order mark between games, ignored (two records joined?)"));
}

/// W103 (its reason): a comment or processing instruction, which a
/// record has no place for.
std::string Reader::dropped_reason(bool comment) {
  return std::string(comment ? "XML comment" : "XML processing instruction") +
         ": a record has no place for it, so format and convert drop it";
}

/// W103 for each comment and processing instruction of the game being
/// read (strict: the game is refused for the first, and false).
bool Reader::markup_in_game() {
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
bool Reader::dropped(std::size_t i, bool comment) {
  return warn(outside(Code::xml_markup_dropped, i, dropped_reason(comment)));
}

bool Reader::syntax(std::size_t i, std::string reason) { return fail_outside(Code::xml_syntax, i, std::move(reason)); }

bool Reader::structure_at(std::size_t i, std::string reason) {
  return fail_outside(Code::xml_structure, i, std::move(reason));
}

}  // namespace beyt::notation
