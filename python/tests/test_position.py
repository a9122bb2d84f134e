"""Position: the rules engine, one test per game against the C++ engine."""

import json
import warnings

import pytest

import beyt
from conftest import GAMES, cli, sample

SAMPLE = {"tab": "tab/lane-9.beyt", "dleb": "dleb/marin-2x2.beyt", "seega": "seega/walker-5x5.beyt",
          "mankalah": "mankalah/ghasheem-match.beyt", "umelbanat": "umelbanat/four-stages.beyt"}


@pytest.mark.parametrize("game", GAMES)
def test_replay_through_push_equals_positions_and_cli(game):
    g = beyt.read_game(sample(SAMPLE[game]))
    positions = list(g.positions())
    p = beyt.Position.start(g.game, g.rules)
    assert p == positions[0] and hash(p) == hash(positions[0])
    for i, move in enumerate(g.mainline(), 1):
        # Every recorded turn is one the engine lists where a turn is one
        # event (Seega, Mankalah's play); its first event elsewhere (a
        # sowing of Um el-Banat; Tab, Dleb and a tebweez: tests/events_test.cpp).
        if game in ("seega", "mankalah", "umelbanat") and p.actor in ("South", "North"):
            turn = p.check_turn(move.text)
            if game == "umelbanat":
                turn = turn.split(",")[0]
            if not turn.startswith("="):
                assert turn in p.legal_events(), (game, i, move.text)
        outcomes = p.chance_outcomes()
        if outcomes:
            assert abs(sum(prob for _, prob in outcomes) - 1) < 1e-12
        p.push(move.text)
        assert p == positions[i]
        assert p.text() == positions[i].text()
    assert p.is_over() == (g.result != "*") or g.result == "*"
    # The position text at a middle ply is the CLI's.
    mid = len(positions) // 2
    _, out, _ = cli("render", sample(SAMPLE[game]), "--format", "position", "--ply", str(mid), check=0)
    assert positions[mid].text() == out.strip()
    # from_text rebuilds an equal position.
    assert beyt.Position.from_text(g.game, positions[mid].text(), g.rules) == positions[mid]


@pytest.mark.parametrize("game", GAMES)
def test_legal_events_all_playable(game):
    # Every listed event is legal: it plays, and check_turn() gives a whole turn back as is.
    for g in beyt.generate(game, seed=5, count=1, max_turns=60):
        for p in list(g.positions())[:60]:
            moves = p.legal_events()
            if not p.is_over():
                assert moves, (game, p.text())
            for move in moves[:40]:
                q = p.copy()
                q.push(move)
                # A whole turn (else one event of a turn; in Tab and Dleb a throw
                # pushed between turns plays the whole turn it can begin).
                if game not in ("tab", "dleb") and q.turns_played > p.turns_played:
                    assert p.check_turn(move) == move


@pytest.mark.parametrize("game,first", [("tab", [("1", 0.25), ("2", 0.375), ("3", 0.25), ("4", 0.0625), ("6", 0.0625)]),
                                        ("dleb", [("BBBW", 0.25), ("BBWW", 0.375), ("BWWW", 0.25), ("WWWW", 0.0625),
                                                  ("BBBB", 0.0625)])])
def test_chance_outcomes_of_stick_games(game, first):
    p = beyt.Position.start(game)
    outcomes = p.chance_outcomes()
    assert sorted(outcomes) == sorted(first)
    # A throw is due: the chance actor's, and the listed events are its outcomes.
    assert p.actor == "chance"
    assert sorted(p.legal_events()) == sorted(text for text, _ in first)


def test_sample_outcome_picks_by_the_running_sum():
    p = beyt.Position.start("tab")
    outcomes = p.chance_outcomes()
    for z in (0.0, 0.1, 0.25, 0.3, 0.624, 0.625, 0.9, 0.95, 0.999999):
        running, expected = 0.0, outcomes[-1][0]
        for text, probability in outcomes:
            running += probability
            if z < running:
                expected = text
                break
        assert p.sample_outcome(z) == expected, z
    p.push(p.sample_outcome(0.3))                  # what push() takes
    assert len(p.event_stack) == 1


def test_sample_outcome_errors():
    p = beyt.Position.start("dleb")
    for z in (1.0, -0.1, float("nan")):
        with pytest.raises(beyt.ArgumentError):
            p.sample_outcome(z)
    with pytest.raises(beyt.IllegalMove) as e:
        beyt.Position.start("seega").sample_outcome(0.5)
    assert e.value.code == "E303" and "a player decides next" in e.value.reason
    over = beyt.Position.from_text("seega", "5/5/5/2S2/5 N move")
    with pytest.raises(beyt.IllegalMove) as e:
        over.sample_outcome(0.5)
    assert e.value.code == "E303" and "the game is over" in e.value.reason
    with pytest.raises(TypeError, match="real number"):
        p.sample_outcome("0.5")
    with pytest.raises(TypeError, match="missing required argument 'z'"):
        p.sample_outcome()
    with pytest.raises(TypeError, match="unexpected keyword argument 'draw'"):
        p.sample_outcome(draw=0.5)
    with pytest.raises(TypeError, match="multiple values for argument 'z'"):
        p.sample_outcome(0.5, z=0.5)
    with pytest.raises(TypeError, match="at most 2 arguments"):
        p.sample_outcome(0.5, True, 1)
    assert p.sample_outcome(z=0.5) == p.sample_outcome(0.5)


