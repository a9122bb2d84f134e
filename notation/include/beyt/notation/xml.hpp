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
/// Errors: Code::xml_syntax, Code::xml_structure (with line/column and path),
/// Code::bad_utf8, Code::bad_character (a character, or a character
/// reference such as &#0;, that no record may hold: NOTATION.md section 11),
/// Code::io_error (the stream failed). After an error inside a <game> the
/// reader asks visitor.error() whether to go on: from the end of the game
/// when its XML is well formed, else from the next <game>. Errors outside
/// the games end the reading.
Diagnostic read_xml(std::istream& in, const std::string& file, GameVisitor& visitor);

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
