"""Value types of the beyt package."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic, as ``beyt validate --diagnostics json`` writes it (the
    same keys and values): ``file``; ``line`` and ``column`` (1-based,
    columns in code points; 0 for the whole input); ``pointer`` (the JSON
    Pointer or XML element path, "" for text); ``severity`` ("error" or
    "warning"); ``code`` ("E304", "W401"); ``name`` ("occupied");
    ``game`` and ``turn`` (1-based, 0 when not in a game or at a move);
    ``player`` ("South", "North" or ""); ``message`` (the reason).
    ``str()`` gives the text form ``file:line:column: error[E304]: ...``."""

    file: str
    line: int
    column: int
    pointer: str
    severity: str
    code: str
    name: str
    game: int
    turn: int
    player: str
    message: str
    text: str = dataclasses.field(default="", repr=False, compare=False)

    def __str__(self) -> str:
        return self.text.rstrip("\n")

    def to_dict(self) -> dict:
        """The diagnostic as ``beyt validate --diagnostics json``'s object."""
        return {k: getattr(self, k) for k in ("file", "line", "column", "pointer", "severity", "code",
                                             "name", "game", "turn", "player", "message")}


# What the values of the C++ module (Position, Move, the core of Game) name
# in their __reduce__: pickle keeps a reference to these Python functions
# (a function of the module itself cannot be pickled by reference), which
# give their objects back from the plain tuples pickled.

def _position(game: str, rules: str, text: str, turns: list, moves: list, events: tuple = ()) -> object:
    """``events``: the indices in ``moves`` of those pushed as Event values
    (played again as events); none in a pickle of an earlier version."""
    from . import _beyt  # type: ignore[attr-defined]  # the compiled module has no stub of its own
    return _beyt._position(game, rules, text, turns, moves, list(events))


def _move(node: tuple, ply: int, turn: int, path: str = "") -> object:
    """``path``: the Move's place in its record ("12.1.14"); none in a
    pickle of an earlier version."""
    from . import _beyt  # type: ignore[attr-defined]  # the compiled module has no stub of its own
    return _beyt._move(node, ply, turn, path)


def _game(record: object, file: str, index: int, unreadable: object, edited: bool = False) -> object:
    """``edited``: made or edited in code (checked when written); False in a
    pickle of an earlier version."""
    from . import _beyt  # type: ignore[attr-defined]  # the compiled module has no stub of its own
    return _beyt._game(record, file, index, unreadable, edited)
