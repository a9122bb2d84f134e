// beyt/beyt.hpp - the whole public API in one include: the game interface
// and its table (beyt/game.hpp), perft (beyt/perft.hpp), rule options and
// error codes, the five engines' typed APIs, diagrams, safe output files
// (beyt/io.hpp), and the records (beyt/notation/: the model, the formats'
// one entry point and pull reader, the text notation's reader and writer,
// the validator's replay, selection by tags and dates, canonical form,
// figures, the viewer), and the version.
//
// Every public header is listed here (tests/package_test.cpp checks it);
// a program may include the smaller headers instead. Link beyt::beyt
// (README.md "The library"). This header is above both layers of the
// library, the engines (lib/include) and the records (notation/include), in
// a folder of its own: it includes both, and no file of the library
// includes it (docs/LIBRARY.md "Layers"). What only the library's sources and its front
// ends share (the character policy, the sowing and stick cores, the JSON and XML
// readers, the process-wide side of the outputs) is in lib/private and
// notation/private, which are not installed.
#pragma once

#include "beyt/diagram.hpp"
#include "beyt/drawing.hpp"
#include "beyt/errors.hpp"
#include "beyt/game.hpp"
#include "beyt/io.hpp"
#include "beyt/options.hpp"
#include "beyt/perft.hpp"
#include "beyt/expected.hpp"
#include "beyt/stop.hpp"
#include "beyt/svg.hpp"
#include "beyt/version.hpp"

// The engines.
#include "beyt/dleb.hpp"
#include "beyt/mankalah.hpp"
#include "beyt/pits.hpp"
#include "beyt/seega.hpp"
#include "beyt/sticks.hpp"
#include "beyt/tab.hpp"
#include "beyt/umelbanat.hpp"

// The records.
#include "beyt/notation/canonical.hpp"
#include "beyt/notation/diagnostic.hpp"
#include "beyt/notation/edit.hpp"
#include "beyt/notation/figures.hpp"
#include "beyt/notation/formats.hpp"
#include "beyt/notation/game_info.hpp"
#include "beyt/notation/generate.hpp"
#include "beyt/notation/incremental.hpp"
#include "beyt/notation/input.hpp"
#include "beyt/notation/moves.hpp"
#include "beyt/notation/packed.hpp"
#include "beyt/notation/read_inputs.hpp"
#include "beyt/notation/reader.hpp"
#include "beyt/notation/record.hpp"
#include "beyt/notation/replay.hpp"
#include "beyt/notation/stats.hpp"
#include "beyt/notation/select.hpp"
#include "beyt/notation/text.hpp"
#include "beyt/notation/validate.hpp"
#include "beyt/notation/validate_inputs.hpp"
#include "beyt/notation/viewer.hpp"
