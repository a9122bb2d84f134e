// Internal: the well-formedness checks of XML 1.0 (Fifth Edition) that the
// XML reader (xml/) makes itself, since pugixml does not: a
// reference to an undeclared entity (`&foo;`), a bare '&', a reference
// without its ';', a character reference to a character XML has no place
// for, "]]>" in text, a duplicate attribute, '<' in an attribute value, "--"
// in a comment, a processing instruction named "xml", a name XML does not
// allow, a start tag without a blank between two attributes, an end tag that
// does not match, and every character XML 1.0 forbids. With them the same
// pass applies the record's character policy (NOTATION.md section 11):
// invalid UTF-8 is E101, a character XML allows but no record may hold is
// E110; everything XML calls not well-formed is E160.
//
// A beyt record has no DTD (a DOCTYPE is refused before any of this), so
// the only entities are the five XML predefines.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "beyt/errors.hpp"

namespace beyt::notation::xml_wf {

/// The first problem found: where (a byte offset in the bytes checked), its
/// code (xml_syntax, bad_utf8 or bad_character) and why. Empty when none.
struct Problem {
  std::size_t at = 0;
  Code code = Code::ok;
  std::string reason;
  explicit operator bool() const noexcept { return code != Code::ok; }
};

/// A comment or processing instruction met in an element: where it starts.
struct Markup {
  std::size_t at = 0;
  bool comment = false;  ///< else a processing instruction
};

/// One element, from its '<' at p[0], with all it holds, within [p, p + n).
/// Sets `end` to the index just past its end tag (or its "/>"), or to 0 when
/// the bytes end first. A Problem when the bytes up to where it was found
/// are not well-formed (bytes that end inside the element, or inside a
/// comment or a tag in it, are no Problem: `end` 0 says so). The comments
/// and processing instructions in it are added to `markup` if given.
Problem element(const char* p, std::size_t n, std::size_t& end, std::vector<Markup>* markup = nullptr);

/// A start tag alone, '<' to '>' both included (the root element's).
Problem start_tag(std::string_view tag);

/// Text between elements (character data and references, no markup).
Problem char_data(std::string_view text);

/// A whole comment, "<!--" to "-->" both included.
Problem comment(std::string_view text);

/// A whole processing instruction, "<?" to "?>" both included, that does not
/// start the document (so its target may not be "xml" in any case).
Problem processing_instruction(std::string_view text);

/// The XML declaration, "<?xml" to "?>" both included: version 1.x, then an
/// optional encoding (an encoding name) and standalone ("yes" or "no"), in
/// that order, each after a blank. The encoding's value in `encoding`.
Problem declaration(std::string_view text, std::string& encoding);

/// A whole CDATA section, "<![CDATA[" to "]]>" both included.
Problem cdata(std::string_view text);

}  // namespace beyt::notation::xml_wf
