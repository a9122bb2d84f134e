"""Random play in bulk (issue 30, item 7): Position.play_random and
beyt.playouts play beyt generate's random player in C++ without the GIL,
reproducibly; and the loop calls of Position (is_over, actor, turns_played,
legal_events, chance_outcomes, push, pop), plain CPython methods, behave as
before."""

import inspect
import os
import pickle
import random
import re
import sys
import threading
import time

import pytest

import beyt
from conftest import GAMES, ROOT


@pytest.mark.parametrize("game", GAMES)
def test_playouts_end_as_the_generated_games(game):
    runs = beyt.playouts(game, 12, seed=5, max_turns=150)
    generated = list(beyt.generate(game, seed=5, count=12, max_turns=150))
    assert runs.results == [g.result for g in generated]
    assert runs.turns == [len(g.mainline()) for g in generated]
    assert runs.count == 12 and runs["count"] == 12
    assert sum(runs.tally.values()) == 12
    assert set(runs.tally) == {"1-0", "0-1", "1/2-1/2", "*"}
    assert runs.tally["*"] == sum(1 for t in runs.turns if t == 150) - sum(
        1 for r, t in zip(runs.results, runs.turns) if t == 150 and r != "*")


def test_playouts_are_reproducible_and_take_rules():
    a = beyt.playouts("seega", 30, rules="walker; size=7", seed=9)
    b = beyt.playouts("seega", 30, rules="walker; size=7", seed=9)
    c = beyt.playouts("seega", 30, rules="walker; size=7", seed=10)
    assert a == b
    assert a.turns != c.turns
    assert (a.game, a.rules, a.seed, a.max_turns) == ("seega", "walker; size=7", 9, 400)
    generated = list(beyt.generate("seega", rules="walker; size=7", seed=9, count=30))
    assert a.results == [g.result for g in generated]
    assert beyt.playouts("tab", 0).results == []


def test_playouts_refuse_what_they_cannot_play():
    with pytest.raises(beyt.RecordError) as e:
        beyt.playouts("chess", 1)
    assert e.value.code == "E202"
    with pytest.raises(beyt.RecordError) as e:
        beyt.playouts("seega", 1, rules="walker; size=4")
    assert e.value.code == "E203"
    with pytest.raises(beyt.RecordError) as e:  # rules that parse but make no position: 8 kelbs on 7 cells
        beyt.playouts("tab", 1, rules="lane; width=7; pieces=8")
    assert e.value.code == "E203"
    for bad in ({"count": -1}, {"max_turns": -2}):
        with pytest.raises(beyt.ArgumentError):
            beyt.playouts("tab", **{"count": 1, **bad})
    with pytest.raises(AttributeError):
        beyt.playouts("tab", 1).nothing


def test_play_random_pushes_whole_turns_reproducibly():
    p = beyt.Position.start("tab")
    q = beyt.Position.start("tab")
    played = p.play_random(10, seed=7)
    assert played == q.play_random(10, seed=7)
    assert p == q and len(played) == 10 and p.turns_played == 10
    assert p.event_stack == played
    # Each is a turn as a record writes it: replayed with push, the same position.
    r = beyt.Position.start("tab")
    for turn in played:
        r.push(turn)
    assert r == p
    # pop() takes them back one by one.
    for turn in reversed(played):
        assert p.pop() == turn
    assert p == beyt.Position.start("tab")
    # To the end (Mankalah's random games end; Tab's may not); then nothing more.
    m = beyt.Position.start("mankalah")
    m.play_random(5, seed=1)
    rest = m.play_random(seed=1)
    assert m.is_over() and m.outcome() in ("1-0", "0-1", "1/2-1/2")
    assert m.turns_played == 5 + len(rest) and m.event_stack[5:] == rest
    assert m.play_random(seed=2) == [] and m.play_random(3) == []
    # pop() all the way back (State::undo; the first five turns, played on
    # another copy of the position, are made again once from the start),
    # then the same turns again.
    whole = m.event_stack
    for turn in reversed(whole):
        assert m.pop() == turn
    assert m == beyt.Position.start("mankalah")
    for turn in whole:
        m.push(turn)
    assert m.is_over() and m.copy() == m and m.copy().event_stack == whole


def test_play_random_ends_a_turn_under_way_event_by_event():
    p = beyt.Position.start("tab")
    p.push("1")  # a tab: the turn goes on (a throw again, then its use)
    assert p.turns_played == 0
    events = p.play_random(1, seed=3)
    assert len(events) > 1 and p.event_stack == ["1"] + events
    assert p.turns_played == 1 and p.throws_left == []
    # The events replay, and the position pickles with its event_stack.
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.event_stack == p.event_stack
    for _ in events:
        p.pop()
    assert p.event_stack == ["1"]


