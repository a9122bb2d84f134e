// make_record: two records made in code (docs/LIBRARY.md, "Making and
// editing records"), written to standard output in the text notation: a
// Tâb game whose first turn is given event by event (Lane 1836's "táb and
// four and two") with a comment and a variation, and a Seega game of whole
// turns with a variation promoted to the main line. ctest checks that
// `beyt validate --strict` accepts what it writes.
#include <iostream>
#include <string>
#include <vector>

#include "beyt/notation/edit.hpp"
#include "beyt/notation/text.hpp"

namespace nt = beyt::notation;

// Prints the diagnostic of a failed edit; true when there is one.
bool failed(const nt::Diagnostic& d) {
  if (d) std::cerr << "make_record: " << d.reason << '\n';
  return static_cast<bool>(d);
}

int main() {
  auto tab = nt::new_record("tab");
  if (!tab) return failed(tab.error()), 1;
  tab->set_tag("Event", "Lane's example");
  nt::NodePath start{{0}}, reached;
  // The library writes the turn: 1,4,2:1I-K,4K-O,2O-Q.
  if (failed(nt::enter_moves(*tab, "", 1, start, {"1", "4", "2", "1I-K", "4K-O", "2O-Q"}, reached))) return 1;
  std::string why;
  nt::node_at(*tab, reached, why)->after.push_back("táb and four and two");
  if (failed(nt::enter_moves(*tab, "", 1, reached, {"3"}, reached))) return 1;             // North: no táb yet
  if (failed(nt::enter_moves(*tab, "", 1, start, {"1", "2", "1I-K", "2--"}, reached))) return 1;  // a variation of turn 1

  auto seega = nt::new_record("seega", "walker");
  if (!seega) return failed(seega.error()), 1;
  if (failed(nt::enter_moves(*seega, "", 1, start, {"c4,b2", "b1,d4", "a1,e5"}, reached))) return 1;
  if (failed(nt::enter_moves(*seega, "", 1, nt::NodePath{{1}}, {"a2,e4"}, reached))) return 1;  // 2.1.2
  nt::NodePath moved;
  if (failed(nt::reorder_alternatives(*seega, "", 1, reached, nt::Reorder::promote_to_main, moved))) return 1;

  std::cout << nt::to_text(*tab) << nt::to_text(*seega);
  return 0;
}
