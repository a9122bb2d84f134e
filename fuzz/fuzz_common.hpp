// What every fuzz target does with the games it reads: replay each through
// its rules engine and draw it (text diagram; SVG page with the last move,
// the diagram commands of the comments, and the tags as title). Nothing may
// crash, hang or leak; every failure must come back as a Diagnostic or a
// refusal. The library itself is instrumented (BEYT_FUZZ, fuzz/README.md).
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "beyt/diagram.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"

namespace beyt::fuzz {

class ReplayAll : public notation::GameVisitor {
 public:
  bool game(notation::GameRecord&& record, std::uint32_t index) override {
    notation::Replay replay;
    notation::ReplayOptions options;
    options.default_game = "seega";
    (void)notation::replay(record, "fuzz", index, options, replay);
    if (replay.state && replay.state->drawing()) {
      (void)replay.state->drawing()->render({});
      draw(record, *replay.state);
    }
    check(record, index, nullptr);
    return index < 64;
  }
  // Go on after a broken game, as validate does (the readers' resync paths).
  bool error(const notation::Diagnostic& d) override {
    (void)notation::format_text(d, "a line to quote", 1);
    return ++errors_ < 64;
  }
  // A game with errors the reader read past, checked as validate checks it.
  bool broken(notation::GameRecord&& record, std::uint32_t index, const notation::GameErrors& errors) override {
    check(record, index, &errors);
    return ++errors_ < 64;
  }

 private:
  static void draw(const notation::GameRecord& record, const State& state) {
    Figure figure;
    figure.state = &state;
    std::string why;
    for (const auto& comment : record.comments)
      (void)parse_diagram_commands(comment, figure.arrows, figure.marks, why);
    if (!record.moves.empty()) {
      figure.caption = record.moves.back().move;
      figure.last_move = state.drawing()->move_cells(record.moves.back().move);  // any text: no crash
    }
    PageOptions page;
    if (!record.tags.empty()) page.title = record.tags.front().value;
    std::string svg;
    (void)svg_page({figure}, {}, page, svg, why);
  }
  // Every independent error of the game (notation::replay_errors: the splits,
  // result tokens and misnumbered turns it looks for in any record).
  static void check(const notation::GameRecord& record, std::uint32_t index, const notation::GameErrors* read) {
    notation::Replay replay;
    notation::ReplayOptions options;
    options.default_game = "seega";
    std::vector<notation::Diagnostic> found;
    notation::replay_errors(record, read, "fuzz", index, options, replay, found);
    for (const auto& d : found) (void)notation::format_text(d, "a line to quote", 1);
  }
  int errors_ = 0;
};

/// Reads `data` as format `f` (strict when its size is odd, for text) and
/// replays and draws what it reads.
inline void read_and_replay(const std::uint8_t* data, std::size_t size, notation::Format f) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  ReplayAll visitor;
  notation::ReadOptions options;
  options.strict = size % 2 == 1;
  const notation::Diagnostic d = notation::read_games(in, "fuzz", f, visitor, options);
  (void)notation::format_json(d);
}

}  // namespace beyt::fuzz
