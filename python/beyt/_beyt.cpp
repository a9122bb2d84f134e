// beyt._beyt - the pybind11 binding of the beyt library (docs/python/README.md).
//
// Thin: every result is the library's (readers, replay, validation, canonical
// writers, drawings, the games' table). This file only carries values across
// the boundary (Python str, int, float, list, dict), turns beyt's errors into
// the exceptions of beyt.errors, releases the GIL while the library reads,
// replays and validates, and hands Python the games of a file one at a time
// through the library's pull reader (notation::GameReader).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <poll.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cerrno>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <limits>
#include <map>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>
#if defined(__GLIBCXX__)
#include <cxxabi.h>  // abi::__forced_unwind
#endif

#include "beyt/beyt.hpp"
#include "beyt/io_process.hpp"  // io::SignalsBlocked (a front end's private include)

namespace py = pybind11;
using namespace beyt;
using notation::Diagnostic;
using notation::Format;
using notation::GameRecord;
using notation::NodePath;

namespace {

// --- the GIL --------------------------------------------------------------------
//
// The library reads, replays, validates and generates with the GIL released.
// Two dangers come with that, met here once for every call:
//  * The interpreter's end. When Python exits while a daemon thread is in
//    such a call, CPython ends any thread other than the finalizing one that
//    takes the GIL back (pthread_exit: a forced unwinding, which aborts the
//    process when it meets a destructor, as pybind11's gil_scoped_release
//    takes the GIL back in one). Here the GIL is taken back in a plain
//    function (take_gil), never in a destructor, and a thread that sees the
//    interpreter finalizing does not try: it waits for the process to end
//    (park), as CPython 3.14's own threads do.
//  * Signals. Python runs its signal handlers (KeyboardInterrupt for
//    Ctrl-C) in the main thread only, when asked (PyErr_CheckSignals): a long
//    call runs on a thread of its own while the calling thread asks every
//    5 ms (interruptible), and stops the library (beyt::Stop) when a handler
//    raises.

unsigned long g_main_thread = 0;  // the ident of Python's main thread (set by the module's init)

bool finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

// Whether this thread must not take the GIL: the interpreter is being
// finalized (by the main thread) and would end this thread if it tried.
bool must_not_take_gil() { return finalizing() && PyThread_get_thread_ident() != g_main_thread; }

// A thread the exiting interpreter would end waits here for the process to end.
[[noreturn]] void park() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

// Takes back the GIL that PyEval_SaveThread() gave up. A plain function (not
// a destructor): should the interpreter begin to finalize while this waits
// for the GIL, CPython ends the thread here and the unwinding passes.
void take_gil(PyThreadState* state) {
  if (must_not_take_gil()) park();
  PyEval_RestoreThread(state);
}

// f() with the GIL released (a short call: one game's replay or reading). An
// exception f() throws reaches the caller once the GIL is back.
template <class F>
std::invoke_result_t<F&> without_gil(F&& f) {
  using R = std::invoke_result_t<F&>;
  if constexpr (std::is_void_v<R>) {
    without_gil([&] {
      f();
      return true;
    });
  } else {
    std::exception_ptr failure;
    std::optional<R> result;
    PyThreadState* state = PyEval_SaveThread();
    try {
      result.emplace(f());
#if defined(__GLIBCXX__)
    } catch (abi::__forced_unwind&) {  // the thread is being ended: without the GIL
      throw;
#endif
    } catch (...) {
      failure = std::current_exception();
    }
    take_gil(state);
    if (failure) std::rethrow_exception(failure);
    return std::move(*result);
  }
}

// work(stop) (a long library call given `stop`: beyt/stop.hpp) on a thread
// of its own, which takes no asynchronous signal, while this thread waits
// with the GIL released and every 5 ms, in the main thread, takes the GIL
// to run Python's signal handlers. When one raises (KeyboardInterrupt), the
// library is asked to stop, its result (incomplete) is dropped once it has,
// and the handler's exception is raised here. In any thread, a call still
// running when the interpreter exits is stopped and this thread parks.
template <class F>
std::invoke_result_t<F&, const Stop&> interruptible(F&& work) {
  using R = std::invoke_result_t<F&, const Stop&>;
  Stop stop;
  std::optional<R> result;
  std::exception_ptr failure;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;  // what a signal handler raised
  const bool main = PyThread_get_thread_ident() == g_main_thread;
  PyThreadState* state = PyEval_SaveThread();
  std::thread worker;
  struct Joiner {  // also when the thread is ended while it takes the GIL
    Stop& stop;
    std::thread& thread;
    ~Joiner() {
      if (!thread.joinable()) return;
      stop.request();
      thread.join();
    }
  } joiner{stop, worker};
  try {
    io::SignalsBlocked blocked;  // inherited by the worker: Ctrl-C comes to this thread
    worker = std::thread([&] {
      try {
        result.emplace(work(stop));
      } catch (...) {  // std::bad_alloc, PyError: raised in the calling thread
        failure = std::current_exception();
      }
      {
        std::lock_guard lock(mutex);
        done = true;
      }
      finished.notify_one();
    });
  } catch (...) {  // no thread could be made
    take_gil(state);
    throw;
  }
  for (;;) {
    {
      std::unique_lock lock(mutex);
      if (finished.wait_for(lock, std::chrono::milliseconds(5), [&] { return done; })) break;
    }
    if (must_not_take_gil()) {
      stop.request();
      worker.join();
      park();
    }
    if (!main || type != nullptr) continue;
    PyEval_RestoreThread(state);
    if (PyErr_CheckSignals() != 0) {
      PyErr_Fetch(&type, &value, &trace);
      if (type == nullptr) type = Py_NewRef(PyExc_KeyboardInterrupt);
      stop.request();
    }
    state = PyEval_SaveThread();
  }
  worker.join();
  take_gil(state);
  if (type != nullptr) {
    PyErr_Restore(type, value, trace);
    throw py::error_already_set();
  }
  if (failure) std::rethrow_exception(failure);
  return std::move(*result);
}

// --- errors -------------------------------------------------------------------

// Raised in C++, translated into beyt.errors.KIND(message, code, **details).
struct PyError {
  std::string kind;     // a class name of beyt.errors
  std::string code;     // "E304", or empty
  std::string message;
  std::vector<std::pair<std::string, std::string>> details;
};

[[noreturn]] void raise(std::string kind, Code code, std::string message,
                        std::vector<std::pair<std::string, std::string>> details = {}) {
  throw PyError{std::move(kind), code == Code::ok ? std::string() : code_id(code), std::move(message),
                std::move(details)};
}

std::string cannot_read(const std::string& path, int err) {
  return "cannot read '" + path + "': " + std::strerror(err);
}

// `path` as it may cross into the library: a path holding a NUL byte is an
// ArgumentError (a ValueError, as Python's open() raises), with the
// library's reason (io::path_problem).
const std::string& path_argument(const std::string& path) {
  if (std::string why = io::path_problem(path); !why.empty())
    raise("ArgumentError", Code::ok, "'" + io::shown_path(path) + "': " + why);
  return path;
}

// --- diagnostics -----------------------------------------------------------------

// beyt.Diagnostic from the library's JSON form (the keys and values of
// `beyt validate --diagnostics json`) and its text form.
py::object to_python(const Diagnostic& d) {
  // Kept for the life of the process, never destroyed: a static py::object
  // would be released after the interpreter has finalized.
  static py::object* const loads = new py::object(py::module_::import("json").attr("loads"));
  static py::object* const cls = new py::object(py::module_::import("beyt._types").attr("Diagnostic"));
  py::dict fields = (*loads)(notation::format_json(d));
  fields["text"] = notation::format_text(d);
  return (*cls)(**fields);
}

py::list to_python(const std::vector<Diagnostic>& ds) {
  py::list out;
  for (const auto& d : ds) out.append(to_python(d));
  return out;
}

// --- formats ----------------------------------------------------------------------

// The format called `name` in the table of formats (any of its names), or
// ArgumentError (E502) with the library's message, which lists the table.
Format format_named(const std::string& name) {
  Expected<Format> f = notation::format_from_name(name);
  if (!f) raise("ArgumentError", f.error().code, f.error().reason);
  return *f;
}

// --- games --------------------------------------------------------------------------

// A record, shared by a Game and its Moves and edited through either.
// Copy-on-write: a Position replayed from the record (its Origin) keeps the
// record it was replayed from. A game generated, and a game read that is
// still alive two games later (kept in a list, not a loop's passing game:
// GameReader.keep), is kept packed (notation::pack_record: some 5 bytes a
// turn beside its move text, where the record's nodes take some 190) until
// its moves are first needed (mainline, positions, an edit;
// docs/python/README.md, "Memory");
// its tags, `errors`, a write and a test of equality read it unpacked into
// a copy, and keep it packed. Unpacked only with the GIL held (a Game is
// shared by Python threads).
struct RecordBox;

// The records of games gone, whose storage the reader reads the next games
// into (notation::GameReader::recycle): a loop over the games of a file
// builds no Node per turn once it runs, as `beyt validate` builds none. At
// most two, behind a mutex (a Game may be freed in a thread without the GIL).
class SpareRecords {
 public:
  void give(GameRecord&& record) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (spare_.size() < 2) spare_.push_back(std::move(record));
  }
  std::optional<GameRecord> take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (spare_.empty()) return std::nullopt;
    std::optional<GameRecord> out(std::move(spare_.back()));
    spare_.pop_back();
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<GameRecord> spare_;
};

SpareRecords& spare_records() {
  static auto* spare = new SpareRecords();  // never destroyed: a Game may outlive the module's statics
  return *spare;
}

struct RecordBox {
  RecordBox() = default;
  RecordBox(const RecordBox&) = delete;
  RecordBox& operator=(const RecordBox&) = delete;
  // A record no one else holds (no Position replayed from it) is a spare.
  ~RecordBox() {
    if (record && record.use_count() == 1) spare_records().give(std::move(*record));
  }

  std::shared_ptr<GameRecord> record = std::make_shared<GameRecord>();  // null while packed
  std::string packed;                            // the record while it is packed
  std::optional<notation::CheckedGame> checked;  // the validator's replay, once asked
  bool edited = false;                           // made or changed in code: checked when written
  bool packable = false;                         // read, and its moves not asked for since
  // A record made to hold one Move unpickled (or copied) on its own: the
  // Move's path in the record it came from. Its turns cannot be edited.
  std::optional<NodePath> detached;

  // Where a promote, demote or remove moved turns to other places: the
  // turns of the line `line` (a path's steps before a turn) from `turn` on,
  // or, where `variations` is set, only the variations first..last of that
  // turn. A Move taken before the edit at such a place names no turn of the
  // record any more (PyMove::node).
  struct Moved {
    std::vector<std::uint32_t> line;
    std::uint32_t turn = 0;
    bool variations = false;
    std::uint32_t first = 0, last = 0;

    bool covers(const NodePath& p) const {
      const std::size_t n = line.size();
      if (p.steps.size() <= n || !std::equal(line.begin(), line.end(), p.steps.begin())) return false;
      if (!variations) return p.steps[n] >= turn;
      return p.steps[n] == turn && p.steps.size() > n + 1 && p.steps[n + 1] >= first && p.steps[n + 1] <= last;
    }
    std::string text() const {
      NodePath at{line};
      at.steps.push_back(turn);
      return at.text();
    }
  };
  std::vector<Moved> moved;

  // Packs the record of a game read whose moves nobody asked for (a game
  // kept in a list): GameReader.keep.
  void pack() {
    if (!record || !packable || record.use_count() > 1) return;
    packed = notation::pack_record(*record);
    record.reset();
  }
  // The record, unpacked for good at its first use.
  GameRecord& unpacked() {
    packable = false;  // its moves are in use: kept unpacked
    if (!record) {
      auto r = std::make_shared<GameRecord>();
      if (!notation::unpack_record(packed, *r)) raise("Error", Code::ok, "a packed record did not unpack (a fault of beyt)");
      record = std::move(r);
      std::string().swap(packed);
    }
    return *record;
  }
  // The record as it is, unpacked into `scratch` if it is packed (for a
  // reading that keeps nothing of it: it stays packed).
  const GameRecord& view(GameRecord& scratch) const {
    if (record) return *record;
    if (!notation::unpack_record(packed, scratch)) raise("Error", Code::ok, "a packed record did not unpack (a fault of beyt)");
    return scratch;
  }
  // As view(), all but the moves of a packed record (its tags, comments,
  // result: notation::unpack_header).
  const GameRecord& header(GameRecord& scratch) const {
    if (record) return *record;
    if (!notation::unpack_header(packed, scratch)) raise("Error", Code::ok, "a packed record did not unpack (a fault of beyt)");
    return scratch;
  }
  // The record, unpacked, held for work done without the GIL: while it is
  // held, another thread's edit() copies it and pack() leaves it alone.
  std::shared_ptr<const GameRecord> held() {
    unpacked();
    return record;
  }
  // The record to change in place (its replay forgotten).
  GameRecord& edit() {
    unpacked();
    if (record.use_count() > 1) record = std::make_shared<GameRecord>(*record);
    checked.reset();
    edited = true;
    return *record;
  }
};

// One record and where it came from. A record the reader could not read
// carries its diagnostic in `unreadable` and has no tags or moves.
struct PyGame {
  std::shared_ptr<RecordBox> box = std::make_shared<RecordBox>();
  std::string file;
  std::uint32_t index = 1;
  std::optional<Diagnostic> unreadable;

  // The record (unpacked for good if it was packed): with the GIL held.
  const GameRecord& rec() const { return box->unpacked(); }
  void set(GameRecord record) { box->record = std::make_shared<GameRecord>(std::move(record)); }
  // A record read or generated, kept packed (RecordBox).
  void set_packed(const GameRecord& record) {
    box->packed = notation::pack_record(record);
    box->record.reset();
  }

