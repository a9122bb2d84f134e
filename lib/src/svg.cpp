// The SVG writer (beyt/svg.hpp).
#include "beyt/svg.hpp"

#include "beyt/chars.hpp"

#include <charconv>
#include <cmath>

namespace beyt::svg {

std::string number(double v) {
  if (!std::isfinite(v)) v = 0;
  double rounded = std::round(v * 100) / 100;
  if (rounded == 0) rounded = 0;  // no "-0"
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, rounded, std::chars_format::fixed, 2);
  std::string s(buf, r.ptr);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

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

double text_width(std::string_view text, const Font& font) {
  // Capitals are wider: a stick game's throws are written in them
  // ("BWBB,WWW,..."), and 0.56 em would let a long caption run off the page.
  std::size_t points = 0, capitals = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++(c >= 'A' && c <= 'Z' ? capitals : points);
  return static_cast<double>(points) * font.size * (font.bold ? 0.62 : 0.56) +
         static_cast<double>(capitals) * font.size * (font.bold ? 0.86 : 0.78);
}

namespace {

std::string paint_attributes(const Paint& p) {
  std::string a = " fill=\"" + escape(p.fill) + "\"";
  if (p.stroke != "none") {
    a += " stroke=\"" + escape(p.stroke) + "\" stroke-width=\"" + number(p.stroke_width) + "\"";
    if (!p.dash.empty()) a += " stroke-dasharray=\"" + escape(p.dash) + "\"";
    if (p.round) a += " stroke-linecap=\"round\" stroke-linejoin=\"round\"";
  }
  if (p.opacity < 1) a += " opacity=\"" + number(p.opacity) + "\"";
  return a;
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

void Canvas::open(std::string_view element) {
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  body_ += '<';
  body_ += element;
}

void Canvas::rect(double x, double y, double width, double height, const Paint& paint, double corner) {
  open("rect");
  body_ += " x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" + number(width) + "\" height=\"" +
           number(height) + "\"";
  if (corner > 0) body_ += " rx=\"" + number(corner) + "\" ry=\"" + number(corner) + "\"";
  body_ += paint_attributes(paint) + "/>\n";
}

void Canvas::ellipse(Point c, double rx, double ry, const Paint& paint) {
  open("ellipse");
  body_ += " cx=\"" + number(c.x) + "\" cy=\"" + number(c.y) + "\" rx=\"" + number(rx) + "\" ry=\"" + number(ry) +
           "\"" + paint_attributes(paint) + "/>\n";
}

void Canvas::polyline(const std::vector<Point>& points, const Paint& paint) {
  open("polyline");
  body_ += " points=\"";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i) body_ += ' ';
    body_ += number(points[i].x) + "," + number(points[i].y);
  }
  body_ += "\"" + paint_attributes(paint) + "/>\n";
}

void Canvas::path(std::string_view d, const Paint& paint) {
  open("path");
  body_ += " d=\"" + escape(d) + "\"" + paint_attributes(paint) + "/>\n";
}

void Canvas::line(Point a, Point b, const Paint& paint) {
  open("line");
  body_ += " x1=\"" + number(a.x) + "\" y1=\"" + number(a.y) + "\" x2=\"" + number(b.x) + "\" y2=\"" +
           number(b.y) + "\"" + paint_attributes(paint) + "/>\n";
}

void Canvas::circle(Point c, double radius, const Paint& paint) {
  open("circle");
  body_ += " cx=\"" + number(c.x) + "\" cy=\"" + number(c.y) + "\" r=\"" + number(radius) + "\"" +
           paint_attributes(paint) + "/>\n";
}

void Canvas::polygon(const std::vector<Point>& points, const Paint& paint) {
  open("polygon");
  body_ += " points=\"";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i) body_ += ' ';
    body_ += number(points[i].x) + "," + number(points[i].y);
  }
  body_ += "\"" + paint_attributes(paint) + "/>\n";
}

void Canvas::text(Point at, std::string_view text, const Font& font) {
  open("text");
  body_ += " x=\"" + number(at.x) + "\" y=\"" + number(at.y) + "\"" + font_attributes(font) + ">" + escape(text) +
           "</text>\n";
}

void Canvas::centred_text(Point at, std::string_view text, const Font& font) {
  this->text({at.x, at.y + 0.35 * font.size}, text, font);
}

void Canvas::begin_group(double dx, double dy) {
  open("g");
  body_ += " transform=\"translate(" + number(dx) + "," + number(dy) + ")\">\n";
  ++depth_;
}

void Canvas::end_group() {
  if (depth_ == 0) return;
  --depth_;
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  body_ += "</g>\n";
}

void Canvas::comment(std::string_view text) {
  std::string safe;
  for (char c : text) {
    if (c == '-' && !safe.empty() && safe.back() == '-') safe += ' ';
    safe += c;
  }
  if (!safe.empty() && safe.back() == '-') safe += ' ';
  open("!-- ");
  body_ += escape(safe) + " -->\n";
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
  for (int d = depth_; d > 0; --d) out.append(static_cast<std::size_t>(d) * 2, ' ') += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace beyt::svg
