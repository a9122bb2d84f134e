// The SVG writer (beyt/svg.hpp).
#include "beyt/svg.hpp"

#include "beyt/chars.hpp"
#include "portable.hpp"

#include <cmath>
#include <cstdint>

namespace beyt::svg {

std::string number(double v) { return portable::fixed_hundredths(v); }

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: {
        // What XML 1.0 and rsvg-convert cannot take (beyt/chars.hpp): control
        // characters are dropped (TAB and LF stay); invalid UTF-8 and
        // noncharacters such as U+FFFE become U+FFFD.
        char32_t cp = 0;
        const std::size_t len = chars::decode(p + i, text.size() - i, cp);
        if (len == 0) out += "\xEF\xBF\xBD";
        else if (chars::allowed(cp, chars::Field::comment) && cp != '\r') out.append(text.data() + i, len);
        else if (!chars::is_control(cp)) out += "\xEF\xBF\xBD";
        i += len == 0 ? 1 : len;
        continue;
      }
    }
    ++i;
  }
  return out;
}

namespace {

// Advance widths of the printable ASCII characters (' ' to '~') in hundredths
// of an em, from DejaVu Serif Book and Bold (the serif that rsvg-convert and
// most Linux browsers use for `serif`, and wider than Times): an estimate that
// keeps wrapped text inside its width in the common fonts.
constexpr std::uint8_t kRegular[95] = {
    32, 40, 46, 84, 64, 95, 89, 27, 39, 39, 50, 84, 32, 34, 32, 34, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 54, 100, 72, 73, 77, 80, 73,
    69, 80, 87, 40, 40, 75, 66, 102, 88, 82, 67, 82, 75, 69, 67, 84, 72, 103, 71,
    66, 69, 39, 34, 39, 84, 50, 50, 60, 64, 56, 64, 59, 37, 64, 64, 32, 31, 61,
    32, 95, 64, 60, 64, 64, 48, 51, 40, 64, 56, 86, 56, 56, 53, 64, 34, 64, 84,
};
constexpr std::uint8_t kBold[95] = {
    35, 44, 52, 84, 70, 95, 90, 31, 47, 47, 52, 84, 35, 42, 35, 37, 70, 70, 70,
    70, 70, 70, 70, 70, 70, 70, 37, 37, 84, 84, 84, 59, 100, 78, 85, 80, 87, 76,
    71, 85, 94, 47, 47, 87, 70, 111, 91, 87, 75, 87, 83, 72, 74, 87, 78, 112, 78,
    71, 73, 47, 37, 47, 84, 50, 50, 65, 70, 61, 70, 64, 43, 70, 73, 38, 36, 69,
    38, 106, 73, 67, 70, 70, 53, 56, 46, 73, 58, 86, 60, 58, 57, 64, 36, 64, 84,
};

}  // namespace

double text_width(std::string_view text, const Font& font) {
  const std::uint8_t* table = font.bold ? kBold : kRegular;
  double hundredths = 0;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) hundredths += table[u - 0x20];
    else if ((u & 0xC0) == 0xC0) hundredths += font.bold ? 70 : 65;  // the first byte of any other code point
  }
  return hundredths / 100 * font.size;
}

namespace {

// The pieces a line may break after: a run of text up to and including a
// space, ',', ':' or ';'.
std::vector<std::string_view> break_pieces(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == ' ' || text[i] == ',' || text[i] == ':' || text[i] == ';') {
      out.push_back(text.substr(start, i + 1 - start));
      start = i + 1;
    }
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

std::string trimmed(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

}  // namespace

std::vector<std::string> wrap(std::string_view text, const Font& font, double width) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto newline = text.find('\n', start);
    std::string_view paragraph = text.substr(start, newline == std::string_view::npos ? text.npos : newline - start);
    std::string line;
    for (std::string_view piece : break_pieces(paragraph)) {
      if (line.empty() && piece == " ") continue;
      std::string candidate = line + std::string(piece);
      if (line.empty() || text_width(trimmed(candidate), font) <= width) {
        line = std::move(candidate);
      } else {
        lines.push_back(trimmed(line));
        line = piece.front() == ' ' ? std::string() : std::string(piece);
      }
      // A word wider than the whole line: cut it between code points.
      while (text_width(trimmed(line), font) > width) {
        std::size_t cut = 0, fits = 0;
        while (cut < line.size()) {
          std::size_t next = cut + 1;
          while (next < line.size() && (static_cast<unsigned char>(line[next]) & 0xC0) == 0x80) ++next;
          if (fits > 0 && text_width(line.substr(0, next), font) > width) break;
          fits = cut = next;
        }
        if (fits >= line.size()) break;
        lines.push_back(line.substr(0, fits));
        line.erase(0, fits);
      }
    }
    if (!trimmed(line).empty()) lines.push_back(trimmed(line));
    if (newline == std::string_view::npos) break;
    start = newline + 1;
  }
  return lines;
}

namespace {

// The attributes a run of elements may share on a <g> (opacity is not among
// them: on a group it would blend the group as one).
std::string paint_attributes(const Paint& p) {
  std::string a = " fill=\"" + escape(p.fill) + "\"";
  if (p.stroke != "none") {
    a += " stroke=\"" + escape(p.stroke) + "\" stroke-width=\"" + number(p.stroke_width) + "\"";
    if (!p.dash.empty()) a += " stroke-dasharray=\"" + escape(p.dash) + "\"";
    if (p.round) a += " stroke-linecap=\"round\" stroke-linejoin=\"round\"";
  }
  return a;
}

std::string opacity_attribute(const Paint& p) {
  return p.opacity < 1 ? " opacity=\"" + number(p.opacity) + "\"" : std::string();
}

std::string font_attributes(const Font& f) {
  static constexpr const char* kAnchor[] = {"start", "middle", "end"};
  std::string a = " font-family=\"" + escape(f.family) + "\" font-size=\"" + number(f.size) + "\"";
  if (f.bold) a += " font-weight=\"bold\"";
  if (f.italic) a += " font-style=\"italic\"";
  a += " text-anchor=\"" + std::string(kAnchor[static_cast<int>(f.anchor)]) + "\"";
  a += " fill=\"" + escape(f.fill) + "\"";
  return a;
}

}  // namespace