  const notation::CheckedGame& check() {
    if (!box->checked) {
      // With the GIL: a packed game unpacked into a copy (it stays packed), an
      // unpacked one held (another thread's edit or pack cannot free it).
      GameRecord scratch;
      const std::shared_ptr<const GameRecord> held = box->record;
      const GameRecord& record = held ? *held : box->view(scratch);
      box->checked = without_gil([&] { return notation::check_game(record, file, index, {}); });
    }
    return *box->checked;
  }
};

// A move of a record: its place (NodePath), found again at each use, so that
// a Move stays right while the record is edited around it.
struct PyMove {
  std::shared_ptr<RecordBox> box;
  NodePath path;
  std::uint32_t ply;   // 1-based place in its line
  std::uint32_t turn;  // the turn number (a variation continues the count)
  mutable std::size_t seen = 0;  // how many of the box's `moved` have been checked against `path`

  PyMove(std::shared_ptr<RecordBox> b, NodePath p, std::uint32_t ply_, std::uint32_t turn_)
      : box(std::move(b)), path(std::move(p)), ply(ply_), turn(turn_), seen(box->moved.size()) {}

  const notation::Node& node() const {
    for (; seen < box->moved.size(); ++seen)
      if (box->moved[seen].covers(path))
        raise("Error", Code::ok,
              "move " + path_text() + " was taken before a promote, demote or remove moved the turns at " +
                  box->moved[seen].text() + ": take it again from its Game (mainline(), Move.variations)");
    const notation::Node* n = nullptr;
    std::string why;
    if (!notation::locate(box->unpacked(), path, n, why) || !n)
      raise("Error", Code::ok, "move " + path_text() + " is no longer in its record (" + why + ")");
    return *n;
  }
  // Its place in its record: in the record it came from, for a Move unpickled
  // on its own (its box holds it as turn 1, its variations' turns counted from there).
  std::string path_text() const {
    if (!box->detached) return path.text();
    NodePath real = *box->detached;
    const std::uint32_t shift = real.steps.back() - 1;
    for (std::size_t i = 1; i < path.steps.size(); ++i) real.steps.push_back(path.steps[i] + (i % 2 == 0 ? shift : 0));
    return real.text();
  }
  // Raises Error for a Move that stands in no record (unpickled on its own).
  void in_a_record() const {
    node();
    if (box->detached)
      raise("Error", Code::ok,
            "move " + path_text() + " was unpickled or copied on its own: it stands in no record, so no turn can be "
            "added, promoted, demoted or removed there (edit the Moves of its Game)");
  }
};

// What a promote, demote or remove of the alternative at `path` moves
// (RecordBox::Moved): the alternatives at its point, and for a line's own
// move (or a change of the line's continuation) the line from there on.
RecordBox::Moved moved_by(const NodePath& path, notation::Reorder* how) {
  const auto& e = path.steps;
  const std::size_t n = e.size();
  RecordBox::Moved m;
  std::uint32_t v = 0;  // the variation whose first move `path` is (0: a line's own move)
  if (n >= 3 && e[n - 1] == e[n - 3]) {
    m.line.assign(e.begin(), e.end() - 3);
    m.turn = e[n - 3];
    v = e[n - 2];
  } else {
    m.line.assign(e.begin(), e.end() - 1);
    m.turn = e[n - 1];
  }
  const bool whole_line = v == 0 || (how && (*how == notation::Reorder::promote_to_main ||
                                             (*how == notation::Reorder::promote && v == 1)));
  if (!whole_line) {
    m.variations = true;
    m.first = how && *how == notation::Reorder::promote ? v - 1 : v;
    m.last = how ? m.first + 1 : std::numeric_limits<std::uint32_t>::max();  // remove: the later ones move up
  }
  return m;
}

// The Moves of `line`, whose first move is turn `first_turn`, at the places
// `prefix` followed by each move's turn in the record (`first_step` for the
// first: an unpickled Move's record holds its one move as turn 1).
py::list line_moves(const std::shared_ptr<RecordBox>& box, const std::vector<std::uint32_t>& prefix,
                    const notation::Line& line, std::uint32_t first_turn, std::uint32_t first_step) {
  py::list out;
  std::uint32_t ply = 1;
  for (std::size_t i = 0; i < line.size(); ++i) {
    NodePath path{prefix};
    path.steps.push_back(first_step + ply - 1);
    out.append(PyMove{box, std::move(path), ply, first_turn + ply - 1});
    ++ply;
  }
  return out;
}

std::string joined(const std::vector<std::string>& comments) {
  std::string s;
  for (const auto& c : comments) {
    if (!s.empty()) s += ' ';
    s += c;
  }
  return s;
}

// --- values: pickling -----------------------------------------------------------
//
// Games and moves pickle (and deep-copy) as plain tuples of their records,
// locations included (Move.line, Diagnostic places after a replay): what
// `*_tuple` makes, `*_of` takes back, raising ValueError for anything else
// (a pickle is trusted no further than that: never a crash).

[[noreturn]] void not_a_value(const char* what) { throw py::value_error(std::string("not a pickled beyt ") + what); }

py::tuple checked_tuple(const py::handle& h, std::size_t size, const char* what) {
  if (!py::isinstance<py::tuple>(h)) not_a_value(what);
  auto t = py::reinterpret_borrow<py::tuple>(h);
  if (t.size() != size) not_a_value(what);
  return t;
}

py::tuple loc_tuple(const notation::SourceLoc& l) {
  return py::make_tuple(l.line, l.column, l.offset, py::bytes(l.pointer), l.game, l.index, static_cast<int>(l.base));
}

notation::SourceLoc loc_of(const py::handle& h) {
  const py::tuple t = checked_tuple(h, 7, "location");
  notation::SourceLoc l;
  l.line = t[0].cast<std::uint32_t>();
  l.column = t[1].cast<std::uint32_t>();
  l.offset = t[2].cast<std::uint64_t>();
  l.pointer = t[3].cast<std::string>();
  l.game = t[4].cast<std::uint32_t>();
  l.index = t[5].cast<std::uint32_t>();
  const int base = t[6].cast<int>();
  if (base < 0 || base > static_cast<int>(notation::SourceLoc::Base::xml_move)) not_a_value("location");
  l.base = static_cast<notation::SourceLoc::Base>(base);
  return l;
}

py::list strings(const std::vector<std::string>& v) {
  py::list out;
  for (const auto& x : v) out.append(py::bytes(x));  // the record's bytes as they are
  return out;
}

std::vector<std::string> strings_of(const py::handle& h) {
  if (!py::isinstance<py::list>(h)) not_a_value("record");
  std::vector<std::string> out;
  for (const auto& x : h) {
    if (!py::isinstance<py::bytes>(x)) not_a_value("record");
    out.push_back(x.cast<std::string>());
  }
  return out;
}

py::tuple node_tuple(const notation::Node& n) {
  py::list variations;
  for (const auto& line : n.variations) {
    py::list nodes;
    for (const auto& v : line) nodes.append(node_tuple(v));
    variations.append(nodes);
  }
  return py::make_tuple(py::bytes(n.move), loc_tuple(n.loc), strings(n.before),
                        py::bytes(std::string(n.nags.begin(), n.nags.end())), strings(n.after), variations);
}

notation::Node node_of(const py::handle& h, unsigned depth) {
  if (depth > notation::kMaxVariationDepth) not_a_value("move");
  const py::tuple t = checked_tuple(h, 6, "move");
  notation::Node n;
  n.move = t[0].cast<std::string>();
  n.loc = loc_of(t[1]);
  n.before = strings_of(t[2]);
  const std::string nags = t[3].cast<std::string>();
  n.nags.assign(nags.begin(), nags.end());
  n.after = strings_of(t[4]);
  if (!py::isinstance<py::list>(t[5])) not_a_value("move");
  for (const auto& line : t[5]) {
    if (!py::isinstance<py::list>(line)) not_a_value("move");
    notation::Line nodes;
    for (const auto& v : line) nodes.push_back(node_of(v, depth + 1));
    n.variations.push_back(std::move(nodes));
  }
  return n;
}

py::tuple record_tuple(const GameRecord& r) {
  py::list tags, moves;
  for (const auto& t : r.tags) tags.append(py::make_tuple(py::bytes(t.name), py::bytes(t.value), loc_tuple(t.loc), loc_tuple(t.value_loc)));
  for (const auto& n : r.moves) moves.append(node_tuple(n));
  return py::make_tuple(tags, strings(r.comments), moves, py::bytes(r.result), loc_tuple(r.loc), loc_tuple(r.result_loc),
                        loc_tuple(r.moves_end),
                        py::make_tuple(r.numbering.written, r.numbering.expected, loc_tuple(r.numbering.loc)));
}

GameRecord record_of(const py::handle& h) {
  const py::tuple t = checked_tuple(h, 8, "game");
  GameRecord r;
  if (!py::isinstance<py::list>(t[0]) || !py::isinstance<py::list>(t[2])) not_a_value("game");
  for (const auto& tag : t[0]) {
    const py::tuple pair = checked_tuple(tag, 4, "game");
    r.tags.push_back(notation::TagPair{pair[0].cast<std::string>(), pair[1].cast<std::string>(), loc_of(pair[2]),
                                       loc_of(pair[3])});
  }
  r.comments = strings_of(t[1]);
  for (const auto& n : t[2]) r.moves.push_back(node_of(n, 0));
  r.result = t[3].cast<std::string>();
  r.loc = loc_of(t[4]);
  r.result_loc = loc_of(t[5]);
  r.moves_end = loc_of(t[6]);
  const py::tuple numbering = checked_tuple(t[7], 3, "game");
  r.numbering.written = numbering[0].cast<std::uint32_t>();
  r.numbering.expected = numbering[1].cast<std::uint32_t>();
  r.numbering.loc = loc_of(numbering[2]);
  return r;
}

py::tuple diagnostic_tuple(const Diagnostic& d) {
  return py::make_tuple(static_cast<int>(d.code), py::bytes(d.reason), py::bytes(d.file), loc_tuple(d.loc), d.game, d.turn,
                        py::bytes(d.player), static_cast<int>(d.severity));
}

Diagnostic diagnostic_of(const py::handle& h) {
  const py::tuple t = checked_tuple(h, 8, "diagnostic");
  Diagnostic d;
  const int code = t[0].cast<int>();
  bool known = false;
  for (const Code* c = all_codes_begin(); c != all_codes_end(); ++c) known = known || static_cast<int>(*c) == code;
  const int severity = t[7].cast<int>();
  if (!known || severity < 0 || severity > static_cast<int>(Severity::warning)) not_a_value("diagnostic");
  d.code = static_cast<Code>(code);
  d.reason = t[1].cast<std::string>();
  d.file = t[2].cast<std::string>();
  d.loc = loc_of(t[3]);
  d.game = t[4].cast<std::uint32_t>();
  d.turn = t[5].cast<std::uint32_t>();
  d.player = t[6].cast<std::string>();
  d.severity = static_cast<Severity>(severity);
  return d;
}

// hash() of a record, as its == sees it (GameRecord::operator==: locations
// aside): its tags, result and main-line moves.
std::size_t record_hash(const GameRecord& r) {
  std::size_t h = std::hash<std::string>{}(r.result);
  auto mix = [&](const std::string& x) { h = h * 1000003u ^ std::hash<std::string>{}(x); };
  for (const auto& t : r.tags) {
    mix(t.name);
    mix(t.value);
  }
  for (const auto& n : r.moves) mix(n.move);
  return h;
}

// NotImplemented, for == with an object of another type.
py::object not_implemented() { return py::reinterpret_borrow<py::object>(Py_NotImplemented); }

// A type's __new__ for the classes Python may not make by themselves (their
// objects come from the library: Position.start, read_games): an object
// made by __new__ alone would hold no value.
PyObject* refuse_new(PyTypeObject* type, PyObject*, PyObject*) {
  PyErr_Format(PyExc_TypeError,
               "cannot create '%s' objects with __new__: they come from the library (Position.start, "
               "Position.from_text, read_games, generate)",
               type->tp_name);
  return nullptr;
}
py::custom_type_setup no_new() {
  return py::custom_type_setup([](PyHeapTypeObject* heap) { heap->ht_type.tp_new = refuse_new; });
}

// --- positions --------------------------------------------------------------------

// How the first state of a Position of a replay (Game.positions()) was
// reached: the turns of a record's main line played from a position text.
// Its pickle replays them, for what the text does not hold
// (State::turns_played).
struct Origin {
  std::string text;                          // the position the replay started from
  std::shared_ptr<const GameRecord> record;  // whose main line's first turns were played
};

// One move push() played: its text, or, pushed as a beyt.Event, its value,
// whose text is written only when asked for (pop(), event_stack, a record,
// pickle: written_moves), so that a playout by values writes no text.
struct PushedMove {
  std::string text;  // empty: not written yet (pushed as `value`)
  Event value{};     // the value pushed (empty: pushed as text)
};

struct PyPosition {
  std::unique_ptr<State> state;                      // keeping a history once a move is pushed (State::keep_history)
  std::string rules;                                 // canonical rules text
  std::vector<PushedMove> moves;                     // the moves push() played, the last state->history_size() of them kept for undo
  std::shared_ptr<const State> pushed_from;          // the state before moves[0] (null: none pushed)
  std::shared_ptr<const Origin> origin;              // a replay's position: where it started
  std::uint32_t origin_turns = 0;                    // and the turns of origin->record played

