// The game viewer page (beyt/notation/viewer.hpp).
#include "beyt/notation/viewer.hpp"

#include <memory>

#include "beyt/notation/replay.hpp"

namespace beyt::notation {
namespace {

// "http:" and "https:" (any case) with the colon as a character reference:
// the page shows the same text and holds no address a browser could follow
// or a reader could take for one.
std::string defuse_schemes(std::string s) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    out += s[i];
    for (std::string_view scheme : {std::string_view("http"), std::string_view("https")}) {
      const std::size_t n = scheme.size();
      if (i + 1 < n || i + 1 >= s.size() || s[i + 1] != ':') continue;
      bool match = true;
      for (std::size_t k = 0; k < n && match; ++k) match = lower(s[i + 1 - n + k]) == scheme[k];
      if (match) {
        out += "&#58;";
        ++i;
        break;
      }
    }
  }
  return out;
}

// Text for HTML content and attribute values: the escapes of SVG text
// (& < > " ', control characters dropped) serve HTML alike.
std::string html(std::string_view text) { return defuse_schemes(svg::escape(text)); }

// An SVG page of figures.hpp for inline use: without the XML declaration and
// the namespace attribute (the HTML parser puts <svg> in the SVG namespace
// itself), so that the page names no address.
std::string inline_svg(std::string svg) {
  if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find('\n') + 1);
  const std::string ns = " xmlns=\"http://www.w3.org/2000/svg\"";
  if (auto at = svg.find(ns); at != std::string::npos) svg.erase(at, ns.size());
  return defuse_schemes(std::move(svg));
}

