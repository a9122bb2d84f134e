// replay FILE: reads every game of a record file (text, JSON, XML or JSON
// Lines) and replays its main line through the game's engine, printing the
// position text after each ply, or the first error with its place.
//
//   $ build/examples/replay samples/invalid/E304-occupied.beyt
//   game 1: seega, rules "walker"
//   0 5/5/5/5/5 S place
//   1 5/2S2/5/1S3/5 N place
//   samples/invalid/E304-occupied.beyt:12:16: error[E304]: game 1, turn 2, North: c4 is occupied
//
// docs/LIBRARY.md walks through it. notation::replay() does all of this
// and checks the tags and the result too; this is the engine at work.
#include <iostream>
#include <string>

#include <beyt/beyt.hpp>

namespace bn = beyt::notation;

// The value of tag `name`, or "" when the record has none.
static std::string tag(const bn::GameRecord& record, std::string_view name) {
  const bn::TagPair* t = record.find_tag(name);
  return t ? t->value : std::string();
}

// Replays one game; false at its first error (printed).
static bool replay_game(const bn::GameRecord& record, const std::string& file, std::uint32_t index) {
  const beyt::Game* game = beyt::find_game(tag(record, "Game"));  // the game table
  if (!game) {
    std::cout << file << ": game " << index << ": no game named \"" << tag(record, "Game") << "\"\n";
    return false;
  }
  beyt::Expected<beyt::RuleSet> rules = game->parse_rules(tag(record, "Rules"));
  if (!rules) {
    std::cout << file << ": game " << index << ": " << rules.error().reason << '\n';
    return false;
  }
  auto state = game->new_state(*rules, tag(record, "SetUp"));
  if (!state) {
    std::cout << file << ": game " << index << ": " << state.error().reason << '\n';
    return false;
  }
  std::cout << "game " << index << ": " << game->name() << ", rules \"" << rules->canonical() << "\"\n";
  std::cout << "0 " << (*state)->position_text() << '\n';
  std::uint32_t ply = 0;
  for (const bn::Node& node : record.moves) {
    ++ply;
    std::string player = (*state)->player_label();
    if (beyt::Error e = (*state)->play_turn(node.move)) {
      bn::Diagnostic d{.code = e.code, .reason = e.reason, .file = file, .loc = node.loc,
                      .game = index, .turn = ply, .player = player};
      if (d.loc.line) d.loc.column = bn::column_at(node.move, node.loc.column, e.offset);
      std::cout << bn::format_text(d);  // "file:line:column: error[E304]: game 1, turn 2, North: ..."
      return false;
    }
    std::cout << ply << ' ' << (*state)->position_text() << '\n';
  }
  return true;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: replay FILE\n";
    return 2;
  }
  auto reader = bn::GameReader::open(argv[1]);  // the format from the name, else the content
  if (!reader) {
    std::cerr << bn::format_text(reader.error());
    return 1;
  }
  bool ok = true;
  while (auto item = reader->next()) {
    if (!*item) {  // a game the reader could not read
      std::cout << bn::format_text(item->error());
      ok = false;
      continue;
    }
    ok = replay_game(**item, argv[1], reader->game_index()) && ok;
  }
  return ok ? 0 : 1;
}
