"""validate, write_games, generate, games: equal to the CLI."""

import glob
import json
import os
import stat

import pytest

import beyt
from conftest import GAMES, cli, cli_json_diagnostics, valid_samples


def report_equals_cli(paths, *flags, **kwargs):
    report = beyt.validate(paths, **kwargs)
    code, diagnostics, summary = cli_json_diagnostics(*flags, *paths)
    assert [d.to_dict() for d in report.diagnostics] == diagnostics
    assert report.summary == summary
    assert report.ok == (code == 0)
    return report


def test_validate_every_invalid_sample_equals_cli():
    paths = sorted(glob.glob("samples/invalid/*.*"))
    paths = [p for p in paths if not p.endswith(".tsv")]
    r = report_equals_cli(paths, jobs=2)
    assert r.inputs == len(paths) and r.invalid > 0 and r.warnings > 0


def test_validate_strict_game_format_and_jobs():
    paths = sorted(glob.glob("samples/invalid/*strict*")) + ["samples/invalid/W401-finished-unknown-result.beyt"]
    report_equals_cli(paths, "--strict", strict=True)
    report_equals_cli(["samples/invalid/E201-missing-game.beyt"], "--game", "seega", game="seega")
    report_equals_cli(["samples/seega/walker-5x5.json"], "--from", "text", format="text")
    one = beyt.validate(valid_samples(), jobs=1)
    many = beyt.validate(valid_samples(), jobs=4)
    assert one == many and one.ok and one.valid == one.games and one.games >= len(valid_samples())
    assert beyt.validate("samples/seega/walker-5x5.beyt").games == 1


