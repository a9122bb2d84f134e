"""beyt on a Dask cluster: ``validate`` and ``stats`` of an archive split
into partitions, checked on the workers and merged in input order, giving
the report of ``beyt validate`` and ``beyt stats`` (docs/python/README.md,
"Beyond one machine").

The partitions: every input is one, and a JSON Lines file (one game per line)
larger than ``blocksize`` bytes is cut into parts of about ``blocksize``
bytes at line ends, as ``dask.bytes.read_bytes`` cuts text. Each worker reads
its partition from the path itself (the workers must see the files at the
same paths: a shared file system), replays its games with the library, and
sends back diagnostics and counts; the client puts them in input order.

>>> import beyt.dask
>>> beyt.dask.validate("samples/seega/*.beyt").games
4
"""

from __future__ import annotations

import glob as _glob
import json
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import dask
from dask import delayed

from . import ArgumentError, Report, StatsReport, _beyt, _check_top, _merge_stats

__all__ = ["validate", "stats", "partitions"]

#: The default partition size of a JSON Lines file, bytes.
BLOCKSIZE = 64 * 2**20


def _expand(paths_or_glob: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]) -> List[str]:
    """The inputs: each path as given, or the sorted matches of a glob pattern
    (a pattern that matches nothing stays, so that it is reported unreadable)."""
    items = [paths_or_glob] if isinstance(paths_or_glob, (str, os.PathLike)) else list(paths_or_glob)
    out: List[str] = []
    for item in items:
        path = os.fspath(item)
        _beyt.check_path(path)  # a NUL byte: ArgumentError (a ValueError), before any work
        if _glob.has_magic(path):
            out += sorted(_glob.glob(path)) or [path]
        else:
            out.append(path)
    return out


def _blocksize(blocksize: Optional[int]) -> int:
    """``blocksize``, BLOCKSIZE for None: a whole number of bytes, at least 1
    (TypeError for another type, ArgumentError, a ValueError, below 1)."""
    if blocksize is None:
        return BLOCKSIZE
    if isinstance(blocksize, bool) or not isinstance(blocksize, int):
        raise TypeError(f"blocksize must be a whole number of bytes, not {type(blocksize).__name__}")
    if blocksize < 1:
        raise ArgumentError(f"blocksize must be at least 1 byte, not {blocksize}")
    return blocksize


def partitions(path: str, blocksize: Optional[int] = None, format: Optional[str] = None,
               ) -> List[Tuple[int, int]]:
    """The nominal byte ranges (start, end) ``path`` is cut into: one (0, 0)
    (the whole input) unless it is JSON Lines (by ``format`` or its
    extension .jsonl) and larger than ``blocksize`` (bytes, at least 1;
    None: BLOCKSIZE; else TypeError or ArgumentError, a ValueError)."""
    blocksize = _blocksize(blocksize)
    is_jsonl = (format or _beyt.output_format(path)) == "jsonl"
    try:
        size = os.path.getsize(path) if is_jsonl and os.path.isfile(path) else 0
    except OSError:
        size = 0
    if size <= blocksize:
        return [(0, 0)]
    return [(start, min(start + blocksize, size)) for start in range(0, size, blocksize)]


def _line_start(f: Any, at: int) -> int:
    """The first line start at or after byte ``at``."""
    if at == 0:
        return 0
    pos = at - 1
    f.seek(pos)
    while True:
        chunk = f.read(1 << 16)
        if not chunk:
            return pos
        i = chunk.find(b"\n")
        if i >= 0:
            return pos + i + 1
        pos += len(chunk)


