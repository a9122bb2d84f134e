"""Events as values (issue 30, "Values that behave" and "Speed"; issue 29
item 2): beyt.Event and beyt.EventList, Position.legal_events(values=True),
chance_outcomes(values=True), sample_outcome(z, values=True), push(event),
event_text, parse_event, and the texts of the events pushed as values
(event_stack, pop, pickle, Game.from_position)."""

import collections.abc
import copy
import multiprocessing
import pickle
import random

import pytest

import beyt
from conftest import GAMES


def by_values(game, seed, events, rules=None):
    """A position of `game` after up to `events` random events pushed as values."""
    rng = random.Random(seed)
    p = beyt.Position.start(game, rules)
    for _ in range(events):
        if p.is_over():
            break
        if p.actor == "chance":
            p.push(p.sample_outcome(rng.random(), values=True))
        else:
            p.push(rng.choice(p.legal_events(values=True)))
    return p


@pytest.mark.parametrize("game", GAMES)
def test_the_values_are_the_listed_texts(game):
    # Event by event along random games: the values list the texts one to one,
    # each value unique, event_text and parse_event go back and forth, and
    # push(value) gives the position push(text) of an event gives.
    for seed in range(3):
        rng = random.Random(seed)
        p = beyt.Position.start(game)
        for _ in range(150):
            if p.is_over():
                assert len(p.legal_events(values=True)) == 0
                break
            values, texts = p.legal_events(values=True), p.legal_events()
            assert [p.event_text(v) for v in values] == texts
            assert len(set(values)) == len(values) == len(texts)
            assert all(p.parse_event(t) == v for t, v in zip(texts, values))
            if p.actor == "chance":
                by_value = p.chance_outcomes(values=True)
                assert [(p.event_text(v), q) for v, q in by_value] == p.chance_outcomes()
                z = rng.random()
                assert p.event_text(p.sample_outcome(z, values=True)) == p.sample_outcome(z)
            i = rng.randrange(len(values))
            q = p.copy()
            q.push(values[i])
            r = p.copy()
            r.push(r.parse_event(texts[i]))
            assert q == r and q.event_stack[-1] == texts[i]
            p = q


def test_event_is_a_value():
    p = beyt.Position.start("tab")
    e = p.sample_outcome(0.3, values=True)
    assert p.event_text(e) == "2"
    assert e == beyt.Event(bytes(e)) and hash(e) == hash(beyt.Event(bytes(e)))
    assert eval(repr(e), {"beyt": beyt}) == e
    assert pickle.loads(pickle.dumps(e)) == e
    assert copy.copy(e) is e and copy.deepcopy(e) is e
    assert len(bytes(e)) == 16
    others = [p.event_text(v) for v in p.legal_events(values=True)]
    for other in [None, 0, "2", b"x", others]:
        assert (e == other) is False and (e != other) is True
    assert e not in [None, 0] and e in [None, e]
    assert len({e, beyt.Event(bytes(e)), p.sample_outcome(0.9, values=True)}) == 2


def test_event_list_is_a_sequence():
    p = beyt.Position.start("seega")
    events = p.legal_events(values=True)
    assert isinstance(events, collections.abc.Sequence) and isinstance(events, beyt.EventList)
    assert len(events) == len(p.legal_events()) == 276
    assert events[-1] == events[len(events) - 1] and events[1:3] == [events[1], events[2]]
    assert list(events)[::-1] == events[::-1] == list(reversed(events))
    assert events.index(events[5]) == 5 and events.count(events[5]) == 1 and events.count(None) == 0
    assert events[0] in events and None not in events
    assert random.Random(1).choice(events) in events
    assert "276 events" in repr(events)
    with pytest.raises(IndexError):
        events[276]
    with pytest.raises(IndexError):
        events[10 ** 30]
    with pytest.raises(IndexError):
        events[-277]
    with pytest.raises(TypeError):
        events["a"]
    with pytest.raises(ValueError):
        events.index(beyt.Position.start("tab").sample_outcome(0.1, values=True))
    with pytest.raises(TypeError):
        pickle.dumps(events)  # pickle the Events (list(events))
    assert pickle.loads(pickle.dumps(list(events))) == list(events)


@pytest.mark.parametrize("data, error", [
    (b"12", TypeError), (1, TypeError), (None, TypeError), ("zz", ValueError), ("0" * 31, ValueError),
    ("0" * 31 + "G", ValueError), ("AB" * 16, ValueError),
    # a text Event's mark (the top bit of byte 15) with no text, or with bytes past its length
    (bytes(15) + b"\x80", ValueError), (b"abc" + bytes(12) + b"\x82", ValueError),
], ids=repr)
def test_event_from_bad_data_is_refused(data, error):
    with pytest.raises(error):
        beyt.Event(data)


def test_event_from_bytes_and_hex():
    p = beyt.Position.start("mankalah")
    e = p.legal_events(values=True)[0]
    assert beyt.Event(bytes(e).hex()) == e
    assert beyt.Event(data=bytes(e)) == e
    assert beyt.Event(bytes(16)) != e  # the empty Event: no event of any game
    with pytest.raises(beyt.IllegalMove):
        p.push(beyt.Event(bytes(16)))


def test_values_that_are_no_event_here_are_refused_and_change_nothing():
    tab = beyt.Position.start("tab")
    throw = tab.sample_outcome(0.5, values=True)
    seega = beyt.Position.start("seega")
    placement = seega.legal_events(values=True)[0]
    for p, value in [(seega, throw), (tab, placement)]:
        before = p.copy()
        with pytest.raises(beyt.IllegalMove) as raised:
            p.push(value)
        assert raised.value.code.startswith("E3")
        assert p == before and p.event_stack == before.event_stack
        with pytest.raises(beyt.IllegalMove):
            p.event_text(value)
    # listed at another position of the same game
    after = seega.copy()
    after.push(placement)
    with pytest.raises(beyt.IllegalMove):
        after.push(placement)
    with pytest.raises(beyt.IllegalMove):
        after.event_text(placement)