  // A copy pops as this one does: its state keeps a history from here only,
  // so its first pop() plays its moves again from pushed_from (pop_move).
  PyPosition copy() const {
    PyPosition p;
    p.state = state->clone();
    if (!moves.empty()) p.state->keep_history(true);
    p.rules = rules;
    p.moves = moves;
    p.pushed_from = pushed_from;
    p.origin = origin;
    p.origin_turns = origin_turns;
    return p;
  }
};

// Position.push: a whole turn (as a record writes it), or one event of a
// turn (legal_events(), chance_outcomes(): a throw or one use of a throw in
// Tab and Dleb; State::apply), as the position allows.
// play_pushed plays it on `state` (the error when it is neither; `state`
// then unchanged). A text that is both a whole turn and an event (Tab's
// throw `3` at a turn's start, which a record writes for the turn `3:3--`)
// is the whole turn; its Event value (legal_events(values=True)) is the event.
Error play_pushed(State& state, std::string_view move) {
  Error e = state.mid_turn() ? state.apply(move) : state.play_turn(move);
  if (e && !state.mid_turn() && !state.apply(move)) e = Error::none();
  return e;
}

// Before a move is pushed onto a Position with none: where they start
// (pushed_from), and a history kept from there (State::keep_history).
void begin_pushes(PyPosition& p) {
  if (!p.moves.empty()) return;
  p.moves.reserve(256);  // a playout's first few hundred pushes without a move of the vector
  p.pushed_from = p.state->clone();
  p.state->keep_history(true);
}

// Plays a pushed move again (pop_move, written_moves): by its value, or its text.
Error play_pushed(State& state, const PushedMove& move) {
  return move.value.empty() ? play_pushed(state, move.text) : state.apply(move.value);
}

void push_move(PyPosition& p, const std::string& move) {
  begin_pushes(p);
  if (Error e = play_pushed(*p.state, move)) raise("IllegalMove", e.code, e.reason, {{"move", move}, {"offset", std::to_string(e.offset)}});
  p.moves.push_back({move, Event{}});
}

// push(event) of a beyt.Event: State::apply(Event), no text read or written.
void push_value(PyPosition& p, Event event) {
  begin_pushes(p);
  if (Error e = p.state->apply(event)) raise("IllegalMove", e.code, e.reason, {{"offset", "0"}});
  p.moves.push_back({std::string(), event});
}

// The text of `move`, pushed at `before`: as pushed, or written from its value.
std::string& write_text(PushedMove& move, const State& before) {
  if (move.text.empty())
    if (Error e = before.event_text(move.value, move.text)) raise("RecordError", e.code, e.reason);  // a fault of the library
  return move.text;
}

// The texts of the moves pushed, oldest first, each value's text written
// (once: kept) by playing the moves again from pushed_from.
std::vector<std::string> written_moves(PyPosition& p) {
  std::vector<std::string> out;
  out.reserve(p.moves.size());
  std::unique_ptr<State> state;
  for (PushedMove& move : p.moves) {
    if (move.text.empty() && !state) {  // the first value not yet written: play up to it
      state = p.pushed_from->clone();
      for (std::size_t i = 0; i < out.size(); ++i)
        if (Error e = play_pushed(*state, p.moves[i])) raise("RecordError", e.code, e.reason);  // a fault of the library
    }
    out.push_back(state ? write_text(move, *state) : move.text);
    if (state)
      if (Error e = play_pushed(*state, move)) raise("RecordError", e.code, e.reason);  // a fault of the library
  }
  return out;
}

// Position.pop: takes back the last push() (or turn of play_random) and
// returns its move: State::undo, each push one apply(), play() or
// play_random() of the state, which keeps the position before it. A state
// that kept none of it (a copy()'s, or after a play_random on a copy) is
// made again from pushed_from, the moves but the last played on it, and
// keeps them.
std::string pop_move(PyPosition& p) {
  if (p.moves.empty()) throw py::index_error("pop from a position with no move pushed");
  if (p.state->history_size() > 0) {
    if (Error e = p.state->undo()) raise("RecordError", e.code, e.reason);  // a fault of the library
  } else {
    std::unique_ptr<State> state = p.pushed_from->clone();
    state->keep_history(true);
    for (std::size_t i = 0; i + 1 < p.moves.size(); ++i)
      if (Error e = play_pushed(*state, p.moves[i])) raise("RecordError", e.code, e.reason);  // a fault of the library
    p.state = std::move(state);
  }
  std::string move = std::move(write_text(p.moves.back(), *p.state));
  p.moves.pop_back();
  return move;
}

// Position.legal_events().
std::vector<std::string> legal_events_of(const PyPosition& p) {
  std::vector<std::string> out;
  p.state->legal_events(out);
  return out;
}

// Position.sample_outcome(z): the outcome of the throw due that the draw z
// picks (beyt::sample_outcome), or ArgumentError / IllegalMove.
// sample_value_of is the same for sample_outcome(z, values=True): the
// outcome's Event, its text not written.
void check_sample(const PyPosition& p, double z, bool throw_due) {
  if (!(z >= 0.0 && z < 1.0))
    raise("ArgumentError", Code::ok, "z must be a draw in [0, 1), as random.random() gives: " + std::to_string(z));
  if (!throw_due)
    raise("IllegalMove", Code::wrong_phase,
          p.state->is_terminal() ? "no throw is due: the game is over"
                                 : "no throw is due: a player decides next (legal_events())");
}

std::string sample_outcome_of(const PyPosition& p, double z) {
  const std::vector<ChanceOutcome> outcomes = p.state->chance_outcomes();
  check_sample(p, z, !outcomes.empty());
  return outcomes[sample_outcome(outcomes, z)].text;
}

Event sample_value_of(const PyPosition& p, double z) {
  // One pair of lists, reused: guarded by the GIL (Position.sample_outcome
  // holds it), and no thread_local's look-up in a shared object per call.
  static std::vector<Event> values;
  static std::vector<double> chances;
  values.clear();
  chances.clear();
  if (p.state->to_move() == Actor::chance) p.state->list_events(&values, nullptr, &chances);
  check_sample(p, z, !chances.empty() && chances.size() == values.size());
  return values[sample_outcome(chances, z)];
}

// Position.check_turn(turn): the turn's canonical text, or IllegalMove.
std::string check_turn_of(const PyPosition& p, const std::string& turn) {
  std::string canonical;
  if (Error e = p.state->check_turn(turn, canonical))
    raise("IllegalMove", e.code, e.reason, {{"move", turn}, {"offset", std::to_string(e.offset)}});
  return canonical;
}

// A DeprecationWarning for the old name `old_name` of `new_name` (kept for
// one release: docs/python/README.md, "Renamed"); an error when the warning
// filter makes it one.
void warn_renamed(const std::string& old_name, const std::string& new_name) {
  const std::string text = old_name + " is deprecated: use " + new_name;
  if (PyErr_WarnEx(PyExc_DeprecationWarning, text.c_str(), 1) < 0) throw py::error_already_set();
}

const Game& game_named(const std::string& name) {
  const Game* g = find_game(name);
  if (!g) {
    raise("RecordError", Code::unknown_game, "unknown game '" + name + "' (" + game_names() + ")");
  }
  return *g;
}

PyPosition make_position(const std::string& game_name, const std::string& text, const std::optional<std::string>& rules) {
  const Game& game = game_named(game_name);
  RuleSet rule_set;
  if (Error e = game.parse_rules(rules.value_or(""), rule_set))
    raise("RecordError", e.code, e.reason, {{"offset", std::to_string(e.offset)}});
  PyPosition p;
  if (Error e = game.new_state(rule_set, text, p.state))
    raise("RecordError", e.code, e.reason, {{"offset", std::to_string(e.offset)}});
  p.rules = rule_set.canonical();
  return p;
}

// `draw` as the library can draw it: sizes out of range (draw_options_problem:
// a cell from 8 to 400 px) are an ArgumentError (a ValueError).
void draw_argument(const DrawOptions& draw) {
  if (std::string why = draw_options_problem(draw); !why.empty()) raise("ArgumentError", Code::ok, why);
}

std::string position_svg(const State& state, double cell, bool flipped, bool monochrome, bool coordinates) {
  DrawOptions draw;
  draw.cell = cell;
  draw.flipped = flipped;
  draw.monochrome = monochrome;
  draw.coordinates = coordinates;
  draw_argument(draw);
  PageOptions page;
  Figure figure;
  figure.state = &state;
  std::string out, why;
  if (!svg_page({figure}, draw, page, out, why)) raise("Error", Code::ok, why);
  return out;
}

// Position.perft and perft_divide: `walk` (beyt::perft or
// beyt::perft_divide, beyt/perft.hpp) on a copy of the position, on a
// thread of its own that Ctrl-C stops (interruptible). A depth out of
// 1 .. 100 is an ArgumentError; a listed event that does not apply (a fault
// of the engine) an Error.
template <class Out>
Out perft_of(const PyPosition& p, int depth, Error (*walk)(const State&, int, Out&, const PerftOptions&)) {
  std::unique_ptr<State> copy = p.state->clone();
  Out out;
  Error e = interruptible([&](const Stop& stop) {
    PerftOptions options;
    options.stop = &stop;
    return walk(*copy, depth, out, options);
  });
  if (e) raise(e.code == Code::usage ? "ArgumentError" : "Error", e.code, e.reason);
  return out;
}

// --- the lazy reader --------------------------------------------------------------

// A std::streambuf over a Python file object's read(). What read() may
// return: bytes or any bytes-like object (bytearray, memoryview: the
// buffer protocol) from a binary file, str (encoded as UTF-8) from a text
// file; b"" or "" is the end. A file of io's binary classes (RawIOBase,
// BufferedIOBase) must give bytes-like objects, one of TextIOBase str, any
// other the kind of its first non-empty result throughout: else, and for
// any other type, a TypeError (type_error). None (a non-blocking file with
// no data yet) is not the end: the reader waits until the file has data
// (poll() on its fileno(), checking for signals every 50 ms) and reads
// again; a file that returns None and has no fileno() cannot be waited on,
// and its reading fails (E501, saying so). Reading takes the GIL (the
// reader runs with it released).
//
// In the raw C API, with no object of ours that holds a Python reference or
// the GIL alive across a call that may run Python code: should the
// interpreter exit meanwhile, CPython ends this thread where it takes the GIL
// back (in PyGILState_Ensure, or inside read(), which lets the GIL go while it
// waits), and the unwinding must not drop a reference without the GIL (which
// crashed the exit) or run a destructor that takes it.
class PyFileBuf : public std::streambuf {
 public:
  explicit PyFileBuf(py::handle file) : file_(file.inc_ref().ptr()) {
    py::module_ io = py::module_::import("io");
    if (py::isinstance(file, io.attr("TextIOBase"))) kind_ = Kind::text;
    else if (py::isinstance(file, io.attr("RawIOBase")) || py::isinstance(file, io.attr("BufferedIOBase")))
      kind_ = Kind::binary;
  }
  ~PyFileBuf() override {
    if (!PyGILState_Check()) return;  // only ever the case while the thread is ended: the references are left
    Py_XDECREF(file_);
    drop_pending();
  }
  std::string failure;     // the error of the input read() raised (OSError, ValueError), if any
  std::string type_error;  // read() gave what it may not (a TypeError for the caller)

