"""Where inputs cross into the library: no game lost, no bad argument taken.
Pipes read by path, the results a file object's read() may give, paths
holding a NUL byte, a NUL in JSON Lines, numeric arguments (beyt.dask's
blocksize, svg's cell), read_game called again on one handle, a str that is
a path, an SVG read as a record."""

import io
import math
import os
import pathlib
import subprocess
import sys
import threading

import pytest

import beyt
from conftest import ROOT, cli, sample

SEEGA = sample("seega", "walker-5x5.beyt")


def five_games(tmp_path, fmt):
    """A file of 5 generated Seega games in `fmt`, and the games' texts."""
    ext = {"text": "beyt"}.get(fmt, fmt)
    path = tmp_path / f"five.{ext}"
    cli("generate", "--game", "seega", "--count", "5", "--to", fmt, "-o", str(path), check=0)
    return path, [g.to_text() for g in beyt.read_games(str(path))]


# --- pipes read by path (issue 32, finding 4) ----------------------------------


@pytest.mark.parametrize("fmt", ["text", "json", "xml", "jsonl"])
def test_a_fifo_read_by_path_gives_every_game(tmp_path, fmt):
    source, texts = five_games(tmp_path, fmt)
    fifo = tmp_path / "games.fifo"  # no extension: the format is told from the first bytes
    os.mkfifo(fifo)

    def feed():
        with open(fifo, "wb") as w:
            w.write(source.read_bytes())

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        games = list(beyt.read_games(str(fifo)))
    finally:
        writer.join()
    assert [g.to_text() for g in games] == texts


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_dev_stdin_and_process_substitution_read_whole(tmp_path, fmt):
    source, texts = five_games(tmp_path, fmt)
    program = ("import sys, beyt\n"
               "print(len(list(beyt.read_games(sys.argv[1]))))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    with open(source, "rb") as data:  # a pipe on standard input, read as /dev/stdin
        cat = subprocess.Popen(["cat"], stdin=data, stdout=subprocess.PIPE)
        r = subprocess.run([sys.executable, "-c", program, "/dev/stdin"], stdin=cat.stdout, capture_output=True,
                           text=True, env=env, cwd=ROOT)
        cat.stdout.close()
        cat.wait()
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "5"
    # bash's <(...): a /dev/fd path of a pipe
    r = subprocess.run(["bash", "-c", f'{sys.executable} -c "$0" <(cat "$1")', program, str(source)],
                       capture_output=True, text=True, env=env, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "5"


# --- what a file object's read() gives (finding 5) -------------------------------


class Chunks(io.RawIOBase):
    """A binary file whose read() gives `items` one after the other (small
    chunks of the data, made by `make`), then b""."""

    def __init__(self, data, make, size=97):
        self.items = [make(data[i:i + size]) for i in range(0, len(data), size)]

    def readable(self):
        return True

    def read(self, n=-1):
        return self.items.pop(0) if self.items else b""


@pytest.mark.parametrize("make", [bytearray, memoryview, lambda b: memoryview(bytearray(b))],
                         ids=["bytearray", "memoryview", "memoryview-of-bytearray"])
def test_bytes_like_read_results_are_data(tmp_path, make):
    source, texts = five_games(tmp_path, "text")
    games = list(beyt.read_games(Chunks(source.read_bytes(), make)))
    assert [g.to_text() for g in games] == texts


class Duck:
    """A file object that is no io class: read() gives what it is told."""

    def __init__(self, items):
        self.items = list(items)

    def read(self, n=-1):
        return self.items.pop(0) if self.items else b""


def test_other_read_results_are_a_type_error():
    data = pathlib.Path(SEEGA).read_bytes()
    with pytest.raises(TypeError, match="read\\(\\) returned int"):
        list(beyt.read_games(Duck([data[:10], 42])))
    with pytest.raises(TypeError, match="returned list"):
        list(beyt.read_games(Duck([[1, 2, 3]])))
    # str from a binary file (an io binary class), bytes from a text one
    with pytest.raises(TypeError, match="binary file returned str"):
        list(beyt.read_games(Chunks(data, lambda b: b.decode("latin-1"))))

    class Text(io.TextIOBase):
        def read(self, n=-1):
            return b"[Game"

    with pytest.raises(TypeError, match="text file returned bytes"):
        list(beyt.read_games(Text()))
    # a duck that mixes them
    with pytest.raises(TypeError, match="returned str"):
        list(beyt.read_games(Duck([data[:300], data[300:].decode()]), format="text"))


def test_none_from_a_non_blocking_file_is_waited_on(tmp_path):
    source, texts = five_games(tmp_path, "jsonl")
    data = source.read_bytes()
    r, w = os.pipe()
    os.set_blocking(r, False)
    f = os.fdopen(r, "rb")  # a BufferedReader over a non-blocking pipe: read() gives None until data comes
    assert f.read(10) is None

    def feed():
        for i in range(0, len(data), 700):
            threading.Event().wait(0.01)
            os.write(w, data[i:i + 700])
        os.close(w)

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        games = list(beyt.read_games(f, format="jsonl"))
    finally:
        writer.join()
        f.close()
    assert [g.to_text() for g in games] == texts


def test_none_without_fileno_is_an_error_not_the_end():
    data = pathlib.Path(SEEGA).read_bytes()
    with pytest.raises(beyt.InputError, match="returned None"):
        list(beyt.read_games(Duck([data[:50], None, data[50:]])))


# --- paths holding a NUL byte (finding 6) ----------------------------------------


def test_paths_with_a_nul_byte_are_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text(pathlib.Path(SEEGA).read_text(encoding="utf-8"))
    good = tmp_path / "good.beyt"
    good.write_text(pathlib.Path(SEEGA).read_text(encoding="utf-8"))
    for call in (lambda p: beyt.validate([p]), lambda p: list(beyt.read_games(p)), lambda p: beyt.read_game(p),
                 lambda p: beyt.stats([p])):
        for path in (f"{secret}\0.beyt", f"{good}\0.json", f"{good}\0"):
            with pytest.raises(ValueError, match="NUL byte") as e:
                call(path)
            assert isinstance(e.value, beyt.ArgumentError)
    with pytest.raises(ValueError, match="NUL byte"):
        list(beyt.read_games(os.fsencode(f"{good}\0.json")))
    out = tmp_path / "out.beyt"
    with pytest.raises(ValueError, match="NUL byte"):
        beyt.write_games([beyt.read_game(str(good))], f"{out}\0.json")
    assert sorted(os.listdir(tmp_path)) == ["good.beyt", "secret.txt"]  # nothing written
    # as Python's own open()
    with pytest.raises(ValueError):
        open(f"{secret}\0.beyt")


def test_paths_with_a_nul_byte_are_refused_by_dask(tmp_path):
    pytest.importorskip("dask")
    import beyt.dask
    good = tmp_path / "good.jsonl"
    cli("convert", SEEGA, "--to", "jsonl", "-o", str(good), check=0)
    for call in (beyt.dask.validate, beyt.dask.stats):
        with pytest.raises(ValueError, match="NUL byte"):
            call([f"{good}\0.beyt"])


# --- a NUL byte in JSON Lines (finding 7) ----------------------------------------


def test_jsonl_nul_does_not_end_the_line(tmp_path):
    _, line, _ = cli("convert", SEEGA, "--to", "jsonl", check=0)
    line = line.rstrip("\n")
    for name, content in [("nul", line + "\0 not JSON {{{\n"), ("plain", line + " not JSON {{{\n")]:
        path = tmp_path / f"{name}.jsonl"
        path.write_text(content)
        report = beyt.validate([str(path)])
        assert not report.ok and report.diagnostics[0].code == "E150", (name, report.summary)
        (game,) = beyt.read_games(str(path))
        assert not game.readable and game.errors[0].code == "E150"
    assert "NUL" in beyt.validate([str(tmp_path / "nul.jsonl")]).diagnostics[0].message
    # convert drops nothing silently: it stops with the error
    code, _, err = cli("convert", str(tmp_path / "nul.jsonl"), "--to", "text")
    assert code != 0 and "E150" in err


# --- numeric arguments (findings 9 and 12) ---------------------------------------


def test_dask_blocksize_checked(tmp_path):
    pytest.importorskip("dask")
    import beyt.dask
    path = tmp_path / "bad.jsonl"
    _, line, _ = cli("convert", "samples/invalid/E304-occupied.beyt", "--to", "jsonl", check=0)
    path.write_text(line * 3)
    for blocksize in (-1, -100, 0):
        for call in (beyt.dask.validate, beyt.dask.stats):
            with pytest.raises(ValueError, match="blocksize"):
                call(str(path), blocksize=blocksize)
        with pytest.raises(ValueError):
            beyt.dask.partitions(str(path), blocksize)
    for blocksize in (1.5, "64", True):
        with pytest.raises(TypeError):
            beyt.dask.validate(str(path), blocksize=blocksize)
    with pytest.raises(ValueError, match="top"):
        beyt.dask.stats(str(path), top=-1)
    # a tiny blocksize still sees every game
    report = beyt.dask.validate(str(path), blocksize=1)
    assert report.inputs == 1 and report.games == 3 and not report.ok


def test_python_api_numbers_checked():
    with pytest.raises(ValueError, match="jobs"):
        beyt.validate([SEEGA], jobs=0)
    with pytest.raises(ValueError, match="jobs"):
        beyt.validate([SEEGA], jobs=-3)
    with pytest.raises(ValueError, match="jobs"):
        beyt.validate([SEEGA], jobs=2**32)
    assert beyt.validate([SEEGA], jobs=257).ok  # as beyt validate -j 257: at most 256 threads are taken
    with pytest.raises(ValueError, match="top"):
        beyt.stats([SEEGA], top=-1)
    with pytest.raises(ValueError, match="unknown format"):
        beyt.read_games(SEEGA, format="pgn")


@pytest.mark.parametrize("cell", [math.nan, math.inf, -math.inf, -40, 0, 7.99, 400.5, 1e300])
def test_svg_cell_range(cell):
    game = beyt.read_game(SEEGA)
    position = beyt.Position.start("seega")
    for draw in (lambda: game.svg(0, cell=cell), lambda: position.svg(cell=cell)):
        with pytest.raises(ValueError, match="from 8 to 400 px") as e:
            draw()
        assert isinstance(e.value, beyt.ArgumentError)


def test_svg_cell_range_ends_drawn_as_the_cli():
    game = beyt.read_game(SEEGA)
    for cell in (8, 400):
        _, out, _ = cli("render", SEEGA, "--format", "svg", "--ply", "0", "--size", str(cell), check=0)
        assert game.svg(0, cell=cell) == out
    code, _, err = cli("render", SEEGA, "--format", "svg", "--size", "401")
    assert code != 0 and "400" in err


# --- read_game on one handle, again and again (issue 30, item 4) ----------------


@pytest.mark.parametrize("fmt", ["text", "json", "xml", "jsonl"])
@pytest.mark.parametrize("mode", ["rb", "r"])
def test_read_game_loop_on_one_handle(tmp_path, fmt, mode):
    path, texts = five_games(tmp_path, fmt)
    got = []
    with open(path, mode) as f:
        while (g := beyt.read_game(f)) is not None:
            got.append(g.to_text())
        assert beyt.read_game(f) is None  # and stays at the end
    assert got == texts


def test_read_game_loop_on_a_pipe_and_a_seek(tmp_path):
    path, texts = five_games(tmp_path, "text")
    data = path.read_bytes()
    r, w = os.pipe()
    threading.Thread(target=lambda: (os.write(w, data), os.close(w))).start()
    got = []
    with os.fdopen(r, "rb") as f:
        while (g := beyt.read_game(f)) is not None:
            got.append(g.to_text())
    assert got == texts
    with open(path, "rb") as f:
        assert beyt.read_game(f).to_text() == texts[0]
        assert beyt.read_game(f).to_text() == texts[1]
        f.seek(0)  # moved by its owner: read afresh from there
        assert beyt.read_game(f).to_text() == texts[0]


def test_read_game_loop_goes_past_an_unreadable_game():
    text = '[Game "seega"]\n\n1. b2 c4 $999 *\n\n[Game "seega"]\n\n1. b2,c4 *\n'
    f = io.StringIO(text)
    with pytest.raises(beyt.RecordError):
        beyt.read_game(f)
    assert beyt.read_game(f).mainline()[0].text == "b2,c4"
    assert beyt.read_game(f) is None


# --- a str is a path (issue 30, item 8) ------------------------------------------


def test_a_str_is_a_path(tmp_path):
    odd = tmp_path / "[1836] lane.beyt"
    odd.write_bytes(pathlib.Path(sample("tab", "lane-9.beyt")).read_bytes())
    g = beyt.read_game(str(odd))
    assert g.game == "tab" and g.file == str(odd)
    for name in ("{x}.json", "<y>.xml"):
        other = tmp_path / name
        other.write_bytes(pathlib.Path(sample("seega", "walker-5x5" + os.path.splitext(name)[1])).read_bytes())
        assert beyt.read_game(str(other)).game == "seega"
    # record text is said to be text, or given as a file object
    text = pathlib.Path(SEEGA).read_text(encoding="utf-8")
    assert beyt.read_game(text=text).to_text() == beyt.read_game(SEEGA).to_text()
    assert beyt.read_game(text=text.encode()).to_text() == beyt.read_game(SEEGA).to_text()
    assert beyt.read_game(io.StringIO(text)).to_text() == beyt.read_game(SEEGA).to_text()
    # text given as a path: a clear error, never games read from nowhere
    with pytest.raises(beyt.InputError) as e:
        beyt.read_game(text)
    assert e.value.code == "E501"
    with pytest.raises(TypeError):
        beyt.read_games(SEEGA, text=text)
    with pytest.raises(TypeError):
        beyt.read_games(text=42)


# --- an SVG read as a record (issue 30, item 9) -----------------------------------


def test_an_svg_read_as_a_record_is_one_error(tmp_path):
    svg = tmp_path / "plate.svg"
    svg.write_text(beyt.read_game(SEEGA).svg(0))
    with pytest.raises(beyt.RecordError) as e:
        list(beyt.read_games(str(svg)))
    assert e.value.code == "E161" and "<svg>" in str(e.value)
    code, out, err = cli("validate", "--diagnostics", "json", str(svg))
    assert code != 0 and len(out.splitlines()) == 1 and "E161" in out