def test_validate_jobs_reads_a_large_text_file_in_pieces_as_the_cli(tmp_path):
    # Over 1 MiB of text: read in pieces by every thread (the library's
    # parallel validator), with broken games among them; the report equals
    # `beyt validate -j N` and that of one thread, whatever N.
    big = tmp_path / "big.beyt"
    cli("generate", "--game", "seega", "--seed", "7", "--count", "400", "-o", str(big), check=0)
    text = big.read_text()
    assert len(text) > 1 << 20
    games = text.split("\n\n[Event ")
    for i in (5, len(games) // 2, len(games) - 3):  # a broken first turn in three games
        assert "\n\n1. " in games[i]
        games[i] = games[i].replace("\n\n1. ", "\n\n1. z9,", 1)
    big.write_text("\n\n[Event ".join(games))
    for jobs in (2, 3):
        code, out, err = cli("validate", "--diagnostics", "json", "-j", str(jobs), str(big))
        report = beyt.validate(str(big), jobs=jobs)
        assert [d.to_dict() for d in report.diagnostics] == [json.loads(line) for line in out.splitlines()]
        assert report.summary == err.strip() and report.ok == (code == 0)
    default = beyt.validate(str(big))
    assert default == beyt.validate(str(big), jobs=1) == report
    assert not report.ok and report.invalid >= 3 and report.games == 400


def test_validate_unreadable_and_usage_errors():
    report_equals_cli(["no-such.beyt", "samples"])
    with pytest.raises(beyt.Error):
        beyt.validate(["samples/seega/walker-5x5.beyt"], jobs=0)
    with pytest.raises(beyt.RecordError) as e:
        beyt.validate(["samples/seega/walker-5x5.beyt"], game="chess")
    assert e.value.code == "E202"
    with pytest.raises(beyt.Error):
        beyt.validate(["samples/seega/walker-5x5.beyt"], format="pgn")


@pytest.mark.parametrize("path", valid_samples(), ids=os.path.basename)
def test_round_trip_every_sample(path, tmp_path):
    games = list(beyt.read_games(path))
    for fmt in ["text", "json", "xml", "jsonl"]:
        out = tmp_path / ("copy." + {"text": "beyt"}.get(fmt, fmt))
        assert beyt.write_games(games, out) == len(games)
        again = list(beyt.read_games(str(out)))
        assert [g.to_text() for g in again] == [g.to_text() for g in games]
        # The CLI's conversion gives the same bytes.
        _, expected, _ = cli("convert", path, "--to", fmt, check=0)
        assert out.read_text(encoding="utf-8") == expected


def test_write_games_safe(tmp_path):
    target = tmp_path / "out.beyt"
    target.write_text("old\n")
    os.chmod(target, 0o640)

    def failing():
        yield beyt.read_game("samples/seega/walker-5x5.beyt")
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        beyt.write_games(failing(), target)
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["out.beyt"]  # no temporary file left
    beyt.write_games([beyt.read_game("samples/seega/walker-5x5.beyt")], target, format="json")
    assert json.loads(target.read_text())["games"]
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    # An output that is one of the inputs is refused, and nothing changes.
    before = target.read_bytes()
    with pytest.raises(beyt.WriteError) as e:
        beyt.write_games(beyt.read_games(str(target)), target)
    assert e.value.code == "E504" and target.read_bytes() == before
    with pytest.raises(beyt.WriteError) as e:
        beyt.write_games([], tmp_path / "no-such-folder" / "x.beyt")
    assert e.value.code == "E503"
    unreadable = list(beyt.read_games(text='[Game "seega"]\n\n1. b2,c4 {x *\n'))
    with pytest.raises(beyt.Error):
        beyt.write_games(unreadable, tmp_path / "bad.beyt")
    assert not (tmp_path / "bad.beyt").exists()
    with pytest.raises(beyt.Error):
        beyt.write_games([], tmp_path / "x.beyt", format="pgn")
    assert not (tmp_path / "x.beyt").exists()
    # A write-protected file is refused (E503) unless force, as the CLI's --force.
    os.chmod(target, 0o444)
    with pytest.raises(beyt.WriteError) as e:
        beyt.write_games([beyt.read_game("samples/seega/walker-5x5.beyt")], target)
    assert e.value.code == "E503" and "write-protected" in str(e.value) and target.read_bytes() == before
    assert beyt.write_games([beyt.read_game("samples/seega/walker-5x5.beyt")], target, force=True) == 1
    assert target.read_bytes() != before and stat.S_IMODE(os.stat(target).st_mode) == 0o444
    assert sorted(os.listdir(tmp_path)) == ["out.beyt"]  # no temporary file left


@pytest.mark.parametrize("game", GAMES)
def test_generate_equals_cli(game, tmp_path):
    games = list(beyt.generate(game, seed=7, count=3, max_turns=100))
    out = tmp_path / "g.beyt"
    cli("generate", "--game", game, "--seed", "7", "--count", "3", "--max-turns", "100", "-o", str(out), check=0)
    assert "".join(g.to_text() for g in games) == out.read_text(encoding="utf-8")
    assert all(g.errors == [] for g in games)


def test_generate_is_lazy():
    import itertools
    import collections.abc
    games = beyt.generate("tab", seed=7, count=10**9, max_turns=100)  # never all made
    assert isinstance(games, collections.abc.Iterator)
    first = list(itertools.islice(games, 70))  # two batches
    assert [g.index for g in first] == list(range(1, 71))
    assert first == list(beyt.generate("tab", seed=7, count=70, max_turns=100))


def test_generate_errors():
    with pytest.raises(beyt.RecordError) as e:
        beyt.generate("chess")
    assert e.value.code == "E202"
    with pytest.raises(beyt.RecordError) as e:
        beyt.generate("seega", "nonsense")
    assert e.value.code == "E203"
    with pytest.raises(beyt.ArgumentError):
        beyt.generate("seega", count=-1)
    with pytest.raises(beyt.ArgumentError):
        beyt.generate("seega", max_turns=-1)
    assert list(beyt.generate("seega", count=0)) == []


def test_games_equal_cli():
    _, out, _ = cli("games", "--json", check=0)
    assert beyt.games() == json.loads(out)["games"]


def test_version():
    _, out, _ = cli("--version", check=0)
    assert beyt.__version__ in out


def test_stub_covers_the_api():
    import ast
    import inspect
    stub = os.path.join(os.path.dirname(beyt.__file__), "__init__.pyi")
    with open(stub, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
    names |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    assert set(beyt.__all__) <= names
    # Every public method of the classes has a stub and a docstring.
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for cls in (beyt.Game, beyt.Position):
        stubbed = {f.name for f in classes[cls.__name__].body if isinstance(f, ast.FunctionDef)}
        for name, member in inspect.getmembers(cls):
            if name.startswith("_"):
                continue
            assert name in stubbed, (cls.__name__, name)
            assert (member.__doc__ or getattr(getattr(cls, name), "__doc__", None)), (cls.__name__, name)
    for fn in (beyt.read_games, beyt.read_game, beyt.validate, beyt.write_games, beyt.generate, beyt.games, beyt.stats):
        assert fn.__doc__ and len(fn.__doc__) > 80


def test_stats_reads_as_the_cli_with_its_warnings(tmp_path):
    # beyt.stats reads whole inputs as `beyt stats` does (the library's
    # read_inputs): a byte-order mark's W101 and an unreadable input's E501
    # are among its diagnostics, in the CLI's order, and only the E501 fails.
    bom = tmp_path / "bom.beyt"
    with open("samples/seega/walker-5x5.beyt", "rb") as f:
        bom.write_bytes(b"\xef\xbb\xbf" + f.read())
    missing = str(tmp_path / "missing.beyt")
    report = beyt.stats([str(bom), missing])
    code, out, err = cli("stats", "--json", str(bom), missing)
    assert dict(report) == json.loads(out)
    assert [d.code for d in report.diagnostics] == ["W101", "E501"]
    assert [str(d).split(": ")[1] for d in report.diagnostics] == [
        line.split(": ")[1] for line in err.splitlines() if ": warning[" in line or ": error[" in line]
    assert not report.ok and code != 0
    assert beyt.stats(str(bom)).ok
