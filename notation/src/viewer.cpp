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
// The boards go to the page as they are drawn; only the move list (tens of
// bytes a turn) and two positions of each line being drawn are held, so that
// memory grows with the record, not with the page (a page holds one SVG of a
// few KB for every position).
class GameView {
 public:
  // `first_index`: the page's first game, whose fragments leave out game=K.
  GameView(std::ostream& out, const GameRecord& record, std::uint32_t index, std::uint32_t first_index,
           const ViewerOptions& options, std::vector<std::string>& warnings)
      : out_(out), record_(record), index_(index), first_index_(first_index), options_(options),
        warnings_(warnings) {
    figures_ = options.figures;
    figures_.captions = false;  // the caption is the page's text, under the board
    page_ = options.page;
    page_.title.clear();        // the header above shows them
    page_.caption.clear();
    page_.to_move = false;      // in the caption
  }

  // Draws the initial position and every line from `start`; false with
  // `why` when a board cannot be drawn (an arrow off the board). `open`
  // writes what comes before the boards, once the first one gives their width.
  template <class Open>
  bool run(const State& start, Open open, std::string& why) {
    const std::size_t playable = playable_turns(record_.moves, start);
    NodePosition zero;
    zero.path.steps = {0};
    zero.state = start.clone();
    zero.end_of_game = record_.moves.empty();
    std::string svg;
    if (!draw(zero, svg, why)) return false;
    auto at = svg.find(" width=\"");  // the natural width of the boards, for the page's layout
    open(at == std::string::npos ? std::string() : svg.substr(at + 8, svg.find('"', at + 8) - at - 8));
    write_board(zero, std::move(svg), "", playable > 0 ? "1" : "", std::to_string(playable));
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

 private:
  // How many turns of `line` can be played from `start` (up to the first
  // illegal move).
  static std::size_t playable_turns(const Line& line, const State& start) {
    auto s = start.clone();
    std::size_t n = 0;
    while (n < line.size() && !s->play_turn(line[n].move)) ++n;
    return n;
  }

  std::string fragment(const std::string& ply) const {
    return index_ == first_index_ ? "#ply=" + ply : "#game=" + std::to_string(index_) + "&amp;ply=" + ply;
  }

  bool draw(const NodePosition& pos, std::string& svg, std::string& why) {
    return position_svg(record_, pos, options_.draw, figures_, page_, svg, why, warnings_);
  }

  // The board of `pos` and, as the page's text under it, its caption.
  void write_board(const NodePosition& pos, std::string svg, const std::string& prev, const std::string& next,
                   const std::string& last) {
    out_ << "<div class=\"pos\" data-ply=\"" << pos.path.text() << "\"";
    if (!prev.empty()) out_ << " data-prev=\"" << prev << "\"";
    if (!next.empty()) out_ << " data-next=\"" << next << "\"";
    out_ << " data-last=\"" << last << "\" hidden>\n" << inline_svg(std::move(svg));
    std::string caption = options_.figures.captions ? node_caption(record_, pos) : std::string();
    if (options_.page.to_move) {
      const std::string line = to_move_line(*pos.state);
      if (!line.empty()) caption += (caption.empty() ? "" : "\n") + line;
    }
    if (!caption.empty()) {
      std::string text = html(caption);
      for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos;) text.replace(at, 1, "<br>");
      out_ << "<p class=\"cap\">" << text << "</p>\n";
    }
    out_ << "</div>\n";
  }

