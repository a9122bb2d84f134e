"""Games kept packed (issue 30, "Lazy and lean"; docs/python/README.md,
"Memory"): the games of a list are packed once two more have been read,
generated games as they are made, and a packed game answers every call as
the unpacked one does, keeping packed for what reads it as it is."""

import copy
import pathlib
import pickle

import pytest

import beyt
from conftest import GAMES, sample


def read_twice(path):
    """The games of `path` kept in a list (packed but the last two), and the
    same games each unpacked (mainline())."""
    kept = list(beyt.read_games(path))
    unpacked = list(beyt.read_games(path))
    for g in unpacked:
        g.mainline()
    return kept, unpacked


@pytest.fixture(scope="module", params=["beyt", "json", "xml", "jsonl"])
def archive(request, tmp_path_factory):
    """Six generated games of each game written in one file of each format."""
    path = tmp_path_factory.mktemp("memory") / ("six." + request.param)
    games = [g for game in GAMES for g in beyt.generate(game, seed=3, count=6, max_turns=80)]
    beyt.write_games(games, str(path))
    return str(path)


def test_a_list_of_games_is_packed_but_the_last_two(archive):
    read = list(beyt.read_games(archive))
    assert [g._core._packed for g in read] == [True] * (len(read) - 2) + [False, False]
    assert all(g._core._packed for g in beyt.generate("seega", count=3))


def test_a_game_whose_moves_are_asked_for_is_not_packed(archive):
    games = beyt.read_games(archive)
    first = next(games)
    first.mainline()  # its moves asked for: kept unpacked
    rest = list(games)
    assert not first._core._packed and len(rest) == 29 and rest[0]._core._packed


def test_a_packed_game_answers_as_the_unpacked_one(archive):
    kept, unpacked = read_twice(archive)
    assert sum(g._core._packed for g in kept) == len(kept) - 2
    for a, b in zip(kept, unpacked):
        packed = a._core._packed
        assert dict(a.tags) == dict(b.tags) and a.result == b.result and a.comments == b.comments
        assert a.game == b.game and a.rules == b.rules and a._core.line == b._core.line
        assert a.errors == b.errors
        assert a.to_text() == b.to_text() and a.to_json() == b.to_json() and a.to_xml() == b.to_xml()
        assert a == b and hash(a) == hash(b)
        assert pickle.loads(pickle.dumps(a)) == b and copy.deepcopy(a) == b
        assert a._core._packed == packed, "read as it is: still packed"
        assert a.mainline() == b.mainline() and not a._core._packed
        assert [m.line for m in a.mainline()] == [m.line for m in b.mainline()]


def test_a_packed_game_is_edited_and_written(archive, tmp_path):
    games = list(beyt.read_games(archive))
    assert games[0]._core._packed
    games[0].tags["Site"] = "Cairo"
    assert not games[0]._core._packed and games[0].tags["Site"] == "Cairo"
    assert games[1]._core._packed
    games[1].comments = ["packed, then commented"]
    out = tmp_path / "out.json"
    assert beyt.write_games(games, str(out)) == len(games)
    back = list(beyt.read_games(str(out)))
    assert back[0].tags["Site"] == "Cairo" and back[1].comments == ["packed, then commented"]
    assert [g.mainline() for g in back[2:]] == [g.mainline() for g in games[2:]]


@pytest.mark.parametrize("game", GAMES)
def test_generated_games_are_packed_and_replay(game):
    for g in beyt.generate(game, count=2, max_turns=60):
        assert g._core._packed
        positions = list(g.positions())
        assert not g._core._packed and len(positions) == len(g.mainline()) + 1


def test_a_packed_game_points_its_errors_where_the_read_one_does(tmp_path):
    # Four copies of an invalid game in one file: the diagnostics of the
    # packed ones give the lines and columns of their own copy.
    text = pathlib.Path(sample("invalid", "E304-occupied.beyt")).read_text(encoding="utf-8")
    path = tmp_path / "four.beyt"
    path.write_text("\n".join([text] * 4), encoding="utf-8")
    kept = list(beyt.read_games(str(path)))
    assert [g._core._packed for g in kept] == [True, True, False, False]
    lines = [g.errors[0].line for g in kept]
    assert len(set(lines)) == 4 and all(g._core._packed for g in kept[:2])
    for g, fresh in zip(kept, beyt.read_games(str(path))):
        assert g.errors == fresh.errors and g.errors[0].code == "E304"
