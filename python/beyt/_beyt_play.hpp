// beyt._beyt's random play (docs/python/README.md, "Random play"):
//  * in bulk, Position.play_random and beyt.playouts, the random player of
//    `beyt generate` (State::play_random, notation::random_playouts) run in
//    C++ with the GIL released and answering Ctrl-C;
//  * event by event from Python, Position's loop calls as plain CPython
//    methods (bind_fast_position, below).
// Included by _beyt.cpp inside its anonymous namespace, after PyPosition,
// push_move, pop_move and interruptible.

// The Rng of a call: seeded with `seed`, or with Python's random module's
// next 64 bits when None (random.seed() then makes the call reproducible).
Rng call_rng(const std::optional<std::uint64_t>& seed) {
  if (seed) return Rng(*seed);
  return Rng(py::module_::import("random").attr("getrandbits")(64).cast<std::uint64_t>());
}

// What Position.play_random played on a copy of the position: the texts
// pushed, each one apply() or play_random() of the state, which keeps a
// history of them (pop() is State::undo), and the state after.
struct RandomTurns {
  std::unique_ptr<State> state;
  std::vector<std::string> moves;
  std::uint32_t turns = 0;  // whole turns ended (a turn under way ended counts one)
};

// Plays on `r` until `turns` turns are played (none: to the end), the game
// is over, `stop` is requested or (`until` given) the time is past: true
// when no more is to be played. A turn under way at the start is ended
// event by event (its events pushed one by one, as push() takes them).
bool play_turns(RandomTurns& r, Rng& rng, const std::optional<std::uint32_t>& turns, const Stop* stop,
                const std::optional<std::chrono::steady_clock::time_point>& until) {
  std::string move;
  while (!turns || r.turns < *turns) {
    if (r.state->is_terminal()) return true;
    if (stop_requested(stop) || (until && std::chrono::steady_clock::now() >= *until)) return false;
    if (r.state->mid_turn()) {
      // The turn's remaining events as the random player picks them, each
      // pushed as push() would take it.
      std::vector<EventPick> picks;
      r.state->clone()->play_random(rng, &move, &picks);  // a trial, keeping no history
      for (auto& pick : picks) {
        (void)r.state->apply(pick.event);
        r.moves.push_back(std::move(pick.event));
      }
    } else {
      r.state->play_random(rng, &move);
      r.moves.push_back(move);
    }
    ++r.turns;
  }
  return true;
}

// Position.play_random: on a copy of the position (nothing shared is touched
// without the GIL), the first 2 ms in this thread with the GIL released,
// the rest interruptible (Ctrl-C: KeyboardInterrupt, the position left as
// it was); then the turns are pushed onto the position.
std::vector<std::string> position_play_random(PyPosition& p, std::optional<std::uint32_t> turns,
                                              std::optional<std::uint64_t> seed) {
  Rng rng = call_rng(seed);
  RandomTurns r;
  begin_pushes(p);
  r.state = p.state->clone();
  r.state->keep_history(true);  // of what it plays (pop() of the earlier moves: pop_move)
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
  if (!without_gil([&] { return play_turns(r, rng, turns, nullptr, until); })) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    interruptible([&](const Stop& stop) { return play_turns(r, rng, turns, &stop, std::nullopt); });
  }
  p.state = std::move(r.state);
  for (const std::string& move : r.moves) p.moves.push_back({move, Event{}});
  return std::move(r.moves);
}

// beyt.playouts: (results, turns) of `count` playouts (notation::random_playouts,
// one Rng seeded once, as beyt generate), interruptible.
std::pair<std::vector<std::string>, std::vector<std::uint32_t>> playouts(const std::string& game_name,
                                                                         const std::optional<std::string>& rules,
                                                                         std::uint64_t seed, std::uint32_t count,
                                                                         std::uint32_t max_turns) {
  const Game& game = game_named(game_name);
  RuleSet rule_set;
  if (Error e = game.parse_rules(rules.value_or(""), rule_set))
    raise("RecordError", e.code, e.reason, {{"offset", std::to_string(e.offset)}});
  std::vector<notation::Playout> out;
  out.reserve(count);
  const Error e = interruptible([&](const Stop& stop) {
    Rng rng(seed);
    return notation::random_playouts(game, rule_set, rng, count, max_turns, out, &stop);
  });
  if (e) raise("RecordError", e.code, e.reason);
  std::pair<std::vector<std::string>, std::vector<std::uint32_t>> result;
  result.first.reserve(out.size());
  result.second.reserve(out.size());
  for (const auto& playout : out) {
    result.first.emplace_back(result_token(playout.result));
    result.second.push_back(playout.turns);
  }
  return result;
}

