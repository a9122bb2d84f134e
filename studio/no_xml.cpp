// The studio module without XML (docs/STUDIO.md): built when Debian's
// pugixml source was not at hand (studio/fetch-pugixml), in place of
// notation/src/xml/. An XML record is refused with a diagnostic
// that says to use the command line; nothing is written as XML.
#include "beyt/notation/xml.hpp"

namespace beyt::notation {

Diagnostic read_xml(std::istream&, const std::string& file, GameVisitor&, ReadOptions) {
  Diagnostic d;
  d.code = Code::xml_syntax;
  d.reason = "this page was built without XML: check XML records with the command line (beyt validate)";
  d.file = file;
  return d;
}

struct XmlWriter::Impl {};
XmlWriter::XmlWriter(std::ostream&) : impl_(std::make_unique<Impl>()) {}
XmlWriter::~XmlWriter() = default;
void XmlWriter::game(const GameRecord&) {}
void XmlWriter::finish() {}

}  // namespace beyt::notation
