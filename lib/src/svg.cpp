// The SVG writer (beyt/svg.hpp).
#include "beyt/svg.hpp"

#include "beyt/chars.hpp"
#include "portable.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <iterator>

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

std::string escape_line(std::string_view text) {
  std::string out = escape(text);
  std::erase_if(out, [](char c) { return c == '\t' || c == '\n'; });  // escape() keeps them
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

std::string hatch_path(double x0, double y0, double s, double step) {
  std::string d;
  for (double k = x0 + y0 + step; k < x0 + y0 + 2 * s - step / 2; k += step) {
    double ax = std::max(x0, k - (y0 + s)), bx = std::min(x0 + s, k - y0);
    if (!d.empty()) d += ' ';
    d += "M " + number(ax) + "," + number(k - ax) + " L " + number(bx) + "," + number(k - bx);
  }
  return d;
}

namespace {

using Range = std::pair<std::size_t, std::size_t>;  // [begin, end) in a paragraph

// Greedy filling of lines no wider than `width`, in one pass: every byte is
// measured a bounded number of times, so a paragraph of any length (a 200 MB
// tag value) wraps in linear time. The breaks, best first: at a run of
// spaces (dropped); after ',', ':' or ';'; inside a piece wider than the
// whole line, after '-' or '/' (a long chain of steps breaks between its
// steps, never inside a cell name); last, between code points.
class LineFill {
 public:
  LineFill(std::string_view text, const Font& font, double width, std::vector<Range>* out)
      : text_(text), font_(font), width_(width), out_(out) {}

  // Appends the piece [b, e), `sep` px of spaces after the line so far.
  void add(std::size_t b, std::size_t e, double sep) {
    const double w = measure(b, e);
    if (w <= width_) widest_ = std::max(widest_, w);
    if (open() && w_ + sep + w <= width_) return extend(e, sep + w);
    emit();
    if (w <= width_) return start(b, e, w);
    split(b, e, &LineFill::steps);
  }
  void emit() {
    if (!open()) return;
    if (out_) out_->push_back({begin_, end_});
    ++count_;
    begin_ = std::string_view::npos;
    w_ = 0;
  }
  std::size_t count() const { return count_; }
  // The widest piece that fitted whole: a narrower width would break it.
  double widest() const { return widest_; }

 private:
  bool open() const { return begin_ != std::string_view::npos; }
  void start(std::size_t b, std::size_t e, double w) {
    begin_ = b;
    end_ = e;
    w_ = w;
  }
  void extend(std::size_t e, double w) {
    end_ = e;
    w_ += w;
  }
  double measure(std::size_t b, std::size_t e) const { return text_width(text_.substr(b, e - b), font_); }
  // The parts of a piece wider than the line, in turn, each joined to the
  // line without a space: after '-' or '/' (the steps of a chain); a step
  // still too wide, after a cell name (a digit before a letter or a sign);
  // a part still too wide, between code points.
  static bool steps(std::string_view t, std::size_t i) { return t[i] == '-' || t[i] == '/'; }
  static bool cells(std::string_view t, std::size_t i) {
    return t[i] >= '0' && t[i] <= '9' && i + 1 < t.size() && !(t[i + 1] >= '0' && t[i + 1] <= '9') && t[i + 1] != '\'';
  }
  void split(std::size_t b, std::size_t e, bool (*after)(std::string_view, std::size_t)) {
    std::size_t s = b;
    for (std::size_t i = b; i + 1 < e; ++i)
      if (after(text_, i)) {
        part(s, i + 1, after);
        s = i + 1;
      }
    part(s, e, after);
  }
  void part(std::size_t b, std::size_t e, bool (*level)(std::string_view, std::size_t)) {
    const double w = measure(b, e);
    if (w <= width_) widest_ = std::max(widest_, w);
    if (open() && w_ + w <= width_) return extend(e, w);
    if (w <= width_) {
      emit();
      return start(b, e, w);
    }
    if (level == &LineFill::steps) return split(b, e, &LineFill::cells);
    for (std::size_t i = b; i < e;) {
      std::size_t n = i + 1;
      while (n < e && (static_cast<unsigned char>(text_[n]) & 0xC0) == 0x80) ++n;
      const double cw = measure(i, n);
      if (open() && w_ + cw > width_) emit();
      if (open()) extend(n, cw);
      else start(i, n, cw);
      i = n;
    }
  }

  std::string_view text_;
  const Font& font_;
  double width_;
  std::vector<Range>* out_;
  std::size_t begin_ = std::string_view::npos, end_ = 0, count_ = 0;
  double w_ = 0, widest_ = 0;
};

// Fills the lines of one paragraph (no '\n') at `width`; returns their count
// and, in `widest`, the widest piece that fitted whole.
std::size_t fill(std::string_view p, const Font& font, double width, std::vector<Range>* out,
                 double* widest = nullptr) {
  LineFill lines(p, font, width, out);
  const double space = text_width(" ", font);
  double sep = 0;
  for (std::size_t i = 0; i < p.size();) {
    if (p[i] == ' ') {
      std::size_t run = p.find_first_not_of(' ', i);
      if (run == std::string_view::npos) run = p.size();
      sep = static_cast<double>(run - i) * space;
      i = run;
      continue;
    }
    const std::size_t b = i;
    while (i < p.size() && p[i] != ' ') {
      const char c = p[i++];
      if (c == ',' || c == ':' || c == ';') break;
    }
    lines.add(b, i, sep);
    sep = 0;
  }
  lines.emit();
  if (widest) *widest = lines.widest();
  return lines.count();
}

// The lines of one paragraph. A short paragraph of two to six lines is
// balanced: the narrowest width that still gives as many lines, so that the
// last line is not a lone short word; a longer one keeps the greedy lines,
// with the last word of the line before moved down to a lone last word.
std::vector<Range> paragraph_lines(std::string_view p, const Font& font, double width) {
  std::vector<Range> lines;
  double widest = 0;
  const std::size_t n = fill(p, font, width, &lines, &widest);
  if (n >= 2 && n <= 6 && p.size() <= 4096) {
    double lo = widest, hi = width;  // never so narrow that a piece breaks
    for (int i = 0; i < 14; ++i) {
      const double mid = (lo + hi) / 2;
      (fill(p, font, mid, nullptr) == n ? hi : lo) = mid;
    }
    lines.clear();
    fill(p, font, hi, &lines);
    return lines;
  }
  if (n >= 2) {
    auto& last = lines[n - 1];
    auto& before = lines[n - 2];
    const std::string_view tail = p.substr(last.first, last.second - last.first);
    const std::size_t space = p.rfind(' ', before.second - 1);
    if (tail.find(' ') == std::string_view::npos && space != std::string_view::npos && space > before.first &&
        text_width(tail, font) < width / 3 &&
        text_width(p.substr(space + 1, last.second - space - 1), font) <= width) {
      std::size_t end = space;
      while (end > before.first && p[end - 1] == ' ') --end;
      last.first = space + 1;
      before.second = end;
    }
  }
  return lines;
}

}  // namespace

std::vector<std::string> wrap(std::string_view text, const Font& font, double width) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto newline = text.find('\n', start);
    const std::string_view paragraph =
        text.substr(start, newline == std::string_view::npos ? text.npos : newline - start);
    for (const auto& [b, e] : paragraph_lines(paragraph, font, width)) lines.emplace_back(paragraph.substr(b, e - b));
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

// One element alone carries its style; a run of several shares it on a <g>.
// Only a run's first element waits: from the second on, the group is open in
// the body and each element goes straight into it, so that a run of any
// length (the lines of a title of 200 MB) is held once.
void Canvas::emit(std::string head, std::string tail, std::string style) {
  const auto indent = static_cast<std::size_t>(depth_ + 1) * 2;
  if ((run_open_ || !run_.empty()) && style == run_style_) {
    if (!run_open_) {
      body_.append(indent, ' ');
      body_ += "<g" + run_style_ + ">\n";
      body_.append(indent + 2, ' ');
      body_ += run_.front().head + run_.front().tail + "\n";
      run_.clear();
      run_open_ = true;
    }
    body_.append(indent + 2, ' ');
    body_ += head;
    body_ += tail;
    body_ += '\n';
    return;
  }
  flush();
  run_style_ = std::move(style);
  run_.push_back({std::move(head), std::move(tail)});
}

// The end of the pending run: an element alone with its style, or the
// closing of its group.
void Canvas::write_run(std::string& out) const {
  const auto indent = static_cast<std::size_t>(depth_ + 1) * 2;
  if (run_open_) {
    out.append(indent, ' ');
    out += "</g>\n";
  } else if (!run_.empty()) {
    out.append(indent, ' ');
    out += run_[0].head + run_style_ + run_[0].tail + "\n";
  }
}

void Canvas::flush() {
  write_run(body_);
  run_.clear();
  run_open_ = false;
  run_style_.clear();
}

namespace {

// A colour for TikZ: black, white, or xcolor's {rgb,255:...} of "#rgb" or "#rrggbb".
std::string tikz_colour(const std::string& c) {
  if (c == "#000" || c == "#000000" || c == "black") return "black";
  if (c == "#fff" || c == "#ffffff" || c == "white") return "white";
  auto hex = [](char h) { return h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10; };
  int rgb[3] = {0, 0, 0};
  if (c.size() == 4 && c[0] == '#')
    for (int i = 0; i < 3; ++i) rgb[i] = hex(c[1 + i]) * 17;
  else if (c.size() == 7 && c[0] == '#')
    for (int i = 0; i < 3; ++i) rgb[i] = hex(c[1 + 2 * i]) * 16 + hex(c[2 + 2 * i]);
  return "{rgb,255:red," + std::to_string(rgb[0]) + ";green," + std::to_string(rgb[1]) + ";blue," +
         std::to_string(rgb[2]) + "}";
}

// The letters of Latin-1 and Latin Extended-A that pdflatex cannot set in
// its default font encoding (OT1) although it reads them as UTF-8 (docs/
// DIAGRAMS.md, "TikZ and PDF"). Those with a `command` are in the T1
// encoding: written as a test of the document's encoding, the letter itself
// where the encoding has the command (`\usepackage[T1]{fontenc}`), else the
// fallback and a LaTeX warning that names the letter. Those without one are
// in no encoding of pdflatex's standard fonts: always the fallback and the
// warning. Sorted by code point.
struct TexLetter {
  char32_t cp;
  const char* command;   // the T1 text command the letter is set with, or nullptr
  const char* fallback;  // what OT1 (and without a command, every encoding) sets
};
constexpr TexLetter tex_letters[] = {
    {0x00AB, "\\guillemotleft", "\\textless\\textless{}"},
    {0x00BB, "\\guillemotright", "\\textgreater\\textgreater{}"},
    {0x00D0, "\\DH", "D"}, {0x00DE, "\\TH", "Th"}, {0x00F0, "\\dh", "d"}, {0x00FE, "\\th", "th"},
    {0x0104, "\\k", "A"}, {0x0105, "\\k", "a"}, {0x0110, "\\DJ", "D"}, {0x0111, "\\dj", "d"},
    {0x0118, "\\k", "E"}, {0x0119, "\\k", "e"}, {0x0126, nullptr, "H"}, {0x0127, nullptr, "h"},
    {0x012E, "\\k", "I"}, {0x012F, "\\k", "i"}, {0x0138, nullptr, "k"}, {0x013F, nullptr, "L\u00b7"},
    {0x0140, nullptr, "l\u00b7"}, {0x0149, nullptr, "'n"}, {0x014A, "\\NG", "N"}, {0x014B, "\\ng", "n"},
    {0x0166, nullptr, "T"}, {0x0167, nullptr, "t"}, {0x0172, "\\k", "U"}, {0x0173, "\\k", "u"},
    {0x017F, nullptr, "s"},
};

const TexLetter* tex_letter(char32_t cp) {
  const auto* end = std::end(tex_letters);
  const auto* at = std::lower_bound(std::begin(tex_letters), end, cp,
                                    [](const TexLetter& l, char32_t c) { return l.cp < c; });
  return at != end && at->cp == cp ? at : nullptr;
}

// A letter of tex_letters as TikZ node text: `letter` is its UTF-8 bytes.
void append_tex_letter(std::string& out, const TexLetter& l, std::string_view letter) {
  char code[8];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(l.cp));
  const std::string warning = std::string("\\PackageWarning{beyt}{letter ") + code + " set as " + l.fallback +
                              (l.command ? " (load T1 fontenc to set it)}" : " (no glyph in pdflatex's fonts)}");
  if (!l.command) {
    out += warning + l.fallback;
    return;
  }
  out += "\\ifcsname\\csname cf@encoding\\endcsname\\string";
  out += l.command;
  out += "\\endcsname ";
  out.append(letter);
  out += "\\else" + warning + l.fallback + "\\fi{}";
}

// Text for a TikZ node: TeX's special characters escaped, the ligatures of
// -- ,, `` '' broken, control characters dropped; letters of Latin-1 and
// Latin Extended-A and the common punctuation kept (pdflatex reads them as
// UTF-8; those its default encoding lacks as tex_letters says), any other
// code point written as '?'.
std::string tikz_text(std::string_view text) {
  std::string out;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    std::size_t len = chars::decode(p + i, text.size() - i, cp);
    if (len == 0) {
      out += '?';
      ++i;
      continue;
    }
    const char c = text[i];
    i += len;
    if (cp < 0x80) {
      switch (c) {
        case '\\': out += "\\textbackslash{}"; break;
        case '{': out += "\\{"; break;
        case '}': out += "\\}"; break;
        case '$': out += "\\$"; break;
        case '&': out += "\\&"; break;
        case '#': out += "\\#"; break;
        case '%': out += "\\%"; break;
        case '_': out += "\\_"; break;
        case '^': out += "\\textasciicircum{}"; break;
        case '~': out += "\\textasciitilde{}"; break;
        case '<': out += "\\textless{}"; break;
        case '>': out += "\\textgreater{}"; break;
        case '|': out += "\\textbar{}"; break;
        default:
          if (cp < 0x20 || cp == 0x7f) break;
          out += c;
          if ((c == '-' || c == ',' || c == '\'' || c == '`' || c == '!' || c == '?') && i < text.size() &&
              std::string_view("-,'`").find(text[i]) != std::string_view::npos)
            out += "{}";
      }
      continue;
    }
    const bool kept = (cp >= 0xA0 && cp <= 0x17F && cp != 0xAD) || cp == 0x2013 || cp == 0x2014 || cp == 0x2018 ||
                      cp == 0x2019 || cp == 0x201C || cp == 0x201D || cp == 0x2026;
    const std::string_view letter(text.data() + i - len, len);
    if (!kept) out += '?';
    else if (const TexLetter* l = tex_letter(cp)) append_tex_letter(out, *l, letter);
    else out.append(letter);
  }
  return out;
}