// The module's bulk random play: Position.play_random, playouts.
void bind_play(py::module_& m) {
  auto position = py::reinterpret_borrow<py::class_<PyPosition>>(m.attr("Position"));
  position.def("play_random", &position_play_random, py::arg("turns") = py::none(), py::kw_only(),
               py::arg("seed") = py::none(),
               "Plays `turns` whole turns (None: to the end of the game) by beyt's random player,\n"
               "the one `beyt generate` uses (State::play_random: each throw drawn from the\n"
               "sticks, each decision one of legal_events()), and pushes them: the texts it\n"
               "returns (a list of str) end event_stack, and pop() takes them back one by one. A\n"
               "turn under way is ended first, its events pushed one by one (counting one turn).\n"
               "Fewer turns when the game ends before; a random game of Tab or Um el-Banat may\n"
               "never end (its pieces going round): give `turns` for those. `seed` (an int, 0 to 2**64-1) makes it\n"
               "reproducible; None draws one from Python's `random` module (random.seed() then\n"
               "does). Runs without the GIL; Ctrl-C (SIGINT) raises KeyboardInterrupt and leaves\n"
               "the position as it was.");
  m.def("playouts", &playouts, py::arg("game"), py::arg("rules"), py::arg("seed"), py::arg("count"),
        py::arg("max_turns"));
}

// --- the playout loop's calls ------------------------------------------------------
//
// A loop over events in Python (is_over(), actor, turns_played,
// legal_events(), chance_outcomes(), sample_outcome(), push(), pop()) spends most of its time
// in pybind11's dispatch (a type lookup by name, argument vectors: about
// 0.5 us a call, ten times a plain C method's), more than the engine
// spends on an event. These methods of Position are therefore plain CPython
// methods and getters (PyMethodDef, PyGetSetDef) doing what the pybind11
// ones do, with their docstrings; they replace the pybind11 definitions on
// the type (bind_fast_position), so that there is one Position API.

// The PyPosition of `self`, an instance of Position (the descriptors check
// its type before calling).
PyPosition& self_position(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  void* value = inst->simple_layout ? inst->simple_value_holder[0] : inst->get_value_and_holder().value_ptr();
  return *static_cast<PyPosition*>(value);
}

// The exception of a C++ exception in flight, as pybind11's dispatch sets
// it (the module's translators: beyt.errors, then pybind11's own).
PyObject* raise_current() {
  if (py::detail::apply_exception_translators(py::detail::get_local_internals().registered_exception_translators) ||
      py::detail::apply_exception_translators(py::detail::get_internals().registered_exception_translators))
    return nullptr;
  PyErr_SetString(PyExc_SystemError, "an exception escaped beyt's translators");
  return nullptr;
}

template <class F>
PyObject* guarded(F&& f) noexcept {
  try {
    return f();
  } catch (...) {
    return raise_current();
  }
}

// A list of str of `texts`.
PyObject* str_list(const std::vector<std::string>& texts) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(texts.size()));
  if (!list) return nullptr;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    PyObject* s = PyUnicode_DecodeUTF8(texts[i].data(), static_cast<Py_ssize_t>(texts[i].size()), "strict");
    if (!s) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), s);
  }
  return list;
}

PyObject* fast_is_over(PyObject* self, PyObject*) {
  return guarded([&] { return PyBool_FromLong(self_position(self).state->is_terminal()); });
}

PyObject* fast_actor(PyObject* self, void*) {
  return guarded([&] {
    static PyObject* names[5] = {};  // interned, kept for the process's life
    const Actor actor = self_position(self).state->to_move();
    PyObject*& name = names[static_cast<int>(actor) % 5];
    if (!name) {
      const std::string_view text = actor_name(actor);
      name = PyUnicode_InternFromString(std::string(text).c_str());
      if (!name) return static_cast<PyObject*>(nullptr);
    }
    return Py_NewRef(name);
  });
}

