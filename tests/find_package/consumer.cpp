// Uses the installed library through the umbrella header alone: reads a
// record, replays it, draws the position, and prints the version of the
// library it runs with (from libbeyt.so when shared), which
// tests/find_package/check.cmake compares with the project's.
#include <iostream>
#include <sstream>

#include <beyt/beyt.hpp>

int main() {
  std::istringstream in("[Game \"seega\"]\n[Result \"*\"]\n\n1. c1,c5 2. a3,e3 *\n");
  beyt::notation::TextReader reader(in, "consumer");
  beyt::notation::GameRecord record;
  if (!reader.next(record)) return 1;
  beyt::notation::Replay replay;
  beyt::notation::Diagnostic d = beyt::notation::replay(record, "consumer", 1, {}, replay);
  if (d || replay.turns != 2) return 2;
  std::cout << replay.state->drawing()->render({});
  if (replay.state->position_text() != "2S2/5/N3N/5/2S2 S place") return 3;
  if (beyt::version() != BEYT_VERSION_STRING) return 4;  // the headers and the library of one build
  std::cout << "beyt " << beyt::version() << "\n";
  return 0;
}
