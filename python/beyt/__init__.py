"""beyt for Python: records, rules and diagrams of Tâb, Dleb, Seega, Mankalah
and Um el-Banât, in the shape of python-chess.

Everything computed here is the C++ library's (the readers, the engines'
replay, the validator, the canonical writers, the drawings): this package
carries its values to Python. docs/python/README.md is the guide;
docs/python/tutorial.ipynb a notebook.

>>> import beyt
>>> game = next(beyt.read_games("samples/seega/walker-5x5.beyt"))
>>> game.tags["Game"], game.result, game.errors
('seega', '0-1', [])
>>> position = beyt.Position.start("seega", "walker")
>>> position.actor, len(position.legal_events())
('South', 276)
>>> position.push("c3,a1")
Traceback (most recent call last):
...
beyt.errors.IllegalMove: E314: no piece is placed on the centre (Walker 2011, rule 3; Lane 1836)
"""

from __future__ import annotations

import copy
import io
import json
import os
import weakref
import collections.abc as _abc
from collections.abc import Mapping, MutableMapping, MutableSequence
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, TypeVar, Union, overload

from . import _beyt
from ._types import Diagnostic
from .errors import ArgumentError, Error, IllegalMove, InputError, RecordError, WriteError

__all__ = [
    "Annotations", "ArgumentError", "Diagnostic", "Error", "Event", "EventList", "Game", "IllegalMove", "InputError", "Move",
    "Position", "RecordError",
    "Playouts", "Report", "StatsReport", "Tags", "WriteError", "games", "generate", "playouts", "read_game",
    "read_games", "stats", "validate", "write_games", "__version__",
]

__version__: str = _beyt.__version__

#: A move of a record (``.text``, ``.ply``, ``.turn``, ``.comment``, ``.nags``,
#: ``.variations``): see the stub beyt/__init__.pyi.
Move = _beyt.Move
#: A position of a game under its rules, with the rules engine behind it.
Position = _beyt.Position
#: One event as a value (``Position.legal_events(values=True)``, ``push``).
Event = _beyt.Event
#: The events ``Position.legal_events(values=True)`` lists: a sequence of Event.
EventList = _beyt.EventList
_abc.Sequence.register(EventList)

_T = TypeVar("_T")


class Annotations(MutableSequence[_T]):
    """A Move's comments (``comments_before``, ``comments_after``) or NAGs
    (``nags``), or a Game's ``comments``: a list whose changes are kept in
    the record, as python-chess's ``node.nags`` and ``node.comment`` are
    (``move.nags.append(1)``, ``move.comments_after[0] = "..."``). Each
    change is checked as assigning the whole list is (ArgumentError for a
    comment no record can hold as it is, or a NAG outside 1..255; the record
    then unchanged). Equal to any sequence with the same items."""

    __slots__ = ("_get", "_set")

    def __init__(self, get: Callable[[], List[_T]], put: Callable[[List[_T]], None]) -> None:
        self._get = get
        self._set = put

    @overload
    def __getitem__(self, index: int) -> _T: ...
    @overload
    def __getitem__(self, index: slice) -> List[_T]: ...
    def __getitem__(self, index: Any) -> Any:
        return self._get()[index]

    def __setitem__(self, index: Any, value: Any) -> None:
        items = self._get()
        items[index] = value
        self._set(items)

    def __delitem__(self, index: Any) -> None:
        items = self._get()
        del items[index]
        self._set(items)

    def __len__(self) -> int:
        return len(self._get())

    def insert(self, index: int, value: _T) -> None:
        items = self._get()
        items.insert(index, value)
        self._set(items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (str, bytes)) or not isinstance(other, _abc.Sequence):
            return NotImplemented
        return self._get() == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._get())


def _annotations(cls: Any, name: str) -> None:
    """Makes the list property ``name`` of the compiled class ``cls`` give an
    Annotations (its changes kept) in place of a copy of the list."""
    inner = cls.__dict__[name]
    setattr(cls, name, property(lambda self: Annotations(lambda: inner.fget(self), lambda v: inner.fset(self, v)),
                                lambda self, value: inner.fset(self, list(value)), doc=inner.__doc__))


