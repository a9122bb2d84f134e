// notation::pack_record / unpack_record (beyt/notation/packed.hpp): every
// record of the samples (text, JSON, XML) and records made with every kind
// of annotation go through a pack and come back equal, locations included;
// bytes that pack_record did not write are refused, never read past.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "beyt/notation/packed.hpp"
#include "beyt/notation/reader.hpp"
#include "cli_run.hpp"

namespace {

using namespace beyt::notation;

// Locations do not take part in record equality: compared here field by field.
void expect_same_loc(const SourceLoc& a, const SourceLoc& b, const std::string& where) {
  EXPECT_EQ(a.line, b.line) << where;
  EXPECT_EQ(a.column, b.column) << where;
  EXPECT_EQ(a.offset, b.offset) << where;
  EXPECT_EQ(a.pointer, b.pointer) << where;
  EXPECT_EQ(a.game, b.game) << where;
  EXPECT_EQ(a.index, b.index) << where;
  EXPECT_EQ(a.base, b.base) << where;
  EXPECT_EQ(a.full_pointer(), b.full_pointer()) << where;
}

void expect_same_locs(const Line& a, const Line& b, const std::string& where) {
  ASSERT_EQ(a.size(), b.size()) << where;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string here = where + "/" + std::to_string(i);
    expect_same_loc(a[i].loc, b[i].loc, here);
    ASSERT_EQ(a[i].variations.size(), b[i].variations.size()) << here;
    for (std::size_t v = 0; v < a[i].variations.size(); ++v)
      expect_same_locs(a[i].variations[v], b[i].variations[v], here + "v" + std::to_string(v));
  }
}

void expect_round_trip(const GameRecord& record, const std::string& where) {
  const std::string packed = pack_record(record);
  GameRecord back;
  ASSERT_TRUE(unpack_record(packed, back)) << where;
  EXPECT_TRUE(back == record) << where;
  ASSERT_EQ(back.tags.size(), record.tags.size()) << where;
  for (std::size_t i = 0; i < record.tags.size(); ++i) {
    expect_same_loc(back.tags[i].loc, record.tags[i].loc, where + " tag " + record.tags[i].name);
    expect_same_loc(back.tags[i].value_loc, record.tags[i].value_loc, where + " tag value " + record.tags[i].name);
  }
  expect_same_locs(back.moves, record.moves, where + " moves");
  expect_same_loc(back.loc, record.loc, where + " loc");
  expect_same_loc(back.result_loc, record.result_loc, where + " result_loc");
  expect_same_loc(back.moves_end, record.moves_end, where + " moves_end");
  expect_same_loc(back.numbering.loc, record.numbering.loc, where + " numbering");
  EXPECT_EQ(back.numbering.written, record.numbering.written) << where;
  EXPECT_EQ(back.numbering.expected, record.numbering.expected) << where;
  EXPECT_EQ(back.moves.capacity(), back.moves.size()) << where << ": no spare room";
  EXPECT_EQ(pack_record(back), packed) << where;
  GameRecord header;
  ASSERT_TRUE(unpack_header(packed, header)) << where;
  EXPECT_TRUE(header.moves.empty()) << where;
  header.moves = record.moves;
  EXPECT_TRUE(header == record) << where;
}

std::vector<std::pair<std::string, GameRecord>> sample_records() {
  std::vector<std::pair<std::string, GameRecord>> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(beyt::test::kRoot / "samples")) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".beyt" && ext != ".json" && ext != ".xml" && ext != ".jsonl")) continue;
    auto reader = GameReader::open(entry.path().string());
    if (!reader) continue;
    while (auto game = reader->next())
      if (*game) out.emplace_back(entry.path().string() + " game " + std::to_string(reader->game_index()), **game);
  }
  return out;
}

TEST(PackedRecord, EverySampleComesBackEqualWithItsLocations) {
  const auto records = sample_records();
  ASSERT_GT(records.size(), 20u);
  bool json = false, xml = false, annotated = false;
  for (const auto& [where, record] : records) {
    expect_round_trip(record, where);
    json |= where.find(".json ") != std::string::npos;
    xml |= where.find(".xml ") != std::string::npos;
    for (const Node& n : record.moves) annotated |= !n.variations.empty() && !n.after.empty();
  }
  EXPECT_TRUE(json && xml && annotated) << "the samples cover JSON, XML, comments and variations";
}