  /// Any other exception read() raised (KeyboardInterrupt, SystemExit, a
  /// TypeError of a broken file object) is not an error of the input: it is
  /// raised again unchanged (GameReader::raise_pending). With the GIL.
  bool has_pending() const { return pending_type_ != nullptr; }
  [[noreturn]] void raise_pending() {
    PyErr_Restore(std::exchange(pending_type_, nullptr), std::exchange(pending_value_, nullptr),
                  std::exchange(pending_trace_, nullptr));
    throw py::error_already_set();
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (done_) return traits_type::eof();
    // The interpreter is exiting: this thread must not take the GIL.
    if (must_not_take_gil()) throw std::ios_base::failure("the interpreter is exiting");
    const PyGILState_STATE gil = PyGILState_Ensure();
    buffer_.clear();
    read_chunk();
    PyGILState_Release(gil);
    // The istream catches this and sets badbit: the reader reports E501
    // (or the pending exception is raised instead).
    if (!failure.empty() || !type_error.empty()) throw std::ios_base::failure(failure);
    if (has_pending()) throw std::ios_base::failure("read() raised");
    if (buffer_.empty()) {
      done_ = true;
      return traits_type::eof();
    }
    setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  enum class Kind { unknown, binary, text };

  // read(64 KiB) until it gives something other than None, into buffer_;
  // or failure, type_error or the pending exception set. With the GIL.
  void read_chunk() {
    for (;;) {
      PyObject* chunk = PyObject_CallMethod(file_, "read", "i", 1 << 16);
      if (chunk == nullptr) return failed();
      if (chunk != Py_None) {
        take(chunk);
        Py_DECREF(chunk);
        return;
      }
      Py_DECREF(chunk);
      const int fd = PyObject_AsFileDescriptor(file_);  // fileno(); -1 and an exception where there is none
      if (fd < 0) {
        PyErr_Clear();
        failure = "read() returned None (a non-blocking file with no data yet), and the file has no fileno() "
                  "to wait on: give a blocking file";
        return;
      }
      int ready = 0, err = 0;
      do {
        if (PyErr_CheckSignals() != 0) return failed();  // KeyboardInterrupt: pending, raised unchanged
        PyThreadState* state = PyEval_SaveThread();
        pollfd wait{fd, POLLIN, 0};
        ready = ::poll(&wait, 1, 50);
        err = errno;
        take_gil(state);
      } while (ready == 0 || (ready < 0 && err == EINTR));
      if (ready < 0) {
        failure = std::strerror(err);
        return;
      }
    }
  }

  // buffer_ = the bytes of `chunk` (not None), or type_error or failure set.
  void take(PyObject* chunk) {
    const bool is_str = PyUnicode_Check(chunk);
    const bool is_bytes = !is_str && PyObject_CheckBuffer(chunk);
    const std::string type = Py_TYPE(chunk)->tp_name;
    if (!is_str && !is_bytes) {
      type_error = "read() returned " + type + ": a file object's read() must give bytes (a binary file) or "
                   "str (a text file)";
      return;
    }
    const Kind got = is_str ? Kind::text : Kind::binary;
    if (kind_ != Kind::unknown && got != kind_) {
      type_error = "read() of a " + std::string(kind_ == Kind::text ? "text" : "binary") + " file returned " + type +
                   ": it must give " + (kind_ == Kind::text ? "str" : "bytes");
      return;
    }
    if (is_str) {
      Py_ssize_t size = 0;
      const char* utf8 = PyUnicode_AsUTF8AndSize(chunk, &size);
      if (!utf8) return failed();  // a lone surrogate: UnicodeEncodeError, an error of the input
      buffer_.assign(utf8, static_cast<std::size_t>(size));
    } else if (PyBytes_Check(chunk)) {
      buffer_.assign(PyBytes_AS_STRING(chunk), static_cast<std::size_t>(PyBytes_GET_SIZE(chunk)));
    } else {  // bytearray, memoryview, array, ...: its bytes, contiguous
      PyObject* bytes = PyBytes_FromObject(chunk);
      if (!bytes) return failed();
      buffer_.assign(PyBytes_AS_STRING(bytes), static_cast<std::size_t>(PyBytes_GET_SIZE(bytes)));
      Py_DECREF(bytes);
    }
    if (!buffer_.empty()) kind_ = got;
  }

  // The exception read() raised (set): an error of the input (OSError,
  // ValueError: a closed file, undecodable text) becomes `failure`
  // ("OSError: disk on fire"); any other is kept to be raised again.
  void failed() {
    PyObject *type = nullptr, *value = nullptr, *trace = nullptr;
    PyErr_Fetch(&type, &value, &trace);
    if (!PyErr_GivenExceptionMatches(type, PyExc_OSError) && !PyErr_GivenExceptionMatches(type, PyExc_ValueError)) {
      drop_pending();
      pending_type_ = type;
      pending_value_ = value;
      pending_trace_ = trace;
      return;
    }
    PyErr_NormalizeException(&type, &value, &trace);
    PyObject* text = value ? PyObject_Str(value) : nullptr;
    const char* words = text ? PyUnicode_AsUTF8(text) : nullptr;
    if (!words) PyErr_Clear();
    failure = std::string(value ? Py_TYPE(value)->tp_name : "error") + ": " + (words && *words ? words : "read() failed");
    Py_XDECREF(text);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(trace);
  }
  void drop_pending() {
    Py_XDECREF(std::exchange(pending_type_, nullptr));
    Py_XDECREF(std::exchange(pending_value_, nullptr));
    Py_XDECREF(std::exchange(pending_trace_, nullptr));
  }

  PyObject* file_;  // a reference of ours
  Kind kind_ = Kind::unknown;
  PyObject *pending_type_ = nullptr, *pending_value_ = nullptr, *pending_trace_ = nullptr;
  std::string buffer_;
  bool done_ = false;
};

// What GameReader::next hands to Python: a game, an error that spoils one
// game, a warning, or the end (with the error the reader stopped at).
struct Item {
  enum class Kind { game, error, warning, end } kind;
  GameRecord record;
  std::uint32_t index = 0;
  Diagnostic diagnostic;
};

// The library's pull reader (beyt/notation/reader.hpp) over a path, a text
// or a Python file object: one game at a time, in flat memory, with the GIL
// released while it reads (a file object's read() takes the GIL back:
// PyFileBuf).
class GameReader {
 public:
  // kind: "path", "text" or "file"; `source` the path, the text or the file
  // object; `name` the file name diagnostics give. The library's reader
  // finds the format as beyt does (the extension of the path or of the
  // file object's name, else the first bytes, which it keeps: nothing is
  // read twice, so a pipe, /dev/stdin or a FIFO is read whole).
  GameReader(const std::string& kind, py::handle source, std::optional<std::string> format, std::string name)
      : name_(std::move(name)) {
    std::optional<Format> forced;
    if (format) forced = format_named(*format);
    std::optional<Expected<notation::GameReader, Diagnostic>> opened;
    if (kind == "path") {
      const std::string path = path_argument(source.cast<std::string>());
      // Opening a FIFO waits for its writer.
      opened.emplace(without_gil([&] { return notation::GameReader::open(path, forced); }));
    } else {
      if (kind == "text") {
        stream_ = std::make_unique<std::istringstream>(source.cast<std::string>());
      } else {
        buf_ = std::make_unique<PyFileBuf>(source);
        stream_ = std::make_unique<std::istream>(buf_.get());
      }
      // The format is told from the first bytes: read() takes the GIL.
      opened.emplace(without_gil([&] { return notation::GameReader::open(*stream_, name_, forced); }));
    }
    raise_pending();
    if (buf_ && !buf_->type_error.empty()) throw py::type_error(buf_->type_error);
    if (!*opened) raise("InputError", Code::io_error, opened->error().reason);
    reader_.emplace(std::move(**opened));
  }

  // With the GIL (Python drops the reader): a JSON reader's thread is then
  // waiting for its turn, never for the GIL, and ends without it.
  ~GameReader() { reader_.reset(); }

  // Ends the reading (a JSON reader's own thread is stopped and joined; it
  // may be waiting for the GIL in PyFileBuf).
  void close() {
    without_gil([&] { reader_.reset(); });
  }

  // Raises the exception a file object's read() raised that is not an error
  // of the input (PyFileBuf::pending), unchanged; the reading is over.
  void raise_pending() {
    if (!buf_ || !buf_->has_pending()) return;
    finished_ = true;
    pending_.clear();
    buf_->raise_pending();
  }

  std::string format() const { return std::string(notation::format_name(reader_ ? reader_->format() : Format::text)); }

  // The next item, or nothing after the end.
  std::optional<Item> next() {
    if (pending_.empty() && !finished_) pull();
    if (pending_.empty()) return std::nullopt;
    Item item = std::move(pending_.front());
    pending_.pop_front();
    return item;
  }

  // A game handed out: the game handed out two games before it is packed
  // (RecordBox::pack) if it is still alive, its moves not asked for. A loop's
  // passing game is gone by then (it costs no packing); a game kept in a
  // list costs some 5 bytes a turn beside its move text, not 190.
  void keep(const std::shared_ptr<RecordBox>& box) {
    recent_.push_back(box);
    if (recent_.size() <= 2) return;
    if (const auto older = recent_.front().lock()) older->pack();
    recent_.pop_front();
  }

  const std::string& name() const { return name_; }
  std::string failure() const { return buf_ ? buf_->failure : std::string(); }
  // What read() gave that it may not (PyFileBuf::type_error), or empty.
  std::string type_error() const { return buf_ ? buf_->type_error : std::string(); }

 private:
  // One step of the library's reader: the warnings met before it, then the
  // game, the error, or the end.
  void pull() {
    if (!reader_) {
      finished_ = true;
      pending_.push_back(Item{Item::Kind::end, {}, 0, {}});
      return;
    }
    std::optional<Expected<GameRecord, Diagnostic>> got;
    std::vector<Diagnostic> warnings;
    Diagnostic failed;
    std::optional<GameRecord> spare = spare_records().take();
    without_gil([&] {
      try {
        if (spare) reader_->recycle(std::move(*spare));
        got = reader_->next();
      } catch (const std::exception& e) {  // out of memory: reported, never std::terminate
        failed.code = Code::io_error;
        failed.file = name_;
        failed.reason = "cannot read '" + name_ + "': " + e.what();
      }
      warnings = reader_->take_warnings();
    });
    for (auto& w : warnings) pending_.push_back(Item{Item::Kind::warning, {}, w.game, std::move(w)});
    if (failed) {
      finished_ = true;
      pending_.push_back(Item{Item::Kind::end, {}, 0, std::move(failed)});
    } else if (!got) {
      finished_ = true;
      pending_.push_back(Item{Item::Kind::end, {}, 0, {}});
    } else if (*got) {
      pending_.push_back(Item{Item::Kind::game, std::move(**got), reader_->game_index(), {}});
    } else if (reader_->done()) {  // the error the reader cannot go on from
      finished_ = true;
      pending_.push_back(Item{Item::Kind::end, {}, 0, std::move(*got).error()});
    } else {
      Diagnostic d = std::move(*got).error();
      const std::uint32_t index = d.game;
      pending_.push_back(Item{Item::Kind::error, {}, index, std::move(d)});
    }
  }

  std::deque<std::weak_ptr<RecordBox>> recent_;  // the last games handed out (keep)
  std::string name_;
  std::unique_ptr<PyFileBuf> buf_;
  std::unique_ptr<std::istream> stream_;
  std::optional<notation::GameReader> reader_;  // reads *stream_: declared after it
  std::deque<Item> pending_;
  bool finished_ = false;
};

// --- validation ---------------------------------------------------------------------

// A report of a piece of an input (beyt.dask): W102 only for a whole input.
class PartReport : public notation::ValidationReport {
 public:
  PartReport(bool strict, bool whole) : ValidationReport(strict), whole_(whole) {}
  void no_games(const Diagnostic& d) override {
    if (whole_) ValidationReport::no_games(d);
  }

 private:
  bool whole_;
};

py::dict tally_dict(const notation::ValidationTally& tally) {
  py::dict out;
  out["inputs"] = tally.inputs;
  out["unreadable"] = tally.unreadable;
  out["games"] = tally.valid + tally.invalid;
  out["valid"] = tally.valid;
  out["invalid"] = tally.invalid;
  out["outside"] = tally.outside;
  out["stopped"] = tally.stopped;
  out["errors"] = tally.errors;
  out["warnings"] = tally.warnings;
  out["stop"] = tally.stop;
  out["summary"] = notation::validation_summary(tally);
  out["ok"] = !tally.failed();
  return out;
}

notation::ValidationTally tally_of(const py::dict& d) {
  notation::ValidationTally t;
  t.inputs = d["inputs"].cast<std::uint64_t>();
  t.unreadable = d["unreadable"].cast<std::uint64_t>();
  t.valid = d["valid"].cast<std::uint64_t>();
  t.invalid = d["invalid"].cast<std::uint64_t>();
  t.outside = d["outside"].cast<std::uint64_t>();
  t.stopped = d["stopped"].cast<std::uint64_t>();
  t.errors = d["errors"].cast<std::uint64_t>();
  t.warnings = d["warnings"].cast<std::uint64_t>();
  t.stop = d["stop"].cast<std::string>();
  return t;
}

// Bytes [offset, offset + length) of JSON Lines file `path`, whose first
// line is line `lines_before` + 1 and first game game `games_before` + 1:
// validated with the places of the whole file.
py::dict validate_part(const std::string& path, std::uint64_t offset, std::uint64_t length,
                       std::uint32_t lines_before, std::uint32_t games_before, bool strict, const std::string& game) {
  path_argument(path);
  notation::ValidateOptions options;
  options.strict = strict;
  if (!game.empty()) options.default_game = std::string(game_named(game).name());
  PartReport report(strict, false);
  interruptible([&](const Stop& stop) {
    options.stop = &stop;
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    std::string bytes(length, '\0');
    if (in) {
      in.seekg(static_cast<std::streamoff>(offset));
      in.read(bytes.data(), static_cast<std::streamsize>(length));
      bytes.resize(static_cast<std::size_t>(in.gcount()));
    }
    if (!in && bytes.size() != length) {
      report.unreadable(path, cannot_read(path, errno ? errno : EIO));
    } else {
      std::istringstream part(std::move(bytes));
      notation::validate(part, path, Format::jsonl, options, report);
    }
    return true;
  });
  py::list diagnostics;
  for (Diagnostic d : report.diagnostics()) {
    if (d.loc.line > 0) {
      d.loc.line += lines_before;
      d.loc.offset += offset;
    }
    if (d.game > 0) d.game += games_before;
    diagnostics.append(to_python(d));
  }
  py::dict out = tally_dict(report.tally());
  out["diagnostics"] = diagnostics;
  return out;
}

// What `beyt stats` counts in one input, or in bytes [offset, offset +
// length) of a JSON Lines file (whole false): the counters' state
// (CollectionStats::state), the games that could not be read, whether the
// input failed (could not be opened, or an error stopped it) and the
// diagnostics the CLI prints on standard error. A whole input is read as
// the CLI reads it (notation::read_inputs, its warnings too); a piece of
// one by read_games on its bytes.
class StatsSink : public notation::GameSink, public notation::GameVisitor {
 public:
  StatsSink(notation::CollectionStats& stats, std::vector<Diagnostic>& diagnostics, const std::string& path)
      : stats_(stats), diagnostics_(diagnostics), path_(path) {}
  bool game(GameRecord&& record, notation::InputFile&, std::uint32_t index) override {
    return game(std::move(record), index);
  }
  void diagnostic(const Diagnostic& d, notation::InputFile*) override { diagnostics_.push_back(d); }
  bool game(GameRecord&& record, std::uint32_t index) override {
    stats_.add(record, path_, index);
    return true;
  }
  bool error(const Diagnostic& d) override {
    ++unreadable;
    diagnostics_.push_back(d);
    return true;
  }
  std::uint64_t unreadable = 0;  // the piece's (GameVisitor::error)