def test_play_random_without_a_seed_follows_python_random():
    p, q = beyt.Position.start("umelbanat"), beyt.Position.start("umelbanat")
    random.seed(42)
    a = p.play_random(20)
    random.seed(42)
    assert q.play_random(20) == a
    with pytest.raises(TypeError):
        p.play_random(-1)
    with pytest.raises(TypeError):
        p.play_random(1, seed=-1)


def test_bulk_calls_release_the_gil():
    # Another Python thread counts while a call runs. The switch interval is
    # made longer than the test, so the interpreter never takes the GIL from
    # a thread that holds it: the other thread can run only when the calling
    # thread gives the GIL up (inside a call that releases it), and gives it
    # back itself (time.sleep) after each thousand. A call that holds the
    # GIL throughout is thus never counted in, however often it is made.
    # Each call is a few tenths of a second of work, and is made up to three
    # times: a short one can end before a busy machine schedules the other
    # thread (two suites run at once on two cores, 2026-11-30, saw 20 games
    # of Dleb end in 11 ms uncounted).
    counts = []
    done = threading.Event()

    def count():
        while not done.is_set():
            for _ in range(1000):
                pass
            counts.append(1000)
            time.sleep(0.0002)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    t = threading.Thread(target=count)
    t.start()
    try:
        # (Dleb's random games end; Tab's with seed 2 does not.)
        for name, call in (("playouts", lambda: beyt.playouts("dleb", 1500, seed=1)),
                           ("play_random", lambda: beyt.Position.start("tab").play_random(50000, seed=2))):
            counted = []
            for _ in range(3):
                before = len(counts)
                started = time.perf_counter()
                call()
                elapsed = time.perf_counter() - started
                counted.append(len(counts) - before)
                print(f"{name}: the other thread counted {counted[-1]} thousands in {elapsed:.3f} s")
                if counted[-1] > 0:
                    break
            assert counted[-1] > 0, (name, counted)
    finally:
        done.set()
        t.join()
        sys.setswitchinterval(interval)


def test_the_loop_calls_are_the_documented_methods():
    p = beyt.Position.start("tab")
    assert str(inspect.signature(beyt.Position.push)) == "(self, /, move)"
    assert str(inspect.signature(beyt.Position.legal_events)) == "(self, /, values=False)"
    assert str(inspect.signature(beyt.Position.sample_outcome)) == "(self, /, z, values=False)"
    assert str(inspect.signature(beyt.Position.event_text)) == "(self, /, event)"
    for name in ("is_over", "legal_events", "chance_outcomes", "push", "pop", "actor", "turns_played",
                 "sample_outcome", "event_text", "parse_event"):
        doc = inspect.getdoc(getattr(beyt.Position, name))
        assert doc and len(doc) > 40 and not re.match(r"\w+\(", doc), (name, doc)
    assert p.actor == "chance" and p.turns_played == 0 and not p.is_over()
    assert [t for t, _ in p.chance_outcomes()] == p.legal_events() == ["1", "2", "3", "4", "6"]
    assert sum(w for _, w in p.chance_outcomes()) == pytest.approx(1)
    p.push(b"2")  # bytes as before (pybind11 took them), and by name
    assert p.pop() == "2"
    p.push(move="2")
    assert p.pop() == "2"
    for bad in ((), ("2", "3")):
        with pytest.raises(TypeError):
            p.push(*bad)
    with pytest.raises(TypeError):
        p.push(mv="2")
    with pytest.raises(TypeError):
        p.push(2)
    with pytest.raises(TypeError):
        beyt.Position.push("not a position", "2")
    with pytest.raises(beyt.IllegalMove) as e:
        p.push("5")
    assert e.value.code.startswith("E") and e.value.move == "5"
    with pytest.raises(IndexError):
        p.pop()
    with pytest.raises(AttributeError):
        p.actor = "South"


def test_a_python_playout_loop_over_events():
    # The loop of bench/python_bench.py: every listed event is taken.
    rng = random.Random(3)
    for game in GAMES:
        p = beyt.Position.start(game)
        while not p.is_over() and p.turns_played < 60:
            if p.actor == "chance":
                texts, weights = zip(*p.chance_outcomes())
                p.push(rng.choices(texts, weights)[0])
            else:
                p.push(rng.choice(p.legal_events()))
        assert p.is_over() or p.turns_played == 60


def test_the_readme_random_play_example_runs():
    with open(os.path.join(ROOT, "docs", "python", "README.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("### Random play"):]
    block = section[section.index("```python\n") + len("```python\n"):section.index("```\n", section.index("```python"))]
    exec(compile(block, "docs/python/README.md", "exec"), {})