// A comment as the list shows it: without the diagram commands, which the
// board draws.
std::string shown_comment(std::string_view c) {
  std::string out;
  std::size_t at = 0;
  while (at < c.size()) {
    auto cmd = c.find("[%", at);
    if (cmd == std::string_view::npos) {
      out += c.substr(at);
      break;
    }
    out += c.substr(at, cmd - at);
    auto close = c.find(']', cmd);
    if (close == std::string_view::npos) {
      out += c.substr(cmd);
      break;
    }
    at = close + 1;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  while (!out.empty() && out.front() == ' ') out.erase(0, 1);
  return out;
}

std::string nag_text(std::uint8_t n) {
  static constexpr const char* kSuffix[] = {"", "!", "?", "!!", "??", "!?", "?!"};
  return n >= 1 && n <= 6 ? kSuffix[n] : "$" + std::to_string(n);
}

void comments_html(std::string& out, const std::vector<std::string>& comments) {
  for (const auto& c : comments) {
    std::string text = shown_comment(c);
    if (!text.empty()) out += " <span class=\"c\">" + html(text) + "</span>";
  }
}

// One game's positions and move list, built while its lines are replayed.
class GameView {
 public:
  // `first_index`: the page's first game, whose fragments leave out game=K.
  GameView(const GameRecord& record, std::uint32_t index, std::uint32_t first_index, const ViewerOptions& options,
           const PageOptions& page, std::vector<std::string>& warnings)
      : record_(record), index_(index), first_index_(first_index), options_(options), page_(page),
        warnings_(warnings) {}

  // Draws the initial position and every line from `start`; false with
  // `why` when a board cannot be drawn (an arrow off the board).
  bool run(const State& start, std::string& why) {
    const bool any = !record_.moves.empty();
    NodePosition zero;
    zero.path.steps = {0};
    zero.state = start.clone();
    zero.end_of_game = record_.moves.empty();
    std::string next;
    std::vector<std::unique_ptr<State>> states;
    if (any) states = play_line(record_.moves, start);
    if (states.size() > 1) next = "1";
    const std::string last = states.size() > 1 ? std::to_string(states.size() - 1) : "0";
    if (!board(zero, "", next, last, why)) return false;
    comments_html(list_, record_.comments);
    return line(record_.moves, 1, {}, "0", start, why);
  }

  // The move list alone, when the game cannot be replayed at all (a bad
  // Game, Rules or SetUp tag).
  void text_only() {
    comments_html(list_, record_.comments);
    plain(record_.moves, 1);
  }

  const std::string& list() const { return list_; }
  const std::string& boards() const { return boards_; }
  // The width of the boards' SVG pages in px ("" if none was drawn).
  const std::string& width() const { return width_; }

 private:
  // The states after each playable turn of `line` from `start` (states[0]
  // is a copy of `start`); stops at the first illegal move.
  static std::vector<std::unique_ptr<State>> play_line(const Line& line, const State& start) {
    std::vector<std::unique_ptr<State>> states;
    states.push_back(start.clone());
    for (const Node& node : line) {
      auto s = states.back()->clone();
      if (s->play(node.move)) break;
      states.push_back(std::move(s));
    }
    return states;
  }

  std::string fragment(const std::string& ply) const {
    return index_ == first_index_ ? "#ply=" + ply : "#game=" + std::to_string(index_) + "&amp;ply=" + ply;
  }

  bool board(const NodePosition& pos, const std::string& prev, const std::string& next, const std::string& last,
             std::string& why) {
    std::string svg;
    if (!position_svg(record_, pos, options_.draw, options_.figures, page_, svg, why, warnings_)) return false;
    if (width_.empty()) {  // the natural width of the boards, for the page's layout
      auto at = svg.find(" width=\"");
      if (at != std::string::npos) width_ = svg.substr(at + 8, svg.find('"', at + 8) - at - 8);
    }
    boards_ += "<div class=\"pos\" data-ply=\"" + pos.path.text() + "\"";
    if (!prev.empty()) boards_ += " data-prev=\"" + prev + "\"";
    if (!next.empty()) boards_ += " data-next=\"" + next + "\"";
    boards_ += " data-last=\"" + last + "\" hidden>\n" + inline_svg(std::move(svg)) + "</div>\n";
    return true;
  }

  // Draws `line` (turn numbers from `base`; `prefix`: the path to the node
  // it replaces, empty for the main line) and writes it into the list.
  // `prev_of_first`: the position before its first turn.
  bool line(const Line& moves, std::uint32_t base, const std::vector<std::uint32_t>& prefix,
            const std::string& prev_of_first, const State& start, std::string& why) {
    auto states = play_line(moves, start);
    const std::size_t playable = states.size() - 1;
    auto path_of = [&](std::size_t i) {
      NodePath p;
      p.steps = prefix;
      p.steps.push_back(base + static_cast<std::uint32_t>(i));
      return p.text();
    };
    const std::string last = playable ? path_of(playable - 1) : prev_of_first;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Node& node = moves[i];
      const std::uint32_t turn = base + static_cast<std::uint32_t>(i);
      const bool ok = i < playable;
      const std::string path = path_of(i);
      comments_html(list_, node.before);
      list_ += " <span class=\"n\">" + std::to_string(turn) + ".</span> ";
      if (ok) {
        NodePosition pos;
        NodePath::parse(path, pos.path);
        pos.state = states[i + 1]->clone();
        pos.before = states[i]->clone();
        pos.node = &node;
        pos.turn = turn;
        pos.end_of_game = prefix.empty() && i + 1 == moves.size();
        const std::string prev = i == 0 ? prev_of_first : path_of(i - 1);
        const std::string next = i + 1 < playable ? path_of(i + 1) : "";
        if (!board(pos, prev, next, last, why)) return false;
        list_ += "<a class=\"m\" href=\"" + fragment(path) + "\" data-ply=\"" + path + "\">" + html(node.move) + "</a>";
      } else {
        list_ += "<span class=\"m bad\">" + html(node.move) + "</span>";
      }
      for (auto n : node.nags) list_ += "<span class=\"g\">" + html(nag_text(n)) + "</span>";
      comments_html(list_, node.after);
      for (std::size_t v = 0; v < node.variations.size(); ++v) {
        list_ += " <span class=\"v\">(";
        std::vector<std::uint32_t> sub = prefix;
        sub.push_back(turn);
        sub.push_back(static_cast<std::uint32_t>(v + 1));
        const std::string before = i == 0 ? prev_of_first : path_of(i - 1);
        if (i <= playable) {  // the position before this turn was reached
          if (!line(node.variations[v], turn, sub, before, *states[i], why)) return false;
        } else {
          plain(node.variations[v], turn);
        }
        list_ += " )</span>";
      }
    }
    return true;
  }

  // A line after an illegal move: its text only.
  void plain(const Line& moves, std::uint32_t base) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      comments_html(list_, moves[i].before);
      list_ += " <span class=\"n\">" + std::to_string(base + i) + ".</span> <span class=\"m bad\">" +
               html(moves[i].move) + "</span>";
      comments_html(list_, moves[i].after);
      for (const auto& v : moves[i].variations) {
        list_ += " <span class=\"v\">(";
        plain(v, base + static_cast<std::uint32_t>(i));
        list_ += " )</span>";
      }
    }
  }

  const GameRecord& record_;
  std::uint32_t index_, first_index_;
  const ViewerOptions& options_;
  const PageOptions& page_;
  std::vector<std::string>& warnings_;
  std::string list_, boards_, width_;
};