@pytest.mark.parametrize("game", ["seega", "mankalah", "umelbanat"])
def test_no_chance_in_the_other_games(game):
    assert beyt.Position.start(game).chance_outcomes() == []


def test_throws_left_tab_mid_turn():
    # State::throws_left, as tests/events_test.cpp (TabEvents.ATurnByHand)
    # checks it: Lane's opening, then a turn entered event by event.
    p = beyt.Position.start("tab", "lane")
    assert p.throws_left == []  # between turns
    p.push("3")  # an opening throw without tab: the whole turn
    for throw in ("1WBBB", "4", "2"):
        p.push(throw)
    assert p.actor == "North" and p.turns_played == 1
    assert p.throws_left == [1, 2, 4]  # ascending, one entry a throw
    p.push("1i-k")
    p.push("2k-m")
    assert p.throws_left == [4]
    p.push("4--")  # the turn ends
    assert p.throws_left == [] and p.turns_played == 2
    # The same as a whole turn leaves.
    q = beyt.Position.start("tab", "lane")
    q.push("3")
    q.push("1,4,2:1i-k,2k-m,4--")
    assert p == q and q.throws_left == []
    # pop() takes a use back: its throw is left again.
    p.pop()
    assert p.throws_left == [4]


def test_throws_left_dleb_entry_by_dag():
    # Marin 1931, p. 509: the entry's stages (four, three, then two billets),
    # empty while they are thrown; the dag enters with the dleb scored at
    # stage 1 (tests/events_test.cpp, DlebEvents.AnEntryByHand).
    p = beyt.Position.start("dleb", "marin; cross-lines=4")
    for throw in ("WBBB", "WBW"):
        p.push(throw)
        assert p.actor == "chance" and p.throws_left == []
    p.push("WB")
    assert p.actor == "South" and p.throws_left == [1]
    p.push("1A1-B1")
    assert p.throws_left == [] and p.turns_played == 1


@pytest.mark.parametrize("game,rules,events", [("mankalah", "akil", ["0", "30"]),
                                               ("umelbanat", "davies", ["B"])])
def test_throws_left_empty_in_mancala_games(game, rules, events):
    # No throws: empty between turns and during a turn (a tebweez, the
    # sowings of a turn of Davies' Fig. 9).
    if game == "umelbanat":
        p = beyt.Position.from_text(game, "3,2,0,7,0,0,6,6,6,6,6,6 SSSSSSNNNNNN ---n-------- 0-0 S play S", rules)
    else:
        p = beyt.Position.start(game, rules)
    assert p.throws_left == []
    for event in events:
        p.push(event)
    assert p.turns_played == 0 and p.event_stack == events  # mid-turn
    assert p.actor in ("South", "North") and p.chance_outcomes() == []
    assert p.throws_left == []


def test_moves_complete_is_deprecated():
    p = beyt.Position.start("tab")
    with pytest.warns(DeprecationWarning, match="moves_complete is deprecated"):
        assert p.moves_complete is True
    # A filter that makes the warning an error raises it.
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        with pytest.raises(DeprecationWarning):
            p.moves_complete


def test_old_names_warn_and_forward():
    # legal_moves(), move_stack and check() are the old names of
    # legal_events(), event_stack and check_turn(), kept for one release.
    p = beyt.Position.start("tab")
    p.push("1")
    with pytest.warns(DeprecationWarning, match=r"legal_moves\(\) is deprecated: use Position.legal_events\(\)"):
        assert p.legal_moves() == p.legal_events()
    with pytest.warns(DeprecationWarning, match="move_stack is deprecated: use Position.event_stack"):
        assert p.move_stack == p.event_stack == ["1"]
    s = beyt.Position.start("seega")
    with pytest.warns(DeprecationWarning, match=r"check\(\) is deprecated: use Position.check_turn\(\)"):
        assert s.check(s.legal_events()[0]) == s.check_turn(s.legal_events()[0])
    with pytest.warns(DeprecationWarning), pytest.raises(beyt.IllegalMove):
        s.check("c3,a1")
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        with pytest.raises(DeprecationWarning):
            p.legal_moves()


def test_start_from_text_and_errors():
    p = beyt.Position.start("seega", "walker; size=7")
    assert p.game == "seega" and "size=7" in p.rules
    assert p.actor == "South" and p.turns_played == 0
    with pytest.raises(beyt.RecordError) as e:
        beyt.Position.start("chess")
    assert e.value.code == "E202"
    with pytest.raises(beyt.RecordError) as e:
        beyt.Position.start("seega", "walker; size=4")
    assert e.value.code == "E203"
    with pytest.raises(beyt.RecordError) as e:
        beyt.Position.from_text("seega", "nonsense")
    assert e.value.code == "E204" and e.value.offset >= 0
    with pytest.raises(beyt.RecordError):
        beyt.Position.from_text("seega", "")


