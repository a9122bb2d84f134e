"""Long calls answer Ctrl-C (issue 30, "Interruptible": SIGINT raises
KeyboardInterrupt within 1 s), the interpreter exits cleanly while threads
are inside beyt calls (issue 32 finding 1), and an exception a file object's
read() raises that is no error of the input passes through unchanged
(finding 8)."""

import io
import pathlib
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import beyt
from conftest import CLI, ROOT, sample

# The child: sets up (the `setup` code), prints "ready", then runs `call`;
# it prints "interrupted" when KeyboardInterrupt comes out of the call,
# "finished" when the call ends by itself. It takes SIGINT as an interactive
# interpreter does, whatever the launcher left it (a shell's background job
# starts with SIGINT ignored, and Python then installs no handler).
CHILD = """
import signal, sys, time, beyt
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_SETMASK, [])
{setup}
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
"""


def run_child(code, env=None):
    return subprocess.Popen([sys.executable, "-X", "dev", "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env=env)


def interrupt(child):
    """Sends the child SIGINT; its output and errors once it has ended. A
    child still running 60 s later fails the test and is killed (nothing is
    left running to slow the tests after it)."""
    child.send_signal(signal.SIGINT)
    try:
        return child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        pytest.fail(f"still running 60 s after SIGINT: {out!r} {err[-2000:]!r}")


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A text file of 3 000 Tab games (about 9 MB): validated, counted or
    read 40 times over, far more than a second's work."""
    path = tmp_path_factory.mktemp("big") / "big.beyt"
    r = subprocess.run([CLI, "generate", "--game", "tab", "--count", "3000", "--max-turns", "300", "-o", str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return str(path)


@pytest.fixture(scope="module")
def huge(big):
    """`big` 8 times over in one file (about 60 MB): about half a second of
    `beyt stats` (2026-11-30), read many times over in one call of the library."""
    path = big + ".huge.beyt"
    data = pathlib.Path(big).read_bytes()
    with open(path, "wb") as f:
        for _ in range(8):
            f.write(data)
    return path


# Every call is sized to run for minutes on any machine (the signal comes
# after half a second): a call that ends by itself before the signal would
# print "finished". (At the last count, 2026-11-30, 40 passes of `big`
# validated in 1.2 s on two cores: on a machine of many cores `validate`,
# which spreads its files over them, ended before the signal.)
CALLS = {
    "generate": ("", "for g in beyt.generate('umelbanat', count=10**6, max_turns=200000): pass"),
    "generate_list": ("", "list(beyt.generate('tab', count=10**7, max_turns=400))"),
    "validate": ("paths = [{big!r}] * 100000", "beyt.validate(paths)"),
    "validate_jobs": ("paths = [{big!r}] * 100000", "beyt.validate(paths, jobs=2)"),
    "stats": ("paths = [{huge!r}] * 10000", "beyt.stats(paths)"),
    "read_games": ("paths = [{big!r}] * 100000", "for p in paths:\n        list(beyt.read_games(p))"),
    "errors": ("paths = [{big!r}] * 100000", "for p in paths:\n        [g.errors for g in beyt.read_games(p)]"),
    "playouts": ("", "beyt.playouts('umelbanat', 10**6, max_turns=200000)"),
    # (A random game of Tab that does not end: minutes of turns in one call.)
    "play_random": ("p = beyt.Position.start('tab')", "p.play_random(10**9, seed=2)"),
    "perft": ("p = beyt.Position.start('seega')", "p.perft(6)"),
    "perft_divide": ("p = beyt.Position.start('seega')", "p.perft_divide(6)"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_sigint_raises_keyboard_interrupt_within_a_second(name, big, huge):
    setup, call = CALLS[name]
    child = run_child(CHILD.format(setup=setup.format(big=big, huge=huge), call=call))
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)  # well inside the call
    sent = time.monotonic()
    out, err = interrupt(child)
    elapsed = time.monotonic() - sent
    print(f"{name}: KeyboardInterrupt {elapsed:.3f} s after SIGINT")
    assert out.strip() == "interrupted", (out, err)
    assert child.returncode == 0, err
    assert elapsed < 1.0, f"{name}: {elapsed:.3f} s after SIGINT"


def test_interrupted_write_leaves_the_old_file(tmp_path):
    target = tmp_path / "out.beyt"
    target.write_text("old\n")
    setup = ""
    call = f"beyt.write_games(beyt.generate('umelbanat', count=10**6, max_turns=200000), {str(target)!r})"
    child = run_child(CHILD.format(setup=setup, call=call))
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    out, err = interrupt(child)
    assert out.strip() == "interrupted", (out, err)
    assert target.read_text() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["out.beyt"]  # no temporary file left


def test_interrupted_play_random_leaves_the_position_as_it_was():
    setup = "p = beyt.Position.start('tab')"
    call = "try:\n        p.play_random(10**9, seed=2)\n    finally:\n        print(p.event_stack, p.turns_played, flush=True)"
    child = run_child(CHILD.format(setup=setup, call=call))
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    out, err = interrupt(child)
    assert out.split("\n")[:2] == ["[] 0", "interrupted"], (out, err)


def test_interrupt_from_a_thread_that_is_not_main():
    # Only the main thread runs signal handlers: a call in another thread
    # runs to its end (here a short one), and the process stays well.
    code = textwrap.dedent("""
        import threading, beyt
        out = []
        t = threading.Thread(target=lambda: out.append(len(list(beyt.generate('seega', count=50)))))
        t.start(); t.join()
        print(out)
    """)
    r = subprocess.run([sys.executable, "-X", "dev", "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.strip() == "[50]", r.stderr


# --- exit while threads are inside beyt ------------------------------------------------------

EXIT_CHILD = """
import threading, time, beyt
path = {big!r}
game = beyt.read_game(path)
def read_file_object(name):
    with open(name, "rb") as f:
        for g in beyt.read_games(f):
            pass
def loop(work):
    while True:
        work()
works = [
    lambda: list(game.positions()),
    lambda: [g.errors for g in beyt.read_games(path)],
    lambda: beyt.validate([path]),
    lambda: beyt.validate([path], jobs=2),
    lambda: beyt.stats([path]),
    lambda: list(beyt.generate("umelbanat", count=5, max_turns=100000)),
    lambda: beyt.playouts("umelbanat", 5, max_turns=100000),
    lambda: beyt.Position.start("tab").play_random(100000, seed=2),
    lambda: [g.svg(3) for g in beyt.read_games(path)],
    lambda: read_file_object(path),
    lambda: read_file_object({big_json!r}),  # read() from the JSON reader's own thread
]
for work in works:
    threading.Thread(target=loop, args=(work,), daemon=True).start()
time.sleep({delay})
print("exiting", flush=True)
"""


@pytest.mark.parametrize("delay", [0.05, 0.15, 0.3, 0.6, 1.0])
def test_exit_with_daemon_threads_inside_beyt_calls(delay, big):
    big_json = big[:-5] + ".json"
    if not os.path.exists(big_json):
        r = subprocess.run([CLI, "convert", big, "-o", big_json], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-X", "dev", "-c", EXIT_CHILD.format(big=big, big_json=big_json, delay=delay)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert r.stdout.strip() == "exiting"
    assert "terminate" not in r.stderr and "Fatal" not in r.stderr


# --- exceptions of a file object's read() ------------------------------------------------------

class Raising(io.RawIOBase):
    """A binary file whose read() gives `data`, then raises `exc`."""

    def __init__(self, data, exc):
        self.data, self.exc = data, exc

    def readable(self):
        return True

    def read(self, n=-1):
        if self.data:
            chunk, self.data = self.data[:n], self.data[n:]
            return chunk
        raise self.exc


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), SystemExit(3), MemoryError(), TypeError("broken file object"),
                                 RuntimeError("not the input's")], ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "xml"])
def test_read_exceptions_pass_through_unchanged(exc, fmt):
    if fmt == "jsonl":
        data = beyt.read_game(sample("seega", "walker-5x5.json")).to_jsonl().encode() * 2
    else:
        data = pathlib.Path(sample("seega", "walker-5x5." + {"text": "beyt"}.get(fmt, fmt))).read_bytes()
    for head in (b"", data[:7]):  # at the first read (the format's sniff) and later
        with pytest.raises(type(exc)) as e:
            list(beyt.read_games(Raising(head, exc), format=fmt))
        assert e.value is exc


@pytest.mark.parametrize("exc", [OSError(5, "Input/output error"), ValueError("I/O operation on closed file"),
                                 UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")],
                         ids=lambda e: type(e).__name__)
def test_read_errors_of_the_input_are_input_errors(exc):
    data = pathlib.Path(sample("seega", "walker-5x5.beyt")).read_bytes()
    with pytest.raises(beyt.InputError) as e:
        list(beyt.read_games(Raising(data[:7], exc)))
    assert e.value.code == "E501"