PyObject* fast_turns_played(PyObject* self, void*) {
  return guarded([&] { return PyLong_FromUnsignedLong(self_position(self).state->turns_played()); });
}

// The interned str of a keyword name, made at its first use and kept for
// the process's life (the names of a compiled call are interned: matching
// one is a compare of pointers). Null if it could not be made.
PyObject* interned_name(const char* name) {
  static std::array<std::pair<const char*, PyObject*>, 16> table{};  // guarded by the GIL
  for (auto& [text, object] : table) {
    if (text == name) return object;
    if (!text) {
      text = name;
      object = PyUnicode_InternFromString(name);
      if (!object) PyErr_Clear();  // the compare of characters then
      return object;
    }
  }
  return nullptr;
}

// The arguments of a call taking `names` (by position or by name; the first
// `required` of them required): out[i] the i-th, or null when not given.
// False with TypeError set for any other call.
template <std::size_t N>
bool fast_arguments(const char* method, const char* const (&names)[N], std::size_t required, PyObject* const* args,
                    Py_ssize_t nargs, PyObject* keywords, PyObject** out) {
  for (std::size_t i = 0; i < N; ++i) out[i] = nullptr;
  if (static_cast<std::size_t>(nargs) > N) {
    PyErr_Format(PyExc_TypeError, "%s() takes at most %zu arguments (%zd given)", method, N, nargs);
    return false;
  }
  for (Py_ssize_t i = 0; i < nargs; ++i) out[i] = args[i];
  const Py_ssize_t named = keywords ? PyTuple_GET_SIZE(keywords) : 0;
  for (Py_ssize_t k = 0; k < named; ++k) {
    PyObject* name = PyTuple_GET_ITEM(keywords, k);
    std::size_t i = 0;
    while (i < N && name != interned_name(names[i])) ++i;
    if (i == N) {  // a name not interned (a call by **kwargs built at run time)
      i = 0;
      while (i < N && PyUnicode_CompareWithASCIIString(name, names[i]) != 0) ++i;
    }
    if (i == N || out[i]) {
      PyErr_Format(PyExc_TypeError, i == N ? "%s() got an unexpected keyword argument '%U'"
                                           : "%s() got multiple values for argument '%U'", method, name);
      return false;
    }
    out[i] = args[nargs + k];
  }
  for (std::size_t i = 0; i < required; ++i)
    if (!out[i]) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", method, names[i]);
      return false;
    }
  return true;
}

// The `values` flag of a call (absent: False); -1 with an error set.
int values_flag(PyObject* values) { return values ? PyObject_IsTrue(values) : 0; }

// legal_events(values=False): a list of str, or an EventList of the values.
PyObject* fast_legal_events(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* keywords) {
  PyObject* arg[1];
  if (!fast_arguments("legal_events", {"values"}, 0, args, nargs, keywords, arg)) return nullptr;
  const int by_value = values_flag(arg[0]);
  if (by_value < 0) return nullptr;
  return guarded([&]() -> PyObject* {
    const State& state = *self_position(self).state;
    if (by_value) {
      EventListObject* list = new_event_list();
      if (list) state.legal_events(list->events);
      return reinterpret_cast<PyObject*>(list);
    }
    static std::vector<std::string> listed;  // one vector for every call: guarded by the GIL, which this call holds
    listed.clear();
    state.legal_events(listed);
    return str_list(listed);
  });
}