def _bounds(path: str, start: int, end: int) -> Tuple[int, int]:
    """The real range of a part: from the first line start at or after
    ``start`` to the first at or after ``end`` (the file's end for the last)."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        real_start = _line_start(f, start)
        real_end = size if end >= size else _line_start(f, end)
    return real_start, max(real_start, real_end)


def _count(path: str, start: int, end: int) -> Tuple[int, int, int, int]:
    """(start, end, lines, games) of a part: its line ends and its non-blank lines."""
    real_start, real_end = _bounds(path, start, end)
    lines = games = 0
    with open(path, "rb") as f:
        f.seek(real_start)
        left = real_end - real_start
        rest = b""
        while left > 0:
            chunk = f.read(min(left, 1 << 20))
            if not chunk:
                break
            left -= len(chunk)
            lines += chunk.count(b"\n")
            parts = (rest + chunk).split(b"\n")
            rest = parts.pop()
            games += sum(1 for line in parts if line.strip(b" \t\r"))
        if rest.strip(b" \t\r"):
            games += 1
    return real_start, real_end, lines, games


def _validate_whole(path: str, strict: bool, game: str, format: Optional[str]) -> Dict[str, Any]:
    return _beyt.validate([path], 1, strict, game, format)


def _validate_part(path: str, start: int, end: int, lines_before: int, games_before: int, strict: bool,
                   game: str) -> Dict[str, Any]:
    return _beyt.validate_part(path, start, end - start, lines_before, games_before, strict, game)


def _compute(tasks: List[Any], client: Any) -> List[Any]:
    if not tasks:
        return []
    if client is not None:
        return client.gather(client.compute(tasks))
    return list(dask.compute(*tasks))


def validate(paths_or_glob: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
             client: Any = None, blocksize: Optional[int] = None, *, strict: bool = False,
             game: Optional[str] = None, format: Optional[str] = None) -> Report:
    """``beyt validate`` of the inputs on a Dask cluster: the same Report as
    beyt.validate (counts, diagnostics in input order, the summary line).

    ``paths_or_glob``: a path, a glob pattern ("archive/*.jsonl") or a list
    of them. ``client``: a ``distributed.Client`` (None: the default client
    if one is running, else Dask's local scheduler). ``blocksize``: the size
    of the parts a JSON Lines file is cut into (default 64 MiB). ``strict``,
    ``game``, ``format`` as for beyt.validate. A ``blocksize`` below 1 is
    an ArgumentError (a ValueError), raised before any work."""
    blocksize = _blocksize(blocksize)
    paths = _expand(paths_or_glob)
    game_name = game or ""
    if game_name:
        _beyt.validate([], 1, False, game_name, None)  # an unknown game: RecordError E202, before any work
    plan = [(path, partitions(path, blocksize, format)) for path in paths]
    # First pass: the real bounds, lines and games of every part of a split file.
    counted = _compute([delayed(_count)(path, s, e) for path, parts in plan if len(parts) > 1 for s, e in parts],
                       client)
    tasks = []
    firsts = []  # whether a task is the first (or only) part of its input
    it = iter(counted)
    for path, parts in plan:
        if len(parts) == 1:
            tasks.append(delayed(_validate_whole)(path, strict, game_name, format))
            firsts.append(True)
            continue
        lines = games = 0
        first = True
        for _ in parts:
            real_start, real_end, n_lines, n_games = next(it)
            if real_end > real_start:
                tasks.append(delayed(_validate_part)(path, real_start, real_end, lines, games, strict, game_name))
                firsts.append(first)
                first = False
            lines += n_lines
            games += n_games
    results = _compute(tasks, client)
    tallies = []
    diagnostics: List[Any] = []
    for result, first in zip(results, firsts):
        tally = dict(result)
        if not first:
            tally["inputs"] = 0
        diagnostics += tally.pop("diagnostics")
        tallies.append(tally)
    report = _beyt.merge_tallies(tallies)
    report["diagnostics"] = diagnostics
    return Report(report)


def _stats_part(path: str, start: int, end: int, whole: bool, format: Optional[str]) -> Dict[str, Any]:
    if whole:
        return _beyt.stats_part(path, 0, 0, True, format)
    real_start, real_end = _bounds(path, start, end)
    return _beyt.stats_part(path, real_start, real_end - real_start, False, format)


def stats(paths_or_glob: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
          client: Any = None, blocksize: Optional[int] = None, *, top: int = 5,
          format: Optional[str] = None) -> StatsReport:
    """``beyt stats`` of the inputs on a Dask cluster: the partitions' counters
    merged in input order, giving the StatsReport of beyt.stats (``beyt
    stats --json``'s object, ``.table`` the CLI's table). Arguments as for
    validate; ``top`` as ``--top`` (a negative one: ArgumentError)."""
    blocksize = _blocksize(blocksize)
    _check_top(top)
    paths = _expand(paths_or_glob)
    tasks = []
    for path in paths:
        parts = partitions(path, blocksize, format)
        for start, end in parts:
            tasks.append(delayed(_stats_part)(path, start, end, len(parts) == 1, format))
    return _merge_stats(_compute(tasks, client), top)