GameRecord annotated_record() {
  GameRecord r;
  r.set_tag("Event", "Lane's example");
  r.set_tag("Game", "tab");
  r.tags[0].loc.line = 3;
  r.tags[0].value_loc.pointer = "/games/0/tags/Event";
  r.comments = {"before the first turn", ""};
  Node a;
  a.move = "1,4,2:1I-K,4K-O,2O-Q";
  a.loc.line = 70000;
  a.loc.column = 1u << 31;
  a.loc.offset = std::uint64_t{1} << 40;
  a.loc.base = SourceLoc::Base::xml_move;
  a.loc.game = 9;
  a.loc.index = 300;
  a.before = {"a comment before"};
  a.nags = {1, 255, 0};
  a.after = {"táb and four and two", "{still}"};
  Node b;
  b.move = "3";
  Node deep;
  deep.move = "2";
  Line* line = &a.variations.emplace_back();
  for (int i = 0; i < 40; ++i) {  // variations inside variations
    line->push_back(deep);
    line = &line->back().variations.emplace_back();
  }
  line->push_back(b);
  r.moves = {a, b, b};
  r.result = "1/2-1/2";
  r.result_loc.line = 12;
  r.moves_end.column = 7;
  r.numbering = {17, 16, {}};
  r.numbering.loc.line = 5;
  return r;
}

TEST(PackedRecord, EveryKindOfAnnotationAndLocationComesBack) {
  expect_round_trip(annotated_record(), "annotated");
  expect_round_trip(GameRecord{}, "empty");
}

TEST(PackedRecord, IsSmallerThanTheRecord) {
  // Some 5 bytes a turn beside its move text, where a Node alone is some 190.
  GameRecord r;
  r.set_tag("Game", "seega");
  for (int i = 0; i < 200; ++i) {
    Node n;
    n.move = "b3-c3xc4";
    n.loc.line = 10 + static_cast<std::uint32_t>(i) / 8;
    n.loc.column = 1 + static_cast<std::uint32_t>(i % 8) * 12;
    n.loc.offset = 400 + static_cast<std::uint64_t>(i) * 12;
    r.moves.push_back(n);
  }
  EXPECT_LT(pack_record(r).size(), 200u * 16u);  // "b3-c3xc4" is 9 bytes of it
}

TEST(PackedRecord, BytesItDidNotWriteAreRefused) {
  const std::string packed = pack_record(annotated_record());
  GameRecord out;
  for (std::size_t n = 0; n < packed.size(); ++n)  // every cut
    EXPECT_FALSE(unpack_record(std::string_view(packed).substr(0, n), out)) << "cut at " << n;
  EXPECT_FALSE(unpack_record(packed + "x", out)) << "a byte past the end";
  // a count no bytes can hold, a varint of more than 64 bits, a location base
  // past the last, a flags byte with unknown bits
  EXPECT_FALSE(unpack_record(std::string("\xff\xff\xff\xff\x0f", 5), out));
  EXPECT_FALSE(unpack_record(std::string(11, '\xff'), out));
  GameRecord one;
  one.moves.emplace_back().move = "a";
  std::string base = pack_record(one);
  // the node: move "a" (2 bytes), its loc (flags, line, offset, column: one
  // byte each) and its flags, after the rest of the record and the line count
  const std::size_t node = base.size() - 7;
  ASSERT_EQ(base.substr(node, 2), std::string("\x01" "a", 2));
  for (const auto& [at, byte] : std::vector<std::pair<std::size_t, char>>{
           {node + 2, 64},          // a loc flag no loc has
           {node + 2, 8},           // a base written, but none follows (the node's flags byte is read as it)
           {node + 6, 16}}) {       // a node flag no node has
    std::string changed = base;
    changed[at] = byte;
    EXPECT_FALSE(unpack_record(changed, out)) << "byte " << at << " = " << int(byte);
  }
  std::string back = base;  // a line before line 0
  back[node + 2] = 16;
  back[node + 3] = 1;
  EXPECT_FALSE(unpack_record(back, out));
  back[node + 3] = 0;  // (0 lines back: the same line)
  EXPECT_TRUE(unpack_record(back, out));
  std::string based = base;  // a base past the last
  based[node + 2] = 8;
  based.insert(node + 6, 1, static_cast<char>(static_cast<int>(SourceLoc::Base::xml_move) + 1));
  EXPECT_FALSE(unpack_record(based, out));
  based[node + 6] = static_cast<char>(SourceLoc::Base::xml_move);
  EXPECT_TRUE(unpack_record(based, out));
  EXPECT_TRUE(unpack_record(base, out));
  // variations nested deeper than any reader accepts
  GameRecord deep;
  Line* line = &deep.moves;
  for (unsigned i = 0; i <= kMaxVariationDepth; ++i) {
    line->emplace_back().move = "x";
    line = &line->back().variations.emplace_back();
  }
  line->emplace_back().move = "y";
  EXPECT_FALSE(unpack_record(pack_record(deep), out));
}

}  // namespace