// chance_outcomes(values=False): [(text or Event, probability), ...].
PyObject* fast_chance_outcomes(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* keywords) {
  PyObject* arg[1];
  if (!fast_arguments("chance_outcomes", {"values"}, 0, args, nargs, keywords, arg)) return nullptr;
  const int by_value = values_flag(arg[0]);
  if (by_value < 0) return nullptr;
  return guarded([&]() -> PyObject* {
    const std::vector<ChanceOutcome> outcomes = self_position(self).state->chance_outcomes();
    PyObject* list = PyList_New(static_cast<Py_ssize_t>(outcomes.size()));
    if (!list) return nullptr;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      const std::string& text = outcomes[i].text;
      PyObject* outcome = by_value ? new_event(outcomes[i].event)
                                   : PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "strict");
      PyObject* probability = outcome ? PyFloat_FromDouble(outcomes[i].probability) : nullptr;
      PyObject* pair = probability ? PyTuple_Pack(2, outcome, probability) : nullptr;
      Py_XDECREF(outcome);
      Py_XDECREF(probability);
      if (!pair) {
        Py_DECREF(list);
        return nullptr;
      }
      PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), pair);
    }
    return list;
  });
}

// push(move): a str (or bytes) as push_move takes it, or a beyt.Event.
PyObject* fast_push(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* keywords) {
  PyObject* arg[1];
  if (!fast_arguments("push", {"move"}, 1, args, nargs, keywords, arg)) return nullptr;
  PyObject* move = arg[0];
  return guarded([&]() -> PyObject* {
    if (const Event* value = event_of(move)) {
      push_value(self_position(self), *value);
      Py_RETURN_NONE;
    }
    const char* data = nullptr;
    Py_ssize_t size = 0;
    if (PyUnicode_Check(move)) {
      data = PyUnicode_AsUTF8AndSize(move, &size);
      if (!data) return nullptr;
    } else if (PyBytes_Check(move)) {
      data = PyBytes_AS_STRING(move);
      size = PyBytes_GET_SIZE(move);
    } else {
      PyErr_Format(PyExc_TypeError, "push(): the move must be a str or a beyt.Event, not %.200s",
                   Py_TYPE(move)->tp_name);
      return nullptr;
    }
    push_move(self_position(self), std::string(data, static_cast<std::size_t>(size)));
    Py_RETURN_NONE;
  });
}

// sample_outcome(z, values=False): z a float (or an int); a str or an Event.
PyObject* fast_sample_outcome(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* keywords) {
  PyObject* arg[2];
  if (!fast_arguments("sample_outcome", {"z", "values"}, 1, args, nargs, keywords, arg)) return nullptr;
  const double draw = PyFloat_AsDouble(arg[0]);
  if (draw == -1.0 && PyErr_Occurred()) return nullptr;
  const int by_value = values_flag(arg[1]);
  if (by_value < 0) return nullptr;
  return guarded([&]() -> PyObject* {
    if (by_value) return new_event(sample_value_of(self_position(self), draw));
    const std::string text = sample_outcome_of(self_position(self), draw);
    return PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "strict");
  });
}

PyObject* fast_pop(PyObject* self, PyObject*) {
  return guarded([&]() -> PyObject* {
    const std::string move = pop_move(self_position(self));
    return PyUnicode_DecodeUTF8(move.data(), static_cast<Py_ssize_t>(move.size()), "strict");
  });
}

// event_text(event): State::event_text, IllegalMove for a value not listed here.
PyObject* fast_event_text(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* keywords) {
  PyObject* arg[1];
  if (!fast_arguments("event_text", {"event"}, 1, args, nargs, keywords, arg)) return nullptr;
  const Event* value = event_of(arg[0]);
  if (!value) {
    PyErr_Format(PyExc_TypeError, "event_text(): the event must be a beyt.Event, not %.200s", Py_TYPE(arg[0])->tp_name);
    return nullptr;
  }
  return guarded([&]() -> PyObject* {
    std::string text;
    if (Error e = self_position(self).state->event_text(*value, text)) raise("IllegalMove", e.code, e.reason);
    return PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "strict");
  });
}

// parse_event(text): State::parse_event, IllegalMove as push().
PyObject* fast_parse_event(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* keywords) {
  PyObject* arg[1];
  if (!fast_arguments("parse_event", {"text"}, 1, args, nargs, keywords, arg)) return nullptr;
  if (!PyUnicode_Check(arg[0])) {
    PyErr_Format(PyExc_TypeError, "parse_event(): the text must be a str, not %.200s", Py_TYPE(arg[0])->tp_name);
    return nullptr;
  }
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(arg[0], &size);
  if (!data) return nullptr;
  return guarded([&]() -> PyObject* {
    const std::string_view text(data, static_cast<std::size_t>(size));
    Event value;
    if (Error e = self_position(self).state->parse_event(text, value))
      raise("IllegalMove", e.code, e.reason, {{"move", std::string(text)}, {"offset", std::to_string(e.offset)}});
    return new_event(value);
  });
}

