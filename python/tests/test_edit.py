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


def test_tags_and_comments_no_format_could_write_as_they_are_are_refused():
    # Each would be written as something else (U+FFFD for a control
    # character; a comment with both '}' and a line end breaks the text
    # notation): refused when set, the record unchanged.
    game = beyt.Game("seega", rules="walker")
    move = game.add_line(["c4,b2"])
    before = game.to_text()
    for value in ["Cairo\nround 2", "tab\there", "nul\x00", "c1\x85"]:
        with pytest.raises(beyt.ArgumentError) as e:
            game.tags["Event"] = value
        assert "no record may hold it" in str(e.value)
    with pytest.raises(beyt.ArgumentError) as e:
        game.tags["Result"] = "2-0"
    assert "1-0, 0-1, 1/2-1/2 or *" in str(e.value)
    for comment in ["see }\nbelow", "bell\x07", "\ufffe"]:
        for assign in (lambda c: setattr(move, "comment", c), lambda c: setattr(move, "comments_after", [c]),
                       lambda c: setattr(move, "comments_before", [c]), lambda c: setattr(game, "comments", [c])):
            with pytest.raises(beyt.ArgumentError):
                assign(comment)
    assert game.to_text() == before
    move.comment = "two lines\nand a tab\t"  # a comment may hold these
    move.comments_before = ["a } alone"]
    assert beyt.read_game(text=game.to_text()) == game == beyt.read_game(text=game.to_json(), format="json")


def test_tags_assigned_whole_change_all_or_nothing():
    game = beyt.Game("seega", tags={"Annotator": "me"})
    before = dict(game.tags)
    for bad in ({"Event": "new", "Bad-Name": "x"}, {"Event": "new", "Site": 3}, {"Event": "new", "Round": "a\nb"}):
        with pytest.raises((beyt.ArgumentError, TypeError)):
            game.tags = bad
        assert dict(game.tags) == before


def test_copies_are_values_checked_when_written_as_the_original():
    import copy
    game = beyt.Game("seega", tags={"Event": "original"})
    game.add_line(["a3,a4"])
    game.result = "1-0"  # the moves do not finish the game: E401 when written
    for twin in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        with pytest.raises(beyt.RecordError) as e:
            twin.to_text()
        assert e.value.code == "E401"
        twin.tags["Event"] = "copy"
        twin.result = "*"
        twin.end().add_variation("c5,d3")
        assert game.tags["Event"] == "original" and len(game.mainline()) == 1 and game.result == "1-0"
    read = beyt.read_game("samples/seega/walker-5x5.beyt")
    assert pickle.loads(pickle.dumps(read)).to_text() == read.to_text()  # a read game is written as it was read


def test_an_edit_names_the_move_it_refused_and_where():
    with pytest.raises(beyt.IllegalMove) as e:
        beyt.Game("seega").add_line(["a3,a4", "a3,zz"])
    assert (e.value.code, e.value.turn, e.value.move, e.value.offset) == ("E301", 2, "a3,zz", 3)


def test_one_str_given_for_a_list_of_moves_is_a_type_error():
    for call in (lambda: beyt.Game("tab").add_line("32"),
                 lambda: beyt.Game("tab").add_variation(events="12"),
                 lambda: beyt.Game("seega").add_line(["a3,a4"]).add_line("c5,d3"),
                 lambda: beyt.Game("seega").add_line(["a3,a4"]).add_variation(events="c5,d3")):
        with pytest.raises(TypeError) as e:
            call()
        assert "not one str" in str(e.value)


def test_a_move_moved_by_another_edit_raises_rather_than_name_another():
    game = beyt.Game("seega")
    game.add_line(["a3,a4", "c5,d3"])
    a, b, c = game.add_variation("a1,b1"), game.add_variation("a2,b2"), game.add_variation("b1,c1")
    second = game.mainline()[1]
    a.remove()  # b and c move up one place
    for moved in (b, c):
        with pytest.raises(beyt.Error) as e:
            moved.comment = "about " + moved.path
        assert "take it again" in str(e.value)
    assert second.text == "c5,d3" and second.path == "2"  # not moved: still right
    again = game.mainline()[0].variations[0][0]
    again.comment = "about a2,b2"
    assert game.to_text().split("\n\n")[1].strip() == "1. a3,a4 (1. a2,b2 {about a2,b2}) (1. b1,c1) 2. c5,d3 *"
    # promote_to_main moves the main line from there on, not what comes before it.
    game = beyt.Game("seega")
    line = [game.add_line(["a3,a4"])] + [None] * 3
    line[1] = line[0].add_line(["c5,d3"])
    line[2] = line[1].add_line(["c2,e4"])
    alternative = line[1].add_variation("e1,e3")
    alternative.promote_to_main()
    assert alternative.path == "3" and line[0].text == "a3,a4" and line[1].text == "c5,d3"
    with pytest.raises(beyt.Error):
        line[2].text


def test_a_move_unpickled_on_its_own_keeps_its_path_and_refuses_edits():
    game = beyt.Game("seega")
    game.add_line(["a3,a4", "c5,d3"])
    variation = game.mainline()[1].add_variation("a1,b1")
    variation = game.mainline()[0].add_line(["b1,c1"])  # the first move of variation 1 of turn 2
    later = variation.add_line(["d1,e1"])
    for move, path in ((game.mainline()[1], "2"), (variation, "2.1.2"), (later, "2.1.3")):
        alone = pickle.loads(pickle.dumps(move))
        assert (alone.text, alone.path, alone) == (move.text, path, move)
        for edit in (lambda: alone.add_variation("b2,b4"), lambda: alone.add_line(["b2,b4"]), alone.remove,
                     alone.promote, alone.demote):
            with pytest.raises(beyt.Error) as e:
                edit()
            assert "on its own" in str(e.value)
        alone.comment = "a copy's comment"  # its annotations are its own to change
        assert move.comment == ""


def test_comments_and_nags_are_lists_whose_changes_are_kept():
    game = beyt.Game("seega")
    move = game.add_line(["a3,a4"])
    move.nags.append(1)
    move.nags += [14]
    move.comments_after.append("after")
    move.comments_before.insert(0, "before")
    game.comments.append("the game's")
    assert (move.nags, move.comments_after, move.comments_before, game.comments) == (
        [1, 14], ["after"], ["before"], ["the game's"])
    assert game.to_text().split("\n\n")[1].strip() == "{the game's} 1. {before} a3,a4 $1 $14 {after} *"
    move.comments_after[0] = "changed"
    del move.nags[0]
    assert move.comments_after == ("changed",) and move.nags == [14] and move.nags != "x"
    with pytest.raises(beyt.ArgumentError):
        move.nags.append(256)
    with pytest.raises(beyt.ArgumentError):
        move.comments_after.append("a }\nand a line end")
    with pytest.raises(beyt.ArgumentError):
        game.comments.append("bell\x07")
    assert move.nags == [14] and move.comments_after == ["changed"] and game.comments == ["the game's"]
    assert repr(move.nags) == "[14]" and list(move.nags) == [14] and len(move.comments_before) == 1
