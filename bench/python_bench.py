#!/usr/bin/python3
"""beyt for Python beside the CLI and the C++ engine (issue 21, item 6;
issue 30, items 6 and 7).

Generates a corpus with `beyt generate` (every game, text; kept in
/tmp/beyt-python-bench), then measures, best of --runs runs each:
  * `beyt validate -j J` (the CLI) and beyt.validate(paths, jobs=J): wall time
    and their ratio (Python / CLI);
  * the loop a researcher writes, `for g in beyt.read_games(path): g.errors`,
    beside `beyt validate -q -j 1` on the same file: their ratio per game and
    over the corpus (the target: 1.2 or less);
  * read_games + positions() over every game: positions per second, and
    read_games alone: games per second;
  * a random playout loop over events in Python (at a throw the outcome
    sample_outcome() picks for a draw of Python's random, else one of
    legal_events() by Python's random; push()), by texts and by values
    (values=True: beyt.Event), beside the same loop in C++ (the program
    bench/event_playout.cpp, beyt_event_playout, run here, with --values for
    the values): events per second of each process's CPU time and their
    ratio (the target: 3 or less);
  * beyt.playouts (the random player of `beyt generate`, without the GIL):
    playouts and turns per second;
  * the memory a game read and kept costs: --memory-games games of 200 turns
    (`beyt generate --max-turns 200`) read into a list, in a fresh process:
    its resident set's growth and the C heap's growth (glibc's mallinfo2)
    divided by the games, as read and after each game's `errors`.
Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py build [--count N] [--runs R] [--jobs J]
(the build configured with -DBEYT_BUILD_BENCH=ON for beyt_event_playout).
Figures: bench/README.md, "Python".
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

def best(runs, fn, clock=time.perf_counter):
    """The least of `runs` timings of fn() in seconds of `clock` (the wall's,
    or time.process_time: this process's CPU time, steadier on a shared
    machine)."""
    times = []
    for _ in range(runs):
        t = clock()
        fn()
        times.append(clock() - t)
    return min(times)


def python_playouts(beyt, game, games, max_turns, seed, values=False):
    """The loop a Python user writes: events until the end or max_turns turns,
    as texts or (values) as beyt.Event values; bench/event_playout.cpp is the
    same loop in C++ (--values). Returns the events."""
    rng = random.Random(seed)
    events = 0
    for _ in range(games):
        p = beyt.Position.start(game)
        while not p.is_over() and p.turns_played < max_turns:
            if p.actor == "chance":
                p.push(p.sample_outcome(rng.random(), values=values))
            else:
                p.push(rng.choice(p.legal_events(values=values)))
            events += 1
    return events


# The child of --memory: reads the games of argv[1] into a list and prints
# {"games", "turns", "rss", "heap", "rss_errors", "heap_errors"} (bytes of
# growth, resident set and C heap, after reading and after every `errors`).
MEMORY_CHILD = r"""
import ctypes, gc, json, sys
import beyt

class Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]

libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = Mallinfo2

def heap():
    m = libc.mallinfo2()
    return m.uordblks + m.hblkhd

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096

def settle():
    gc.collect()
    libc.malloc_trim(0)

list(beyt.read_games(sys.argv[1]))  # the module's own first allocations
settle()
rss0, heap0 = rss(), heap()
games = list(beyt.read_games(sys.argv[1]))
settle()
rss1, heap1 = rss(), heap()
for g in games:
    g.errors
