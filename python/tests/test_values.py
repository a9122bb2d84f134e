"""Positions, games and moves as values: == with any object, hash() where
equal, pickle and copy.deepcopy (through multiprocessing too), and no object
Python can make that crashes the interpreter (issue 32 findings 2 and 11;
issue 30, "Values that behave")."""

import copy
import io
import pathlib
import multiprocessing
import pickle
import random

import pytest

import beyt
from conftest import GAMES, sample, valid_samples

OTHERS = [None, 0, 1.5, "x", b"x", [], (), {}, object()]


def played(game, seed, events=60):
    """A position of `game` after up to `events` random events (throws,
    uses of throws, sowings, whole turns), pushed one by one."""
    rng = random.Random(seed)
    p = beyt.Position.start(game)
    for _ in range(events):
        if p.is_over():
            break
        chances = p.chance_outcomes()
        p.push(rng.choice([text for text, _ in chances]) if chances else rng.choice(p.legal_events()))
    return p


def games_with_annotations():
    out = []
    for path in valid_samples():
        out += list(beyt.read_games(path))
    assert any(m.variations for g in out for m in g.mainline()), "a sample with variations"
    assert any(m.comment for g in out for m in g.mainline()), "a sample with comments"
    return out


@pytest.mark.parametrize("other", OTHERS, ids=repr)
def test_comparisons_with_other_types(other):
    p = beyt.Position.start("seega")
    g = beyt.read_game(sample("seega", "walker-5x5.beyt"))
    m = g.mainline()[0]
    for value in (p, g, m):
        assert (value == other) is False
        assert (value != other) is True
        assert (other == value) is False
        assert value in [other, value]
        assert value not in [other]


def test_position_equality_and_hash():
    a, b = played("tab", 3), played("tab", 3)
    assert a == b and hash(a) == hash(b) and not (a != b)
    assert a != played("tab", 4)
    assert len({a, b, played("tab", 4)}) == 2


def test_moves_compare_by_value():
    # The same record read twice: its moves are equal (not the same objects).
    first = beyt.read_game(sample("seega", "walker-5x5.beyt")).mainline()
    second = beyt.read_game(sample("seega", "walker-5x5.beyt")).mainline()
    assert first == second and first[3] is not second[3]
    assert [hash(m) for m in first] == [hash(m) for m in second]
    assert first[3] != first[4]
    # Read from JSON, the same moves (where it was read is not compared).
    from_json = beyt.read_game(sample("seega", "walker-5x5.json")).mainline()
    assert from_json == first and from_json[0].line != first[0].line


def test_games_compare_by_record():
    text = beyt.read_game(sample("seega", "walker-5x5.beyt"))
    again = beyt.read_game(sample("seega", "walker-5x5.beyt"))
    from_json = beyt.read_game(sample("seega", "walker-5x5.json"))
    assert text == again == from_json and hash(text) == hash(from_json)
    other = beyt.read_game(sample("tab", "lane-9.beyt"))
    assert text != other
    assert len({text, again, from_json, other}) == 2