for _name in ("comments_before", "comments_after", "nags"):
    _annotations(Move, _name)

#: The record formats' names, in the order of the library's table of formats.
FORMATS = tuple(_beyt.formats())


def _with_formats(f: Any) -> Any:
    """``f`` with its docstring's @FORMATS@ and @EXTENSIONS@ written from the
    library's table of formats (no format is named by hand here)."""
    names = ", ".join('"%s"' % n for n in FORMATS[:-1]) + ' or "%s"' % FORMATS[-1]
    if f.__doc__:  # none under python -OO
        f.__doc__ = f.__doc__.replace("@FORMATS@", names).replace("@EXTENSIONS@", _beyt.format_extensions())
    return f


class Tags(MutableMapping[str, str]):
    """The tag pairs of a Game, in the record's order: a mutable mapping of
    str to str whose changes are kept in the record (python-chess's
    ``headers``). A new tag goes after the others; setting ``Result`` sets
    the result token too. A name other than letters, digits and ``_``, a
    value holding a control character, or a Result other than a result
    token is an ArgumentError (the record unchanged); deleting a missing tag
    a KeyError. A roster tag deleted (Event, Site, Date, Round, South,
    North, Result) is gone from the record and from JSON and XML, but the
    text notation writes the seven all the same, with their defaults
    (``[Event "?"]``: NOTATION.md section 3, as PGN does)."""

    __slots__ = ("_core",)

    def __init__(self, core: Any) -> None:
        self._core = core

    def __getitem__(self, name: str) -> str:
        return str(self._core.tags[name])

    def __setitem__(self, name: str, value: str) -> None:
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError("tag names and values are str")
        self._core.set_tag(name, value)

    def __delitem__(self, name: str) -> None:
        self._core.del_tag(name)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._core.tags))

    def __len__(self) -> int:
        return len(self._core.tags)

    def __eq__(self, other: object) -> bool:
        """Equal to any mapping with the same items (the order aside), as a dict is."""
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Tags({dict(self.items())!r})"


