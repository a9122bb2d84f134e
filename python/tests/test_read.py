"""read_games / read_game / Game / Move against the files and the CLI."""

import io
import json
import os

import pytest

import beyt
from conftest import GAMES, ROOT, cli, sample, valid_samples


def test_issue_example_lane_9():
    g = next(beyt.read_games("samples/tab/lane-9.beyt"))
    assert len(list(g.positions())) == 83
    assert g.errors == []


@pytest.mark.parametrize("path", valid_samples(), ids=os.path.basename)
def test_every_sample_reads_valid_and_positions_match_cli(path):
    games = list(beyt.read_games(path))
    assert games and all(g.readable for g in games)
    for g in games:
        assert g.errors == []
        assert g.game in GAMES
        positions = list(g.positions())
        assert len(positions) == len(g.mainline()) + 1
    # The last position is the one `beyt render --format position` gives.
    if len(games) == 1:
        g = games[0]
        last = len(g.mainline())
        _, out, _ = cli("render", path, "--format", "position", "--ply", str(last), check=0)
        assert positions[-1].text() == out.strip()
        _, out, _ = cli("render", path, "--format", "position", "--ply", "0", check=0)
        assert positions[0].text() == out.strip()


def test_tags_ordered_and_properties():
    g = beyt.read_game("samples/seega/walker-5x5.beyt")
    assert list(g.tags)[:7] == ["Event", "Site", "Date", "Round", "South", "North", "Result"]
    assert g.game == "seega" and g.rules == g.tags["Rules"]
    assert g.result == g.tags["Result"]
    assert g.file == "samples/seega/walker-5x5.beyt" and g.index == 1
    assert "seega" in repr(g)


def test_moves_ply_turn_comment_nags_variations():
    text = ('[Game "seega"]\n[Rules "walker"]\n\n{opening} 1. b2,c4 {first} $1 '
            '(1. b1,c4 {instead}) 2. a3,e3 *\n')
    g = beyt.read_game(text=text)
    assert g.comments == ["opening"]
    m1, m2 = g.mainline()
    assert (m1.text, m1.ply, m1.turn, m1.comment, m1.nags) == ("b2,c4", 1, 1, "first", [1])
    assert (m2.text, m2.ply, m2.turn) == ("a3,e3", 2, 2)
    (variation,) = m1.variations
    assert [(v.text, v.turn, v.comment) for v in variation] == [("b1,c4", 1, "instead")]
    assert str(m1) == "b2,c4" and "1. b2,c4" in repr(m1)
    assert m1.line == 4


def test_sources_path_pathlike_file_text_bytes():
    import pathlib
    path = "samples/seega/lane-5x5.beyt"
    expected = beyt.read_game(path).to_text()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "rb") as f:
        from_binary = beyt.read_game(f)
    assert beyt.read_game(pathlib.Path(path)).to_text() == expected
    assert beyt.read_game(text=text).to_text() == expected
    assert beyt.read_game(text=text.encode()).to_text() == expected
    assert beyt.read_game(io.StringIO(text)).to_text() == expected
    assert from_binary.to_text() == expected


@pytest.mark.parametrize("ext", ["beyt", "json", "xml"])
def test_format_sniffed_from_content(ext):
    path = sample("seega", "walker-5x5." + ext)
    with open(path, "rb") as f:
        data = f.read()
    # No extension to go by: a file object without a name, and text.
    a = beyt.read_game(io.BytesIO(data))
    b = beyt.read_game(text=data.decode())
    assert a.to_text() == b.to_text() == beyt.read_game(path).to_text()


def test_format_forced_and_unknown():
    with pytest.raises(beyt.Error):
        beyt.read_games("samples/seega/walker-5x5.beyt", format="pgn")
    # JSON read as text: the text reader's error, the game is unreadable.
    games = list(beyt.read_games("samples/seega/walker-5x5.json", format="text"))
    assert not games[0].readable and games[0].errors[0].code.startswith("E1")


def test_jsonl(tmp_path):
    out = tmp_path / "all.jsonl"
    cli("convert", "samples/seega/walker-5x5.beyt", "samples/tab/lane-9.beyt", "-o", str(out), check=0)
    games = list(beyt.read_games(str(out)))
    assert [g.game for g in games] == ["seega", "tab"]
    assert json.loads(games[1].to_jsonl())["tags"]["Game"] == "tab"


def test_lazy_reading_stops_early(tmp_path):
    path = tmp_path / "many.beyt"
    cli("generate", "--game", "seega", "--count", "200", "-o", str(path), check=0)
    it = beyt.read_games(str(path))
    first = next(it)
    assert first.index == 1
    it.close()  # the reader stops; nothing hangs
    assert sum(1 for _ in beyt.read_games(str(path))) == 200


