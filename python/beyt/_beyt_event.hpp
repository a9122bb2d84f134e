// beyt._beyt's events as values (docs/python/README.md, "Events as values"):
//  * beyt.Event, one event as a value: the library's beyt::Event (16 bytes,
//    compared and hashed as a value, pickled as its bytes);
//  * beyt.EventList, what Position.legal_events(values=True) returns: the
//    listed values in one C++ vector, an Event object made only for an item
//    asked for (random.choice makes one), so that a playout by values makes
//    one small object an event, not one a listed event.
// Both are plain CPython types (PyType_FromSpec, pymalloc'd objects): a
// playout makes one at every event, and a pybind11 instance costs several
// times as much to make. Position's calls that take or give them are in
// bind_fast_position (_beyt_play.hpp).
// Included by _beyt.cpp inside its anonymous namespace, before _beyt_play.hpp.

struct EventObject {
  PyObject_HEAD
  Event value;
};

struct EventListObject {
  PyObject_HEAD
  std::vector<Event> events;  // constructed in place by new_event_list, destroyed by its dealloc
};

PyTypeObject* event_type = nullptr;       // beyt.Event (bind_events)
PyTypeObject* event_list_type = nullptr;  // beyt.EventList

// The vectors of EventLists gone, their capacity kept for the next listing
// (a playout lists at every event): guarded by the GIL, never freed.
std::vector<std::vector<Event>>& spare_event_vectors() {
  static auto* spare = new std::vector<std::vector<Event>>();
  return *spare;
}

// A new beyt.Event of `value` (null with MemoryError set when none can be made).
PyObject* new_event(Event value) {
  EventObject* o = PyObject_New(EventObject, event_type);
  if (o) o->value = value;  // trivially copyable: a copy of its 16 bytes
  return reinterpret_cast<PyObject*>(o);
}

// The value of `object` if it is a beyt.Event, else null.
const Event* event_of(PyObject* object) {
  return PyObject_TypeCheck(object, event_type) ? &reinterpret_cast<EventObject*>(object)->value : nullptr;
}

// The 16 bytes of an Event, in memory order (its pickle, bytes(e), repr).
std::array<unsigned char, 16> event_bytes(const Event& value) {
  std::array<unsigned char, 16> bytes;
  const std::uint64_t low = value.low(), high = value.high();
  std::memcpy(bytes.data(), &low, 8);
  std::memcpy(bytes.data() + 8, &high, 8);
  return bytes;
}

// Event(data): data the 16 bytes of bytes(e), or their 32 hexadecimal digits
// (repr(e)'s); TypeError or ValueError otherwise.
PyObject* event_new(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  static const char* names[] = {"data", nullptr};
  PyObject* data = nullptr;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Event", const_cast<char**>(names), &data)) return nullptr;
  std::array<unsigned char, 16> bytes{};
  if (PyBytes_Check(data) && PyBytes_GET_SIZE(data) == 16) {
    std::memcpy(bytes.data(), PyBytes_AS_STRING(data), 16);
  } else if (PyUnicode_Check(data)) {
    Py_ssize_t size = 0;
    const char* hex = PyUnicode_AsUTF8AndSize(data, &size);
    if (!hex) return nullptr;
    auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
    bool ok = size == 32;
    for (Py_ssize_t i = 0; ok && i < 16; ++i) {
      const int high = digit(hex[2 * i]), low = digit(hex[2 * i + 1]);
      ok = high >= 0 && low >= 0;
      bytes[static_cast<std::size_t>(i)] = static_cast<unsigned char>(high * 16 + low);
    }
    if (!ok) {
      PyErr_Format(PyExc_ValueError, "Event(): %R is not 32 lowercase hexadecimal digits (repr() of an Event)", data);
      return nullptr;
    }
  } else {
    PyErr_Format(PyExc_TypeError, "Event(): the data must be the 16 bytes of bytes(event) or the hexadecimal text "
                 "of repr(event), not %.200s", PyBytes_Check(data) ? "bytes of another length" : Py_TYPE(data)->tp_name);
    return nullptr;
  }
  std::uint64_t low = 0, high = 0;
  std::memcpy(&low, bytes.data(), 8);
  std::memcpy(&high, bytes.data() + 8, 8);
  Event value = Event::code(low, high);
  if (high >> 63) {  // a text Event: its top bit, which Event::code clears, set again
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes[15] & 0x0Fu);
    value = Event::from_text(text);
    if (event_bytes(value) != bytes) {
      PyErr_SetString(PyExc_ValueError, "Event(): these bytes are no Event (a text Event's unused bytes are 0)");
      return nullptr;
    }
  }
  return new_event(value);
}