@pytest.mark.parametrize("game", GAMES)
def test_position_pickle_and_deepcopy(game):
    for seed in range(4):
        for events in (0, 1, 2, 3, 7, 40):
            p = played(game, seed, events)
            for q in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), copy.copy(p),
                      pickle.loads(pickle.dumps(p, protocol=0))):
                assert q == p and hash(q) == hash(p)
                assert q.text() == p.text() and q.rules == p.rules and q.event_stack == p.event_stack
                assert (q.turns_played, q.actor, q.player, q.throws_left) == \
                    (p.turns_played, p.actor, p.player, p.throws_left)
                assert q.legal_events() == p.legal_events() and q.chance_outcomes() == p.chance_outcomes()
                if p.event_stack:  # the event_stack comes along: pop() works on the copy
                    q.pop()
                    assert q.event_stack == p.event_stack[:-1]
    # The positions of a replay too, with the turns played to them; and a
    # position pushed on from one.
    for g in beyt.generate(game, seed=2, count=2, max_turns=40):
        for p in g.positions():
            for q in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), pickle.loads(pickle.dumps(copy.deepcopy(p)))):
                assert q == p and (q.turns_played, q.text(), q.legal_events()) == \
                    (p.turns_played, p.text(), p.legal_events())
        p = list(g.positions())[len(g.mainline()) // 2]
        if not p.is_over():
            chances = p.chance_outcomes()
            p.push(chances[0][0] if chances else p.legal_events()[0])
            q = pickle.loads(pickle.dumps(p))
            assert q == p and q.turns_played == p.turns_played and q.event_stack == p.event_stack
            q.pop()
            assert q == list(g.positions())[len(g.mainline()) // 2]


def test_position_pickle_keeps_rules():
    p = beyt.Position.start("seega", "walker; size=7")
    p.push(p.legal_events()[5])
    q = pickle.loads(pickle.dumps(p))
    assert q.rules == p.rules == "walker; size=7" and q == p


def test_game_and_move_pickle_and_deepcopy():
    games = games_with_annotations()
    for g in games:
        for h in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
            assert h == g and hash(h) == hash(g)
            assert (h.file, h.index, h._core.line, h.tags, h.result) == (g.file, g.index, g._core.line, g.tags, g.result)
            assert h.to_text() == g.to_text() and h.to_json() == g.to_json()
            assert h.errors == g.errors
            moves, again = g.mainline(), h.mainline()
            assert again == moves
            assert [(m.line, m.column, m.comment, m.nags) for m in again] == [(m.line, m.column, m.comment, m.nags)
                                                                            for m in moves]
            assert [m.variations for m in again] == [m.variations for m in moves]
        for m in g.mainline():
            n = pickle.loads(pickle.dumps(m))
            assert n == m and hash(n) == hash(m) and n.variations == m.variations
            assert (n.text, n.ply, n.turn, n.comments_before, n.comments_after, n.line) == \
                (m.text, m.ply, m.turn, m.comments_before, m.comments_after, m.line)


def test_unreadable_game_pickles():
    text = '[Game "seega"]\n\n1. b2,c4 {never closed *\n'
    g = next(beyt.read_games(text=text))
    assert not g.readable
    h = pickle.loads(pickle.dumps(g))
    assert not h.readable and h == g and h.errors == g.errors


def test_invalid_game_errors_survive_pickle():
    g = beyt.read_game(sample("invalid", "E304-occupied.beyt"))
    h = pickle.loads(pickle.dumps(g))
    assert h.errors == g.errors and h.errors[0].code == "E304" and h.errors[0].line == 12


@pytest.mark.parametrize("bad", [
    ("not", "a", "game"), (), [1, 2, 3],
    ([], [], [("x",)], b"*", (0, 0, 0, b"", 0, 0, 0), (0, 0, 0, b"", 0, 0, 0), (0, 0, 0, b"", 0, 0, 0), (0, 0, (0,) * 7)),
    ([], [], [], b"*", (0, 0, 0, b"", 0, 0, 99), (0, 0, 0, b"", 0, 0, 0), (0, 0, 0, b"", 0, 0, 0), (0, 0, (0,) * 7)),
], ids=repr)
def test_forged_pickles_are_refused(bad):
    with pytest.raises((ValueError, TypeError, RuntimeError)):
        beyt._beyt._game(bad, "f", 1, None)
    with pytest.raises((ValueError, TypeError, RuntimeError)):
        beyt._beyt._move(bad, 1, 1)
    with pytest.raises((ValueError, TypeError, RuntimeError)):
        beyt._beyt._game(None, "f", 1, (99999, b"", b"", (0,) * 7, 0, 0, b"", 0))


def test_position_unpickle_checks_moves():
    with pytest.raises(beyt.IllegalMove):
        beyt._beyt._position("seega", "", beyt.Position.start("seega").text(), [], ["c3,a1"])
    with pytest.raises(beyt.IllegalMove):
        beyt._beyt._position("seega", "", beyt.Position.start("seega").text(), ["c3,a1"], [])
    with pytest.raises(beyt.RecordError):
        beyt._beyt._position("chess", "", "x", [], [])


# --- objects Python makes without the library ------------------------------------------------

CLASSES = [beyt.Position, beyt.Move, beyt._beyt.Game, beyt._beyt.GameReaderType, beyt._beyt.WriterType,
           beyt._beyt.GeneratorType]
# The plain CPython types: made only by the library (EventList) or from an
# Event's bytes (Event(data), test_events.py), and not to be subclassed.
FINAL_CLASSES = [beyt.Event, beyt.EventList]


def test_every_class_of_the_module_is_listed():
    assert {c for c in vars(beyt._beyt).values() if isinstance(c, type)} == set(CLASSES + FINAL_CLASSES)


@pytest.mark.parametrize("cls", CLASSES + FINAL_CLASSES, ids=lambda c: c.__name__)
def test_new_without_the_library_is_refused(cls):
    # An object made by __new__ alone would hold no C++ value: its methods and
    # comparisons crashed the interpreter (issue 32, finding 2).
    with pytest.raises(TypeError):
        cls.__new__(cls)
    with pytest.raises(TypeError):
        cls()
    if cls in FINAL_CLASSES:
        with pytest.raises(TypeError):
            type("Sub", (cls,), {})
        return

    class Sub(cls):
        pass

    with pytest.raises(TypeError):
        Sub.__new__(Sub)


def test_read_games_gives_values_through_a_file_object():
    data = pathlib.Path(sample("seega", "walker-5x5.beyt")).read_bytes()
    g = beyt.read_game(io.BytesIO(data))
    assert pickle.loads(pickle.dumps(g)) == g


# --- through other processes ------------------------------------------------------------------

def _last_position(game):
    positions = list(game.positions())
    return game, positions[-1], game.mainline()[:3]


def test_through_multiprocessing():
    games = list(beyt.generate("tab", seed=4, count=6, max_turns=50))
    games += [beyt.read_game(sample("seega", "walker-5x5.beyt"))]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_last_position, games)
    for game, (back, position, moves) in zip(games, results):
        assert back == game
        assert position == list(game.positions())[-1]
        assert moves == game.mainline()[:3]


def test_reports_diagnostics_and_errors_pickle():
    report = beyt.validate([sample("invalid", "E304-occupied.beyt"), sample("seega", "walker-5x5.beyt")])
    again = pickle.loads(pickle.dumps(report))
    assert again == report and again.summary == report.summary and again.diagnostics == report.diagnostics
    assert copy.deepcopy(report) == report
    stats = beyt.stats([sample("seega", "walker-5x5.beyt")])
    again = pickle.loads(pickle.dumps(stats))
    assert again == stats and again.table == stats.table and again.ok == stats.ok
    with pytest.raises(beyt.IllegalMove) as e:
        beyt.Position.start("seega", "walker").push("c3,a1")
    back = pickle.loads(pickle.dumps(e.value))
    assert (type(back), str(back), back.code, back.reason, back.move, back.offset) == \
        (type(e.value), str(e.value), e.value.code, e.value.reason, e.value.move, e.value.offset)