settle()
rss2, heap2 = rss(), heap()
print(json.dumps({"games": len(games), "turns": sum(len(g.mainline()) for g in games),
                  "rss": rss1 - rss0, "heap": heap1 - heap0, "rss_errors": rss2 - rss0, "heap_errors": heap2 - heap0}))
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", help="the build folder (its beyt program and python/ package)")
    ap.add_argument("--count", type=int, default=2000, help="games per game in the corpus")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--corpus", default="/tmp/beyt-python-bench")
    ap.add_argument("--playouts", type=int, default=200, help="games per game of the playout loops")
    ap.add_argument("--memory-games", type=int, default=2000, help="200-turn games read for the memory figure")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.build, "python"))
    import beyt
    games = [g["name"] for g in beyt.games()]  # the game table's order

    cli = os.path.join(a.build, "beyt")
    os.makedirs(a.corpus, exist_ok=True)
    paths = []
    for game in games:
        path = os.path.join(a.corpus, f"{game}-{a.count}.beyt")
        if not os.path.exists(path):
            subprocess.run([cli, "generate", "--game", game, "--seed", "1", "--count", str(a.count), "-o", path],
                           check=True)
        paths.append(path)
    size = sum(os.path.getsize(p) for p in paths)
    print(f"corpus: {len(paths)} files, {size / 2**20:.1f} MiB, {a.count} games each; best of {a.runs}; -j {a.jobs}; "
          f"load {os.getloadavg()[0]:.1f}")

    def run_cli(jobs, files):
        subprocess.run([cli, "validate", "-q", "-j", str(jobs), *files], check=True)

    report = beyt.validate(paths, jobs=a.jobs)
    assert report.ok, report.summary
    t_cli = best(a.runs, lambda: run_cli(a.jobs, paths))
    t_py = best(a.runs, lambda: beyt.validate(paths, jobs=a.jobs))
    print(f"validate          CLI {t_cli:7.3f} s   beyt.validate {t_py:7.3f} s   ratio {t_py / t_cli:.2f}"
          f"   ({report.games / t_py / 1e3:.1f} k games/s in Python)")

    # The researcher's loop, read_games + errors, beside `beyt validate -q -j 1`.
    total_cli = total_loop = 0.0
    for path in paths:
        def loop():
            for g in beyt.read_games(path):
                assert not g.errors
        t_cli = best(a.runs, lambda: run_cli(1, [path]))
        t_loop = best(a.runs, loop)
        total_cli += t_cli
        total_loop += t_loop
        name = os.path.basename(path).split("-")[0]
        print(f"{name:10s} read_games + errors {t_loop:7.3f} s   validate -q -j 1 {t_cli:7.3f} s   "
              f"ratio {t_loop / t_cli:.2f}")
    print(f"{'all':10s} read_games + errors {total_loop:7.3f} s   validate -q -j 1 {total_cli:7.3f} s   "
          f"ratio {total_loop / total_cli:.2f} (target 1.2)")

    for path in paths:
        counts = {}

        def read_only():
            counts["games"] = sum(1 for _ in beyt.read_games(path))

        def positions():
            n = 0
            for g in beyt.read_games(path):
                for _ in g.positions():
                    n += 1
            counts["positions"] = n

        t_read = best(a.runs, read_only)
        t_pos = best(a.runs, positions)
        name = os.path.basename(path).split("-")[0]
        print(f"{name:10s} read_games {counts['games'] / t_read / 1e3:8.1f} k games/s   "
              f"read_games + positions() {counts['positions'] / t_pos / 1e6:6.2f} M positions/s "
              f"({counts['positions']} positions, {t_pos:.2f} s)")

    # The playout loop over events: Python beside C++, by texts and by values,
    # each in events a second of its process's CPU time (the machine's other
    # work then moves the ratio less).
    playout = os.path.join(a.build, "bench", "beyt_event_playout")
    for game in games:
        for form in ("texts", "values"):
            cpp = None
            if os.path.exists(playout):
                command = [playout] + (["--values"] if form == "values" else []) + [game, str(a.playouts), "400", "1"]
                runs = [json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
                        for _ in range(a.runs)]
                cpp = max(r["events_per_cpu_second"] for r in runs)
            events = {}

            def loop():
                events["n"] = python_playouts(beyt, game, a.playouts, 400, 1, values=form == "values")
            t = best(a.runs, loop, time.process_time)
            rate = events["n"] / t
            line = f"{game:10s} event loop by {form:6s}: Python {rate / 1e3:8.1f} k events/CPU s"
            if cpp:
                line += f"   C++ {cpp / 1e3:8.1f} k events/CPU s   ratio {cpp / rate:.2f} (target 3)"
            else:
                line += "   (no beyt_event_playout: configure with -DBEYT_BUILD_BENCH=ON)"
            print(line)

    # The bulk playouts, without the GIL.
    for game in games:
        result = {}

        def bulk():
            result["p"] = beyt.playouts(game, a.playouts, seed=1, max_turns=400)
        t = best(a.runs, bulk)
        turns = sum(result["p"].turns)
        print(f"{game:10s} beyt.playouts: {a.playouts / t:8.1f} playouts/s, {turns / t / 1e6:6.2f} M turns/s")

    # The memory of a game kept: 200-turn games read into a list.
    for game in games:
        path = os.path.join(a.corpus, f"{game}-{a.memory_games}-200.beyt")
        if not os.path.exists(path):
            subprocess.run([cli, "generate", "--game", game, "--seed", "1", "--count", str(a.memory_games),
                            "--max-turns", "200", "-o", path], check=True)
        env = dict(os.environ, PYTHONPATH=os.path.join(a.build, "python"))
        m = json.loads(subprocess.run([sys.executable, "-c", MEMORY_CHILD, path], check=True, capture_output=True,
                                      text=True, env=env).stdout)
        n = m["games"]
        print(f"{game:10s} memory: {n} games, {m['turns'] / n:.0f} turns a game: "
              f"{m['rss'] / n / 1024:.1f} KiB a game resident ({m['heap'] / n / 1024:.1f} KiB C heap); "
              f"after errors {m['rss_errors'] / n / 1024:.1f} KiB ({m['heap_errors'] / n / 1024:.1f} KiB)")


if __name__ == "__main__":
    main()