// A number as number() writes it ("-12.5"), read from `at` on: its length
// in chars, 0 if none. Ours rather than std::from_chars: the library builds
// where floating-point from_chars is missing (Emscripten's libc++).
std::size_t read_number(std::string_view s, std::size_t at, double& v) {
  std::size_t i = at;
  const bool minus = i < s.size() && s[i] == '-';
  if (minus) ++i;
  double whole = 0, scale = 1;
  bool digits = false, point = false;
  for (; i < s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9') {
      digits = true;
      if (point) scale /= 10;
      whole = whole * 10 + (s[i] - '0');
    } else if (s[i] == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (!digits) return 0;
  v = (minus ? -whole : whole) * scale;
  return i - at;
}

// An SVG path's d (absolute M, L, H, V, C, Q and Z, as the games write them
// with number()) as a TikZ path.
std::string tikz_path(std::string_view d) {
  std::vector<double> nums;
  std::string out;
  char cmd = 0;
  double x = 0, y = 0, sx = 0, sy = 0;
  auto point = [](double px, double py) { return "(" + number(px) + "," + number(py) + ")"; };
  auto take = [&](std::size_t n) {
    while (nums.size() >= n) {
      std::vector<double> a(nums.begin(), nums.begin() + static_cast<std::ptrdiff_t>(n));
      nums.erase(nums.begin(), nums.begin() + static_cast<std::ptrdiff_t>(n));
      switch (cmd) {
        case 'M': x = sx = a[0]; y = sy = a[1]; out += (out.empty() ? "" : " ") + point(x, y); cmd = 'L'; break;
        case 'L': x = a[0]; y = a[1]; out += " -- " + point(x, y); break;
        case 'H': x = a[0]; out += " -- " + point(x, y); break;
        case 'V': y = a[0]; out += " -- " + point(x, y); break;
        case 'C':
          out += " .. controls " + point(a[0], a[1]) + " and " + point(a[2], a[3]) + " .. " + point(a[4], a[5]);
          x = a[4]; y = a[5];
          break;
        case 'Q':  // the cubic of the same curve
          out += " .. controls " + point(x + 2 * (a[0] - x) / 3, y + 2 * (a[1] - y) / 3) + " and " +
                 point(a[2] + 2 * (a[0] - a[2]) / 3, a[3] + 2 * (a[1] - a[3]) / 3) + " .. " + point(a[2], a[3]);
          x = a[2]; y = a[3];
          break;
        default: nums.clear(); return;
      }
    }
  };
  auto arity = [](char c) { return c == 'C' ? 6u : c == 'Q' ? 4u : c == 'H' || c == 'V' ? 1u : 2u; };
  for (std::size_t i = 0; i < d.size();) {
    const char c = d[i];
    if (c == ' ' || c == ',') { ++i; continue; }
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      if (c == 'Z' || c == 'z') {
        out += " -- cycle";
        x = sx;
        y = sy;
      }
      cmd = c;
      ++i;
      continue;
    }
    double v = 0;
    const std::size_t n = read_number(d, i, v);
    if (n == 0) {
      ++i;
      continue;
    }
    nums.push_back(v);
    i += n;
    take(arity(cmd));
  }
  return out;
}

}  // namespace

