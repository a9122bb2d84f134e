// beyt/notation/packed.hpp - a game record packed into one string, for
// keeping many records in memory (an archive read whole into a list: the
// Python package's games, docs/python/README.md, "Memory").
//
// A GameRecord as the readers make it costs about 190 bytes a turn (a Node:
// the move's std::string, its SourceLoc, four vectors for the annotations
// and variations), some 30-45 KiB for a 200-turn game; packed, the same
// record is its texts and numbers, each number in as few bytes as it needs
// (a varint; a place as its distance from the one before), some 5 bytes a
// turn beside the move's text. Unpacked, it is the same record again,
// locations included (file lines, columns, offsets, JSON pointers), so a
// diagnostic of the unpacked record points where the read one did.
#pragma once

#include <string>
#include <string_view>

#include "beyt/notation/record.hpp"

namespace beyt::notation {

/// `record` packed into one string (bytes, not text): every tag pair, the
/// game's comments, every move of the main line and of every variation with
/// its comments and NAGs, the result, the turn-number slip, and every
/// SourceLoc. The format is the library's own and may change between
/// versions: keep records in a record format (text, JSON, XML), not packed.
/// Some 5 bytes a turn beside the move texts. Never throws but for
/// std::bad_alloc.
std::string pack_record(const GameRecord& record);

/// The record that pack_record() packed into `packed`, into `out`
/// (replaced): equal to the packed record (operator==) and with the same
/// locations. False (`out` then unspecified) for bytes pack_record() did not
/// write: cut short, or with a count, a length or a nesting of variations
/// (kMaxVariationDepth) that they cannot hold. Never throws but for
/// std::bad_alloc.
bool unpack_record(std::string_view packed, GameRecord& out);

/// As unpack_record(), all but the moves (`out.moves` empty): the tag pairs,
/// the game's comments, the result and the locations, read without the
/// main line's nodes being made (a list of games showing their tags). False
/// for bytes pack_record() did not write, as far as they are read.
bool unpack_header(std::string_view packed, GameRecord& out);

}  // namespace beyt::notation
