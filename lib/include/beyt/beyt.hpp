// beyt/beyt.hpp - the whole public API in one include: the game interface
// and its table (beyt/game.hpp), perft (beyt/perft.hpp), rule options and
// error codes, the five engines' typed APIs, diagrams, safe output files (beyt/io.hpp), and the
// records (beyt/notation/: model, readers and writers of text, JSON, XML and
// JSON Lines, the validator's replay, selection by tags and dates, canonical
// form, figures, the viewer), and the version.
//
// Every public header is listed here (tests/package_test.cpp checks it);
// a program may include the smaller headers instead. Link beyt::beyt
// (README.md "The library").
#pragma once

#include "beyt/chars.hpp"
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
#include "beyt/seega.hpp"
#include "beyt/sowing.hpp"
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
#include "beyt/notation/json.hpp"
#include "beyt/notation/moves.hpp"
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
#include "beyt/notation/xml.hpp"
