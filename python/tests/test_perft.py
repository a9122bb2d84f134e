"""Position.perft and Position.perft_divide: the library's perft
(beyt/perft.hpp), the same counts as `beyt perft`, and its errors."""

import pytest

import beyt
from conftest import GAMES, cli


# Seega's depth 3 lists 12 million placements: seconds.
DEPTH = {"seega": 2}


@pytest.mark.parametrize("game", GAMES)
def test_perft_is_the_clis(game):
    p = beyt.Position.start(game)
    depth = DEPTH.get(game, 3)
    counts = p.perft(depth)
    _, out, _ = cli("perft", "--game", game, "--depth", str(depth), check=0)
    assert out == "".join(f"depth {d}: {n}\n" for d, n in enumerate(counts, 1))
    # Depth 1 is the list of events; depth 2 the lists after each.
    assert counts[0] == len(p.legal_events())
    second = 0
    for move in p.legal_events():
        q = p.copy()
        q.push(move)
        second += len(q.legal_events())
    assert counts[1] == second


@pytest.mark.parametrize("game", GAMES)
def test_perft_divide_is_the_clis(game):
    p = beyt.Position.start(game)
    divide = p.perft_divide(2)
    _, out, _ = cli("perft", "--game", game, "--depth", "2", "--divide", check=0)
    total = sum(n for _, n in divide)
    assert out == "".join(f"{e}: {n}\n" for e, n in divide) + f"\nNodes searched: {total}\n"
    assert [e for e, _ in divide] == p.legal_events()
    assert total == p.perft(2)[-1]


def test_perft_from_a_position_leaves_it_as_it_was():
    p = beyt.Position.start("seega", "walker; size=7")
    assert p.perft(2) == [1128, 1128 * 1035]  # C(48, 2) first placements, then C(46, 2)
    p.push("a1,a2")
    before = (p.text(), p.event_stack)
    assert p.perft(1) == [1035]
    assert (p.text(), p.event_stack) == before
    # During a turn: Tab after the throws 1 and 2, the uses of the two throws.
    t = beyt.Position.start("tab")
    t.push("1")
    t.push("2")
    assert t.perft(1) == [len(t.legal_events())]
    assert t.perft_divide(1) == [(move, 1) for move in t.legal_events()]
    # A finished game: nothing follows.
    over = beyt.Position.from_text("seega", "5/5/5/2S2/5 N move")
    assert over.is_over() and over.perft(2) == [0, 0] and over.perft_divide(2) == []


@pytest.mark.parametrize("depth", [0, -1, 101])
def test_perft_depth_out_of_range(depth):
    p = beyt.Position.start("tab")
    for call in (p.perft, p.perft_divide):
        with pytest.raises(beyt.ArgumentError) as e:
            call(depth)
        assert isinstance(e.value, ValueError)
        assert f"from 1 to 100, not {depth}" in str(e.value)
    with pytest.raises(TypeError):
        p.perft("2")