class Game:
    """One game record: read, generated, or made here, with its replay.

    ``Game("seega", rules="walker")`` makes a new record (python-chess's
    ``chess.pgn.Game()``): tags Game, Rules and SetUp (from ``setup``, a
    position text, when not the start), no turns, result "*".
    ``Game.from_position(position)`` gives the record of a played Position.
    Turns go in with ``add_variation``/``add_line`` (here at the start; on a
    Move after it), whole or event by event, written as the engine writes
    them; ``tags`` is a mutable mapping (Tags) whose changes are kept;
    ``result`` and ``comments`` can be set; ``end()`` is the last Move of
    the main line. A game made or edited here is validated when written
    (``to_text()``, ``write_games``): RecordError for the first error.

    Read: ``tags``, ``game`` and ``rules`` (the Game and Rules tags, or
    None), ``result`` ("1-0", "0-1", "1/2-1/2" or "*"), ``mainline()`` (the
    main line's Moves), ``positions()`` (the replay), ``errors`` (the
    validator's diagnostics of this game: empty when it is valid),
    ``to_text()``, ``to_json()``, ``to_xml()``, ``svg(ply)``. ``file`` and
    ``index`` (1-based) say where it was read. A game the reader could not
    read (a syntax error spoiling it) has ``readable`` False, no tags nor
    moves, and the reader's diagnostic in ``errors``.
    """

    __slots__ = ("_core",)

    def __init__(self, game: str, rules: Optional[str] = None, setup: Optional[str] = None,
                 tags: Optional[Mapping[str, str]] = None) -> None:
        """A new record of ``game`` (a name of ``beyt.games()``, any case)
        under ``rules`` (a Rules tag value; None: the default preset) from
        ``setup`` (a position text as a SetUp tag holds it; None: the
        start), with ``tags`` added after Game, Rules and SetUp. Raises
        RecordError: E202 (unknown game), E203 (rules), E204 (set-up)."""
        self._core = _beyt._new_game(game, rules, setup)
        for name, value in (tags or {}).items():
            self._core.set_tag(name, value)

    @classmethod
    def _of(cls, core: Any) -> "Game":
        game = cls.__new__(cls)
        game._core = core
        return game

    @classmethod
    def from_position(cls, position: Position, tags: Optional[Mapping[str, str]] = None) -> "Game":
        """The record of a played Position (python-chess's
        ``Game.from_board``): its game and rules, its start (SetUp where it
        is not the game's start), and every turn played to it (a replay's
        turns, then its ``event_stack``, events gathered into their turns as
        the engine writes them); a finished game gets the engine's result.
        ``tags`` are added. Raises IllegalMove (E303) for a position in the
        middle of a turn."""
        game = cls._of(_beyt._game_from_position(position))
        for name, value in (tags or {}).items():
            game._core.set_tag(name, value)
        return game

    @property
    def tags(self) -> Tags:
        """The tag pairs, in the record's order: a mutable mapping (Tags)
        whose changes are kept (``game.tags["Event"] = "Cairo 1835"``)."""
        return Tags(self._core)

    @tags.setter
    def tags(self, value: Mapping[str, str]) -> None:
        # All or nothing: every pair is checked before the first change.
        for name, text in value.items():
            if not isinstance(name, str) or not isinstance(text, str):
                raise TypeError("tag names and values are str")
            _beyt.Game.check_tag(name, text)
        for name in list(self._core.tags):
            if name not in value:
                self._core.del_tag(name)
        for name, text in value.items():
            self._core.set_tag(name, text)

    def add_variation(self, turn: Optional[str] = None, *, events: Optional[Sequence[str]] = None) -> Move:
        """Plays a turn at the start (the first turn; where there is one
        already, a variation of it, or that turn when it is the same): its
        text, or ``events=[...]`` as ``Position.legal_events()`` lists them.
        Returns its Move; ``Move.add_variation`` goes on from there. Raises
        IllegalMove (.code E3xx, .turn, .move, .offset) with the record
        unchanged; ArgumentError unless exactly one of turn, events is given;
        TypeError for events given as one str (a list of str is wanted)."""
        return self._core.add_variation(turn, events=events)

    def add_line(self, moves: Sequence[str]) -> Move:
        """Plays ``moves`` from the start, each a whole turn or one event
        (events gathered into their turns): the main line of a new game.
        Returns the Move of the last turn; all or nothing, as
        ``add_variation``. TypeError for one str (a list of str is wanted:
        ``add_line(["a3,a4"])``, or ``add_variation("a3,a4")``)."""
        return self._core.enter(moves)

    def end(self) -> Union["Game", Move]:
        """The last Move of the main line, or the game itself when it has
        no turn yet (python-chess's ``end()``): ``game.end().add_variation(t)``
        appends to the main line."""
        last = self._core.end()
        return self if last is None else last

    @property
    def game(self) -> Optional[str]:
        """The Game tag (a name of beyt.games()), or None."""
        return self._core.tags.get("Game")

    @property
    def rules(self) -> Optional[str]:
        """The Rules tag ("walker; size=7"), or None (the game's default preset)."""
        return self._core.tags.get("Rules")

    @property
    def result(self) -> str:
        """The result token after the moves: "1-0", "0-1", "1/2-1/2" or "*".
        Settable (the Result tag too, where there is one); ArgumentError for
        any other text. Turns that finish the game set it to the engine's."""
        return self._core.result

    @result.setter
    def result(self, token: str) -> None:
        self._core.set_result(token)

    @property
    def comments(self) -> Annotations[str]:
        """The game's own comments, before its first turn: a list whose
        changes are kept (Annotations); settable (a list of str).
        ArgumentError for a comment no record can hold as it is."""
        core = self._core
        return Annotations(lambda: list(core.comments), core.set_comments)

    @comments.setter
    def comments(self, value: Sequence[str]) -> None:
        self._core.set_comments(list(value))

    @property
    def file(self) -> str:
        """The file it was read from (as given), "<text>", "<stream>" or "<generated>"."""
        return self._core.file

    @property
    def index(self) -> int:
        """Its 1-based place in its file."""
        return self._core.index

    @property
    def readable(self) -> bool:
        """False for a game the reader could not read (see ``errors``)."""
        return self._core.readable

    def mainline(self) -> List[Move]:
        """The Moves of the main line, in order (``ply`` 1, 2, ...)."""
        return self._core.mainline()

    def positions(self) -> Iterator[Position]:
        """The replay of the main line: the initial (or SetUp) position, then
        the position after each turn, up to the first illegal move (``errors``
        says which). Each is an independent Position. The replay runs in C++
        without the GIL."""
        return iter(self._core._positions())

    @property
    def errors(self) -> List[Diagnostic]:
        """The diagnostics of replaying this game as ``beyt validate`` does
        (main line, variations, result): the first error, then warnings
        (W401). Empty when the game is valid. Computed without the GIL, once
        for each state of the record (again after an edit)."""
        return list(self._core._errors())

    def to_text(self) -> str:
        """The record in the canonical text notation (notation/NOTATION.md)."""
        return self._core.to_text()

    def to_json(self) -> str:
        """The record as a JSON record document (schemas/record.schema.json)."""
        return self._core.to_json()

    def to_xml(self) -> str:
        """The record as an XML record document (schemas/record.xsd)."""
        return self._core.to_xml()

    def to_jsonl(self) -> str:
        """The record as one line of JSON Lines (docs/COLLECTIONS.md)."""
        return self._core.to_jsonl()

    def svg(self, ply: Union[int, str] = 0, *, cell: float = 40, flipped: bool = False,
            monochrome: bool = False) -> str:
        """The SVG plate of a position, as ``beyt render --format svg --ply
        PLY`` draws it: ``ply`` a turn of the main line (0 the start) or a
        variation's address ("12.1.14", docs/DIAGRAMS.md); ``cell`` in px,
        from 8 to 400 (``--size``'s range; else ArgumentError, a
        ValueError). Raises Error for a position the record does not have,
        IllegalMove or RecordError when the replay fails before it."""
        return self._core.svg(str(ply), cell, flipped, monochrome)

    def viewer_html(self) -> str:
        """The game viewer page of this game (docs/DIAGRAMS.md, "The viewer"):
        one self-contained HTML page, every position's board, the move list."""
        return self._core.viewer_html()

    def _repr_html_(self) -> str:
        # Shown inline in Jupyter: the viewer page in a sandboxed frame (its
        # script runs in the frame; nothing is loaded from anywhere).
        import html
        page = self.viewer_html()
        return ('<iframe sandbox="allow-scripts" style="width:100%;height:640px;border:0" srcdoc="'
                + html.escape(page, quote=True) + '"></iframe>')

    def __eq__(self, other: object) -> bool:
        """Equal records: the same tags, comments, moves (with their
        annotations and variations) and result, as the library compares
        records (a game read from JSON equals the same game read from text).
        Where it was read (``file``, ``index``, lines) is not compared. An
        object of another type: NotImplemented (== is False)."""
        if not isinstance(other, Game):
            return NotImplemented
        return bool(self._core == other._core)

    def __hash__(self) -> int:
        return hash(self._core)

    def __reduce__(self) -> tuple:
        # pickle, copy.deepcopy, multiprocessing, Dask: the record with its
        # places (the replay's diagnostics are the same after), rebuilt in C++.
        return (Game._of, (self._core,))

    def __copy__(self) -> "Game":
        """A new Game of the same record (as ``copy.deepcopy``): a Game is a
        value, and an edit of the copy leaves this one as it was."""
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        if not self.readable:
            return f"<Game {self.file} #{self.index}: unreadable>"
        return f"<Game {self.file} #{self.index}: {self.game} {self.result}, {len(self._core.mainline())} turns>"