void event_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);  // a heap type's instances hold it
}

PyObject* event_repr(PyObject* self) {
  static const char digits[] = "0123456789abcdef";
  char hex[33];
  const auto bytes = event_bytes(reinterpret_cast<EventObject*>(self)->value);
  for (std::size_t i = 0; i < 16; ++i) {
    hex[2 * i] = digits[bytes[i] >> 4];
    hex[2 * i + 1] = digits[bytes[i] & 15];
  }
  hex[32] = 0;
  return PyUnicode_FromFormat("beyt.Event('%s')", hex);
}

Py_hash_t event_hash(PyObject* self) {
  const auto h = static_cast<Py_hash_t>(reinterpret_cast<EventObject*>(self)->value.hash() >> 1);
  return h == -1 ? -2 : h;  // -1 is CPython's error mark
}

PyObject* event_richcompare(PyObject* a, PyObject* b, int op) {
  const Event* x = event_of(a);
  const Event* y = event_of(b);
  if (!x || !y || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
  return PyBool_FromLong((*x == *y) == (op == Py_EQ));
}

PyObject* event_to_bytes(PyObject* self, PyObject*) {
  const auto bytes = event_bytes(reinterpret_cast<EventObject*>(self)->value);
  return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(bytes.data()), 16);
}

PyObject* event_reduce(PyObject* self, PyObject*) {
  PyObject* bytes = event_to_bytes(self, nullptr);
  if (!bytes) return nullptr;
  PyObject* result = Py_BuildValue("(O(N))", reinterpret_cast<PyObject*>(Py_TYPE(self)), bytes);
  return result;
}

PyObject* event_copy(PyObject* self, PyObject*) { return Py_NewRef(self); }  // immutable: itself

// --- EventList --------------------------------------------------------------------

// A new EventList whose vector (a spare one, cleared) the caller fills.
EventListObject* new_event_list() {
  EventListObject* o = PyObject_New(EventListObject, event_list_type);
  if (!o) return nullptr;
  auto& spare = spare_event_vectors();
  if (spare.empty()) {
    new (&o->events) std::vector<Event>();
  } else {
    new (&o->events) std::vector<Event>(std::move(spare.back()));
    spare.pop_back();
    o->events.clear();
  }
  return o;
}

