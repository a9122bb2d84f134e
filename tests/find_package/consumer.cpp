// Uses the installed library: reads a record, replays it, draws the position
// (State::drawing(), beyt/drawing.hpp).
#include <iostream>
#include <sstream>

#include "beyt/game.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/text.hpp"

int main() {
  std::istringstream in("[Game \"seega\"]\n[Result \"*\"]\n\n1. c1,c5 2. a3,e3 *\n");
  beyt::notation::TextReader reader(in, "consumer");
  beyt::notation::GameRecord record;
  if (!reader.next(record)) return 1;
  beyt::notation::Replay replay;
  beyt::notation::Diagnostic d = beyt::notation::replay(record, "consumer", 1, {}, replay);
  if (d || replay.turns != 2) return 2;
  std::cout << replay.state->drawing()->render({});
  return replay.state->position_text() == "2S2/5/N3N/5/2S2 S place" ? 0 : 3;
}