 private:
  notation::CollectionStats& stats_;
  std::vector<Diagnostic>& diagnostics_;
  const std::string& path_;
};

py::dict stats_part(const std::string& path, std::uint64_t offset, std::uint64_t length, bool whole,
                    const std::optional<std::string>& format) {
  path_argument(path);
  notation::ReadInputsOptions options;
  if (format) options.format = format_named(*format);
  notation::CollectionStats stats;
  std::vector<Diagnostic> diagnostics;
  std::uint64_t unreadable = 0;
  bool failed = false;
  interruptible([&](const Stop& stop) {
    options.stop = &stop;
    StatsSink sink(stats, diagnostics, path);
    if (whole) {
      const notation::ReadSummary r = notation::read_inputs({path}, options, sink);
      unreadable = r.unreadable;
      failed = r.failed;
    } else {
      std::ifstream in(path, std::ios::binary);
      std::string bytes(length, '\0');
      in.seekg(static_cast<std::streamoff>(offset));
      in.read(bytes.data(), static_cast<std::streamsize>(length));
      bytes.resize(static_cast<std::size_t>(in.gcount()));
      std::istringstream part(std::move(bytes));
      Diagnostic d = notation::read_games(part, path, Format::jsonl, sink, options);
      unreadable = sink.unreadable;
      if (d) {
        ++unreadable;
        failed = true;
        diagnostics.push_back(d);
      }
    }
    return true;
  });
  py::dict out;
  out["state"] = stats.state();
  out["unreadable"] = unreadable;
  out["failed"] = failed;
  out["diagnostics"] = to_python(diagnostics);
  return out;
}

// The counters of several parts merged in order: (`beyt stats --json`'s
// text, `beyt stats`'s table).
std::pair<std::string, std::string> stats_report(const std::vector<std::string>& states, std::uint64_t unreadable,
                                                 std::uint32_t top) {
  notation::CollectionStats total;
  for (const auto& state : states) {
    notation::CollectionStats part;
    if (!notation::CollectionStats::from_state(state, part)) raise("Error", Code::ok, "not a state of beyt stats");
    total.merge(part);
  }
  return {total.json(top, unreadable), total.table(top, unreadable)};
}

// `beyt validate -j JOBS` (JOBS 0: validate without -j) through the
// library's validator (notation/validate_inputs.hpp), without the GIL: the
// diagnostics are kept as C++ values as the listener gets them (in the
// calling thread, in input order) and become Python objects afterwards.
py::dict validate(const std::vector<std::string>& paths, unsigned jobs, bool strict, const std::string& game,
                  const std::optional<std::string>& format) {
  for (const auto& path : paths) path_argument(path);
  notation::ValidateInputsOptions options;
  options.strict = strict;
  if (!game.empty()) options.default_game = std::string(game_named(game).name());
  if (format) options.format = format_named(*format);
  options.jobs = jobs;
  struct Keeper : notation::InputsListener {
    std::vector<Diagnostic> diagnostics;
    void diagnostic(const Diagnostic& d, notation::InputFile* input) override {
      diagnostics.push_back(notation::in_input(d, input));
    }
  } keeper;
  const notation::ValidationTally tally = interruptible([&](const Stop& stop) {
    options.stop = &stop;
    return notation::validate_inputs(paths, options, keeper);
  });
  py::dict out = tally_dict(tally);
  out["diagnostics"] = to_python(keeper.diagnostics);
  return out;
}

// --- writing ------------------------------------------------------------------------

// The library's safe writes (beyt/io.hpp, as every -o of the CLI): a
// temporary file beside `path`, renamed over it by finish() only when every
// game was written; discard() (or an exception, or a signal) leaves the old
// file as it was.
// --- making and editing records (beyt/notation/edit.hpp) --------------------------

// A game made or edited in code is checked before it is written: the
// validator's first error stops the writing (a game read from a file is
// written as it was read, as `beyt convert` writes it).
void checked_for_writing(PyGame& g) {
  if (!g.box->edited) return;
  const auto& c = g.check();
  if (!c.errors.empty()) raise("RecordError", c.errors.front().code, "not written: " + notation::format_text(c.errors.front()));
}

// An edit's diagnostic as the exception the package raises: IllegalMove
// for a move the rules refuse (E3xx), RecordError for a game, rules or
// set-up (E2xx), else Error (a place the record does not hold).
[[noreturn]] void raise_edit(const Diagnostic& d, const std::string* move = nullptr, std::uint32_t offset = 0) {
  const bool illegal = d.code >= Code::move_syntax && d.code <= Code::illegal_move && d.turn > 0;
  std::string message = d.reason;
  if (d.turn) message = "turn " + std::to_string(d.turn) + (d.player.empty() ? "" : " (" + d.player + ")") + ": " + message;
  if (illegal && move)
    raise("IllegalMove", d.code, message,
          {{"turn", std::to_string(d.turn)}, {"move", *move}, {"offset", std::to_string(offset)}});
  if (illegal) raise("IllegalMove", d.code, message, {{"turn", std::to_string(d.turn)}});
  if (d.code >= Code::missing_game && d.code < Code::move_syntax) raise("RecordError", d.code, message);
  raise("Error", Code::ok, message);
}

// The Move at `path` of the record in `box`: its turn and its place in its line.
PyMove move_at(const std::shared_ptr<RecordBox>& box, NodePath path) {
  const auto& s = path.steps;
  const std::uint32_t turn = s.back();
  const std::uint32_t ply = s.size() == 1 ? turn : turn - s[s.size() - 3] + 1;
  return PyMove{box, std::move(path), ply, turn};
}

// The turns (whole, or event by event) `moves` played from `at`: the Move of the last.
PyMove enter_moves(const std::shared_ptr<RecordBox>& box, const NodePath& at, const std::vector<std::string>& moves) {
  if (moves.empty()) raise("ArgumentError", Code::ok, "no move given: give a turn, or its events");
  NodePath reached;
  GameRecord& record = box->edit();
  notation::MoveFault fault;
  const Diagnostic d = without_gil([&] { return notation::enter_moves(record, "", 1, at, moves, reached, &fault); });
  if (d) raise_edit(d, fault.move < moves.size() ? &moves[fault.move] : nullptr, fault.offset);
  return move_at(box, std::move(reached));
}

// A list of turns or events given to an edit (`name` the argument's):
// TypeError for one str or bytes, which would be read character by character.
std::vector<std::string> move_list(const py::object& moves, const char* name) {
  if (py::isinstance<py::str>(moves) || py::isinstance<py::bytes>(moves))
    throw py::type_error(std::string(name) + " is a list of turns or events, not one str: [" +
                         py::repr(moves).cast<std::string>() + "]");
  return moves.cast<std::vector<std::string>>();
}

// add_variation's arguments: a whole turn, or the events of one.
std::vector<std::string> turn_or_events(const std::optional<std::string>& turn, const std::optional<py::object>& events) {
  if (turn.has_value() == events.has_value())
    raise("ArgumentError", Code::ok, "give the turn's text or its events (events=[...]), one of them");
  return turn ? std::vector<std::string>{*turn} : move_list(*events, "events");
}

// Plays moves (turns or events) from a game's start: Game.add_line and Game.add_variation.
PyMove enter_at_start(const PyGame& g, const std::vector<std::string>& moves) {
  if (g.unreadable) raise("Error", g.unreadable->code, "this game could not be read: " + g.unreadable->reason);
  return enter_moves(g.box, NodePath{{0}}, moves);
}

PyGame new_game(const std::string& game, const std::optional<std::string>& rules, const std::optional<std::string>& setup) {
  auto made = notation::new_record(game, rules.value_or(""), setup.value_or(""));
  if (!made) raise("RecordError", made.error().code, made.error().reason);
  PyGame g;
  g.set(std::move(*made));
  g.file = "<new>";
  g.box->edited = true;
  return g;
}

// The turns the moves pushed played, each as the engine writes it (check_turn's
// or apply's turn text), by playing them again from pushed_from as push()
// played them: a text that is both a whole turn and an event as the whole
// turn, an Event as the event. IllegalMove (E303) when they end in the middle
// of a turn, as a record cannot.
std::vector<std::string> pushed_turns(const PyPosition& p) {
  std::vector<std::string> out;
  if (p.moves.empty()) return out;
  std::unique_ptr<State> state = p.pushed_from->clone();
  std::string turn;
  for (const PushedMove& move : p.moves) {
    Error e;
    if (!move.value.empty()) e = state->apply(move.value, &turn);
    else if (state->mid_turn()) e = state->apply(move.text, &turn);
    else if (!state->check_turn(move.text, turn)) e = state->play_turn(turn);  // a whole turn, `turn` its canonical text
    else e = state->apply(move.text, &turn);
    if (e) raise("RecordError", e.code, e.reason);  // a fault of the library: push() played it
    if (!turn.empty()) out.push_back(std::move(turn));
  }
  if (state->mid_turn())
    raise("IllegalMove", Code::wrong_phase,
          "the moves pushed end in the middle of turn " + std::to_string(p.origin_turns + out.size() + 1) + " (" +
              state->turn_in_progress() + " so far): push the rest of its events (legal_events()) first");
  return out;
}

// The record of a played Position: its game and rules, its start as SetUp
// where it is not the game's start, and every turn played since (a replay's
// turns, then the moves pushed), each turn as the engine writes it.
PyGame game_from_position(PyPosition& p) {
  const State& start = p.moves.empty() ? *p.state : *p.pushed_from;
  const Game& game = p.state->game();
  RuleSet rules;
  game.parse_rules(p.rules, rules);
  std::unique_ptr<State> standard;
  game.new_state(rules, "", standard);
  const std::string text = p.origin ? p.origin->text : start.position_text();
  const bool set_up = !standard || standard->position_text() != text;
  PyGame g = new_game(std::string(game.name()), p.rules, set_up ? std::optional<std::string>(text) : std::nullopt);
  std::vector<std::string> moves;
  if (p.origin)
    for (std::uint32_t i = 0; i < p.origin_turns; ++i) moves.push_back(p.origin->record->moves[i].move);
  for (std::string& turn : pushed_turns(p)) moves.push_back(std::move(turn));
  if (!moves.empty()) enter_moves(g.box, NodePath{{0}}, moves);
  return g;
}

// ArgumentError for a tag pair no record can hold as it is (notation::tag_fault).
void check_tag(const std::string& name, const std::string& value) {
  if (std::string why = notation::tag_fault(name, value); !why.empty()) raise("ArgumentError", Code::ok, why);
}

void set_tag(PyGame& g, const std::string& name, const std::string& value) {
  if (g.unreadable) raise("Error", g.unreadable->code, "this game could not be read: " + g.unreadable->reason);
  check_tag(name, value);
  GameRecord& r = g.box->edit();
  r.set_tag(name, value);
  if (name == "Result") r.result = value;
}

// ArgumentError for a comment no record can hold as it is (notation::comment_fault).
const std::vector<std::string>& checked_comments(const std::vector<std::string>& comments) {
  for (const std::string& c : comments)
    if (std::string why = notation::comment_fault(c); !why.empty()) raise("ArgumentError", Code::ok, why);
  return comments;
}

void del_tag(PyGame& g, const std::string& name) {
  if (!g.rec().find_tag(name)) throw py::key_error(name);
  GameRecord& r = g.box->edit();
  std::erase_if(r.tags, [&](const notation::TagPair& t) { return t.name == name; });
}

void set_result(PyGame& g, const std::string& token) {
  beyt::Result r;
  if (!parse_result_token(token, r)) raise("ArgumentError", Code::ok, "not a result: '" + token + "' (1-0, 0-1, 1/2-1/2 or *)");
  GameRecord& record = g.box->edit();
  record.result = token;
  if (record.find_tag("Result")) record.set_tag("Result", token);
}

// The node of a Move, to change.
notation::Node& node_to_edit(PyMove& mv) {
  mv.node();  // raises when the move is gone
  std::string why;
  return *notation::node_at(mv.box->edit(), mv.path, why);
}

void reorder(PyMove& mv, notation::Reorder how) {
  mv.in_a_record();
  NodePath moved;
  const Diagnostic d = notation::reorder_alternatives(mv.box->edit(), "", 1, mv.path, how, moved);
  if (d) raise_edit(d);
  mv.box->moved.push_back(moved_by(mv.path, &how));
  mv = move_at(mv.box, std::move(moved));
}

class Writer {
 public:
  Writer(const std::string& path, const std::string& format, bool force) {
    const Format f = format_named(format);  // raises for an unknown format before anything is opened
    path_argument(path);
    io::OutputOptions options;
    options.force = force;
    std::string error;
    if (!out_.open(path, error, options)) raise("WriteError", Code::write_error, error);
    writer_.emplace(out_.stream(), f);
  }
  void game(PyGame& g) {
    if (g.unreadable) raise("Error", g.unreadable->code, "a game that could not be read cannot be written: " + g.unreadable->reason);
    checked_for_writing(g);
    GameRecord scratch;  // a packed game written stays packed
    writer_->game(g.box->view(scratch));
  }
  void finish() {
    writer_->finish();
    std::string error;
    if (!out_.close(error)) raise("WriteError", Code::write_error, error);
  }
  void discard() { out_.discard(); }

 private:
  io::OutputFile out_;
  std::optional<notation::RecordWriter> writer_;
};

// --- generating ------------------------------------------------------------------

// `count` random games (notation::random_game, as `beyt generate`), handed
// out in batches: the same seed gives the same games as the CLI.
class Generator {
 public:
  Generator(const std::string& game_name, const std::optional<std::string>& rules, std::uint64_t seed,
            std::uint32_t count, std::uint32_t max_turns)
      : game_(game_named(game_name)), rng_(seed), seed_(seed), count_(count), max_turns_(max_turns) {
    if (Error e = game_.parse_rules(rules.value_or(""), rules_))
      raise("RecordError", e.code, e.reason, {{"offset", std::to_string(e.offset)}});
  }