def _source(source: Any, text: Union[str, bytes, None]) -> tuple:
    """(kind, value, name) for GameReader: a path, a text or a file object."""
    if text is not None:
        if source is not None:
            raise TypeError("read_games: give the source or text=, not both")
        if not isinstance(text, (str, bytes)):
            raise TypeError(f"read_games: text= takes str or bytes, not {type(text).__name__}")
        return "text", text, "<text>"
    if isinstance(source, (str, bytes, os.PathLike)):
        path = os.fspath(source)  # a str (or bytes) is a path, as open() takes it
        name = path if isinstance(path, str) else path.decode("utf-8", "replace")
        return "path", path, name
    if hasattr(source, "read"):
        name = getattr(source, "name", None)
        return "file", source, name if isinstance(name, str) else "<stream>"
    raise TypeError(f"read_games: a path, a file object or text=, not {type(source).__name__}")


@_with_formats
def read_games(source: Union[str, bytes, "os.PathLike[str]", io.IOBase, None] = None, format: Optional[str] = None,
               *, text: Union[str, bytes, None] = None) -> Iterator[Game]:
    """The games of ``source``, one at a time, lazily: a huge file streams in
    flat memory: the library's pull reader (beyt/notation/reader.hpp) reads
    each game when Python asks for it, with the GIL released.

    ``source``: a path (str, bytes or os.PathLike: a str is always a path,
    as ``open()`` takes it; "-" is standard input, as for the CLI), or a
    file object (text or binary, its ``read()`` is called). Record text
    itself is given as ``text=`` (str or bytes), or as ``io.StringIO(text)``.
    ``format``: @FORMATS@; None finds it as the CLI
    does (the extension, @EXTENSIONS@, else the first bytes,
    which are kept and read again from memory: a pipe, a FIFO or
    /dev/stdin is read whole).

    A file object's ``read()`` may give bytes or any bytes-like object
    (bytearray, memoryview), or str from a text file; anything else (or
    str from a binary file) is a TypeError. ``None`` (a non-blocking file
    with no data yet) is not the end: the reader waits for data on the
    file's ``fileno()``, or fails with InputError when it has none.

    A game the reader cannot read is yielded as a Game with ``readable``
    False and the reader's diagnostic in ``errors``; reading goes on at the
    next game. Raises InputError (E501) for a path that cannot be read,
    ArgumentError (a ValueError) for a path holding a NUL byte or an
    unknown format, and RecordError where the reader cannot go on (a JSON
    syntax error), after the games before it.

    >>> import beyt
    >>> [g.tags["Round"] for g in beyt.read_games("samples/seega/walker-5x5.json")]
    ['1']
    """
    kind, value, name = _source(source, text)
    reader = _beyt.GameReader(kind, value, format, name)
    return _iterate(reader)


