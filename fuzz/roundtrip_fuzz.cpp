// libFuzzer target: the round trip text -> JSON -> XML -> text. Any bytes are
// read as text (going on after broken games); every game read is written in
// canonical text, read back, and carried through JSON and XML: each reader
// must accept what the writers wrote and give back the same record, and the
// canonical text must come back byte for byte (NOTATION.md: "so does text ->
// JSON -> XML -> text"). A difference is a crash (a finding).
#include <cstdio>
#include <cstdlib>

#include "beyt/notation/text.hpp"
#include "fuzz_common.hpp"

namespace {

using namespace beyt::notation;

[[noreturn]] void finding(const char* what, const std::string& detail) {
  std::fprintf(stderr, "round trip: %s\n%s\n", what, detail.c_str());
  std::abort();
}

GameRecord read_one(const std::string& bytes, Format f, const char* what) {
  struct One : GameVisitor {
    bool game(GameRecord&& r, std::uint32_t) override {
      records.push_back(std::move(r));
      return true;
    }
    std::vector<GameRecord> records;
  } one;
  std::istringstream in(bytes);
  const Diagnostic d = read_games(in, "fuzz", f, one);
  if (d) finding(what, format_text(d) + bytes);
  if (one.records.size() != 1) finding(what, "not one game:\n" + bytes);
  return std::move(one.records.front());
}

class RoundTrip : public GameVisitor {
 public:
  bool game(GameRecord&& record, std::uint32_t index) override {
    const std::string text = to_text(record);
    const GameRecord canonical = read_one(text, Format::text, "the canonical text does not read back");
    if (to_text(canonical) != text) finding("the canonical text is not stable", text);
    const std::string json = write_record(canonical, Format::json);
    const GameRecord from_json = read_one(json, Format::json, "the JSON writer's output does not read back");
    if (!(from_json == canonical)) finding("JSON changed the record", text + json);
    const std::string xml = write_record(from_json, Format::xml);
    const GameRecord from_xml = read_one(xml, Format::xml, "the XML writer's output does not read back");
    if (!(from_xml == canonical)) finding("XML changed the record", text + xml);
    if (to_text(from_xml) != text) finding("text -> JSON -> XML -> text changed the bytes", text);
    return index < 64;
  }
  bool error(const Diagnostic&) override { return true; }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  RoundTrip visitor;
  (void)read_games(in, "fuzz", Format::text, visitor);
  return 0;
}