void event_list_dealloc(PyObject* self) {
  auto* o = reinterpret_cast<EventListObject*>(self);
  auto& spare = spare_event_vectors();
  if (spare.size() < 16 && o->events.capacity() <= 4096) spare.push_back(std::move(o->events));
  o->events.~vector();
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

Py_ssize_t event_list_length(PyObject* self) {
  return static_cast<Py_ssize_t>(reinterpret_cast<EventListObject*>(self)->events.size());
}

PyObject* event_list_item(PyObject* self, Py_ssize_t i) {  // i made non-negative by the caller (sq_length)
  const auto& events = reinterpret_cast<EventListObject*>(self)->events;
  if (i < 0 || static_cast<std::size_t>(i) >= events.size()) {
    PyErr_SetString(PyExc_IndexError, "EventList index out of range");
    return nullptr;
  }
  return new_event(events[static_cast<std::size_t>(i)]);
}

// events[i] (a negative i from the end) or events[a:b:c] (a list of Event).
PyObject* event_list_subscript(PyObject* self, PyObject* key) {
  const auto& events = reinterpret_cast<EventListObject*>(self)->events;
  if (PyIndex_Check(key)) {
    Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) return nullptr;
    if (i < 0) i += static_cast<Py_ssize_t>(events.size());
    return event_list_item(self, i);
  }
  if (!PySlice_Check(key)) {
    PyErr_Format(PyExc_TypeError, "EventList indices must be integers or slices, not %.200s", Py_TYPE(key)->tp_name);
    return nullptr;
  }
  Py_ssize_t start = 0, stop = 0, step = 0;
  if (PySlice_Unpack(key, &start, &stop, &step) < 0) return nullptr;
  const Py_ssize_t n = PySlice_AdjustIndices(static_cast<Py_ssize_t>(events.size()), &start, &stop, step);
  PyObject* list = PyList_New(n);
  if (!list) return nullptr;
  for (Py_ssize_t k = 0, i = start; k < n; ++k, i += step) {
    PyObject* event = new_event(events[static_cast<std::size_t>(i)]);
    if (!event) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, k, event);
  }
  return list;
}

int event_list_contains(PyObject* self, PyObject* item) {
  const Event* value = event_of(item);
  if (!value) return 0;
  const auto& events = reinterpret_cast<EventListObject*>(self)->events;
  return std::find(events.begin(), events.end(), *value) != events.end() ? 1 : 0;
}

// index(event), count(event): as a list's (ValueError when index finds none).
PyObject* event_list_index(PyObject* self, PyObject* item) {
  const auto& events = reinterpret_cast<EventListObject*>(self)->events;
  if (const Event* value = event_of(item)) {
    const auto at = std::find(events.begin(), events.end(), *value);
    if (at != events.end()) return PyLong_FromSsize_t(at - events.begin());
  }
  PyErr_SetString(PyExc_ValueError, "EventList.index(x): x not in the list");
  return nullptr;
}

PyObject* event_list_count(PyObject* self, PyObject* item) {
  const auto& events = reinterpret_cast<EventListObject*>(self)->events;
  const Event* value = event_of(item);
  return PyLong_FromSsize_t(value ? std::count(events.begin(), events.end(), *value) : 0);
}

