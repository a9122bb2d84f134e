// XML records (beyt/notation/xml.hpp, schemas/record.xsd): the canonical
// writer. XML declaration, 2-space indent, LF, UTF-8; every text as it is
// (leading and trailing blanks and line ends included; CR as &#13;).
#include "beyt/notation/xml.hpp"
#include "../utf8.hpp"

#include <string>

namespace beyt::notation {
namespace {

/// Escapes for text content (attribute = false) or a "..." attribute value;
/// invalid UTF-8 and what `field` may not hold (NOTATION.md section 11)
/// become U+FFFD, so that no character XML 1.0 forbids is ever written.
void put_escaped(std::string& o, std::string_view s, bool attribute, chars::Field field = chars::Field::move) {
  utf8::append_escaped(o, s, field, [attribute](std::string& out, unsigned char c) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += attribute ? "&quot;" : "\""; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      default:
        if (c < 0x20) {  // CR, and controls XML 1.0 has no place for
          out += "&#";
          out += std::to_string(c);
          out += ';';
        } else {
          out += static_cast<char>(c);
        }
    }
  });
}

void put_text_element(std::string& o, std::size_t indent, std::string_view name, std::string_view text,
                      chars::Field field = chars::Field::comment) {
  o.append(indent, ' ');
  o += '<';
  o += name;
  o += '>';
  put_escaped(o, text, false, field);
  o += "</";
  o += name;
  o += ">\n";
}

void put_line(std::string& o, std::size_t indent, std::string_view name, const Line& line);

void put_node(std::string& o, std::size_t indent, const Node& node) {
  o.append(indent, ' ');
  o += "<move text=\"";
  put_escaped(o, node.move, true);
  o += '"';
  if (node.before.empty() && node.nags.empty() && node.after.empty() && node.variations.empty()) {
    o += "/>\n";
    return;
  }
  o += ">\n";
  for (const auto& c : node.before) put_text_element(o, indent + 2, "before", c);
  for (auto nag : node.nags) {
    o.append(indent + 2, ' ');
    o += "<nag>";
    o += std::to_string(nag);
    o += "</nag>\n";
  }
  for (const auto& c : node.after) put_text_element(o, indent + 2, "after", c);
  for (const auto& v : node.variations) put_line(o, indent + 2, "variation", v);
  o.append(indent, ' ');
  o += "</move>\n";
}

void put_line(std::string& o, std::size_t indent, std::string_view name, const Line& line) {
  o.append(indent, ' ');
  o += '<';
  o += name;
  if (line.empty()) {
    o += "/>\n";
    return;
  }
  o += ">\n";
  for (const auto& node : line) put_node(o, indent + 2, node);
  o.append(indent, ' ');
  o += "</";
  o += name;
  o += ">\n";
}

void put_game(std::string& o, const GameRecord& g) {
  o += "  <game>\n";
  for (const auto& tag : g.tags) {
    o += "    <tag name=\"";
    put_escaped(o, tag.name, true);
    o += "\">";
    put_escaped(o, tag.value, false, chars::Field::tag_value);
    o += "</tag>\n";
  }
  for (const auto& c : g.comments) put_text_element(o, 4, "comment", c);
  put_line(o, 4, "moves", g.moves);
  put_text_element(o, 4, "result", g.result, chars::Field::move);
  o += "  </game>\n";
}

}  // namespace

struct XmlWriter::Impl {
  std::ostream& out;
  std::string buf;
  bool finished = false;
};

XmlWriter::XmlWriter(std::ostream& out) : impl_(std::make_unique<Impl>(Impl{out, {}, false})) {
  impl_->out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<beyt version=\"1\">\n";
}

XmlWriter::~XmlWriter() {
  if (impl_ && !impl_->finished) finish();
}

void XmlWriter::game(const GameRecord& record) {
  Impl& w = *impl_;
  w.buf.clear();
  put_game(w.buf, record);
  w.out.write(w.buf.data(), static_cast<std::streamsize>(w.buf.size()));
}

void XmlWriter::finish() {
  Impl& w = *impl_;
  if (w.finished) return;
  w.finished = true;
  w.out << "</beyt>\n";
  w.out.flush();
}

}  // namespace beyt::notation