  // The next games (none after the last): at least one, at most 64, and no
  // more once 20 ms have gone by.
  std::vector<PyGame> next_batch() {
    if (busy_) raise("Error", Code::ok, "this generator is already running in another thread");
    busy_ = true;
    struct Free {
      bool& busy;
      ~Free() { busy = false; }
    } free{busy_};
    return interruptible([&](const Stop& stop) {
      std::vector<PyGame> out;
      const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
      while (next_ <= count_ && out.size() < 64 && (out.empty() || std::chrono::steady_clock::now() < until)) {
        GameRecord record;
        if (Error e = notation::random_game(game_, rules_, rng_, seed_, next_, max_turns_, record, &stop))
          raise("Error", e.code, e.reason);
        if (stop.requested()) break;  // unfinished: dropped, with the rest of the batch
        PyGame g;
        g.set_packed(record);
        g.file = "<generated>";
        g.index = next_++;
        out.push_back(std::move(g));
      }
      return out;
    });
  }

 private:
  const Game& game_;
  RuleSet rules_;
  Rng rng_;
  std::uint64_t seed_;
  std::uint32_t count_, max_turns_;
  std::uint32_t next_ = 1;  // the round of the next game
  bool busy_ = false;
};

std::string record_text(PyGame& g, Format f) {
  if (g.unreadable) raise("Error", g.unreadable->code, "this game could not be read: " + g.unreadable->reason);
  checked_for_writing(g);
  GameRecord scratch;  // a packed game written stays packed
  return notation::write_record(g.box->view(scratch), f);
}

#include "_beyt_event.hpp"  // beyt.Event, beyt.EventList
#include "_beyt_play.hpp"   // Position.play_random, playouts, the playout loop's calls

}  // namespace

