// JSON records (beyt/notation/json.hpp, schemas/record.schema.json): the
// canonical writer: the layout of nlohmann's dump(2) (2-space indent, one
// array element per line, non-ASCII unescaped) with the keys in schema order,
// written one game at a time; for JSON Lines the layout of dump() (no
// blanks), one game per line.

#include "beyt/notation/json.hpp"
#include "../node_maker.hpp"
#include "../format_table.hpp"
#include "../tag_names.hpp"
#include "../utf8.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

namespace beyt::notation {
namespace {

// --- Writer -----------------------------------------------------------------

/// A JSON string as nlohmann's dump writes it; invalid UTF-8 and what
/// `field` may not hold (NOTATION.md section 11) become U+FFFD.
void put_string(std::string& o, std::string_view s, chars::Field field = chars::Field::move) {
  static constexpr char kHex[] = "0123456789abcdef";
  o += '"';
  utf8::append_escaped(o, s, field, [](std::string& out, unsigned char c) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xF];
        } else {
          out += static_cast<char>(c);
        }
    }
  });
  o += '"';
}

/// The two layouts of a game: the record file's (nlohmann's dump(2): a line
/// per element, 2-space indent) and JSON Lines' (dump(): no blanks at all).
struct Layout {
  bool compact = false;

  /// Before an element or a closing bracket: a line end and `indent` blanks.
  void brk(std::string& o, int indent) const {
    if (compact) return;
    o += '\n';
    o.append(static_cast<std::size_t>(indent), ' ');
  }
  void key(std::string& o, int indent, std::string_view name) const {
    brk(o, indent);
    o += '"';
    o += name;
    o += compact ? "\":" : "\": ";
  }
};

void put_strings(std::string& o, const Layout& l, int indent, const std::vector<std::string>& items) {
  o += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) o += ',';
    l.brk(o, indent + 2);
    put_string(o, items[i], chars::Field::comment);
  }
  l.brk(o, indent);
  o += ']';
}

void put_line(std::string& o, const Layout& l, int indent, const Line& line);

void put_node(std::string& o, const Layout& l, int indent, const Node& node) {
  o += '{';
  l.key(o, indent + 2, "move");
  put_string(o, node.move);
  if (!node.before.empty()) {
    o += ',';
    l.key(o, indent + 2, "before");
    put_strings(o, l, indent + 2, node.before);
  }
  if (!node.nags.empty()) {
    o += ',';
    l.key(o, indent + 2, "nags");
    o += '[';
    for (std::size_t i = 0; i < node.nags.size(); ++i) {
      if (i > 0) o += ',';
      l.brk(o, indent + 4);
      o += std::to_string(node.nags[i]);
    }
    l.brk(o, indent + 2);
    o += ']';
  }
  if (!node.after.empty()) {
    o += ',';
    l.key(o, indent + 2, "after");
    put_strings(o, l, indent + 2, node.after);
  }
  if (!node.variations.empty()) {
    o += ',';
    l.key(o, indent + 2, "variations");
    o += '[';
    for (std::size_t i = 0; i < node.variations.size(); ++i) {
      if (i > 0) o += ',';
      l.brk(o, indent + 4);
      put_line(o, l, indent + 4, node.variations[i]);
    }
    l.brk(o, indent + 2);
    o += ']';
  }
  l.brk(o, indent);
  o += '}';
}

void put_line(std::string& o, const Layout& l, int indent, const Line& line) {
  if (line.empty()) {
    o += "[]";
    return;
  }
  o += '[';
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (i > 0) o += ',';
    l.brk(o, indent + 2);
    put_node(o, l, indent + 2, line[i]);
  }
  l.brk(o, indent);
  o += ']';
}

/// One game object at `indent` (4 inside {"games": [ ... ]}; 0 on a line of
/// JSON Lines), keys in schema order.
void put_game(std::string& o, const Layout& l, int indent, const GameRecord& g) {
  o += '{';
  l.key(o, indent + 2, "tags");
  if (g.tags.empty()) {
    o += "{}";
  } else {
    o += '{';
    for (std::size_t i = 0; i < g.tags.size(); ++i) {
      if (i > 0) o += ',';
      l.brk(o, indent + 4);
      put_string(o, g.tags[i].name);
      o += l.compact ? ":" : ": ";
      put_string(o, g.tags[i].value, chars::Field::tag_value);
    }
    l.brk(o, indent + 2);
    o += '}';
  }
  if (!g.comments.empty()) {
    o += ',';
    l.key(o, indent + 2, "comments");
    put_strings(o, l, indent + 2, g.comments);
  }
  o += ',';
  l.key(o, indent + 2, "moves");
  put_line(o, l, indent + 2, g.moves);
  o += ',';
  l.key(o, indent + 2, "result");
  put_string(o, g.result);
  l.brk(o, indent);
  o += '}';
}

}  // namespace
std::string to_json_line(const GameRecord& record) {
  std::string out;
  put_game(out, Layout{true}, 0, record);
  out += '\n';
  return out;
}

struct JsonWriter::Impl {
  std::ostream& out;
  std::string buf;
  bool any = false;
  bool finished = false;
};

JsonWriter::JsonWriter(std::ostream& out) : impl_(std::make_unique<Impl>(Impl{out, {}, false, false})) {
  impl_->out << "{\n  \"format\": \"beyt\",\n  \"version\": 1,\n  \"games\": [";
}

JsonWriter::~JsonWriter() {
  if (impl_ && !impl_->finished) finish();
}

void JsonWriter::game(const GameRecord& record) {
  Impl& w = *impl_;
  w.buf.clear();
  w.buf += w.any ? ",\n" : "\n";
  w.any = true;
  w.buf.append(4, ' ');
  put_game(w.buf, Layout{}, 4, record);
  w.out.write(w.buf.data(), static_cast<std::streamsize>(w.buf.size()));
}

void JsonWriter::finish() {
  Impl& w = *impl_;
  if (w.finished) return;
  w.finished = true;
  w.out << (w.any ? "\n  ]\n}\n" : "]\n}\n");
  w.out.flush();
}

}  // namespace beyt::notation
