"""Records made and edited in Python (beyt.Game, Move.add_variation, Tags):
built from scratch by events and turns, written in every format and
accepted by `beyt validate --strict`; edits that fail leave the record as
it was (the C++ side: tests/record_edit_test.cpp)."""

import pickle

import pytest

import beyt
from conftest import cli

EXTENSIONS = {"text": "beyt", "json": "json", "xml": "xml", "jsonl": "jsonl"}


def turn_by_events(position, throws=("3", "2")):
    """The events of the next whole turn from `position` (pushed there): at a
    throw the first of `throws` the sticks can give, else the first listed
    decision."""
    events = []
    turns = position.turns_played
    while position.turns_played == turns and not position.is_over():
        outcomes = [o for o, _ in position.chance_outcomes()]
        event = next(t for t in throws if t in outcomes) if outcomes else position.legal_events()[0]
        position.push(event)
        events.append(event)
    return events


def written_and_validated(game, tmp_path, name):
    """Writes `game` in every format; each must pass `beyt validate --strict`
    and read back equal to it."""
    for fmt, ext in EXTENSIONS.items():
        path = tmp_path / f"{name}.{ext}"
        assert beyt.write_games([game], path, format=fmt) == 1
        code, out, err = cli("validate", "--strict", str(path))
        assert code == 0, (fmt, out, err)
        assert beyt.read_game(path) == game, fmt


def test_a_tab_record_from_scratch_by_events_with_a_comment_and_a_variation(tmp_path):
    game = beyt.Game("tab", tags={"Event": "Lane's example", "Site": "Cairo"})
    game.tags["South"] = "Lane"
    # "táb and four and two": the piece from I to K, K to O, O to Q (Lane 1836).
    first = game.add_variation(events=["1", "4", "2", "1I-K", "4K-O", "2O-Q"])
    assert first.text == "1,4,2:1I-K,4K-O,2O-Q"
    assert (first.path, first.turn, first.ply) == ("1", 1, 1)
    first.comment = "táb and four and two"
    position = beyt.Position.start("tab")
    for event in ["1", "4", "2", "1I-K", "4K-O", "2O-Q"]:
        position.push(event)
    move = first
    for _ in range(6):
        move = move.add_variation(events=turn_by_events(position))
    assert len(game.mainline()) == 7 and game.end() == move
    # Another first turn: a variation of turn 1, event by event too.
    other = game.add_variation(events=["1", "2", "1I-K", "2--"])
    assert (other.path, other.text) == ("1.1.1", "1,2:1I-K,2--")
    other.nags = [2]
    assert game.mainline()[0].variations == [[other]]
    assert game.errors == []
    written_and_validated(game, tmp_path, "tab")
    text = game.to_text()
    assert '[Event "Lane\'s example"]' in text and '[South "Lane"]' in text and "{táb and four and two}" in text


def test_a_seega_record_from_scratch_by_turns_and_events(tmp_path):
    game = beyt.Game("seega", rules="Walker", tags={"Event": "a game made in code"})
    assert game.rules == "walker" and game.tags["Result"] == "*"
    last = game.add_line(["c4,b2", "b1,d4"])
    assert [m.text for m in game.mainline()] == ["c4,b2", "b1,d4"]
    last.comments_before = ["North answers"]
    variation = game.mainline()[0].add_variation(events=["a1,e5"])
    assert variation.path == "2.1.2"
    assert variation.add_variation("c1,c5").path == "2.1.3"
    assert game.end().path == "2"
    written_and_validated(game, tmp_path, "seega")
    assert "2. {North answers} b1,d4 (2. a1,e5 3. c1,c5)" in game.to_text()


def test_from_position_gives_the_record_of_a_played_game(tmp_path):
    position = beyt.Position.start("seega", "walker")
    turns = []
    while not position.is_over() and len(turns) < 300:
        turns.append(position.legal_events()[len(turns) % 3 if len(position.legal_events()) > 2 else 0])
        position.push(turns[-1])
    game = beyt.Game.from_position(position, tags={"Event": "played"})
    assert [m.text for m in game.mainline()] == turns
    assert game.tags["Rules"] == "walker" and "SetUp" not in game.tags
    if position.is_over():
        assert game.result == position.outcome() and game.tags["Result"] == position.outcome()
    made = beyt.Game("seega", rules="walker", tags={"Event": "played"})
    made.add_line(turns)
    assert made == game
    written_and_validated(game, tmp_path, "played")


def test_from_position_takes_a_set_up_and_refuses_the_middle_of_a_turn():
    position = beyt.Position.from_text("seega", "5/5/2N2/NS3/5 N move", "walker")
    position.push("c3-c2")
    game = beyt.Game.from_position(position)
    assert game.tags["SetUp"] == "5/5/2N2/NS3/5 N move"
    assert [m.text for m in game.mainline()] == ["c3-c2xb2"] and game.result == "0-1"
    tab = beyt.Position.start("tab")
    tab.push("1")
    with pytest.raises(beyt.IllegalMove) as e:
        beyt.Game.from_position(tab)
    assert e.value.code == "E303" and "middle of turn 1" in str(e.value)


