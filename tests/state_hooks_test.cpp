// The State contract stays small (issue 29, "a dozen hooks"): the class
// State of lib/include/beyt/game.hpp declares at most 12 virtual functions
// besides its destructor; everything else a State offers is a non-virtual
// helper derived from them, or an optional interface (TurnEntry,
// BoardDrawing) found through entry() and drawing().
//
// And a game's traits are its engine (issue 29, "no one-line forwards";
// lib/src/engine_state.hpp): no member function of a game's traits struct
// (`struct XTraits` in lib/src/games/<game>/) only calls another function
// with its arguments reshaped. The rule, as TraitsContract.NoMemberForwards
// reads the sources: a member function is a forward when its body, less
// declarations that copy a parameter (`TabPosition copy = p;`), is one
// statement that is a call, `return f(...);` or `f(...);` (any chain of
// calls: `return TabGeometry::of(p.width, d).size();`), or returns a
// member of a parameter (`return !t.thrown;`). Such a member binds the
// function instead (`static constexpr auto outcome = &tab_outcome;`),
// giving it the hook's signature, or holds the body itself, or EngineState
// takes the function's own shape (e.g. check_turn as the game's play on a
// copy, turn_text as the notation's writer of the Turn's `text`); a
// capability several games share is written once in a base the traits
// derive from (NoThrows, ThrowsThenUses, mancala_svg::BoardHooks).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/game.hpp"

namespace {

// The names of the virtual functions a class of the header declares (the
// destructor left out), from `class NAME {` to the `};` that ends it.
std::vector<std::string> virtuals_of(const std::string& header, const std::string& name) {
  std::ifstream in(header);
  std::string line;
  bool inside = false;
  std::vector<std::string> out;
  const std::regex virtual_fn(R"(^\s*virtual\s+(.*?)\b([A-Za-z_][A-Za-z0-9_]*)\s*\()");
  while (std::getline(in, line)) {
    if (!inside) {
      inside = line == "class " + name + " {";
      continue;
    }
    if (line == "};") break;
    std::smatch m;
    if (std::regex_search(line, m, virtual_fn) && line.find('~') == std::string::npos) out.push_back(m[2]);
  }
  return out;
}

TEST(StateContract, AtMostTwelveVirtuals) {
  const std::string header = std::string(BEYT_SOURCE_DIR) + "/lib/include/beyt/game.hpp";
  const auto names = virtuals_of(header, "State");
  std::ostringstream listed;
  for (const auto& n : names) listed << ' ' << n;
  std::cout << "State's virtual functions (" << names.size() << "):" << listed.str() << "\n";
  ASSERT_GE(names.size(), 5u) << "the header's class State was not found or not read";
  EXPECT_LE(names.size(), 12u) << listed.str();
  // The helpers stay helpers: derived, never hooks of their own.
  // The old names (legal_moves, play, check, random_move, describe_move)
  // are deprecated forwarders, never hooks.
  for (const char* helper : {"game", "to_move", "whose_turn", "outcome", "turns_played", "mid_turn", "play_turn",
                             "check_turn", "random_turn", "describe_event", "describe_played_turn", "player_label",
                             "drawing", "entry", "legal_moves", "play", "check", "random_move", "describe_move",
                             "history_size", "keep_history"})
    EXPECT_EQ(std::count(names.begin(), names.end(), helper), 0) << helper << " is virtual again";
}

// The parser counts what it should: TurnEntry's nine members.
TEST(StateContract, TheCountReadsTheHeader) {
  const std::string header = std::string(BEYT_SOURCE_DIR) + "/lib/include/beyt/game.hpp";
  EXPECT_EQ(virtuals_of(header, "TurnEntry").size(), 9u);
}

// entry() and drawing() find the optional interfaces by the State's type:
// every engine game's State enters turns, and the five games draw.
TEST(StateContract, EntryAndDrawingAreFoundByType) {
  for (const beyt::Game* g : beyt::game_table()) {
    auto rules = g->parse_rules(g->presets().front().name);
    ASSERT_TRUE(rules) << g->name();
    auto state = g->new_state(*rules);
    ASSERT_TRUE(state) << g->name();
    EXPECT_EQ((*state)->entry(), dynamic_cast<const beyt::TurnEntry*>(state->get())) << g->name();
    EXPECT_NE((*state)->entry(), nullptr) << g->name();
    EXPECT_NE((*state)->drawing(), nullptr) << g->name();
    // A copy's interfaces are the copy's, not the original's.
    auto copy = (*state)->clone();
    EXPECT_EQ(copy->entry(), dynamic_cast<const beyt::TurnEntry*>(copy.get())) << g->name();
    EXPECT_NE(copy->entry(), (*state)->entry()) << g->name();
    EXPECT_EQ(&copy->game(), g) << g->name();
  }
}

// ---------------------------------------------------------------------------
// No traits member is a forward
// ---------------------------------------------------------------------------

// The text with comments, string and character literals blanked (same
// length: offsets stay), so that braces and semicolons in them count for
// nothing.
std::string code_only(const std::string& text) {
  std::string out = text;
  for (std::size_t i = 0; i < out.size();) {
    if (out.compare(i, 2, "//") == 0) {
      while (i < out.size() && out[i] != '\n') out[i++] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      const std::size_t end = out.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? out.size() : end + 2;
      while (i < stop) out[i] = out[i] == '\n' ? '\n' : ' ', ++i;
    } else if (out[i] == '"' || out[i] == '\'') {
      const char q = out[i++];
      while (i < out.size() && out[i] != q) {
        if (out[i] == '\\' && i + 1 < out.size()) out[i++] = ' ';
        out[i++] = ' ';
      }
      ++i;
    } else {
      ++i;
    }
  }
  return out;
}

// The index of the brace closing the one at `open`.
std::size_t closing(const std::string& code, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < code.size(); ++i) {
    if (code[i] == '{') ++depth;
    if (code[i] == '}' && --depth == 0) return i;
  }
  return std::string::npos;
}