  // Draws `line` (turn numbers from `base`; `prefix`: the path to the node
  // it replaces, empty for the main line) and writes it into the list.
  // `prev_of_first`: the position before its first turn.
  bool line(const Line& moves, std::uint32_t base, const std::vector<std::uint32_t>& prefix,
            const std::string& prev_of_first, const State& start, std::string& why) {
    const std::size_t playable = playable_turns(moves, start);
    auto path_of = [&](std::size_t i) {
      NodePath p;
      p.steps = prefix;
      p.steps.push_back(base + static_cast<std::uint32_t>(i));
      return p.text();
    };
    const std::string last = playable ? path_of(playable - 1) : prev_of_first;
    std::unique_ptr<State> state = start.clone(), before;  // after and before turn i
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Node& node = moves[i];
      const std::uint32_t turn = base + static_cast<std::uint32_t>(i);
      const bool ok = i < playable;
      const std::string path = path_of(i);
      comments_html(list_, node.before);
      // The turn number and its move never part at the end of a line.
      list_ += " <span class=\"t\"><span class=\"n\">" + std::to_string(turn) + ".</span>&nbsp;";
      if (ok) {
        before = state->clone();
        state->play_turn(node.move);
        NodePosition pos;
        NodePath::parse(path, pos.path);
        pos.state = std::move(state);
        pos.before = std::move(before);
        pos.node = &node;
        pos.turn = turn;
        pos.end_of_game = prefix.empty() && i + 1 == moves.size();
        std::string svg;
        if (!draw(pos, svg, why)) return false;
        write_board(pos, std::move(svg), i == 0 ? prev_of_first : path_of(i - 1),
                    i + 1 < playable ? path_of(i + 1) : "", last);
        state = std::move(pos.state);
        before = std::move(pos.before);
        list_ += "<a class=\"m\" href=\"" + fragment(path) + "\" data-ply=\"" + path + "\">" + html(node.move) + "</a>";
      } else {
        list_ += "<span class=\"m bad\">" + html(node.move) + "</span>";
      }
      for (auto n : node.nags) list_ += "<span class=\"g\">" + html(nag_text(n)) + "</span>";
      list_ += "</span>";
      comments_html(list_, node.after);
      for (std::size_t v = 0; v < node.variations.size(); ++v) {
        list_ += " <span class=\"v\">(";
        std::vector<std::uint32_t> sub = prefix;
        sub.push_back(turn);
        sub.push_back(static_cast<std::uint32_t>(v + 1));
        const std::string prev = i == 0 ? prev_of_first : path_of(i - 1);
        if (i <= playable) {  // the position before this turn was reached
          if (!line(node.variations[v], turn, sub, prev, ok ? *before : *state, why)) return false;
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
      list_ += " <span class=\"t\"><span class=\"n\">" + std::to_string(base + i) +
               ".</span>&nbsp;<span class=\"m bad\">" + html(moves[i].move) + "</span></span>";
      comments_html(list_, moves[i].after);
      for (const auto& v : moves[i].variations) {
        list_ += " <span class=\"v\">(";
        plain(v, base + static_cast<std::uint32_t>(i));
        list_ += " )</span>";
      }
    }
  }

  std::ostream& out_;
  const GameRecord& record_;
  std::uint32_t index_, first_index_;
  const ViewerOptions& options_;
  FigureOptions figures_;
  PageOptions page_;
  std::vector<std::string>& warnings_;
  std::string list_;
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
.cap{margin:.4rem 0 0;text-align:center}
.moves{line-height:1.7;max-height:70vh;overflow:auto;padding:.25rem .5rem;border:1px solid #d8ccb0;background:#fff}
.moves .t{white-space:nowrap}
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
  // A Map, not an object: a fragment such as #ply=__proto__ or #ply=constructor
  // names no position, never a property every object has.
  var boards = new Map();
  function lookup(sec) {
    var pos = boards.get(sec);
    if (!pos) {
      pos = new Map();
      sec.querySelectorAll('.pos').forEach(function (p) { pos.set(p.getAttribute('data-ply'), p); });
      boards.set(sec, pos);
    }
    return pos;
  }
  function section(game) {
    for (var i = 0; i < games.length; ++i) if (games[i].getAttribute('data-game') === game) return games[i];
    return null;
  }
  function fragment(sec, ply) {
    var g = sec.getAttribute('data-game');
    return '#' + (g === first ? '' : 'game=' + g + '&') + 'ply=' + ply;
  }
  // The fragment's game and ply, each kept only when it has the form beyt
  // writes (a number; numbers separated by dots, an odd count of them).
  var GAME = /^[0-9]{1,9}$/, PLY = /^[0-9]{1,9}(\.[0-9]{1,9}\.[0-9]{1,9})*$/;
  function parse(hash) {
    var out = {game: first, ply: '0'};
    hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var eq = kv.indexOf('=');
      if (eq < 0) return;
      var k = kv.slice(0, eq), v;
      try { v = decodeURIComponent(kv.slice(eq + 1)); } catch (e) { return; }
      if (k === 'game' && GAME.test(v)) out.game = v;
      if (k === 'ply' && PLY.test(v)) out.ply = v;
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
    if (!pos.has(ply)) ply = '0';
    var p = pos.get(ply);
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
    var keys = new Map([['ArrowLeft', 'prev'], ['ArrowRight', 'next'], ['Home', 'first'], ['End', 'last']]);
    if (keys.has(e.key)) { e.preventDefault(); go(keys.get(e.key)); }
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

std::string ViewerWriter::begin(const GameRecord& first) {
  begun_ = true;
  const Game* game = nullptr;
  if (const auto* g = first.find_tag("Game")) game = find_game(g->value);
  std::string title = game ? record_title(first, *game) : "beyt game viewer";
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"generator\" content=\"beyt render --format html\">\n"
         "<title>" + html(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n"
         "<div id=\"bar\" hidden><label for=\"chooser\">Game</label> <select id=\"chooser\"></select></div>\n";
}

std::uint64_t viewer_positions(const GameRecord& record) {
  struct Count {
    static std::uint64_t line(const Line& moves) {
      std::uint64_t n = moves.size();
      for (const Node& node : moves)
        for (const Line& v : node.variations) n += line(v);
      return n;
    }
  };
  return 1 + Count::line(record.moves);
}

bool ViewerWriter::add(const GameRecord& record, std::uint32_t index, const Diagnostic& problem,
                       std::vector<std::string>& warnings, std::string& why) {
  // Nothing is written before the first board is drawn: a board that cannot
  // be drawn leaves the page as it was.
  std::string head = begun_ ? std::string() : begin(record);
  if (games_ == 0) first_index_ = index;
  ++games_;
  ReplayOptions start_only;
  start_only.stop_after = 0;
  start_only.variations = false;
  Replay start;
  replay(record, options_.file, index, start_only, start);

  const std::string title = !options_.title_from_tags && !options_.page.title.empty() ? options_.page.title
                            : start.game ? record_title(record, *start.game)
                                         : "Game " + std::to_string(index);
  const std::string caption =
      !options_.caption_from_tags && !options_.page.caption.empty() ? options_.page.caption : record_caption(record);
  std::string label = std::to_string(index) + ". " + title;
  if (!caption.empty()) label += " \u2013 " + caption;
  if (record.result != "*") label += " (" + record.result + ")";
  head += "<section class=\"game\" data-game=\"" + std::to_string(index) + "\" data-label=\"" + html(label) +
          "\" hidden>\n<header>\n<h1>" + html(title) + "</h1>\n";
  if (!caption.empty()) head += "<p class=\"sub\">" + html(caption) + "</p>\n";
  head += "<details class=\"tags\"><summary>Tags</summary><table>\n";
  for (const auto& t : record.tags) head += "<tr><th>" + html(t.name) + "</th><td>" + html(t.value) + "</td></tr>\n";
  head += "</table></details>\n</header>\n";

  GameView view(out_, record, index, first_index_, options_, warnings);
  auto open = [&](const std::string& width) {
    // The board column grows up to one and a half times the boards' own width.
    out_ << head << "<div class=\"play\">\n<div class=\"view\"";
    if (!width.empty()) out_ << " style=\"--w:" << width << "px\"";
    out_ << ">\n<div class=\"board\">\n";
  };
  if (!start.state) {
    view.text_only();
    open("");
  } else if (!view.run(*start.state, open, why)) {
    return false;
  }
  out_ << "</div>\n<div class=\"nav\">"
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
    out_ << begin(none) << "<p>No games.</p>\n";
  }
  out_ << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace beyt::notation