void Canvas::emit(std::string head, std::string tail, std::string style) {
  if (run_.empty() || style != run_style_) {
    write_run(body_);
    run_.clear();
    run_style_ = std::move(style);
  }
  run_.push_back({std::move(head), std::move(tail)});
}

// One element alone carries its style; a run of several shares it on a <g>.
void Canvas::write_run(std::string& out) const {
  const auto indent = static_cast<std::size_t>(depth_ + 1) * 2;
  if (run_.size() == 1) {
    out.append(indent, ' ');
    out += run_[0].head + run_style_ + run_[0].tail + "\n";
    return;
  }
  if (run_.empty()) return;
  out.append(indent, ' ');
  out += "<g" + run_style_ + ">\n";
  for (const auto& e : run_) {
    out.append(indent + 2, ' ');
    out += e.head + e.tail + "\n";
  }
  out.append(indent, ' ');
  out += "</g>\n";
}

void Canvas::flush() {
  write_run(body_);
  run_.clear();
  run_style_.clear();
}

void Canvas::rect(double x, double y, double width, double height, const Paint& paint, double corner) {
  std::string head = "<rect x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" + number(width) +
                     "\" height=\"" + number(height) + "\"";
  if (corner > 0) head += " rx=\"" + number(corner) + "\" ry=\"" + number(corner) + "\"";
  emit(head + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::ellipse(Point c, double rx, double ry, const Paint& paint) {
  emit("<ellipse cx=\"" + number(c.x) + "\" cy=\"" + number(c.y) + "\" rx=\"" + number(rx) + "\" ry=\"" +
           number(ry) + "\"" + opacity_attribute(paint),
       "/>", paint_attributes(paint));
}

namespace {
std::string points_attribute(const std::vector<Point>& points) {
  std::string out = " points=\"";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i) out += ' ';
    out += number(points[i].x) + "," + number(points[i].y);
  }
  return out + "\"";
}
}  // namespace

void Canvas::polyline(const std::vector<Point>& points, const Paint& paint) {
  emit("<polyline" + points_attribute(points) + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::path(std::string_view d, const Paint& paint) {
  emit("<path d=\"" + escape(d) + "\"" + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::line(Point a, Point b, const Paint& paint) {
  emit("<line x1=\"" + number(a.x) + "\" y1=\"" + number(a.y) + "\" x2=\"" + number(b.x) + "\" y2=\"" +
           number(b.y) + "\"" + opacity_attribute(paint),
       "/>", paint_attributes(paint));
}

void Canvas::circle(Point c, double radius, const Paint& paint) {
  emit("<circle cx=\"" + number(c.x) + "\" cy=\"" + number(c.y) + "\" r=\"" + number(radius) + "\"" +
           opacity_attribute(paint),
       "/>", paint_attributes(paint));
}

void Canvas::polygon(const std::vector<Point>& points, const Paint& paint) {
  emit("<polygon" + points_attribute(points) + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::text(Point at, std::string_view text, const Font& font) {
  emit("<text x=\"" + number(at.x) + "\" y=\"" + number(at.y) + "\"", ">" + escape(text) + "</text>",
       font_attributes(font));
}

void Canvas::centred_text(Point at, std::string_view text, const Font& font) {
  this->text({at.x, at.y + 0.35 * font.size}, text, font);
}

void Canvas::begin_group(double dx, double dy) {
  flush();
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  body_ += "<g transform=\"translate(" + number(dx) + "," + number(dy) + ")\">\n";
  ++depth_;
}

void Canvas::end_group() {
  if (depth_ == 0) return;
  flush();
  --depth_;
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  body_ += "</g>\n";
}

void Canvas::comment(std::string_view text) {
  flush();
  std::string safe;
  for (char c : text) {
    if (c == '-' && !safe.empty() && safe.back() == '-') safe += ' ';
    safe += c;
  }
  if (!safe.empty() && safe.back() == '-') safe += ' ';
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  body_ += "<!-- " + escape(safe) + " -->\n";
}

std::string Canvas::body() const {
  std::string out = body_;
  write_run(out);
  return out;
}

std::string Canvas::document(Size size, std::string_view title, double display_width) const {
  std::string w = number(size.width), h = number(size.height);
  std::string dw = w, dh = h;
  if (display_width > 0 && size.width > 0) {
    dw = number(std::round(display_width));
    dh = number(std::round(size.height * std::round(display_width) / size.width));
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + dw + "\" height=\"" + dh +
         "\" viewBox=\"0 0 " + w + " " + h + "\">\n";
  if (!title.empty()) out += "  <title>" + escape(title) + "</title>\n";
  out += "  <rect x=\"0\" y=\"0\" width=\"" + w + "\" height=\"" + h + "\" fill=\"#fff\"/>\n";
  out += body_;
  write_run(out);
  for (int d = depth_; d > 0; --d) out.append(static_cast<std::size_t>(d) * 2, ' ') += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace beyt::svg
