"""The exceptions of beyt: every one derives from :class:`Error` and carries
the stable diagnostic code of docs/ERRORS.md in ``.code`` ("E304"), or None
where no code applies (a usage error of the Python API itself).
"""

from __future__ import annotations

from typing import Optional


class Error(Exception):
    """A beyt error. ``.code`` is its stable code ("E203") or None;
    ``.message`` its words (the library's reason)."""

    def __init__(self, message: str, code: Optional[str] = None, **details: str) -> None:
        super().__init__(f"{code}: {message}" if code else message)
        self.message = message
        self.code = code
        for key, value in details.items():
            setattr(self, key, int(value) if key in ("offset", "turn") else value)


class IllegalMove(Error, ValueError):
    """A move the rules do not allow here, or not in the game's move syntax
    (E3xx). ``.move`` is the move text, ``.reason`` the rule it breaks (with
    its source), ``.offset`` the byte offset of the offending part in the move
    text."""

    def __init__(self, message: str, code: Optional[str] = None, **details: str) -> None:
        super().__init__(message, code, **details)
        self.reason = message


class RecordError(Error, ValueError):
    """A record, game name, rule set or position text that is not valid:
    E1xx (syntax), E15x/E16x (JSON, XML), E2xx (Game, Rules, SetUp), E4xx."""


class ArgumentError(Error, ValueError):
    """An argument of the Python API that beyt cannot take, as Python's own
    functions raise ValueError for it: a number out of its range (a
    ``blocksize`` below 1, ``jobs`` below 1, a negative ``top``, an
    SVG ``cell`` outside 8..400 px, NaN), a path holding a NUL byte (the
    system would read it cut at the NUL), an unknown format. ``.code`` is
    None (E502 for an unknown format)."""


class InputError(Error, OSError):
    """An input that cannot be read (E501), with the system's reason."""


class WriteError(Error, OSError):
    """An output that cannot be written (E503; the old file is kept), or an
    output that is one of the inputs (E504)."""