PYBIND11_MODULE(_beyt, m) {
  m.doc() = "The C++ core of the beyt package (use the package `beyt`, not this module).";
  m.attr("__version__") = std::string(beyt::version());
  g_main_thread = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const PyError& e) {
      py::object cls = py::module_::import("beyt.errors").attr(e.kind.c_str());
      py::dict kwargs;
      for (const auto& [k, v] : e.details) kwargs[py::str(k)] = v;
      py::object code = e.code.empty() ? py::object(py::none()) : py::object(py::str(e.code));
      py::object exc = cls(e.message, code, **kwargs);
      PyErr_SetObject(cls.ptr(), exc.ptr());
    }
  });

  py::class_<PyMove>(m, "Move", no_new(),
      "One turn of a record's main line or of a variation, with its annotations\n"
      "(notation::Node): Game.mainline(), Game.end() and Move.variations give them.\n"
      "It is a place in its record (.path, \"12.1.14\"): its comments and NAGs can be\n"
      "set, turns added after it (add_variation, add_line), its line promoted,\n"
      "demoted or removed, as python-chess's GameNode; the Game sees every change.\n"
      "A value (==, hash(), pickle) of its text, comments, NAGs, variations, ply and\n"
      "turn; where it was read (.line, .column) is not part of it.")
      .def_property_readonly("text", [](const PyMove& mv) { return mv.node().move; },
                             "The turn as the record writes it (\"b3-c3xc4\"; NOTATION.md).")
      .def_property_readonly("ply", [](const PyMove& mv) { return mv.ply; },
                             "Its 1-based place in its line (the main line or its variation).")
      .def_property_readonly("turn", [](const PyMove& mv) { return mv.turn; },
                             "Its turn number, 1-based; a variation continues the count of the turn it\n"
                             "replaces.")
      .def_property("comment", [](const PyMove& mv) { return joined(mv.node().after); },
                    [](PyMove& mv, const std::string& text) {
                      if (!text.empty()) checked_comments({text});
                      auto& after = node_to_edit(mv).after;
                      after.clear();
                      if (!text.empty()) after.push_back(text);
                    },
                    "The comments after the turn, joined by a blank (\"\" when none). Setting it\n"
                    "makes it the one comment after the turn (\"\": none).")
      .def_property("comments_before", [](const PyMove& mv) { return mv.node().before; },
                    [](PyMove& mv, const std::vector<std::string>& c) { node_to_edit(mv).before = checked_comments(c); },
                    "The comments before the turn (\"N. {c} move\"): a list of str whose changes are\n"
                    "kept (beyt.Annotations); settable. ArgumentError for a comment no record can hold\n"
                    "as it is (a control character but TAB, LF, CR; both '}' and a line end).")
      .def_property("comments_after", [](const PyMove& mv) { return mv.node().after; },
                    [](PyMove& mv, const std::vector<std::string>& c) { node_to_edit(mv).after = checked_comments(c); },
                    "The comments after the turn: a list of str whose changes are kept\n"
                    "(beyt.Annotations); settable. ArgumentError as for comments_before.")
      .def_property("nags", [](const PyMove& mv) {
        return std::vector<int>(mv.node().nags.begin(), mv.node().nags.end());
      }, [](PyMove& mv, const std::vector<int>& nags) {
        for (int n : nags)
          if (n < 1 || n > 255) raise("ArgumentError", Code::ok, "a NAG is 1 to 255, not " + std::to_string(n));
        node_to_edit(mv).nags.assign(nags.begin(), nags.end());
      }, "Its numeric annotation glyphs, 1 to 255 in order (\"!\" is 1, \"$14\" 14): a list\n"
         "whose changes are kept (beyt.Annotations, move.nags.append(1)); settable\n"
         "(ArgumentError for a number outside 1..255).")
      .def_property_readonly("path", [](const PyMove& mv) { return mv.path_text(); },
                             "Its place in the record, as --ply writes it: \"12\" (turn 12 of the main\n"
                             "line), \"12.1.14\" (turn 14 of the first variation of turn 12).")
      .def("add_variation", [](const PyMove& mv, const std::optional<std::string>& turn,
                               const std::optional<py::object>& events) {
        mv.in_a_record();
        return enter_moves(mv.box, mv.path, turn_or_events(turn, events));
      }, py::arg("turn") = py::none(), py::kw_only(), py::arg("events") = py::none(),
      "Plays a turn after this one (python-chess's add_variation): its text (in any\n"
      "spelling the reader takes) or, as events=[...], its events as legal_events()\n"
      "lists them (a throw, each use of a throw, ...). The record holds the turn as\n"
      "the engine writes it: where nothing follows this move, at the end of its line;\n"
      "where the same turn follows, that turn (nothing added); else a new variation of\n"
      "the next turn. Returns the turn's Move. Raises IllegalMove (.code E3xx, .turn)\n"
      "for a turn the rules refuse or events that stop in the middle of a turn, the\n"
      "record then unchanged; ArgumentError unless exactly one of turn, events is given.")
      .def("add_line", [](const PyMove& mv, const py::object& moves) {
        std::vector<std::string> list = move_list(moves, "moves");
        mv.in_a_record();
        return enter_moves(mv.box, mv.path, list);
      }, py::arg("moves"),
      "Plays `moves` one after the other from this move, each a whole turn or one event\n"
      "(a turn's events gathered into the turn, as add_variation(events=...) does).\n"
      "Returns the Move of the last turn. The errors of add_variation; all or nothing.")
      .def("promote", [](PyMove& mv) { reorder(mv, notation::Reorder::promote); },
           "Moves this alternative (a variation's first move, or a line's move that has\n"
           "variations) one place up among the alternatives at its point: the first\n"
           "variation changes place with the line's own move. The Move then names its\n"
           "new place (.path). Error when it is first already. When the main line changes,\n"
           "so does the result (the engine's, or \"*\" where the old line ended the game).")
      .def("demote", [](PyMove& mv) { reorder(mv, notation::Reorder::demote); },
           "Moves this alternative one place down (see promote). Error when it is last.")
      .def("promote_to_main", [](PyMove& mv) { reorder(mv, notation::Reorder::promote_to_main); },
           "Makes this alternative the line's own continuation at its point; the others\n"
           "become its variations, in order (see promote).")
      .def("remove", [](const PyMove& mv) {
        mv.in_a_record();
        const Diagnostic d = notation::remove_moves(mv.box->edit(), "", 1, mv.path);
        if (d) raise_edit(d);
        mv.box->moved.push_back(moved_by(mv.path, nullptr));
      }, "Removes this turn and every turn after it in its line, with their variations\n"
         "(python-chess's remove_variation). Where it had variations, the first goes on\n"
         "as the line; a variation's first move removes the variation. This Move is then\n"
         "gone (using it raises Error). The result as for promote.")
      .def_property_readonly("variations", [](const PyMove& mv) {
        py::list out;
        const auto& variations = mv.node().variations;
        for (std::size_t v = 0; v < variations.size(); ++v) {
          std::vector<std::uint32_t> prefix = mv.path.steps;
          prefix.push_back(static_cast<std::uint32_t>(v + 1));
          out.append(line_moves(mv.box, prefix, variations[v], mv.turn, mv.path.steps.back()));
        }
        return out;
      }, "The alternatives to this turn, in order: a list of lines, each a list of Move.")
      .def_property_readonly("line", [](const PyMove& mv) { return mv.node().loc.line; },
                             "The 1-based line of the turn's first character in its input (in JSON and\n"
                             "XML, of the move text in its string or element); 0 in a generated game.")
      .def_property_readonly("column", [](const PyMove& mv) { return mv.node().loc.column; },
                             "The 1-based column of that character, in code points; 0 in a generated game.")
      .def("__repr__", [](const PyMove& mv) {
        return "<Move " + std::to_string(mv.turn) + ". " + mv.node().move + ">";
      })
      .def("__str__", [](const PyMove& mv) { return mv.node().move; })
      .def("__eq__", [](const PyMove& a, const py::object& b) -> py::object {
        if (!py::isinstance<PyMove>(b)) return not_implemented();
        const PyMove& o = b.cast<const PyMove&>();
        return py::bool_(a.ply == o.ply && a.turn == o.turn && a.node() == o.node());
      }, py::arg("other"))
      .def("__hash__", [](const PyMove& mv) {
        return static_cast<std::int64_t>((std::hash<std::string>{}(mv.node().move) * 31 + mv.ply) * 31 + mv.turn) >> 1;
      })
      .def("__reduce__", [](const PyMove& mv) {
        return py::make_tuple(py::module_::import("beyt._types").attr("_move"),
                              py::make_tuple(node_tuple(mv.node()), mv.ply, mv.turn, mv.path_text()));
      });

  py::class_<PyPosition>(m, "Position", no_new(),
      "A position of one game under one rule set, with the rules engine behind it\n"
      "(beyt/game.hpp State). Moves are text in the game's move syntax\n"
      "(notation/NOTATION.md). Positions are values: ==, hash() and copy() look at\n"
      "the whole position (board, side to move, phase, pending duties) and the rules.")
      .def_static("start", [](const std::string& game, const std::optional<std::string>& rules) {
        return make_position(game, "", rules);
      }, py::arg("game"), py::arg("rules") = py::none(),
      "The initial position of `game` (a name of beyt.games()) under `rules` (the\n"
      "Rules tag's text; None: the default preset).\n"
      "Raises RecordError: E202 unknown game, E203 bad rules (.offset in the text).")
      .def_static("from_text", [](const std::string& game, const std::string& text,
                                  const std::optional<std::string>& rules) {
        if (text.empty()) raise("RecordError", Code::bad_setup, "the position text is empty");
        return make_position(game, text, rules);
      }, py::arg("game"), py::arg("text"), py::arg("rules") = py::none(),
      "The position written as `text` (the SetUp tag's form, Position.text()).\n"
      "Raises RecordError: E202, E203, E204 (not a position of this game, .offset).")
      .def_property_readonly("game", [](const PyPosition& p) { return std::string(p.state->game().name()); },
                             "The game's name (one of beyt.games()), as the Game tag writes it.")
      .def_property_readonly("rules", [](const PyPosition& p) { return p.rules; },
                             "The rules in their canonical text (the Rules tag's form; \"\" the default preset).")
      .def_property_readonly("actor", [](const PyPosition& p) { return std::string(actor_name(p.state->to_move())); },
                             "Who acts next: \"South\", \"North\", \"referee\" (a board or stage end is due),\n"
                             "\"chance\" (a throw is due) or \"nobody\" (the game is over).")
      .def_property_readonly("player", [](const PyPosition& p) { return p.state->player_label(); },
                             "Who is to move as diagnostics name him (\"South\", \"North, player 2\" in Dleb's teams).")
      .def_property_readonly("turns_played", [](const PyPosition& p) { return p.state->turns_played(); },
                             "Turns played since the initial (or set-up) position.")
      .def_property_readonly("throws_left", [](const PyPosition& p) { return p.state->throws_left(); },
                             "The values of the turn's throws not yet used or forfeited, ascending, one\n"
                             "entry a throw (Tab after `1,4,2:1I-K`: [2, 4]; in Dleb the dleb and gsse of\n"
                             "an entry by dag once it is made, Marin 1931, p. 509). Empty between turns,\n"
                             "while a Dleb entry's billets are thrown, and in games without throws\n"
                             "(Seega, Mankalah, Um el-Banat). State::throws_left.")
      .def("describe_turn", [](const PyPosition& p) { return p.state->describe_turn(); },
                             "Where the turn to be entered stands, in a few words, where the game says more\n"
                             "than the turn so far and throws_left do: a Mankalah tebweez, \"South distributes\n"
                             "the 72 hasa: 62 left to distribute, beyt B next\". Empty elsewhere.\n"
                             "State::describe_turn.")
      .def_property_readonly("moves_complete", [](const PyPosition&) {
        if (PyErr_WarnEx(PyExc_DeprecationWarning,
                         "Position.moves_complete is deprecated and always True: legal_events() lists "
                         "every event in every game (NOTATION.md section 12)", 1) < 0)
          throw py::error_already_set();  // the warning filter made it an error
        return true;
      }, "Deprecated (reading it warns: DeprecationWarning): always True. legal_events()\n"
         "lists every event in every game (NOTATION.md section 12).")
      .def_property_readonly("event_stack", &written_moves,
                             "What push() played and pop() has not taken back, oldest first: each an event\n"
                             "(or a whole turn, as push() and play_random() take one), as text (an Event\n"
                             "pushed: its text, written when this is read).")
      .def_property_readonly("move_stack", [](PyPosition& p) {
        warn_renamed("Position.move_stack", "Position.event_stack");
        return written_moves(p);
      }, "Deprecated (reading it warns: DeprecationWarning): the old name of event_stack.")
      .def("legal_events", &legal_events_of,
           "Every event that may come next, in a fixed order (empty when the game is\n"
           "over): a whole turn in Seega and in Mankalah's play; one event of a turn\n"
           "elsewhere (a throw or the use of one in Tab and Dleb, a sowing in Um\n"
           "el-Banat, a count of Mankalah's tebweez; NOTATION.md section 12). A list of\n"
           "str; with values=True an EventList of beyt.Event values in the same order,\n"
           "which push() plays without text being written or read (playouts, searches;\n"
           "event_text() gives an Event's text).")
      .def("legal_moves", [](const PyPosition& p) {
        warn_renamed("Position.legal_moves()", "Position.legal_events()");
        return legal_events_of(p);
      }, "Deprecated (calling it warns: DeprecationWarning): the old name of legal_events().")
      .def("chance_outcomes", [](const PyPosition& p) {
        std::vector<std::pair<std::string, double>> out;
        for (auto& o : p.state->chance_outcomes()) out.emplace_back(std::move(o.text), o.probability);
        return out;
      }, "The outcomes of the next chance event (a throw of the sticks) as (text,\n"
         "probability) pairs summing to 1 (Lane 1836, Marin 1931); empty when a player\n"
         "decides next. With values=True each outcome is a beyt.Event, not its text.")
      .def("sample_outcome", &sample_outcome_of, py::arg("z"),
      "The outcome of the throw due that a uniform draw z in [0, 1) picks by the\n"
      "outcomes' probabilities (the first whose running sum exceeds z, as\n"
      "beyt::sample_outcome in C++): what push() takes. `p.push(p.sample_outcome(\n"
      "random.random()))` throws the sticks. A str; with values=True the outcome's\n"
      "beyt.Event. Raises ArgumentError for z outside [0, 1), IllegalMove (E303) where\n"
      "no throw is due.")
      .def("perft", [](const PyPosition& p, int depth) {
        return perft_of<PerftCounts>(p, depth, &beyt::perft).leaves;
      }, py::arg("depth"),
      "Perft: [n1, ..., n_depth], n_d the number of sequences of d events from\n"
      "here, an event being what legal_events() lists (each outcome of a throw one\n"
      "branch, not weighted); `beyt perft --depth DEPTH` prints the same. Ctrl-C\n"
      "stops it (KeyboardInterrupt). Raises ArgumentError for a depth outside 1 to\n"
      "100. Reference counts: docs/LIBRARY.md, \"Perft\".")
      .def("perft_divide", [](const PyPosition& p, int depth) {
        std::vector<std::pair<std::string, std::uint64_t>> out;
        for (PerftBranch& b : perft_of<PerftDivide>(p, depth, &beyt::perft_divide).branches)
          out.emplace_back(std::move(b.event), b.count);
        return out;
      }, py::arg("depth"),
      "Perft divided by the first event: [(event, count), ...] in legal_events()\n"
      "order, count the sequences of `depth` events that begin with it; the counts\n"
      "sum to perft(depth)[-1]. `beyt perft --divide` prints the same. Ctrl-C stops\n"
      "it; ArgumentError as perft().")
      .def("throw_faces", [](const PyPosition& p) -> py::object {
        const ThrowFaces shape = p.state->throw_faces();
        if (shape.faces.empty()) return py::none();
        py::list faces;
        for (const auto& f : shape.faces) faces.append(py::make_tuple(std::string(1, f.letter), f.says));
        return py::make_tuple(faces, shape.pieces);
      }, "The throw due as its pieces fall, or None where no throw is due (and in the\n"
         "games without throws): ([(letter, words), ...], pieces), e.g. Tab's\n"
         "([('W', 'white side up'), ('B', ...)], 4): the faces each stick or billet may\n"
         "show and how many fall. The studio's W/B buttons are made from it.")
      .def("throw_from_faces", [](const PyPosition& p, const std::string& faces) {
        std::string out;
        if (Error e = p.state->throw_from_faces(faces, out))
          raise("IllegalMove", e.code, e.reason, {{"move", faces}, {"offset", std::to_string(e.offset)}});
        return out;
      }, py::arg("faces"),
      "The throw due as the notation writes it from the faces its pieces fell with,\n"
      "in order (what push() takes): Tab 'WBBB' gives '1WBBB' (one white side: a tab,\n"
      "Lane 1836). Raises IllegalMove: E303 where no throw is due, E301 for a letter\n"
      "that is no face or another count of letters than the throw's pieces.")
      .def("cells", [](const PyPosition& p) {
        std::vector<std::string> out;
        if (const BoardDrawing* d = p.state->drawing()) d->cell_names(out);
        return out;
      }, "The names of the board's cells as moves write them, in the drawing's order\n"
         "(Seega 'a1'..., Tab 'A'..., Mankalah's pits).")
      .def("check_turn", &check_turn_of, py::arg("turn"),
           "The canonical form of the whole turn `turn` here, as a record writes it (captures\n"
           "filled in), without playing it. Raises IllegalMove as push().")
      .def("check", [](const PyPosition& p, const std::string& move) {
        warn_renamed("Position.check()", "Position.check_turn()");
        return check_turn_of(p, move);
      }, py::arg("move"), "Deprecated (calling it warns: DeprecationWarning): the old name of check_turn().")
      .def("push", &push_move, py::arg("move"),
      "Plays `move`: a whole turn as a record writes it, or one event (an element of\n"
      "legal_events() or chance_outcomes(): in Tab and Dleb a throw or one use of a\n"
      "throw, in Um el-Banat a sowing, in Mankalah a count of the tebweez; NOTATION.md\n"
      "section 12), as a str or as a beyt.Event listed here (legal_events(values=True):\n"
      "no text read; its text is written only when event_stack, pop() or a record\n"
      "asks for it). Raises IllegalMove (.code the E3xx code, .reason the rule and its\n"
      "source, .offset into the move text); the position is then unchanged. TypeError\n"
      "for a move of another type.")
      .def("is_legal", [](const PyPosition& p, const py::object& move) {
        std::unique_ptr<State> trial = p.state->clone();  // push() on a copy: the position is not touched
        if (const Event* value = event_of(move.ptr())) return !trial->apply(*value);
        if (!py::isinstance<py::str>(move))
          throw py::type_error("is_legal(): the move must be a str or a beyt.Event, not " +
                               std::string(Py_TYPE(move.ptr())->tp_name));
        return !play_pushed(*trial, move.cast<std::string>());
      }, py::arg("move"),
      "Whether push(move) would play `move` here (a whole turn or an event, as a str, or\n"
      "a beyt.Event), without playing it: python-chess's is_legal. False for a move the\n"
      "rules refuse or that is no move of this game; TypeError for another type.")
      .def("pop", &pop_move, "Takes back the last push() and returns its move as text (an Event pushed: its\n"
                             "text, event_text()). IndexError when none.")
      .def("copy", &PyPosition::copy, "An independent copy (with its event_stack).")
      .def("is_over", [](const PyPosition& p) { return p.state->is_terminal(); }, "The game is over (outcome() is not None).")
      .def("outcome", [](const PyPosition& p) -> std::optional<std::string> {
        if (!p.state->is_terminal()) return std::nullopt;
        return std::string(result_token(p.state->outcome()));
      }, "The result of a finished game (\"1-0\", \"0-1\", \"1/2-1/2\"), or None while it goes on.")
      .def("text", [](const PyPosition& p) { return p.state->position_text(); },
           "The position as one line of text, the SetUp tag's form (NOTATION.md).")
      .def("_repr_svg_", [](const PyPosition& p) { return position_svg(*p.state, 40, false, false, true); })
      .def("__str__", [](const PyPosition& p) { return p.state->drawing()->render({}); })
      .def("__repr__", [](const PyPosition& p) {
        return "<Position " + std::string(p.state->game().name()) + " '" + p.state->position_text() + "'>";
      })
      .def("unicode", [](const PyPosition& p, bool coordinates) {
        RenderOptions o;
        o.coordinates = coordinates;
        return p.state->drawing()->render(o);
      }, py::arg("coordinates") = true, "The board as a Unicode text diagram, ending with who is to move.")
      .def("ascii", [](const PyPosition& p, bool coordinates) {
        RenderOptions o;
        o.style = DiagramStyle::ascii;
        o.coordinates = coordinates;
        return p.state->drawing()->render(o);
      }, py::arg("coordinates") = true, "The board as a plain ASCII text diagram.")
      .def("svg", [](const PyPosition& p, double cell, bool flipped, bool monochrome, bool coordinates) {
        return position_svg(*p.state, cell, flipped, monochrome, coordinates);
      }, py::arg("cell") = 40.0, py::arg("flipped") = false, py::arg("monochrome") = false,
         py::arg("coordinates") = true,
         "The board as an SVG document (`cell` px a cell; docs/DIAGRAMS.md).")
      .def("__eq__", [](const PyPosition& a, const py::object& b) -> py::object {
        if (!py::isinstance<PyPosition>(b)) return not_implemented();
        return py::bool_(a.state->equals(*b.cast<const PyPosition&>().state));
      }, py::arg("other"), "Equal positions (board, side to move, phase, pending duties, rules); an object\n"
                           "of another type: NotImplemented (so == is False, != True).")
      .def("__hash__", [](const PyPosition& p) { return static_cast<std::int64_t>(p.state->hash() >> 1); })
      .def("__copy__", &PyPosition::copy)
      .def("__deepcopy__", [](const PyPosition& p, const py::object&) { return p.copy(); }, py::arg("memo"))
      .def("__reduce__", [](PyPosition& p) {
        // The position it started from (a text), the turns of a replay
        // played from there (Origin), and the moves pushed since: unpickled
        // by playing them again, the event_stack (pop()) included.
        const State& root = p.moves.empty() ? *p.state : *p.pushed_from;
        std::vector<std::string> turns;
        if (p.origin)
          for (std::uint32_t i = 0; i < p.origin_turns; ++i) turns.push_back(p.origin->record->moves[i].move);
        std::vector<std::size_t> events;  // the moves pushed as Events (played again as events)
        for (std::size_t i = 0; i < p.moves.size(); ++i)
          if (!p.moves[i].value.empty()) events.push_back(i);
        return py::make_tuple(py::module_::import("beyt._types").attr("_position"),
                              py::make_tuple(std::string(root.game().name()), p.rules,
                                             p.origin ? p.origin->text : root.position_text(), turns, written_moves(p),
                                             events));
      }, "Pickles as the position it started from, the turns played since and the moves\n"
         "pushed, as texts (pickle, copy.deepcopy, multiprocessing, Dask).");

  py::class_<PyGame>(m, "Game", no_new())
      .def_property_readonly("tags", [](const PyGame& g) {
        py::dict d;
        GameRecord scratch;
        for (const auto& t : g.box->header(scratch).tags) d[py::str(t.name)] = t.value;
        return d;
      })
      .def("set_tag", &set_tag, py::arg("name"), py::arg("value"))
      .def("del_tag", &del_tag, py::arg("name"))
      .def("set_result", &set_result, py::arg("token"))
      .def("set_comments", [](PyGame& g, const std::vector<std::string>& c) { g.box->edit().comments = checked_comments(c); })
      .def_static("check_tag", &check_tag, py::arg("name"), py::arg("value"))
      .def("enter", [](const PyGame& g, const py::object& moves) {
        return enter_at_start(g, move_list(moves, "moves"));
      }, py::arg("moves"))
      .def("add_variation", [](const PyGame& g, const std::optional<std::string>& turn,
                               const std::optional<py::object>& events) {
        return enter_at_start(g, turn_or_events(turn, events));
      }, py::arg("turn") = py::none(), py::kw_only(), py::arg("events") = py::none())
      .def("end", [](const PyGame& g) -> py::object {
        if (g.rec().moves.empty()) return py::none();
        return py::cast(move_at(g.box, NodePath{{static_cast<std::uint32_t>(g.rec().moves.size())}}));
      })
      .def_property_readonly("result", [](const PyGame& g) {
        GameRecord scratch;
        return g.box->header(scratch).result;
      })
      .def_property_readonly("comments", [](const PyGame& g) {
        GameRecord scratch;
        return g.box->header(scratch).comments;
      })
      .def_property_readonly("file", [](const PyGame& g) { return g.file; })
      .def_property_readonly("index", [](const PyGame& g) { return g.index; })
      .def_property_readonly("line", [](const PyGame& g) {
        GameRecord scratch;
        return g.box->header(scratch).loc.line;
      })
      .def_property_readonly("readable", [](const PyGame& g) { return !g.unreadable; })
      .def_property_readonly("_packed", [](const PyGame& g) { return !g.box->record; })  // (tests: RecordBox)
      .def("__eq__", [](const PyGame& a, const py::object& b) -> py::object {
        if (!py::isinstance<PyGame>(b)) return not_implemented();
        const PyGame& o = b.cast<const PyGame&>();
        if (a.unreadable || o.unreadable)
          return py::bool_(a.unreadable && o.unreadable && a.file == o.file && a.index == o.index &&
                           a.unreadable->code == o.unreadable->code && a.unreadable->reason == o.unreadable->reason);
        GameRecord x, y;  // two packed games compared unpacked into copies: they stay packed
        return py::bool_(a.box->view(x) == o.box->view(y));
      }, py::arg("other"))
      .def("__hash__", [](const PyGame& g) {
        if (g.unreadable) return static_cast<std::int64_t>(std::hash<std::string>{}(g.unreadable->reason)) >> 1;
        GameRecord scratch;
        return static_cast<std::int64_t>(record_hash(g.box->view(scratch))) >> 1;
      })
      .def("__reduce__", [](const PyGame& g) {
        GameRecord scratch;
        return py::make_tuple(py::module_::import("beyt._types").attr("_game"),
                              py::make_tuple(g.unreadable ? py::object(py::none()) : py::object(record_tuple(g.box->view(scratch))),
                                             g.file, g.index,
                                             g.unreadable ? py::object(diagnostic_tuple(*g.unreadable)) : py::object(py::none()),
                                             g.box->edited));
      })
      .def("mainline", [](const PyGame& g) { return line_moves(g.box, {}, g.rec().moves, 1, 1); })
      .def("_errors", [](PyGame& g) {
        if (g.unreadable) return to_python(std::vector<Diagnostic>{*g.unreadable});
        const auto& c = g.check();
        std::vector<Diagnostic> all;
        all.insert(all.end(), c.errors.begin(), c.errors.end());
        all.insert(all.end(), c.warnings.begin(), c.warnings.end());
        return to_python(all);
      })
      .def("_positions", [](const PyGame& g) {
        // The start, then the position after each turn of the main line, up
        // to the first illegal move (Game.errors says which).
        std::vector<PyPosition> out;
        if (g.unreadable) return out;
        const std::shared_ptr<const GameRecord> record = g.box->held();  // with the GIL: the record its Positions keep
        without_gil([&] {
          notation::Start start;
          if (notation::resolve(*record, g.file, g.index, "", start)) return;
          const std::string rules = start.rules.canonical();
          out.reserve(record->moves.size() + 1);
          std::unique_ptr<State> state = std::move(start.state);
          const auto origin = std::make_shared<const Origin>(Origin{state->position_text(), record});
          std::uint32_t turns = 0;
          for (const auto& node : record->moves) {
            std::unique_ptr<State> next = state->clone();
            PyPosition p;
            p.state = std::move(state);
            p.rules = rules;
            p.origin = origin;
            p.origin_turns = turns++;
            out.push_back(std::move(p));
            if (next->play_turn(node.move)) {
              state = nullptr;
              break;
            }
            state = std::move(next);
          }
          if (state) {
            PyPosition p;
            p.state = std::move(state);
            p.rules = rules;
            p.origin = origin;
            p.origin_turns = turns;
            out.push_back(std::move(p));
          }
        });
        return out;
      })
      .def("to_text", [](PyGame& g) { return record_text(g, Format::text); })
      .def("to_json", [](PyGame& g) { return record_text(g, Format::json); })
      .def("to_xml", [](PyGame& g) { return record_text(g, Format::xml); })
      .def("to_jsonl", [](PyGame& g) { return record_text(g, Format::jsonl); })
      .def("svg", [](const PyGame& g, const std::string& ply, double cell, bool flipped, bool monochrome) {
        {
          DrawOptions asked;
          asked.cell = cell;
          draw_argument(asked);  // before anything is replayed
        }
        if (g.unreadable) raise("Error", g.unreadable->code, "this game could not be read: " + g.unreadable->reason);
        notation::NodePath path;
        if (!notation::NodePath::parse(ply, path)) raise("Error", Code::usage, "not a position: '" + ply + "' (e.g. 12 or 12.1.14)");
        const notation::Node* node = nullptr;
        std::string why;
        if (!notation::locate(g.rec(), path, node, why)) raise("Error", Code::usage, why);
        notation::NodePosition pos;
        const std::shared_ptr<const GameRecord> record = g.box->held();  // with the GIL
        const Diagnostic d = without_gil([&] { return notation::replay_to(*record, g.file, g.index, path, pos); });
        if (d)
          raise(d.code >= Code::move_syntax && d.code <= Code::illegal_move ? "IllegalMove" : "RecordError", d.code,
                notation::format_text(d));
        DrawOptions draw;
        draw.cell = cell;
        draw.flipped = flipped;
        draw.monochrome = monochrome;
        std::string out;
        std::vector<std::string> warnings;
        PageOptions page;  // as `beyt render --format svg --ply PLY` titles it
        page.title = notation::record_title(g.rec(), pos.state->game());
        page.caption = notation::record_caption(g.rec());
        if (!notation::position_svg(g.rec(), pos, draw, {}, page, out, why, warnings)) raise("Error", Code::ok, why);
        return out;
      }, py::arg("ply"), py::arg("cell") = 40.0, py::arg("flipped") = false, py::arg("monochrome") = false)
      .def("viewer_html", [](PyGame& g) {
        if (g.unreadable) raise("Error", g.unreadable->code, "this game could not be read: " + g.unreadable->reason);
        const auto& errors = g.check().errors;  // the viewer shows the first
        const Diagnostic problem = errors.empty() ? Diagnostic{} : errors.front();
        std::ostringstream out;
        notation::ViewerOptions options;
        options.file = g.file;
        std::vector<std::string> warnings;
        std::string why;
        const std::shared_ptr<const GameRecord> record = g.box->held();  // with the GIL
        without_gil([&] {
          notation::ViewerWriter writer(out, options);
          if (writer.add(*record, g.index, problem, warnings, why)) writer.finish();
        });
        if (!why.empty()) raise("Error", Code::ok, why);
        return out.str();
      });

  // The classes whose objects the module's functions make (GameReader,
  // Writer, Generator): their types refuse __new__ too (no_new), so that no
  // object without its C++ value can be made (a pybind11 __init__ would let
  // __new__ alone make one, and a method of it crash).
  py::class_<GameReader>(m, "GameReaderType", no_new(), "The library's pull reader (beyt.read_games uses it).")
      .def_property_readonly("format", &GameReader::format)
      .def_property_readonly("name", &GameReader::name)
      .def("close", &GameReader::close)
      // (kind, value): ("game", Game), ("error", Diagnostic), ("warning",
      // Diagnostic), ("stopped", Diagnostic or None), or None at the end.
      .def("next", [](GameReader& r) -> py::object {
        std::optional<Item> item = r.next();
        r.raise_pending();
        if (std::string why = r.type_error(); !why.empty()) throw py::type_error(why);
        if (!item) return py::none();
        switch (item->kind) {
          case Item::Kind::game: {
            PyGame g;
            g.set(std::move(item->record));
            g.box->packable = true;
            r.keep(g.box);
            g.file = r.name();
            g.index = item->index;
            return py::make_tuple("game", std::move(g));
          }
          case Item::Kind::error: {
            PyGame g;
                        g.file = r.name();
            g.index = item->diagnostic.game;
            g.unreadable = item->diagnostic;
            return py::make_tuple("error", std::move(g));
          }
          case Item::Kind::warning: return py::make_tuple("warning", to_python(item->diagnostic));
          case Item::Kind::end:
            if (!item->diagnostic) return py::make_tuple("stopped", py::none());
            if (item->diagnostic.code == Code::io_error && !r.failure().empty())
              item->diagnostic.reason = "cannot read '" + r.name() + "': " + r.failure();
            return py::make_tuple("stopped", to_python(item->diagnostic));
        }
        return py::none();
      });

  // What the values' __reduce__ name: their objects again from a pickle.
  m.def("_position", [](const std::string& game, const std::string& rules, const std::string& text,
                        const std::vector<std::string>& turns, const std::vector<std::string>& moves,
                        const std::vector<std::size_t>& events) {
    PyPosition p = make_position(game, text, rules);
    if (!turns.empty()) {
      auto record = std::make_shared<GameRecord>();
      for (const auto& turn : turns) {
        if (Error e = p.state->play_turn(turn))
          raise("IllegalMove", e.code, e.reason, {{"move", turn}, {"offset", std::to_string(e.offset)}});
        record->moves.push_back(notation::Node{turn, {}, {}, {}, {}, {}});
      }
      p.origin = std::make_shared<const Origin>(Origin{text, std::move(record)});
      p.origin_turns = static_cast<std::uint32_t>(turns.size());
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (std::find(events.begin(), events.end(), i) == events.end()) {
        push_move(p, moves[i]);
        continue;
      }
      Event value;  // pushed as an Event: that event again, its text kept
      if (Error e = p.state->parse_event(moves[i], value))
        raise("IllegalMove", e.code, e.reason, {{"move", moves[i]}, {"offset", std::to_string(e.offset)}});
      push_value(p, value);
      p.moves.back().text = moves[i];
    }
    return p;
  }, py::arg("game"), py::arg("rules"), py::arg("text"), py::arg("turns"), py::arg("moves"),
     py::arg("events") = std::vector<std::size_t>());
  m.def("_move", [](const py::tuple& node, std::uint32_t ply, std::uint32_t turn, const std::string& path) {
    auto box = std::make_shared<RecordBox>();
    box->record->moves.push_back(node_of(node, 0));
    NodePath origin;
    if (!NodePath::parse(path, origin)) origin = NodePath{{turn}};  // a pickle of an earlier version: no path
    box->detached = std::move(origin);
    return PyMove{std::move(box), NodePath{{1}}, ply, turn};
  }, py::arg("node"), py::arg("ply"), py::arg("turn"), py::arg("path") = "");
  m.def("_new_game", &new_game, py::arg("game"), py::arg("rules"), py::arg("setup"));
  m.def("_game_from_position", &game_from_position, py::arg("position"));
  m.def("_game", [](const py::object& record, const std::string& file, std::uint32_t index, const py::object& unreadable,
                    bool edited) {
    PyGame g;
    if (!record.is_none()) g.set(record_of(record));
    g.file = file;
    g.index = index;
    if (!unreadable.is_none()) g.unreadable = diagnostic_of(unreadable);
    g.box->edited = edited;  // a game made or edited in code is still checked when written
    return g;
  }, py::arg("record"), py::arg("file"), py::arg("index"), py::arg("unreadable"), py::arg("edited") = false);

  bind_events(m);
  bind_play(m);
  bind_fast_position(m);

  m.def("validate_part", &validate_part, py::arg("path"), py::arg("offset"), py::arg("length"),
        py::arg("lines_before"), py::arg("games_before"), py::arg("strict"), py::arg("game"));
  // The counts of several reports added up, with validate's summary line.
  m.def("merge_tallies", [](const py::list& tallies) {
    notation::ValidationTally total;
    for (const auto& t : tallies) total.add(tally_of(t.cast<py::dict>()));
    return tally_dict(total);
  });
  m.def("stats_part", &stats_part, py::arg("path"), py::arg("offset"), py::arg("length"), py::arg("whole"),
        py::arg("format"));
  m.def("stats_report", &stats_report, py::arg("states"), py::arg("unreadable"), py::arg("top"));
  m.def("validate", &validate, py::arg("paths"), py::arg("jobs"), py::arg("strict"), py::arg("game"),
        py::arg("format"));

  py::class_<Writer>(m, "WriterType", no_new())
      .def("game", &Writer::game)
      .def("finish", &Writer::finish)
      .def("discard", &Writer::discard);

  // beyt.generate's games, made a batch at a time as Python asks for them
  // (at most 64 games, or what 20 ms make: the games never sit in memory
  // all at once), each batch interruptible (Ctrl-C: KeyboardInterrupt).
  py::class_<Generator>(m, "GeneratorType", no_new())
      .def("next_batch", &Generator::next_batch);
  // (`source` a handle: no reference of the call's own to drop if the
  // thread is ended while a file object's read() waits, PyFileBuf.)
  m.def("GameReader", [](const std::string& kind, py::handle source, std::optional<std::string> format,
                         std::string name) {
    return std::make_unique<GameReader>(kind, source, std::move(format), std::move(name));
  });
  m.def("Writer", [](const std::string& path, const std::string& format, bool force) {
    return std::make_unique<Writer>(path, format, force);
  });
  m.def("Generator", [](const std::string& game, const std::optional<std::string>& rules, std::uint64_t seed,
                        std::uint32_t count, std::uint32_t max_turns) {
    return std::make_unique<Generator>(game, rules, seed, count, max_turns);
  });

  m.def("games", []() {
    std::vector<std::string> out;
    for (const Game* g : game_table()) out.push_back(notation::game_info_json(*g));
    return out;
  });

  // The names of the formats, in the order of the library's table of formats.
  m.def("formats", []() {
    std::vector<std::string> out;
    for (const notation::FormatInfo& f : notation::formats()) out.emplace_back(f.name);
    return out;
  });
  // Every extension, in table order (".beyt, .txt, .json, .xml, .jsonl"), for the docstrings.
  m.def("format_extensions", []() { return notation::format_extensions(); });
  m.def("format_of", [](const std::string& path, const std::string& head) {
    Format f;
    if (!notation::format_of_extension(path, f)) f = notation::format_of_content(head);
    return std::string(notation::format_name(f));
  });
  // ArgumentError for a path holding a NUL byte (before any work is planned).
  m.def("check_path", [](const std::string& path) { path_argument(path); });
  m.def("output_format", [](const std::string& path) {
    return std::string(notation::format_name(notation::format_of_path(path)));
  });
  m.def("code_summary", [](const std::string& id) {
    for (const Code* c = all_codes_begin(); c != all_codes_end(); ++c)
      if (code_id(*c) == id) return std::string(beyt::code_summary(*c));
    return std::string();
  });
}