def test_tags_are_a_mapping_whose_changes_are_kept():
    game = beyt.Game("mankalah")
    game.tags["Event"] = "Cairo"
    game.tags["Annotator"] = "me"
    assert game.tags["Event"] == "Cairo" and list(game.tags)[-1] == "Annotator"
    del game.tags["Annotator"]
    assert "Annotator" not in game.tags
    with pytest.raises(KeyError):
        del game.tags["Annotator"]
    with pytest.raises(beyt.ArgumentError):
        game.tags["not a name"] = "x"
    with pytest.raises(TypeError):
        game.tags["Event"] = 3
    game.tags["Result"] = "1-0"
    assert game.result == "1-0"
    game.result = "*"
    assert game.tags["Result"] == "*"
    with pytest.raises(beyt.ArgumentError):
        game.result = "1:0"
    game.comments = ["a game comment"]
    assert game.comments == ["a game comment"] and "{a game comment}" in game.to_text()
    assert game.tags == dict(game.tags.items()) and game.tags != {"Event": "x"}


def test_errors_leave_the_record_as_it_was():
    game = beyt.Game("seega", rules="walker")
    game.add_line(["c4,b2"])
    before = game.to_text()
    with pytest.raises(beyt.IllegalMove) as e:
        game.end().add_variation("c4,a1")
    assert e.value.code == "E304" and e.value.turn == 2 and "North" in str(e.value)
    with pytest.raises(beyt.IllegalMove):
        game.add_line(["c4,b2", "b1,d4", "b1,e5"])  # all or nothing
    assert game.to_text() == before
    with pytest.raises(beyt.ArgumentError):
        game.add_variation()
    with pytest.raises(beyt.ArgumentError):
        game.add_variation("c4,b2", events=["c4,b2"])
    for args, code in [(("chess",), "E202"), (("seega", "walker; size=8"), "E203"), (("seega", None, "5/5/5"), "E204")]:
        with pytest.raises(beyt.RecordError) as e:
            beyt.Game(*args)
        assert e.value.code == code
    with pytest.raises(beyt.ArgumentError):
        game.end().nags = [256]


def test_promote_demote_and_remove_as_python_chess():
    game = beyt.Game("seega", rules="walker")
    game.add_line(["b2,c4", "b1,d4", "c1,c5"])
    first = game.mainline()[0]
    a = first.add_variation("a1,e5")
    a.add_variation("c1,c5")
    b = first.add_variation("a2,e4")
    assert (a.path, b.path) == ("2.1.2", "2.2.2")
    movetext = lambda: game.to_text().split("\n\n")[1].strip()
    assert movetext() == "1. b2,c4 2. b1,d4 (2. a1,e5 3. c1,c5) (2. a2,e4) 3. c1,c5 *"
    b.promote()
    assert b.path == "2.1.2"
    b.promote_to_main()
    assert b.path == "2" and movetext() == "1. b2,c4 2. a2,e4 (2. b1,d4 3. c1,c5) (2. a1,e5 3. c1,c5) *"
    b.demote()
    assert b.path == "2.1.2"
    with pytest.raises(beyt.Error):
        game.mainline()[1].promote()
    game.mainline()[1].remove()
    assert movetext() == "1. b2,c4 2. a2,e4 (2. a1,e5 3. c1,c5) *"
    gone = game.mainline()[1]
    gone.variations[0][0].remove()
    assert movetext() == "1. b2,c4 2. a2,e4 *"
    game.mainline()[0].remove()
    assert movetext() == "*" and game.end() is game
    with pytest.raises(beyt.Error):
        gone.text


def test_an_edited_game_is_validated_when_written(tmp_path):
    game = beyt.Game("seega", rules="walker")
    game.add_line(["c4,b2"])
    game.tags["Game"] = "mankalah"  # the moves no longer replay
    assert game.errors and game.errors[0].code.startswith("E")
    with pytest.raises(beyt.RecordError):
        game.to_text()
    target = tmp_path / "out.beyt"
    with pytest.raises(beyt.RecordError):
        beyt.write_games([game], target)
    assert not target.exists()
    game.tags["Game"] = "seega"
    assert game.errors == [] and "1. c4,b2" in game.to_text()


def test_an_edited_game_pickles_and_a_read_game_edits():
    game = beyt.Game("seega", rules="walker")
    game.add_line(["c4,b2", "b1,d4"])
    game.mainline()[0].comment = "opening"
    assert pickle.loads(pickle.dumps(game)) == game
    read = beyt.read_game("samples/seega/walker-5x5.beyt")
    positions = list(read.positions())
    read.tags["Annotator"] = "a reader"
    read.mainline()[0].comment = "noted"
    assert "{noted}" in read.to_text() and read.errors == []
    assert len(list(read.positions())) == len(positions)  # the positions taken before are unchanged