// One style sheet for the page (no per-board style: the SVGs carry their own
// presentation attributes).
constexpr const char* kStyle = R"css(
[hidden]{display:none!important}
:root{color-scheme:light;font-family:Georgia,'Times New Roman',serif;color:#111;background:#fbf8f1}
body{margin:0 auto;padding:1rem 1.25rem 2rem;max-width:72rem}
#bar{display:flex;gap:.75rem;align-items:center;margin-bottom:.5rem}
#bar select{font:inherit;max-width:100%}
h1{font-size:1.4rem;margin:.2rem 0}
.sub{margin:.1rem 0 .6rem;font-style:italic}
details.tags{margin:0 0 .8rem}
details.tags summary{cursor:pointer}
table{border-collapse:collapse;font-size:.9rem}
th{text-align:left;padding:.1rem .8rem .1rem 0;font-weight:normal;color:#555;vertical-align:top}
td{padding:.1rem 0}
.play{display:flex;flex-wrap:wrap;gap:1rem 2rem;align-items:flex-start}
.side{flex:1 1 18rem;min-width:16rem}
.view{flex:1 1 var(--w,26rem);max-width:calc(1.5*var(--w,26rem));min-width:min(100%,16rem)}
.board svg{display:block;width:100%;height:auto;border:1px solid #d8ccb0;background:#fff}
.nav{display:flex;gap:.4rem;margin:.5rem 0}
.nav button{font:inherit;font-size:1.1rem;min-width:2.8rem;padding:.2rem .5rem;cursor:pointer}
.where{margin:.2rem 0 0;font-size:.85rem;color:#555}
.moves{line-height:1.7;max-height:70vh;overflow:auto;padding:.25rem .5rem;border:1px solid #d8ccb0;background:#fff}
.moves a.m{color:#123f7a;text-decoration:none;padding:0 .15rem;border-radius:.2rem;white-space:nowrap;font-family:'DejaVu Sans Mono',monospace;font-size:.9rem}
.moves a.m:hover{background:#e8eef8}
.moves a.m.cur{background:#f2d675;color:#000}
.m.bad{color:#b01c1c;text-decoration:line-through;font-family:monospace;font-size:.9rem}
.n{color:#777;font-size:.85rem}
.c{color:#3d5c2a;font-style:italic}
.g{color:#7a1a1a;font-weight:bold}
.v{color:#555}
.v .v{color:#777}
.r{font-weight:bold}
.error{color:#b01c1c;font-family:monospace;white-space:pre-wrap;margin:.4rem 0}
)css";

// Shows one position at a time; the SVGs are beyt's, the script only hides
// and shows them and keeps the fragment (#ply=P, #game=K&ply=P) in step.
constexpr const char* kScript = R"js(
(function () {
  'use strict';
  var games = Array.prototype.slice.call(document.querySelectorAll('section.game'));
  if (!games.length) return;
  var first = games[0].getAttribute('data-game');
  var current = null;
  function lookup(sec) {
    if (!sec._pos) {
      sec._pos = {};
      sec.querySelectorAll('.pos').forEach(function (p) { sec._pos[p.getAttribute('data-ply')] = p; });
    }
    return sec._pos;
  }
  function section(game) {
    for (var i = 0; i < games.length; ++i) if (games[i].getAttribute('data-game') === game) return games[i];
    return null;
  }
  function fragment(sec, ply) {
    var g = sec.getAttribute('data-game');
    return '#' + (g === first ? '' : 'game=' + g + '&') + 'ply=' + ply;
  }
  function parse(hash) {
    var out = {game: first, ply: '0'};
    hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var eq = kv.indexOf('=');
      if (eq < 0) return;
      var k = kv.slice(0, eq), v = decodeURIComponent(kv.slice(eq + 1));
      if (k === 'game') out.game = v;
      if (k === 'ply') out.ply = v;
    });
    return out;
  }
  // "12" -> "After turn 12"; "12.1.14" -> "After turn 14 (variation 1 of turn 12)".
  function describe(ply) {
    if (ply === '0') return 'Initial position';
    var s = ply.split('.'), out = 'After turn ' + s[s.length - 1];
    for (var i = s.length - 2; i > 0; i -= 2) out += (i === s.length - 2 ? ' (' : ', ') + 'variation ' + s[i] + ' of turn ' + s[i - 1];
    return s.length > 1 ? out + ')' : out;
  }
  function show(sec, ply, how) {
    var pos = lookup(sec);
    if (!pos[ply]) ply = '0';
    var p = pos[ply];
    if (!p) return;
    if (current && current.pos !== p) current.pos.hidden = true;
    if (!current || current.sec !== sec) {
      games.forEach(function (g) { g.hidden = g !== sec; });
      var chooser = document.getElementById('chooser');
      if (chooser) chooser.value = sec.getAttribute('data-game');
    }
    p.hidden = false;
    var old = sec.querySelector('a.m.cur');
    if (old) { old.classList.remove('cur'); old.removeAttribute('aria-current'); }
    var link = sec.querySelector('a.m[data-ply="' + ply + '"]');
    if (link) {
      link.classList.add('cur');
      link.setAttribute('aria-current', 'step');
      var box = link.closest('.moves');
      if (box) {
        var lt = link.offsetTop - box.offsetTop;
        if (lt < box.scrollTop || lt > box.scrollTop + box.clientHeight - link.offsetHeight)
          box.scrollTop = Math.max(0, lt - box.clientHeight / 2);
      }
    }
    var where = sec.querySelector('.where');
    if (where) where.textContent = describe(ply);
    current = {sec: sec, pos: p, ply: ply};
    var frag = fragment(sec, ply);
    if (how === 'replace' && location.hash !== frag) history.replaceState(null, '', frag);
    if (how === 'push' && location.hash !== frag) history.pushState(null, '', frag);
  }
  function go(what) {
    if (!current) return;
    var p = current.pos, ply = null;
    if (what === 'first') ply = '0';
    if (what === 'prev') ply = p.getAttribute('data-prev');
    if (what === 'next') ply = p.getAttribute('data-next');
    if (what === 'last') ply = p.getAttribute('data-last');
    if (ply !== null && ply !== current.ply) show(current.sec, ply, 'replace');
  }
  function fromHash() {
    var want = parse(location.hash);
    show(section(want.game) || games[0], want.ply, 'none');
  }
  document.addEventListener('click', function (e) {
    var a = e.target.closest ? e.target.closest('a.m') : null;
    if (a) {
      e.preventDefault();
      show(a.closest('section.game'), a.getAttribute('data-ply'), 'push');
      return;
    }
    var b = e.target.closest ? e.target.closest('button[data-go]') : null;
    if (b) go(b.getAttribute('data-go'));
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target && e.target.tagName;
    if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA') return;
    var keys = {ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last'};
    if (keys[e.key]) { e.preventDefault(); go(keys[e.key]); }
  });
  var chooser = document.getElementById('chooser');
  if (chooser) {
    games.forEach(function (g) {
      var o = document.createElement('option');
      o.value = g.getAttribute('data-game');
      o.textContent = g.getAttribute('data-label');
      chooser.appendChild(o);
    });
    chooser.parentNode.hidden = games.length < 2;
    chooser.addEventListener('change', function () { show(section(chooser.value), '0', 'push'); });
  }
  window.addEventListener('hashchange', fromHash);
  window.addEventListener('popstate', fromHash);
  fromHash();
})();
)js";

}  // namespace

ViewerWriter::ViewerWriter(std::ostream& out, ViewerOptions options) : out_(out), options_(std::move(options)) {}

void ViewerWriter::begin(const GameRecord& first) {
  begun_ = true;
  const Game* game = nullptr;
  if (const auto* g = first.find_tag("Game")) game = find_game(g->value);
  std::string title = game ? record_title(first, *game) : "beyt game viewer";
  out_ << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       << "<meta name=\"generator\" content=\"beyt render --format html\">\n"
       << "<title>" << html(title) << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n"
       << "<div id=\"bar\" hidden><label for=\"chooser\">Game</label> <select id=\"chooser\"></select></div>\n";
}

bool ViewerWriter::add(const GameRecord& record, std::uint32_t index, Diagnostic& problem,
                       std::vector<std::string>& warnings, std::string& why) {
  if (!begun_) begin(record);
  if (games_ == 0) first_index_ = index;
  ++games_;
  // The validator's first error, variations and result included.
  Replay whole;
  problem = replay(record, options_.file, index, ReplayOptions{}, whole);
  ReplayOptions start_only;
  start_only.stop_after = 0;
  start_only.variations = false;
  Replay start;
  replay(record, options_.file, index, start_only, start);

  const std::string title = start.game ? record_title(record, *start.game) : "Game " + std::to_string(index);
  const std::string caption = record_caption(record);
  std::string label = std::to_string(index) + ". " + title;
  if (!caption.empty()) label += " \u2013 " + caption;
  if (record.result != "*") label += " (" + record.result + ")";
  out_ << "<section class=\"game\" data-game=\"" << index << "\" data-label=\"" << html(label) << "\" hidden>\n"
       << "<header>\n<h1>" << html(title) << "</h1>\n";
  if (!caption.empty()) out_ << "<p class=\"sub\">" << html(caption) << "</p>\n";
  out_ << "<details class=\"tags\"><summary>Tags</summary><table>\n";
  for (const auto& t : record.tags) out_ << "<tr><th>" << html(t.name) << "</th><td>" << html(t.value) << "</td></tr>\n";
  out_ << "</table></details>\n</header>\n";

  PageOptions page = options_.page;
  if (options_.title_from_tags) page.title = start.game ? record_title(record, *start.game) : "";
  if (options_.caption_from_tags) page.caption = record_caption(record);
  GameView view(record, index, first_index_, options_, page, warnings);
  if (!start.state) view.text_only();
  else if (!view.run(*start.state, why)) return false;
  // The board column grows up to one and a half times the boards' own width.
  out_ << "<div class=\"play\">\n<div class=\"view\"";
  if (!view.width().empty()) out_ << " style=\"--w:" << view.width() << "px\"";
  out_ << ">\n<div class=\"board\">\n" << view.boards() << "</div>\n<div class=\"nav\">"
       << "<button type=\"button\" data-go=\"first\" title=\"First position (Home)\" aria-label=\"First\">&laquo;</button>"
       << "<button type=\"button\" data-go=\"prev\" title=\"Previous (Left arrow)\" aria-label=\"Previous\">&lsaquo;</button>"
       << "<button type=\"button\" data-go=\"next\" title=\"Next (Right arrow)\" aria-label=\"Next\">&rsaquo;</button>"
       << "<button type=\"button\" data-go=\"last\" title=\"Last of this line (End)\" aria-label=\"Last\">&raquo;</button>"
       << "</div>\n<p class=\"where\" aria-live=\"polite\"></p>\n</div>\n<div class=\"side\">\n";
  if (problem) out_ << "<p class=\"error\">" << html(format_text(problem)) << "</p>\n";
  out_ << "<div class=\"moves\">" << view.list() << " <span class=\"r\">" << html(record.result)
       << "</span></div>\n</div>\n</div>\n</section>\n";
  return true;
}

void ViewerWriter::finish() {
  if (!begun_) {
    GameRecord none;
    begin(none);
    out_ << "<p>No games.</p>\n";
  }
  out_ << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace beyt::notation