def test_push_pop_copy_illegal():
    p = beyt.Position.start("seega", "walker")
    with pytest.raises(beyt.IllegalMove) as e:
        p.push("c3,a1")
    assert e.value.code == "E314" and "Walker 2011" in e.value.reason and e.value.move == "c3,a1"
    assert isinstance(e.value, ValueError) and isinstance(e.value, beyt.Error)
    with pytest.raises(beyt.IllegalMove) as e:
        p.push("zz")
    assert e.value.code == "E301"
    with pytest.raises(beyt.IllegalMove):
        p.check_turn("c3,a1")
    start = p.copy()
    p.push("b2,c4")
    assert p.event_stack == ["b2,c4"] and p.actor == "North" and p != start
    q = p.copy()
    assert q == p and q.event_stack == p.event_stack
    assert p.pop() == "b2,c4"
    assert p == start and p.event_stack == []
    with pytest.raises(IndexError):
        p.pop()
    assert q.actor == "North"  # the copy is independent
    assert len({p, start, q}) == 2



def test_a_copy_pops_as_its_original():
    # pop() is the library's State::undo; a copy carries the event stack but
    # no history, so its first pop() plays the stack again from its start.
    for game in ("tab", "dleb", "mankalah"):
        p = beyt.Position.start(game)
        seen = [p.copy()]
        for _ in range(14):
            chance = p.chance_outcomes()
            p.push(chance[-1][0] if chance else p.legal_events()[0])
            seen.append(p.copy())
        q = p.copy()
        for k in range(len(seen) - 1, 0, -1):
            assert q.pop() == seen[k].event_stack[-1]
            assert q == seen[k - 1] and q.text() == seen[k - 1].text()
            assert q.event_stack == seen[k - 1].event_stack and q.turns_played == seen[k - 1].turns_played
        with pytest.raises(IndexError):
            q.pop()
        assert p == seen[-1] and len(p.event_stack) == 14  # the original untouched

def test_over_outcome_and_drawings():
    g = beyt.read_game(sample("seega", "walker-5x5.beyt"))
    last = list(g.positions())[-1]
    assert last.is_over() and last.outcome() == "0-1" and last.actor == "nobody"
    assert last.legal_events() == []
    first = beyt.Position.start("seega")
    assert first.outcome() is None and not first.is_over()
    assert "South to move" in first.unicode() or "South" in first.unicode()
    assert first.ascii().isascii()
    assert str(first) == first.unicode()
    svg = first.svg(cell=30, flipped=True, monochrome=True)
    assert svg.lstrip().startswith(("<?xml", "<svg")) and "</svg>" in svg
    assert first._repr_svg_() == first.svg()
    assert "seega" in repr(first)


def test_unicode_equals_cli_render():
    path = sample("mankalah", "akil-board.beyt")
    g = beyt.read_game(path)
    _, out, _ = cli("render", path, "--format", "unicode", "--ply", "5", check=0)
    assert list(g.positions())[5].unicode() in out


def test_throw_faces_and_cells_are_the_librarys():
    tab = beyt.Position.start("tab")
    faces, pieces = tab.throw_faces()
    assert pieces == 4 and [letter for letter, _ in faces] == ["W", "B"]
    throw = tab.throw_from_faces("WBBB")  # one white side: a táb (Lane 1836)
    assert throw == "1WBBB"
    tab.push(throw)
    assert tab.event_stack == ["1WBBB"]
    with pytest.raises(beyt.IllegalMove) as e:
        tab.throw_from_faces("WB")  # a throw has four sticks
    assert e.value.code == "E301"
    seega = beyt.Position.start("seega", "walker")
    assert seega.throw_faces() is None
    with pytest.raises(beyt.IllegalMove) as e:
        seega.throw_from_faces("W")
    assert e.value.code == "E303"
    cells = seega.cells()
    assert len(cells) == 25 and "a1" in cells and "e5" in cells
    assert len(set(tab.cells())) == len(tab.cells()) > 0


def test_describe_turn_gives_the_tebweez_left():
    # State::describe_turn: a tebweez states the hasa left to distribute and
    # the beyt that takes the next count; nothing between sowings.
    p = beyt.Position.start("mankalah", "akil")
    assert p.describe_turn() == "North distributes the 72 hasa: 72 left to distribute, beyt A next"
    p.push("30")
    assert p.describe_turn() == "North distributes the 72 hasa: 42 left to distribute, beyt B next"
    for count in ["0", "0", "0", "0", "6", "30", "0", "0", "0", "0"]:
        p.push(count)
    assert p.describe_turn() == "North distributes the 72 hasa: 6 left to distribute, beyt f last (it takes them all)"
    p.push("6")
    assert p.describe_turn() == "" and p.turns_played == 1
    assert beyt.Position.start("seega", "walker").describe_turn() == ""