std::string trimmed(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// Whether a statement is `return` (or nothing), then a call or a chain of
// calls and nothing else: `f(a, g(b))`, `!ns::f<T>(a)`, `G::of(p, d).size()`,
// `p.text(o.release_any)` (but not `f(a) + g(b)`).
bool is_call(const std::string& statement) {
  std::size_t i = 0;
  const std::string& s = statement;
  auto skip = [&] {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  };
  auto name = [&] {  // an identifier, with :: and template arguments
    const std::size_t from = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' || s[i] == ':')) ++i;
    if (i < s.size() && s[i] == '<')
      for (int d = 0; i < s.size(); ++i) {
        if (s[i] == '<') ++d;
        if (s[i] == '>' && --d == 0) {
          ++i;
          break;
        }
      }
    return i > from && !std::isdigit(static_cast<unsigned char>(s[from]));
  };
  auto arguments = [&] {  // a balanced ( ... )
    skip();
    if (i >= s.size() || s[i] != '(') return false;
    for (int d = 0; i < s.size(); ++i) {
      if (s[i] == '(') ++d;
      if (s[i] == ')' && --d == 0) {
        ++i;
        return true;
      }
    }
    return false;
  };
  if (s.rfind("return", 0) == 0 && (s.size() == 6 || std::isspace(static_cast<unsigned char>(s[6])))) i = 6;
  skip();
  if (i < s.size() && s[i] == '!') ++i;
  skip();
  for (;;) {  // names, each called or not, joined by . or ->; the last called
    if (!name()) return false;
    skip();
    const bool called = i < s.size() && s[i] == '(';
    if (called && !arguments()) return false;
    skip();
    if (i == s.size()) return called;
    if (s.compare(i, 1, ".") == 0) i += 1;
    else if (s.compare(i, 2, "->") == 0) i += 2;
    else return false;
    skip();
  }
}

// Whether a member function's body (comments blanked) only forwards: the
// rule in this file's head.
bool forwards(const std::string& body) {
  std::vector<std::string> statements;
  int depth = 0;
  std::string cur;
  for (char c : body) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == ';' && depth == 0) {
      statements.push_back(trimmed(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!trimmed(cur).empty()) return false;  // a block or a control statement without ';' at the end
  static const std::regex copy(R"(^[A-Za-z_][\w:<>]*\s+[A-Za-z_]\w*\s*=\s*[A-Za-z_]\w*$)");
  static const std::regex member(R"(^return\s+!?\s*[A-Za-z_]\w*(\s*(\.|->)\s*[A-Za-z_]\w*)+$)");
  std::vector<std::string> rest;
  for (const auto& st : statements)
    if (!std::regex_match(st, copy)) rest.push_back(st);
  if (rest.size() != 1) return false;
  const std::string& st = rest[0];
  // One statement that is a loop, a branch or a declaration is no forward.
  for (const char* word : {"if", "for", "while", "switch", "do"})
    if (st.rfind(std::string(word) + " ", 0) == 0 || st.rfind(std::string(word) + "(", 0) == 0) return false;
  return is_call(st) || std::regex_match(st, member);
}

// The forwarding member functions of every `struct XTraits` of a source
// text: "XTraits::name".
std::vector<std::string> forwarding_members(const std::string& text) {
  const std::string code = code_only(text);
  std::vector<std::string> out;
  static const std::regex traits(R"(\bstruct\s+([A-Za-z_]\w*Traits)\b[^;{]*\{)");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), traits); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1];
    const std::size_t open = static_cast<std::size_t>(it->position(0) + it->length(0) - 1);
    const std::size_t close = closing(code, open);
    if (close == std::string::npos) continue;
    // Members at depth 1: from `static` to the body's `{` (a function
    // definition) or to `;` (a declaration, a binding, a constant).
    int depth = 0;
    for (std::size_t i = open + 1; i < close; ++i) {
      if (code[i] == '{') ++depth;
      if (code[i] == '}') --depth;
      if (depth != 0 || code.compare(i, 7, "static ") != 0 || (i > 0 && std::isalnum(static_cast<unsigned char>(code[i - 1]))))
        continue;
      const std::size_t stop = code.find_first_of(";{", i), paren = code.find('(', i), eq = code.find('=', i);
      if (paren > stop || eq < paren) continue;  // a constant, a binding, a nested struct
      std::size_t after = paren;  // the end of the parameters
      for (int d = 0; after < close; ++after) {
        if (code[after] == '(') ++d;
        if (code[after] == ')' && --d == 0) break;
      }
      const std::size_t end = code.find_first_of(";{", after);
      if (end == std::string::npos || code[end] != '{') continue;  // declared only
      const std::string head = code.substr(i, paren - i);
      std::size_t n = head.size();
      while (n > 0 && std::isspace(static_cast<unsigned char>(head[n - 1]))) --n;
      std::size_t b = n;
      while (b > 0 && (std::isalnum(static_cast<unsigned char>(head[b - 1])) || head[b - 1] == '_')) --b;
      const std::size_t body_end = closing(code, end);
      if (forwards(code.substr(end + 1, body_end - end - 1))) out.push_back(name + "::" + head.substr(b, n - b));
      i = body_end;
    }
  }
  return out;
}

