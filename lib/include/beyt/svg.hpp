// beyt/svg.hpp - a small SVG writer of our own for publication diagrams.
//
// A Canvas collects elements (rect, line, circle, polygon, text) and groups
// with a translation, and writes one self-contained SVG 1.1 document: no
// external files, no <style>, fonts named by family only ("serif"), so the
// file renders the same in a browser and in rsvg-convert.
// Output is byte-stable: numbers are written with at most two decimals,
// trailing zeros removed, never in exponent form, never locale-dependent
// (std::to_chars), attributes in a fixed order, one element per line;
// consecutive elements of one style share it on a <g>.
// The same drawing calls write a TikZ picture instead (Backend::tikz, for
// documents set in LaTeX): the same elements at the same coordinates.
// docs/DIAGRAMS.md describes how the games draw on it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace beyt::svg {

struct Point {
  double x = 0;
  double y = 0;
};

struct Size {
  double width = 0;
  double height = 0;
};

/// Fill and stroke of a shape. Colours are SVG colour strings ("#000",
/// "none"); an empty dash means a solid line.
struct Paint {
  std::string fill = "none";
  std::string stroke = "none";
  double stroke_width = 0;
  std::string dash;           ///< stroke-dasharray, e.g. "4 3"
  double opacity = 1;         ///< written only when below 1
  bool round = false;         ///< round line caps and joins
};

enum class Anchor { start, middle, end };

struct Font {
  std::string family = "serif";
  double size = 12;
  Anchor anchor = Anchor::middle;
  bool bold = false;
  bool italic = false;
  std::string fill = "#000";
};

/// "12", "12.5", "0.33", "-3": at most two decimals, no trailing zeros.
std::string number(double v);
/// Escapes & < > " ' for text content and attribute values; drops the
/// control characters but TAB and LF, writes U+FFFD for noncharacters and
/// invalid UTF-8.
std::string escape(std::string_view text);
/// As escape(), and drops TAB and LF too: the text of one SVG <text> or
/// <title> (a title or caption line), which holds no control character
/// at all, U+0000..U+001F and U+007F (NOTATION.md section 11).
std::string escape_line(std::string_view text);
/// Estimated width of `text` in `font`, px: the advance widths of DejaVu
/// Serif (Book or Bold) for ASCII, 0.65 em (bold 0.7) for any other code
/// point; what wrap() measures titles and captions with.
double text_width(std::string_view text, const Font& font);
/// `text` broken into lines no wider than `width` px (by text_width) in
/// `font`: at each '\n', else at spaces, else after ',', ':' or ';' (a stick
/// game's long turn breaks between its throws and uses); a piece wider than
/// the whole line breaks after '-' or '/' (between the steps of a chain, never
/// inside a cell name), and only as a last resort between code points.
/// Spaces at a break are dropped. A paragraph of two to six lines is
/// balanced (the narrowest width that gives as many lines), so that its last
/// line is no lone short word; a longer one moves a word down to a lone last
/// word. Linear in the length of `text` (a word of 200 MB wraps). An empty
/// text gives no line.
std::vector<std::string> wrap(std::string_view text, const Font& font, double width);

/// The `d` of a path of diagonal hatching (lines x + y = k, `step` px apart)
/// over the square of side `side` px at (x, y): a cell set apart (Um el-Banât's
/// houses of North, Seega's centre).
std::string hatch_path(double x, double y, double side, double step);

/// What a Canvas writes: an SVG 1.1 document, or a TikZ picture
/// (`\begin{tikzpicture}` ... `\end{tikzpicture}`, for `\input` in a LaTeX
/// document that loads the tikz package).
enum class Backend { svg, tikz };

class Canvas {
 public:
  /// `pt_per_px`: TikZ only, the size in pt of one px of the drawing (0.75:
  /// CSS px at 96 per inch); coordinates, line widths and font sizes follow it.
  explicit Canvas(Backend backend = Backend::svg, double pt_per_px = 0.75)
      : backend_(backend), pt_(pt_per_px) {}
  Backend backend() const noexcept { return backend_; }

  /// A rectangle; `corner` > 0 rounds its corners (rx = ry = corner).
  void rect(double x, double y, double width, double height, const Paint& paint, double corner = 0);
  void line(Point a, Point b, const Paint& paint);
  void circle(Point centre, double radius, const Paint& paint);
  /// An ellipse (a mancala beyt, a pit).
  void ellipse(Point centre, double rx, double ry, const Paint& paint);
  void polygon(const std::vector<Point>& points, const Paint& paint);
  void polyline(const std::vector<Point>& points, const Paint& paint);
  /// A path from its `d` text (a groove, a curved track); build it with
  /// number() so that it stays byte-stable, e.g. "M 0,0 Q 5,8 10,0".
  void path(std::string_view d, const Paint& paint);
  /// Text on one line; `at` is the baseline point (start, middle or end as
  /// the font's anchor says).
  void text(Point at, std::string_view text, const Font& font);
  /// Text centred vertically on `at` (the baseline is moved down by 0.35 em),
  /// for letters on margins and in cells.
  void centred_text(Point at, std::string_view text, const Font& font);
  /// Opens <g transform="translate(dx,dy)">; close with end_group().
  void begin_group(double dx, double dy);
  void end_group();
  /// An XML comment (-- is written as - -); a TikZ comment line.
  void comment(std::string_view text);

  /// The size in px of the smallest text drawn so far (0: none), and of the
  /// smallest text holding a digit (a count, a turn, a coordinate): what a
  /// page needs to stay legible when it is scaled down to a column.
  double smallest_text() const noexcept { return smallest_text_; }
  double smallest_numeral() const noexcept { return smallest_numeral_; }

  /// The elements written so far (no document wrapper).
  std::string body() const;
  /// The complete document: XML declaration, <svg> of `size` px with a
  /// viewBox, <title>, a white background, the elements. Open groups are closed.
  /// A `display` width (> 0) scales the whole page to that many px wide
  /// (the height follows, rounded to whole px); the viewBox stays `size`.
  /// TikZ: a comment with the title, then the tikzpicture (x to the right,
  /// y down, pt_per_px pt a px: give the Canvas the scale of a display width)
  /// with a white background of `size`.
  std::string document(Size size, std::string_view title, double display_width = 0) const;

 private:
  // Consecutive elements of the same style (paint or font) share it on a
  // <g>: the files are about half as long, and a browser or rsvg-convert
  // draws them the same (the attributes are inherited presentation
  // attributes; opacity stays on its element).
  struct Element {
    std::string head;  // "<rect x=... y=..." (with an opacity of its own)
    std::string tail;  // "/>" or ">text</text>"
  };
  void emit(std::string head, std::string tail, std::string style);
  void write_run(std::string& out) const;
  void flush();
  // TikZ: one \path (or \node) per element, with its own options.
  void tikz(const Paint& paint, std::string_view geometry, std::string extra = {});
  std::string pt(double px) const;
  void note_text(std::string_view text, double size);
  Backend backend_;
  double pt_;
  double smallest_text_ = 0, smallest_numeral_ = 0;
  std::string body_;
  int depth_ = 0;
  std::string run_style_;
  std::vector<Element> run_;  // the first element of a run, until a second comes
  bool run_open_ = false;     // a run of two or more: its <g> is open in body_
};

}  // namespace beyt::svg
