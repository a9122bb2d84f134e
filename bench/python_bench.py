#!/usr/bin/python3
"""beyt for Python beside the CLI on the same corpus (issue 21, item 6).

Generates a corpus with `beyt generate` (every game, text; kept in
/tmp/beyt-python-bench), then measures, best of --runs runs each:
  * `beyt validate -j J` (the CLI) and beyt.validate(paths, jobs=J): wall time
    and their ratio (Python / CLI; the target is 1.2 or less);
  * read_games + positions() over every game: positions per second, and
    read_games alone: games per second.
Usage: PYTHONPATH=build-release/python /usr/bin/python3 bench/python_bench.py build-release [--count N] [--runs R] [--jobs J]
Figures: bench/README.md, "Python".
"""

import argparse
import os
import subprocess
import sys
import time


def best(runs, fn):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", help="the build folder (its beyt program and python/ package)")
    ap.add_argument("--count", type=int, default=2000, help="games per game in the corpus")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--corpus", default="/tmp/beyt-python-bench")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.build, "python"))
    import beyt

    cli = os.path.join(a.build, "beyt")
    os.makedirs(a.corpus, exist_ok=True)
    paths = []
    for game in ["seega", "tab", "dleb", "mankalah", "umelbanat"]:
        path = os.path.join(a.corpus, f"{game}-{a.count}.beyt")
        if not os.path.exists(path):
            subprocess.run([cli, "generate", "--game", game, "--seed", "1", "--count", str(a.count), "-o", path],
                           check=True)
        paths.append(path)
    size = sum(os.path.getsize(p) for p in paths)
    print(f"corpus: {len(paths)} files, {size / 2**20:.1f} MiB, {a.count} games each; best of {a.runs}; -j {a.jobs}")

    def run_cli():
        subprocess.run([cli, "validate", "-q", "-j", str(a.jobs), *paths], check=True)

    report = beyt.validate(paths, jobs=a.jobs)
    assert report.ok, report.summary
    t_cli = best(a.runs, run_cli)
    t_py = best(a.runs, lambda: beyt.validate(paths, jobs=a.jobs))
    print(f"validate          CLI {t_cli:7.3f} s   beyt.validate {t_py:7.3f} s   ratio {t_py / t_cli:.2f}"
          f"   ({report.games / t_py / 1e3:.1f} k games/s in Python)")

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


if __name__ == "__main__":
    main()