def _iterate(reader: Any) -> Iterator[Game]:
    try:
        while True:
            item = reader.next()
            if item is None:
                return
            what, value = item
            if what == "game" or what == "error":
                yield Game._of(value)
            elif what == "stopped":
                if value is not None:
                    raise (InputError if value.code == "E501" else RecordError)(value.message, value.code,
                                                                               diagnostic=value)
                return
    finally:
        reader.close()


class _Handle:
    """The reading of a file object that read_game left off: the games
    still to come (None once they are all read), and where the file stood
    after (its tell(), or None)."""

    __slots__ = ("ref", "games", "format", "mark", "weak")

    def __init__(self, ref: Any, games: Iterator[Game], format: Optional[str], weak: bool) -> None:
        self.ref = ref
        self.games: Optional[Iterator[Game]] = games
        self.format = format
        self.mark: Any = None
        self.weak = weak  # the file object is held weakly: the entry may outlive its games


#: read_game's readings of file objects, by id() of the file object.
_handles: Dict[int, _Handle] = {}


def _mark(f: Any) -> Any:
    try:
        return f.tell()
    except Exception:  # not seekable (a pipe), or closed: nothing to compare
        return None


def _drop(key: int, handles: Dict[int, _Handle] = _handles) -> None:
    # (`handles` bound here: at the interpreter's exit a weak reference's
    # callback may run after the module's globals are cleared.)
    handle = handles.pop(key, None)
    if handle is not None and handle.games is not None:
        handle.games.close()  # type: ignore[attr-defined]