std::string Canvas::pt(double px) const { return number(px * pt_) + "pt"; }

void Canvas::tikz(const Paint& paint, std::string_view geometry, std::string extra) {
  std::string o;
  auto add = [&](const std::string& s) { o += (o.empty() ? "" : ",") + s; };
  if (paint.fill != "none") add("fill=" + tikz_colour(paint.fill));
  if (paint.stroke != "none") {
    add("draw=" + tikz_colour(paint.stroke));
    add("line width=" + pt(paint.stroke_width));
    if (!paint.dash.empty()) {
      std::string pattern;
      std::size_t k = 0;
      std::vector<double> lens;  // on, off, on, off ...
      for (std::size_t i = 0; i <= paint.dash.size(); ++i) {
        if (i < paint.dash.size() && paint.dash[i] != ' ' && paint.dash[i] != ',') continue;
        double v = 0;
        if (i > k && read_number(paint.dash, k, v) > 0) lens.push_back(v);
        k = i + 1;
      }
      if (lens.size() % 2) {  // SVG repeats an odd list
        const std::vector<double> once = lens;
        lens.insert(lens.end(), once.begin(), once.end());
      }
      for (std::size_t i = 0; i < lens.size(); ++i)
        pattern += std::string(i ? " " : "") + (i % 2 ? "off " : "on ") + pt(lens[i]);
      if (!pattern.empty()) add("dash pattern=" + pattern);
    }
    if (paint.round) add("line cap=round,line join=round");
  }
  if (paint.opacity < 1) add("opacity=" + number(paint.opacity));
  if (!extra.empty()) add(extra);
  if (paint.fill == "none" && paint.stroke == "none") return;
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  body_ += "\\path[" + o + "] ";
  body_ += geometry;
  body_ += ";\n";
}