def test_wrong_arguments_raise_type_errors():
    p = beyt.Position.start("tab")
    e = p.sample_outcome(0.5, values=True)
    with pytest.raises(TypeError):
        p.push(1)
    with pytest.raises(TypeError):
        p.push()
    with pytest.raises(TypeError):
        p.push(e, e)
    with pytest.raises(TypeError):
        p.legal_events(True, True)
    with pytest.raises(TypeError):
        p.legal_events(value=True)
    with pytest.raises(TypeError):
        p.sample_outcome(0.5, True, values=True)
    with pytest.raises(TypeError):
        p.sample_outcome(values=True)
    with pytest.raises(TypeError):
        p.event_text("2")
    with pytest.raises(TypeError):
        p.parse_event(e)
    with pytest.raises(beyt.IllegalMove) as raised:
        p.parse_event("7")
    assert raised.value.move == "7"
    assert p.legal_events(values=False) == p.legal_events() and p.legal_events(True) == p.legal_events(values=True)


def test_sample_outcome_by_value_errors():
    p = beyt.Position.start("seega")
    with pytest.raises(beyt.IllegalMove) as raised:
        p.sample_outcome(0.5, values=True)
    assert raised.value.code == "E303"
    with pytest.raises(beyt.ArgumentError):
        beyt.Position.start("tab").sample_outcome(1.5, values=True)


@pytest.mark.parametrize("game", GAMES)
def test_events_pushed_as_values_give_their_texts(game):
    p = by_values(game, 7, 80)
    stack = p.event_stack
    assert len(stack) == len(p.event_stack) and all(isinstance(t, str) for t in stack)
    # pickle and copy play them again, as values: the same position and stack
    for again in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), p.copy()):
        assert again == p and again.event_stack == stack
    # pop takes them back as texts, on the position and on a copy (which plays
    # the stack again from its start)
    q = p.copy()
    for text in reversed(stack[-5:]):
        assert p.pop() == text and q.pop() == text
        assert p == q


@pytest.mark.parametrize("game", GAMES)
def test_a_game_played_by_values_is_its_record(game):
    # Game.from_position gathers the events into the turns the engine writes;
    # written (and so validated) and read again, its replay ends at the position.
    p = by_values(game, 11, 120)
    while True:
        try:
            record = beyt.Game.from_position(p)
            break
        except beyt.IllegalMove as e:  # stopped in the middle of a turn: take its events back
            assert e.code == "E303"
            p.pop()
    back = beyt.read_game(text=record.to_text())
    assert back == record and not back.errors
    assert list(back.positions())[-1] == p


def test_an_ambiguous_text_is_the_turn_and_its_value_the_event():
    # Tab's throw `3` at a turn's start: pushed as text, the whole turn `3:3--`
    # (a record's reading); pushed as a value, the throw, the use to come.
    moves = ["2", "1", "3", "1i-k", "3--", "1", "3", "1--", "3--"]
    p = beyt.Position.start("tab")
    for m in moves:
        p.push(m)
    as_text, as_value = p.copy(), p.copy()
    as_text.push("3")
    as_value.push(as_value.parse_event("3"))
    assert as_text.actor == "chance" and as_value.actor == "North"
    assert as_value.legal_events() == ["3k-n", "3--"]
    assert as_text.event_stack == as_value.event_stack == moves + ["3"]
    # each kept through pickle, and their records say which
    for q in (as_text, as_value):
        assert pickle.loads(pickle.dumps(q)) == q
    assert beyt.Game.from_position(as_text).mainline()[-1].text == "3:3--"
    with pytest.raises(beyt.IllegalMove) as raised:
        beyt.Game.from_position(as_value)
    assert raised.value.code == "E303" and "middle of turn 4 (3: so far)" in str(raised.value)
    as_value.push(as_value.parse_event("3k-n"))
    assert beyt.Game.from_position(as_value).mainline()[-1].text == "3:3k-n"


def _text_of_first(position):
    return [position.event_text(e) for e in position.legal_events(values=True)][:3], position.legal_events()[:3]


def test_events_and_positions_by_value_through_multiprocessing():
    p = by_values("dleb", 3, 40)
    events = list(p.legal_events(values=True))
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        back = pool.map(pickle.loads, [pickle.dumps(events), pickle.dumps(p)])
        texts = pool.map(_text_of_first, [p])
    assert back[0] == events and back[1] == p and back[1].event_stack == p.event_stack
    assert texts[0][0] == texts[0][1]


@pytest.mark.parametrize("game", GAMES)
def test_is_legal_says_what_push_would_do(game):
    p = by_values(game, 5, 30)
    before, stack = p.copy(), p.event_stack
    if p.actor == "chance":
        listed = [v for v, _ in p.chance_outcomes(values=True)]
    else:
        listed = list(p.legal_events(values=True))
    assert all(p.is_legal(v) for v in listed)
    assert all(p.is_legal(p.event_text(v)) for v in listed)
    assert not p.is_legal("zz9") and not p.is_legal(beyt.Event(bytes(16)))
    other = beyt.Position.start("tab" if game != "tab" else "seega")
    foreign = other.legal_events(values=True)[0]
    assert not p.is_legal(foreign)  # another game's value
    assert p == before and p.event_stack == stack
    with pytest.raises(TypeError):
        p.is_legal(1)