// == and != with another EventList: the same events in the same order
// (NotImplemented with anything else, as a tuple with a list).
PyObject* event_list_richcompare(PyObject* a, PyObject* b, int op) {
  if (!PyObject_TypeCheck(b, event_list_type) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
  const bool equal = reinterpret_cast<EventListObject*>(a)->events == reinterpret_cast<EventListObject*>(b)->events;
  return PyBool_FromLong(equal == (op == Py_EQ));
}

PyObject* event_list_repr(PyObject* self) {
  return PyUnicode_FromFormat("<beyt.EventList of %zd events>", event_list_length(self));
}

// beyt.Event and beyt.EventList, added to the module.
void bind_events(py::module_& m) {
  static PyMethodDef event_methods[] = {
      {"__bytes__", event_to_bytes, METH_NOARGS,
       "__bytes__($self, /)\n--\n\nThe event's 16 bytes: Event(bytes(e)) == e."},
      {"__reduce__", event_reduce, METH_NOARGS,
       "__reduce__($self, /)\n--\n\nPickles as its 16 bytes (pickle, multiprocessing, Dask)."},
      {"__copy__", event_copy, METH_NOARGS, "__copy__($self, /)\n--\n\nItself: an Event is immutable."},
      {"__deepcopy__", event_copy, METH_O, "__deepcopy__($self, memo, /)\n--\n\nItself: an Event is immutable."},
      {nullptr, nullptr, 0, nullptr},
  };
  static PyType_Slot event_slots[] = {
      {Py_tp_doc, const_cast<char*>(
           "Event(data)\n--\n\n"
           "One event (a throw, one use of a throw, a sowing, a count of Mankalah's\n"
           "tebweez, a Seega turn) as a value: what Position.legal_events(values=True)\n"
           "lists and push() plays without reading or writing text, for playouts and\n"
           "searches. Immutable, == and hash() by value (usable in sets and as dict keys),\n"
           "pickled as its 16 bytes. Its meaning is the game's and the position's: the text\n"
           "a record writes is Position.event_text(event) at the position that listed it,\n"
           "and Position.parse_event(text) gives the value of a text. A value is stable\n"
           "within one version of beyt; the text is the form to keep. `data`: the 16 bytes\n"
           "of bytes(event), or the 32 hexadecimal digits repr() shows (TypeError,\n"
           "ValueError otherwise). beyt::Event in C++ (docs/LIBRARY.md, \"Events as values\").")},
      {Py_tp_new, reinterpret_cast<void*>(event_new)},
      {Py_tp_dealloc, reinterpret_cast<void*>(event_dealloc)},
      {Py_tp_repr, reinterpret_cast<void*>(event_repr)},
      {Py_tp_hash, reinterpret_cast<void*>(event_hash)},
      {Py_tp_richcompare, reinterpret_cast<void*>(event_richcompare)},
      {Py_tp_methods, event_methods},
      {0, nullptr},
  };
  static PyType_Spec event_spec = {"beyt.Event", sizeof(EventObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
                                   event_slots};
  static PyMethodDef list_methods[] = {
      {"index", event_list_index, METH_O,
       "index($self, event, /)\n--\n\nThe place of `event` in the list; ValueError when it is not listed."},
      {"count", event_list_count, METH_O, "count($self, event, /)\n--\n\nHow many times `event` is listed (0 or 1)."},
      {nullptr, nullptr, 0, nullptr},
  };
  static PyType_Slot list_slots[] = {
      {Py_tp_methods, list_methods},
      {Py_tp_doc, const_cast<char*>(
           "The events Position.legal_events(values=True) lists, in its order: a read-only\n"
           "sequence of Event (len(), [i], a slice as a list, iteration, `in`; random.choice()\n"
           "picks one; a collections.abc.Sequence). It\n"
           "holds the values in C++ and makes an Event only for an item asked for.\n"
           "Equal to an EventList of the same events in the same order; unhashable, as a\n"
           "list. list(events) gives a list; it is not pickled (pickle the Events).")},
      {Py_tp_dealloc, reinterpret_cast<void*>(event_list_dealloc)},
      {Py_tp_repr, reinterpret_cast<void*>(event_list_repr)},
      {Py_tp_richcompare, reinterpret_cast<void*>(event_list_richcompare)},
      {Py_tp_hash, reinterpret_cast<void*>(PyObject_HashNotImplemented)},
      {Py_sq_length, reinterpret_cast<void*>(event_list_length)},
      {Py_sq_item, reinterpret_cast<void*>(event_list_item)},
      {Py_sq_contains, reinterpret_cast<void*>(event_list_contains)},
      {Py_mp_length, reinterpret_cast<void*>(event_list_length)},
      {Py_mp_subscript, reinterpret_cast<void*>(event_list_subscript)},
      {0, nullptr},
  };
  static PyType_Spec list_spec = {"beyt.EventList", sizeof(EventListObject), 0,
                                  Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
                                  list_slots};
  py::object event = py::reinterpret_steal<py::object>(PyType_FromSpec(&event_spec));
  py::object list = py::reinterpret_steal<py::object>(PyType_FromSpec(&list_spec));
  if (!event || !list) throw py::error_already_set();
  event_type = reinterpret_cast<PyTypeObject*>(Py_NewRef(event.ptr()));  // kept for the process's life
  event_list_type = reinterpret_cast<PyTypeObject*>(Py_NewRef(list.ptr()));
  m.attr("Event") = event;
  m.attr("EventList") = list;
}