void Canvas::note_text(std::string_view text, double size) {
  if (text.empty()) return;
  if (smallest_text_ == 0 || size < smallest_text_) smallest_text_ = size;
  if (text.find_first_of("0123456789") != std::string_view::npos &&
      (smallest_numeral_ == 0 || size < smallest_numeral_))
    smallest_numeral_ = size;
}

namespace {
std::string tikz_point(double x, double y) { return "(" + number(x) + "," + number(y) + ")"; }
}  // namespace

void Canvas::rect(double x, double y, double width, double height, const Paint& paint, double corner) {
  if (backend_ == Backend::tikz)
    return tikz(paint, tikz_point(x, y) + " rectangle " + tikz_point(x + width, y + height),
                corner > 0 ? "rounded corners=" + pt(corner) : std::string());
  std::string head = "<rect x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" + number(width) +
                     "\" height=\"" + number(height) + "\"";
  if (corner > 0) head += " rx=\"" + number(corner) + "\" ry=\"" + number(corner) + "\"";
  emit(head + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::ellipse(Point c, double rx, double ry, const Paint& paint) {
  if (backend_ == Backend::tikz)
    return tikz(paint, tikz_point(c.x, c.y) + " ellipse[x radius=" + pt(rx) + ",y radius=" + pt(ry) + "]");
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
std::string tikz_points(const std::vector<Point>& points, bool closed) {
  std::string out;
  for (const auto& p : points) out += (out.empty() ? "" : " -- ") + tikz_point(p.x, p.y);
  return closed && !points.empty() ? out + " -- cycle" : out;
}
}  // namespace

void Canvas::polyline(const std::vector<Point>& points, const Paint& paint) {
  if (backend_ == Backend::tikz) return tikz(paint, tikz_points(points, false));
  emit("<polyline" + points_attribute(points) + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::path(std::string_view d, const Paint& paint) {
  if (backend_ == Backend::tikz) return tikz(paint, tikz_path(d));
  emit("<path d=\"" + escape(d) + "\"" + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::line(Point a, Point b, const Paint& paint) {
  if (backend_ == Backend::tikz) return tikz(paint, tikz_point(a.x, a.y) + " -- " + tikz_point(b.x, b.y));
  emit("<line x1=\"" + number(a.x) + "\" y1=\"" + number(a.y) + "\" x2=\"" + number(b.x) + "\" y2=\"" +
           number(b.y) + "\"" + opacity_attribute(paint),
       "/>", paint_attributes(paint));
}

void Canvas::circle(Point c, double radius, const Paint& paint) {
  if (backend_ == Backend::tikz) return tikz(paint, tikz_point(c.x, c.y) + " circle[radius=" + pt(radius) + "]");
  emit("<circle cx=\"" + number(c.x) + "\" cy=\"" + number(c.y) + "\" r=\"" + number(radius) + "\"" +
           opacity_attribute(paint),
       "/>", paint_attributes(paint));
}

void Canvas::polygon(const std::vector<Point>& points, const Paint& paint) {
  if (backend_ == Backend::tikz) return tikz(paint, tikz_points(points, true));
  emit("<polygon" + points_attribute(points) + opacity_attribute(paint), "/>", paint_attributes(paint));
}

void Canvas::text(Point at, std::string_view text, const Font& font) {
  note_text(text, font.size);
  if (backend_ == Backend::tikz) {
    static constexpr const char* kAnchor[] = {"base west", "base", "base east"};
    const std::string& f = font.family;
    std::string face = f.find("sans") != std::string::npos ? "\\sffamily"
                       : f.find("mono") != std::string::npos || f.find("Mono") != std::string::npos
                           ? "\\ttfamily"
                           : "\\rmfamily";
    if (font.bold) face += "\\bfseries";
    if (font.italic) face += "\\itshape";
    body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
    body_ += "\\node[anchor=" + std::string(kAnchor[static_cast<int>(font.anchor)]) +
             ",inner sep=0pt,text=" + tikz_colour(font.fill) + ",font=\\fontsize{" + number(font.size * pt_) + "}{" +
             number(1.2 * font.size * pt_) + "}\\selectfont" + face + "] at " + tikz_point(at.x, at.y) + " {" +
             tikz_text(text) + "};\n";
    return;
  }
  emit("<text x=\"" + number(at.x) + "\" y=\"" + number(at.y) + "\"", ">" + escape_line(text) + "</text>",
       font_attributes(font));
}

void Canvas::centred_text(Point at, std::string_view text, const Font& font) {
  this->text({at.x, at.y + 0.35 * font.size}, text, font);
}

void Canvas::begin_group(double dx, double dy) {
  flush();
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  if (backend_ == Backend::tikz) body_ += "\\begin{scope}[shift={" + tikz_point(dx, dy) + "}]\n";
  else body_ += "<g transform=\"translate(" + number(dx) + "," + number(dy) + ")\">\n";
  ++depth_;
}

void Canvas::end_group() {
  if (depth_ == 0) return;
  flush();
  --depth_;
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  body_ += backend_ == Backend::tikz ? "\\end{scope}\n" : "</g>\n";
}

void Canvas::comment(std::string_view text) {
  flush();
  body_.append(static_cast<std::size_t>(depth_ + 1) * 2, ' ');
  if (backend_ == Backend::tikz) {
    std::string line;
    for (char c : text) line += c == '\n' || c == '\r' ? ' ' : c;
    body_ += "% " + line + "\n";
    return;
  }
  std::string safe;
  for (char c : text) {
    if (c == '-' && !safe.empty() && safe.back() == '-') safe += ' ';
    safe += c;
  }
  if (!safe.empty() && safe.back() == '-') safe += ' ';
  body_ += "<!-- " + escape(safe) + " -->\n";
}

std::string Canvas::body() const {
  std::string out = body_;
  write_run(out);
  return out;
}

std::string Canvas::document(Size size, std::string_view title, double display_width) const {
  std::string w = number(size.width), h = number(size.height);
  if (backend_ == Backend::tikz) {
    std::string out, t;
    out.reserve(body_.size() + title.size() + 1024);
    for (char c : title) t += c == '\n' || c == '\r' ? ' ' : c;
    out += "% " + (t.empty() ? std::string("beyt diagram") : t) + "\n";
    out += "% A TikZ picture written by beyt (docs/DIAGRAMS.md): \\input it in a LaTeX document that loads\n"
           "% the tikz package; the page is " + w + " x " + h + " px of the SVG plate, " + number(size.width * pt_) +
           " x " + number(size.height * pt_) + " pt.\n";
    out += "\\begin{tikzpicture}[x=" + number(pt_) + "pt,y=-" + number(pt_) + "pt]\n";
    out += "  \\path[fill=white] (0,0) rectangle (" + w + "," + h + ");\n";
    out += body_;
    for (int d = depth_; d > 0; --d) out.append(static_cast<std::size_t>(d) * 2, ' ') += "\\end{scope}\n";
    out += "\\end{tikzpicture}\n";
    return out;
  }
  std::string dw = w, dh = h;
  if (display_width > 0 && size.width > 0) {
    dw = number(std::round(display_width));
    dh = number(std::round(size.height * std::round(display_width) / size.width));
  }
  std::string out;
  out.reserve(body_.size() + title.size() + 1024);
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + dw + "\" height=\"" + dh +
         "\" viewBox=\"0 0 " + w + " " + h + "\">\n";
  if (!title.empty()) out += "  <title>" + escape_line(title) + "</title>\n";
  out += "  <rect x=\"0\" y=\"0\" width=\"" + w + "\" height=\"" + h + "\" fill=\"#fff\"/>\n";
  out += body_;
  write_run(out);
  for (int d = depth_; d > 0; --d) out.append(static_cast<std::size_t>(d) * 2, ' ') += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace beyt::svg
