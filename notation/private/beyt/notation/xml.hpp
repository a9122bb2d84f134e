// beyt/notation/xml.hpp - XML records (schemas/record.xsd).
//
//   <beyt version="1">
//     <game>
//       <tag name="Event">...</tag> ...
//       <comment>...</comment>*            (the game's comments, before its first turn)
//       <moves>
//         <move text="b3-c3xc4">
//           <before>...</before>* <nag>1</nag>* <after>...</after>*
//           <variation><move .../>...</variation>*
//         </move> ...
//       </moves>
//       <result>1-0</result>
//     </game>
//   </beyt>
// The reader streams: it cuts the input into <game> elements and parses one
// at a time with pugixml. Places are line/column and the element path.
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// Reads every game of an XML record file, passing each to `visitor`.
/// Errors: Code::xml_syntax (whatever XML 1.0 calls not well-formed: an
/// undeclared entity such as &foo;, a bare '&', "]]>" in text, a duplicate
/// attribute, '<' in an attribute value, a character or character reference
/// XML forbids such as &#0;, ...), Code::xml_structure (well-formed, but not
/// a beyt record as schemas/record.xsd says; with line/column and path),
/// Code::bad_utf8, Code::bad_character (a character, or a character
/// reference such as &#x85;, that XML allows but no record may hold:
/// NOTATION.md section 11), Code::io_error (the stream failed). After an
/// error inside a <game> the reader asks visitor.error() whether to go on:
/// from the end of the game when its XML is well formed, else from the next
/// <game>. Outside the games, an xml_structure error (text or an unknown
/// element in <beyt>, an unknown root or attribute; not a DOCTYPE) goes to
/// visitor.error() too (Diagnostic::game 0), and so does the start of a
/// second document after the root element (xml_syntax: two records
/// joined), whose games are then read on; every other error outside the
/// games ends the reading.
/// Warnings (visitor.warning(); errors under options.strict, passed to
/// visitor.error()): W101 for a byte-order mark between games, W103 for
/// each XML comment and processing instruction (the record model has no
/// place for them).
Diagnostic read_xml(std::istream& in, const std::string& file, GameVisitor& visitor, ReadOptions options = {});

/// Streaming writer: declaration and root on construction, one game per
/// call, finish(). Output: canonical XML, 2-space indent, LF, UTF-8;
/// invalid UTF-8 and characters the policy excludes (all that XML 1.0
/// forbids among them) are written as U+FFFD.
class XmlWriter {
 public:
  explicit XmlWriter(std::ostream& out);
  ~XmlWriter();
  void game(const GameRecord& record);
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace beyt::notation
