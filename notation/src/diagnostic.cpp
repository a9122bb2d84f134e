// Text and JSON-lines forms of a Diagnostic (beyt/notation/diagnostic.hpp).
#include "beyt/notation/diagnostic.hpp"

#include <nlohmann/json.hpp>

#include "beyt/chars.hpp"

namespace beyt::notation {
namespace {

/// Appends code point or byte `c` as printable() writes it; its width in
/// columns (code points).
std::uint32_t put_escaped(std::string& out, char32_t c) {
  static constexpr char kHex[] = "0123456789abcdef";
  switch (c) {
    case '\b': out += "\\b"; return 2;
    case '\f': out += "\\f"; return 2;
    case '\n': out += "\\n"; return 2;
    case '\r': out += "\\r"; return 2;
    default:
      out += "\\u00";
      out += kHex[(c >> 4) & 0xF];
      out += kHex[c & 0xF];
      return 6;
  }
}

bool acts_on_terminal(char32_t c) { return (c < 0x20 && c != '\t') || (c >= 0x7F && c <= 0x9F); }

/// printable(s), and the column in the result of the character at code
/// point `column` (1-based) of s, in `shown_column`.
std::string escape(std::string_view s, std::uint32_t column, std::uint32_t& shown_column) {
  std::string out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::uint32_t cp_index = 1, width = 1;  // the next code point of s, and its column in out
  shown_column = 0;
  for (std::size_t i = 0; i < n;) {
    if (cp_index == column) shown_column = width;
    const unsigned char c = p[i];
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
      ++width;
    } else {
      char32_t cp = 0;
      const std::size_t len = chars::decode(p + i, n - i, cp);
      if (len == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD for a byte that is not UTF-8
        ++i;
        ++width;
      } else {
        if (acts_on_terminal(cp)) width += put_escaped(out, cp);
        else out.append(s.data() + i, len), ++width;
        i += len;
      }
    }
    ++cp_index;
  }
  if (shown_column == 0) shown_column = width + (column > cp_index ? column - cp_index : 0);
  return out;
}

// Display width of `line` up to (not including) code point `column` (1-based):
// one per code point; a tab advances to the next multiple of 8 (as terminals
// do) and is echoed as a tab so the caret stays under the right character.
std::string caret_pad(std::string_view line, std::uint32_t column) {
  std::string pad;
  std::uint32_t cp = 1;
  for (std::size_t i = 0; i < line.size() && cp < column; ++i) {
    auto c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
    pad += c == '\t' ? '\t' : ' ';
    ++cp;
  }
  return pad;
}

// Byte index of code point `column` (1-based) in `line`, or line.size().
std::size_t byte_of_column(std::string_view line, std::uint32_t column) {
  std::uint32_t cp = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (++cp == column) return i;
  }
  return line.size();
}

// A long line (minified JSON, say) is cut to a window around `column`;
// `column` is moved to the same character inside the window.
void window(std::string_view line, std::uint32_t& column, std::string& shown) {
  constexpr std::uint32_t kHalf = 50;
  if (byte_of_column(line, 2 * kHalf + 20) == line.size()) {
    shown = std::string(line);
    return;
  }
  std::uint32_t first = column > kHalf ? column - kHalf : 1;
  std::size_t begin = byte_of_column(line, first);
  std::size_t end = byte_of_column(line, column + kHalf);
  shown = first > 1 ? "..." : "";
  column = column - first + 1 + static_cast<std::uint32_t>(shown.size());
  shown.append(line.substr(begin, end - begin));
  if (end < line.size()) shown += "...";
}

}  // namespace

Diagnostic io_error(std::string file, std::string reason) {
  Diagnostic d;
  d.code = Code::io_error;
  d.file = std::move(file);
  d.reason = std::move(reason);
  return d;
}

std::string printable(std::string_view s) {
  std::uint32_t unused = 0;
  return escape(s, 0, unused);
}

std::string format_text(const Diagnostic& d, std::string_view source_line, std::uint32_t first_column) {
  std::string out = d.file.empty() ? std::string("-") : printable(d.file);
  if (d.loc.line > 0) {
    out += ':' + std::to_string(d.loc.line) + ':' + std::to_string(d.loc.column);
  }
  out += ": ";
  if (const std::string pointer = d.loc.full_pointer(); !pointer.empty()) out += printable(pointer) + ": ";
  out += (d.severity == Severity::warning ? "warning[" : "error[") + code_id(d.code) + "]: ";
  if (d.game > 0) {
    out += "game " + std::to_string(d.game);
    if (d.turn > 0) out += ", turn " + std::to_string(d.turn);
    if (!d.player.empty()) out += ", " + printable(d.player);
    out += ": ";
  }
  out += printable(d.reason);
  out += '\n';
  if (!source_line.empty() && d.loc.line > 0 && first_column >= 1 && d.loc.column >= first_column) {
    std::string shown;
    std::uint32_t column = d.loc.column - first_column + 1;
    window(source_line, column, shown);
    std::uint32_t shown_column = column;
    shown = escape(shown, column, shown_column);
    column = shown_column;
    if (first_column > 1 && shown.rfind("...", 0) != 0) {
      shown.insert(0, "...");
      column += 3;
    }
    std::string number = std::to_string(d.loc.line);
    out += ' ' + number + " | " + shown + '\n';
    out += ' ' + std::string(number.size(), ' ') + " | " + caret_pad(shown, column) + "^\n";
  }
  return out;
}

std::string format_json(const Diagnostic& d) {
  nlohmann::ordered_json j;
  j["file"] = d.file.empty() ? std::string("-") : d.file;
  j["line"] = d.loc.line;
  j["column"] = d.loc.column;
  j["pointer"] = d.loc.full_pointer();
  j["severity"] = d.severity == Severity::warning ? "warning" : "error";
  j["code"] = code_id(d.code);
  j["name"] = code_name(d.code);
  j["game"] = d.game;
  j["turn"] = d.turn;
  j["player"] = d.player;
  j["message"] = d.reason;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::uint8_t read_tag_bit(std::string_view name) noexcept {
  struct Named {
    std::string_view name;
    ReadTag bit;
  };
  static constexpr Named kTags[] = {{"Game", ReadTag::game},     {"Rules", ReadTag::rules},
                                    {"SetUp", ReadTag::setup},   {"Result", ReadTag::result},
                                    {"Date", ReadTag::date},     {"Termination", ReadTag::termination}};
  for (const Named& t : kTags)
    if (t.name == name) return static_cast<std::uint8_t>(t.bit);
  return 0;
}

bool GameVisitor::broken(GameRecord&& record, std::uint32_t index, const GameErrors& errors) {
  (void)record;
  (void)index;
  return error(errors.errors.front());
}

}  // namespace beyt::notation
