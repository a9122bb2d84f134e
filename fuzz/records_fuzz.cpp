// libFuzzer target: any bytes, read as text, JSON and XML records, and every
// game read is replayed through its rules engine. Nothing may crash, hang or
// leak; every failure must come back as a Diagnostic.
#include <cstdint>
#include <sstream>
#include <string>

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
    return index < 64;
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