@pytest.mark.parametrize("fmt", ["text", "json", "xml", "jsonl"])
def test_file_object_read_as_asked(tmp_path, fmt):
    """The library's pull reader reads a file object only as far as the game
    asked for (a JSON record file too, whose reader runs in a thread of its
    own that takes the GIL for read()); closing early joins it."""
    path = tmp_path / f"many.{'beyt' if fmt == 'text' else fmt}"
    cli("generate", "--game", "seega", "--count", "400", "--to", fmt, "-o", str(path), check=0)
    size = path.stat().st_size

    class Counting(io.FileIO):
        asked = 0

        def read(self, n=-1):
            data = super().read(n)
            Counting.asked += len(data)
            return data

    with Counting(str(path)) as f:
        it = beyt.read_games(f, format=fmt)
        first = next(it)
        assert first.index == 1 and first.readable
        assert Counting.asked < size / 4, (Counting.asked, size)
        it.close()
    with Counting(str(path)) as f:
        games = list(beyt.read_games(f, format=fmt))
    assert [g.index for g in games] == list(range(1, 401))
    assert Counting.asked >= size


def test_unreadable_game_yielded_and_reading_goes_on():
    text = '[Game "seega"]\n\n1. b2,c4 {open *\n'
    games = list(beyt.read_games(text=text))
    assert len(games) == 1 and not games[0].readable
    assert games[0].errors[0].code == "E102"
    with pytest.raises(beyt.RecordError) as e:
        beyt.read_game(text=text)
    assert e.value.code == "E102"
    both = '[Game "seega"]\n\n1. b2 c4 $999 *\n\n[Game "seega"]\n\n1. b2,c4 *\n'
    games = list(beyt.read_games(text=both))
    assert [g.readable for g in games] == [False, True]
    with pytest.raises(beyt.Error):
        games[0].to_text()
    with pytest.raises(beyt.Error):
        games[0].svg(0)


def test_json_syntax_error_raises_after_the_games():
    it = beyt.read_games("samples/invalid/E150-json-syntax.json")
    with pytest.raises(beyt.RecordError) as e:
        list(it)
    assert e.value.code == "E150"
    assert e.value.diagnostic.line > 0


def test_missing_and_directory_inputs():
    with pytest.raises(beyt.InputError) as e:
        list(beyt.read_games("no-such-file.beyt"))
    assert e.value.code == "E501" and "No such file" in str(e.value)
    assert isinstance(e.value, OSError)
    with pytest.raises(beyt.InputError):
        list(beyt.read_games("samples"))
    with pytest.raises(TypeError):
        beyt.read_games(42)


def test_file_object_read_failure():
    class Broken(io.RawIOBase):
        def readable(self):
            return True

        def read(self, n=-1):
            raise OSError("disk on fire")

    games = beyt.read_games(Broken())
    with pytest.raises(beyt.InputError) as e:
        list(games)
    assert "disk on fire" in str(e.value)


def test_read_game_none_when_empty():
    assert beyt.read_game(text="\n\n") is None


def test_errors_of_invalid_record_equal_cli():
    path = "samples/invalid/E304-occupied.beyt"
    (g,) = beyt.read_games(path)
    (d,) = g.errors
    _, out, _ = cli("validate", "--diagnostics", "json", path)
    assert d.to_dict() == json.loads(out.splitlines()[0])
    assert str(d).startswith("samples/invalid/E304-occupied.beyt:12:16: error[E304]")


def test_warning_w401_in_errors():
    (g,) = beyt.read_games("samples/invalid/W401-finished-unknown-result.beyt")
    assert [d.code for d in g.errors] == ["W401"] and g.errors[0].severity == "warning"


def test_to_formats_round_trip_equal_cli():
    path = "samples/umelbanat/four-stages.beyt"
    g = beyt.read_game(path)
    for fmt, method in [("text", g.to_text), ("json", g.to_json), ("xml", g.to_xml)]:
        _, out, _ = cli("convert", path, "--to", fmt, check=0)
        assert method() == out


def test_svg_equal_cli_and_errors():
    path = "samples/tab/lane-9.beyt"
    g = beyt.read_game(path)
    _, out, _ = cli("render", path, "--format", "svg", "--ply", "13", check=0)
    assert g.svg(13) == out
    assert g.svg("13").startswith("<?xml") or g.svg("13").startswith("<svg")
    with pytest.raises(beyt.Error):
        g.svg(1000)
    with pytest.raises(beyt.Error):
        g.svg("1.x")
    bad = beyt.read_game("samples/invalid/E304-occupied.beyt")
    with pytest.raises(beyt.IllegalMove) as e:
        bad.svg(2)
    assert e.value.code == "E304"
    unknown = beyt.read_game("samples/invalid/E202-unknown-game.beyt")
    with pytest.raises(beyt.RecordError):
        unknown.svg(0)
    assert list(unknown.positions()) == []


def test_positions_stop_at_illegal_move():
    g = beyt.read_game("samples/invalid/E304-occupied.beyt")
    positions = list(g.positions())
    assert len(positions) == 2  # the start and after turn 1; turn 2 is illegal