def _first(games: Iterator[Game]) -> Optional[Game]:
    for game in games:
        if not game.readable:
            d = game.errors[0]
            raise RecordError(d.message, d.code, diagnostic=d)
        return game
    return None


def read_game(source: Union[str, bytes, "os.PathLike[str]", io.IOBase, None] = None, format: Optional[str] = None,
              *, text: Union[str, bytes, None] = None) -> Optional[Game]:
    """The next game of ``source`` (as read_games takes it), or None when it
    has no more. Raises RecordError when that game cannot be read.

    A path or ``text=`` gives its first game. A file object gives its games
    one call after the other, in every format, as python-chess's
    ``read_game`` does::

        with open("games.beyt", "rb") as f:
            while (game := beyt.read_game(f)) is not None:
                ...

    The reader reads ahead of the game it returns, so the reading of a
    file object is kept between calls (until its end, an error that stops
    it, or the file object's end of life): the next call goes on from it
    when the file still stands where that reading left it (its ``tell()``);
    a file moved (``seek``) in between is read afresh from where it stands.
    Read the file object with read_game only (not read_games, not its own
    ``read()``) while games are left.

    >>> import beyt
    >>> beyt.read_game(text='[Game "seega"]\\n\\n1. b2,c4 *\\n').mainline()[0].text
    'b2,c4'
    """
    kind, _, _ = _source(source, text)
    if kind != "file":
        games = read_games(source, format, text=text)
        try:
            return _first(games)
        finally:
            games.close()  # type: ignore[attr-defined]
    key = id(source)
    handle = _handles.get(key)
    if handle is not None and (handle.ref() is not source or handle.format != format or handle.mark != _mark(source)):
        _drop(key)
        handle = None
    if handle is None:
        weak = True
        try:
            ref: Any = weakref.ref(source, lambda _, key=key, drop=_drop: drop(key))
        except TypeError:  # no weak references: held until its games are read
            ref, weak = (lambda source=source: source), False  # noqa: E731
        handle = _Handle(ref, read_games(source, format), format, weak)
        _handles[key] = handle
    if handle.games is None:  # all read, and the file not moved since: still the end
        return None
    try:
        game = next(handle.games)
    except StopIteration:
        if handle.weak:  # the end is kept: a JSON or XML file at its end is no empty document
            handle.games = None
            handle.mark = _mark(source)
        else:
            _drop(key)
        return None
    except BaseException:
        _drop(key)
        raise
    handle.mark = _mark(source)
    if not game.readable:  # the reading goes on at the next game
        d = game.errors[0]
        raise RecordError(d.message, d.code, diagnostic=d)
    return game