// The rule finds what it should (and nothing else) in a sketch of traits.
TEST(TraitsContract, TheScanFindsForwards) {
  const std::string sketch = R"(
struct SketchTraits : NoThrows<O, P, T> {
  using Options = O;
  struct Memory { int n = 0; static int size(const Memory& m) { return g(m); } };
  static constexpr auto outcome = &sketch_outcome;
  static P initial(const O& o) { return P::initial(o.size); }   // forwards
  static void turn_text(const O&, const P& p, const T& t, std::string& out) {
    sketch_format(t.text, p.width, out);  // "{;}" forwards
  }
  static Error check_turn(const O& o, const P& p, std::string_view text, std::string& canonical) {
    P copy = p;
    return sketch_play(o, copy, text, &canonical);
  }
  static svg::Size board_size(const P& p, const D& d) { return G::of(p.size, d).size(); }
  static bool chance_due(const O&, const P&, const T& t) noexcept { return !t.thrown; }
  static int twice(int x = 0) { return sketch_twice(x); }
  static int sum(int x) { return sketch_twice(x) + sketch_twice(x + 1); }
  static int number() { return 42; }
  static std::string text(const O& o, const P& p) { return p.text(o.release_any); }
  static bool cell_centre(const P& p, std::string_view c, const D& d, Point& out) {
    int k = parse(c);
    if (k < 0) return false;
    out = G::of(p.size, d).centre(k);
    return true;
  }
  static void start(const O&, const P& p, M& m) {
    if (p.play) m.seen(p);
  }
  static std::string label(const P& p) { return "South" + p.name(); }
  static Result none() noexcept { return {}; }
  static bool never() noexcept { return false; }
  static Error resolve(const O& o, const P& p, std::string_view text, Move& m) {
    if (Error e = parse(text, m)) return e;
    return check(o, p, m);
  }
};
struct Helper { static int f(int x) { return g(x); } };  // no traits: not read
)";
  EXPECT_EQ(forwarding_members(sketch),
            (std::vector<std::string>{"SketchTraits::initial", "SketchTraits::turn_text", "SketchTraits::check_turn",
                                      "SketchTraits::board_size", "SketchTraits::chance_due", "SketchTraits::twice",
                                      "SketchTraits::text"}));
}

// Every game's traits: no member forwards (the turn text of Tâb, Dleb and
// Um el-Banât, whose Turn keeps the turn so far as the typed turn their
// notation writes, binds that writer: hooks::writes_turn).
TEST(TraitsContract, NoMemberForwards) {
  std::vector<std::string> found;
  std::size_t structs = 0;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(std::string(BEYT_SOURCE_DIR) + "/lib/src/games")) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".hpp") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    static const std::regex traits(R"(\bstruct\s+[A-Za-z_]\w*Traits\b)");
    structs += static_cast<std::size_t>(
        std::distance(std::sregex_iterator(all.begin(), all.end(), traits), std::sregex_iterator()));
    for (auto& f : forwarding_members(all)) found.push_back(f);
  }
  EXPECT_GE(structs, 5u) << "the five games' traits were not found";
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, std::vector<std::string>{}) << "a traits member only forwards: bind the function (static constexpr auto name = "
                            "&function;, its pointer type written where it is overloaded) with the hook's "
                            "signature, or write the capability in the member";
}

}  // namespace
