// libFuzzer target: any bytes, read as text, JSON and XML records, and every
// game read is replayed through its rules engine and drawn (text diagram; SVG
// page with the last move, the diagram commands of the comments, and the
// tags as title). Nothing may crash, hang or leak; every failure must come
// back as a Diagnostic or a refusal.
#include <cstdint>
#include <sstream>
#include <string>

#include "beyt/diagram.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/replay.hpp"

namespace {

class ReplayAll : public beyt::notation::GameVisitor {
 public:
  bool game(beyt::notation::GameRecord&& record, std::uint32_t index) override {
    beyt::notation::Replay replay;
    beyt::notation::ReplayOptions options;
    options.default_game = "seega";
    (void)beyt::notation::replay(record, "fuzz", index, options, replay);
    if (replay.state) (void)replay.state->render({});
    if (replay.state && replay.state->can_draw()) draw(record, *replay.state);
    return index < 64;
  }

 private:
  static void draw(const beyt::notation::GameRecord& record, const beyt::State& state) {
    beyt::Figure figure;
    figure.state = &state;
    std::string why;
    for (const auto& comment : record.comments)
      (void)beyt::parse_diagram_commands(comment, figure.arrows, figure.marks, why);
    if (!record.moves.empty()) {
      figure.caption = record.moves.back().move;
      figure.last_move = state.move_cells(record.moves.back().move);  // any text: no crash
    }
    beyt::PageOptions page;
    if (!record.tags.empty()) page.title = record.tags.front().value;
    std::string svg;
    (void)beyt::svg_page({figure}, {}, page, svg, why);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  for (auto format : {beyt::notation::Format::text, beyt::notation::Format::json, beyt::notation::Format::xml}) {
    std::istringstream in(input);
    ReplayAll visitor;
    beyt::notation::ReadOptions options;
    options.strict = size % 2 == 1;
    (void)beyt::notation::read_games(in, "fuzz", format, visitor, options);
  }
  return 0;
}
