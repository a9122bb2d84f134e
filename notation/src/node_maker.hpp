// Appending a default Node to a line, fast: the readers' way of starting a turn.
#pragma once

#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// `line.emplace_back()` value-initializes the new Node: GCC zeroes all of
/// its 184 bytes (rep stos) before constructing it, which was a third of
/// the text reader's time per turn. Moving in an empty Node kept for the
/// purpose writes each member once instead.
class NodeMaker {
 public:
  /// A new Node at the end of `line`, equal to Node{}.
  Node& append(Line& line) {
    Node& node = line.emplace_back(std::move(empty_));
    reset(empty_);  // a moved-from string or vector is empty in practice; make sure
    return node;
  }

  /// Makes `node` equal to Node{} but its place (line, column and offset
  /// are left for the caller to set), keeping the memory it holds: the text
  /// reader's way of reusing the previous game's Nodes.
  static Node& reset(Node& node) {
    node.move.clear();
    node.loc.pointer.clear();
    node.loc.game = 0;
    node.loc.base = SourceLoc::Base::none;
    node.before.clear();
    node.nags.clear();
    node.after.clear();
    node.variations.clear();
    return node;
  }

  /// reset(node), in short for the common Node of the last game: one that
  /// holds a move text and its place and nothing else (the JSON and XML
  /// readers' main lines, whose places are numbers, not pointers).
  static Node& reuse(Node& node) {
    if (!node.before.empty() || !node.nags.empty() || !node.after.empty() || !node.variations.empty() ||
        !node.loc.pointer.empty()) [[unlikely]]
      return reset(node);
    node.move.clear();
    node.loc.game = 0;
    node.loc.base = SourceLoc::Base::none;
    return node;
  }

 private:
  Node empty_;  // only moved from: its place stays line 0 (unknown)
};

}  // namespace beyt::notation