// Replaces the pybind11 definitions of Position's loop calls with the ones
// above, each with the docstring of the definition it replaces (and, for a
// method, the signature line inspect reads: "name($self, /)\n--\n\n").
void bind_fast_position(py::module_& m) {
  py::object cls = m.attr("Position");
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  // The docstrings, kept for the process's life (the definitions point into them).
  static std::deque<std::string> docs;
  auto doc_of = [&](const char* name, const char* signature) {
    std::string doc = py::str(cls.attr(name).attr("__doc__"));
    // pybind11's own signature line ("name(self: ...) -> T") first, for a method.
    if (signature) {
      if (std::size_t line = doc.find('\n'); doc.rfind(name, 0) == 0 && line != std::string::npos)
        doc.erase(0, doc.find_first_not_of('\n', line));
      doc = std::string(name) + signature + "\n--\n\n" + doc;
    }
    docs.push_back(std::move(doc));
    return docs.back().c_str();
  };
  auto fast = [](auto f) { return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f)); };
  constexpr int kFast = METH_FASTCALL | METH_KEYWORDS;
  static PyMethodDef methods[] = {
      {"is_over", fast_is_over, METH_NOARGS, nullptr},
      {"legal_events", fast(fast_legal_events), kFast, nullptr},
      {"chance_outcomes", fast(fast_chance_outcomes), kFast, nullptr},
      {"push", fast(fast_push), kFast, nullptr},
      {"pop", fast_pop, METH_NOARGS, nullptr},
      {"sample_outcome", fast(fast_sample_outcome), kFast, nullptr},
      {"event_text", fast(fast_event_text), kFast, nullptr},
      {"parse_event", fast(fast_parse_event), kFast, nullptr},
  };
  static const char* const signatures[] = {"($self, /)",          "($self, /, values=False)", "($self, /, values=False)",
                                           "($self, /, move)",    "($self, /)",               "($self, /, z, values=False)",
                                           "($self, /, event)",   "($self, /, text)"};
  static_assert(std::size(signatures) == std::size(methods));
  // The docstrings of the calls with no pybind11 definition to take them from.
  const std::map<std::string_view, const char*> own_docs = {
      {"event_text",
       "The text of `event` (a beyt.Event that legal_events(values=True) or\n"
       "chance_outcomes(values=True) lists here) as legal_events() writes it: a record's\n"
       "form. Raises TypeError for another type, IllegalMove (E341) for a value not\n"
       "listed here. State::event_text."},
      {"parse_event",
       "The value (a beyt.Event) of the event written `text` here: a listed text gives its\n"
       "listed value; a text push() accepts in another spelling (a throw written with its\n"
       "faces, a capture written with `-`) the value of the listed event it plays.\n"
       "Raises IllegalMove as push(). State::parse_event."},
  };
  for (std::size_t i = 0; i < std::size(methods); ++i) {
    const auto own = own_docs.find(methods[i].ml_name);
    if (own != own_docs.end()) {
      docs.push_back(std::string(methods[i].ml_name) + signatures[i] + "\n--\n\n" + own->second);
      methods[i].ml_doc = docs.back().c_str();
    } else {
      methods[i].ml_doc = doc_of(methods[i].ml_name, signatures[i]);
    }
    py::object descr = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &methods[i]));
    if (!descr) throw py::error_already_set();
    cls.attr(methods[i].ml_name) = descr;
  }
  static PyGetSetDef getters[] = {
      {"actor", fast_actor, nullptr, nullptr, nullptr},
      {"turns_played", fast_turns_played, nullptr, nullptr, nullptr},
  };
  for (auto& getter : getters) {
    getter.doc = doc_of(getter.name, nullptr);
    py::object descr = py::reinterpret_steal<py::object>(PyDescr_NewGetSet(type, &getter));
    if (!descr) throw py::error_already_set();
    cls.attr(getter.name) = descr;
  }
}