class _Fields(dict):
    """A dict whose keys are also attributes."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Report(_Fields):
    """What ``beyt validate`` says about its inputs, as a dict: ``inputs``,
    ``unreadable``, ``games``, ``valid``, ``invalid``, ``outside`` (errors
    outside any game), ``stopped`` (inputs whose checking stopped early;
    ``stop`` says where the last one stopped), ``errors`` (every error
    diagnostic, a game may have several, but those of unreadable inputs),
    ``warnings``, ``diagnostics`` (Diagnostics in the CLI's order),
    ``summary`` (the CLI's summary line) and ``ok`` (the CLI exits 0)."""


def validate(paths: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
             jobs: Optional[int] = None, *, strict: bool = False, game: Optional[str] = None,
             format: Optional[str] = None) -> Report:
    """Validates files as ``beyt validate`` does, through the same library
    call (notation/validate_inputs.hpp): the same counts and the same
    diagnostics in the same order, with ``strict`` as ``--strict``, ``game``
    as ``--game`` and ``format`` as ``--from``. ``jobs`` is ``beyt
    validate``'s ``-j``: the threads checking games, this one included (at
    most 256), every input through them; None, as ``beyt validate`` without
    ``-j``: the number of cores when some input is a text file over 1 MiB
    (read in pieces by every thread), one thread for everything else. The
    report is the same whatever ``jobs`` (equal to ``beyt validate -j
    JOBS``'s output). Runs without the GIL; raises ArgumentError (a
    ValueError) for ``jobs`` below 1, an unknown ``format`` or a
    path holding a NUL byte (before anything is read), RecordError (E202)
    for an unknown ``game``; an input that cannot be read is an E501
    diagnostic of the report, never an exception.

    >>> import beyt
    >>> r = beyt.validate(["samples/invalid/E304-occupied.beyt"])
    >>> r.games, r.invalid, r.diagnostics[0].code, r.diagnostics[0].line
    (1, 1, 'E304', 12)
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    names = [os.fspath(p) for p in paths]
    if jobs is None:
        jobs = 0  # the library's default: beyt validate without -j
    elif not 1 <= jobs <= 2**32 - 1:  # as beyt validate -j (the library takes at most 256 threads)
        raise ArgumentError(f"jobs must be a whole number from 1 to 4294967295, not {jobs}")
    return Report(_beyt.validate(names, jobs, strict, game or "", format))


class StatsReport(dict):
    """What ``beyt stats`` counts, as ``beyt stats --json``'s object (a dict:
    ``games``, ``unreadable``, ``groups``, each group with ``game``,
    ``rules``, ``games``, ``valid``, ``invalid``, ``results``, ``turns``,
    ``first_turns`` and for Mankalah and Um el-Banât ``board_ends`` or
    ``stage_ends``), with ``.table`` (the CLI's table), ``.diagnostics``
    (what could not be read, which the CLI prints on standard error) and
    ``.ok`` (the CLI exits 0)."""

    table: str = ""
    diagnostics: List[Diagnostic] = []
    ok: bool = True


def stats(paths: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]], *, top: int = 5,
          format: Optional[str] = None) -> StatsReport:
    """``beyt stats`` of the inputs, in this process (beyt.dask.stats on a
    cluster): per game and rule set, games, results, valid and invalid games,
    turns, the ``top`` most frequent first turns, board or stage ends.
    ``format`` as ``--from``. Raises ArgumentError (a ValueError) for a
    negative ``top``, an unknown ``format`` or a path holding a NUL byte.

    >>> import beyt
    >>> s = beyt.stats(["samples/seega/walker-5x5.beyt", "samples/tab/lane-9.beyt"])
    >>> s["games"], [g["game"] for g in s["groups"]]
    (2, ['tab', 'seega'])
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    _check_top(top)
    return _merge_stats([_beyt.stats_part(os.fspath(p), 0, 0, True, format) for p in paths], top)


def _check_top(top: int) -> None:
    if not 0 <= top <= 2**32 - 1:
        raise ArgumentError(f"top must be from 0 to 4294967295, not {top}")


def _merge_stats(parts: List[Dict[str, Any]], top: int) -> StatsReport:
    unreadable = sum(p["unreadable"] for p in parts)
    text, table = _beyt.stats_report([p["state"] for p in parts], unreadable, top)
    report = StatsReport(json.loads(text))
    report.table = table
    report.diagnostics = [d for p in parts for d in p["diagnostics"]]
    report.ok = not any(p["failed"] for p in parts) and unreadable == 0
    return report


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


@_with_formats
def write_games(games: Iterable[Game], target: Union[str, "os.PathLike[str]"], format: Optional[str] = None,
                force: bool = False) -> int:
    """Writes ``games`` to the file ``target`` in ``format`` (@FORMATS@;
    None: from the extension, text for any other),
    through the library's safe writes, as the CLI writes its -o files: to a
    temporary file beside ``target``, synced and renamed over it only when
    every game was written, so that an error leaves the old file as it was
    (with its mode). A write-protected ``target`` is refused (WriteError
    E503) unless ``force``, as ``beyt convert --force``. A game read from
    ``target`` itself is refused (WriteError E504) and nothing is written.
    A ``target`` holding a NUL byte or an unknown ``format`` is an
    ArgumentError (a ValueError). Returns the number of games written."""
    path = os.fspath(target)
    if format is None:
        format = _beyt.output_format(path)
    writer = _beyt.Writer(path, format, force)
    count = 0
    try:
        for game in games:
            if game.file and os.path.exists(path) and _same_file(game.file, path):
                raise WriteError(f"the output '{path}' is one of the inputs", "E504")
            writer.game(game._core)
            count += 1
        writer.finish()
    except BaseException:
        writer.discard()
        raise
    return count


def generate(game: str, rules: Optional[str] = None, seed: int = 1, count: int = 1,
             max_turns: int = 400) -> Iterator[Game]:
    """``count`` random legal games, as ``beyt generate --game GAME --rules
    RULES --seed SEED --count COUNT --max-turns MAX_TURNS`` writes them (the
    same library function: the same seed gives the same games), yielded one
    at a time: they are made a few at a time as they are asked for (at most
    64 at once), so that any number of them takes little memory
    (``list(beyt.generate(...))`` holds them all). Ctrl-C (SIGINT) raises
    KeyboardInterrupt within moments, however long a game. Raises
    RecordError for an unknown game (E202) or rules (E203), ArgumentError
    for a negative count or max_turns, at the call.

    >>> import beyt
    >>> [g.result for g in beyt.generate("mankalah", seed=3, count=2)]
    ['1-0', '0-1']
    """
    if count < 0 or max_turns < 0:
        raise ArgumentError("count and max_turns must not be negative")
    return _generated(_beyt.Generator(game, rules, seed, count, max_turns))


def _generated(generator: Any) -> Iterator[Game]:
    while True:
        batch = generator.next_batch()
        if not batch:
            return
        for core in batch:
            yield Game._of(core)


class Playouts(_Fields):
    """What ``playouts`` returns, as a dict whose keys are also attributes:
    ``results`` (each playout's result, "1-0", "0-1", "1/2-1/2" or "*" for
    one stopped at ``max_turns``, in order), ``turns`` (each playout's
    turns played, in order), ``tally`` (the number of each result, the four
    keys always present), ``count``, and the call's ``game``, ``rules``,
    ``seed`` and ``max_turns``."""


def playouts(game: str, count: int = 1, rules: Optional[str] = None, seed: int = 1,
             max_turns: int = 400) -> Playouts:
    """``count`` random playouts of ``game`` under ``rules`` (None: its
    default preset) from the initial position, by the random player of
    ``beyt generate`` (the library's notation::random_playouts): they end as
    ``beyt.generate(game, rules, seed, count, max_turns)``'s games (the same
    results, the same numbers of turns) without making their records, about
    as fast as the C++ engine plays. ``seed`` (0 to 2**64-1) seeds one
    generator for all of them: the same arguments give the same playouts.
    Runs without the GIL (other Python threads go on meanwhile); Ctrl-C
    (SIGINT) raises KeyboardInterrupt within moments. Raises RecordError for
    an unknown game (E202) or rules (E203), ArgumentError (a ValueError) for
    a negative ``count`` or ``max_turns``.

    >>> import beyt
    >>> p = beyt.playouts("mankalah", 2, seed=3)
    >>> p.results, p.tally["1-0"]
    (['1-0', '0-1'], 1)
    """
    if not 0 <= count <= 2**32 - 1 or not 0 <= max_turns <= 2**32 - 1:
        raise ArgumentError(f"count and max_turns must be from 0 to 4294967295, not {count} and {max_turns}")
    results, turns = _beyt.playouts(game, rules, seed, count, max_turns)
    tally = dict.fromkeys(("1-0", "0-1", "1/2-1/2", "*"), 0)
    for result in results:
        tally[result] += 1
    return Playouts(game=game, rules=rules, seed=seed, max_turns=max_turns, count=len(results), results=results,
                    turns=turns, tally=tally)


def games() -> List[Dict[str, Any]]:
    """The table of games, as ``beyt games --json`` gives each: name, title,
    sources, presets (name, settings, help; the first is the default),
    options (name, values, default, help, source).

    >>> import beyt
    >>> list(beyt.games()[0])
    ['name', 'title', 'sources', 'presets', 'options']
    """
    return [json.loads(text) for text in _beyt.games()]
