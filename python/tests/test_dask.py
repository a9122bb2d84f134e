"""beyt.dask on a LocalCluster of two worker processes, over a mixed archive
(all five games, the four formats, invalid games among them), against the CLI."""

import glob
import json
import os
import shutil

import pytest

import beyt
import beyt.dask
from conftest import GAMES, ROOT, cli, cli_json_diagnostics

import distributed  # noqa: E402  (python3-distributed; the test fails without it)


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    folder = tmp_path_factory.mktemp("archive")
    paths = []
    for game in GAMES:
        for path in sorted(glob.glob(os.path.join(ROOT, "samples", game, "*.*"))):
            target = folder / os.path.basename(path)
            shutil.copy(path, target)
            paths.append(str(target))
    for name in ["E304-occupied.beyt", "E150-json-syntax.json", "E161-xml-structure.xml", "W401-finished-unknown-result.beyt",
                 "E102-unterminated-comment.beyt", "E202-unknown-game.beyt"]:
        target = folder / name
        shutil.copy(os.path.join(ROOT, "samples", "invalid", name), target)
        paths.append(str(target))
    # A JSON Lines file of 300 generated games of every game, with a broken
    # line and an illegal game in it, cut into many parts by a small blocksize.
    lines = []
    for game in GAMES:
        lines += [g.to_jsonl() for g in beyt.generate(game, seed=11, count=60, max_turns=60)]
    bad = json.loads(lines[70])
    bad["moves"][3]["move"] = "zz9"
    lines[70] = json.dumps(bad) + "\n"
    lines[150] = '{"tags": {"Game": "seega"}, "moves": [\n'
    lines.insert(200, "\n")
    (folder / "generated.jsonl").write_text("".join(lines), encoding="utf-8")
    paths.append(str(folder / "generated.jsonl"))
    (folder / "empty.beyt").write_text("")
    paths.append(str(folder / "empty.beyt"))
    return paths


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def test_dask_validate_equals_cli(archive, client):
    report = beyt.dask.validate(archive, client=client, blocksize=8192)
    code, diagnostics, summary = cli_json_diagnostics(*archive)
    assert [d.to_dict() for d in report.diagnostics] == diagnostics
    assert report.summary == summary
    assert report.ok == (code == 0) and not report.ok
    assert report.inputs == len(archive) and report.invalid >= 3 and report.games > 300
    # The JSON Lines file was cut into parts.
    assert len(beyt.dask.partitions(archive[-2], 8192)) > 5
    # The same in one process, and strict.
    assert beyt.validate(archive) == report
    strict = beyt.dask.validate(archive, client=client, blocksize=8192, strict=True)
    code, diagnostics, summary = cli_json_diagnostics("--strict", *archive)
    assert [d.to_dict() for d in strict.diagnostics] == diagnostics and strict.summary == summary


def test_dask_stats_equals_cli(archive, client):
    report = beyt.dask.stats(archive, client=client, blocksize=8192)
    code, out, _ = cli("stats", "--json", *archive)
    assert dict(report) == json.loads(out)
    assert report.ok == (code == 0)
    _, table, _ = cli("stats", *archive)
    assert report.table == table
    assert {g["game"] for g in report["groups"]} >= set(GAMES)
    assert beyt.stats(archive) == report


def test_dask_glob_and_default_scheduler(archive):
    folder = os.path.dirname(archive[0])
    report = beyt.dask.validate(os.path.join(folder, "*.beyt"))
    code, diagnostics, summary = cli_json_diagnostics(*sorted(glob.glob(os.path.join(folder, "*.beyt"))))
    assert report.summary == summary
    missing = beyt.dask.validate(os.path.join(folder, "nothing-*.xml"))
    assert missing.unreadable == 1
    with pytest.raises(beyt.RecordError):
        beyt.dask.validate(archive[:1], game="chess")
    s = beyt.dask.stats([os.path.join(folder, "no-such.beyt")])
    assert not s.ok and s.diagnostics[0].code == "E501"


def test_values_through_client_map(client):
    # Games, positions and moves go to the worker processes and back pickled
    # (issue 30, "Values that behave"), and come back equal.
    from conftest import sample
    games = list(beyt.generate("dleb", seed=5, count=4, max_turns=60))
    games.append(beyt.read_game(sample("seega", "walker-5x5.beyt")))
    futures = client.map(lambda g: (g, list(g.positions())[-1], g.mainline()[:2]), games, pure=False)
    for game, (back, position, moves) in zip(games, client.gather(futures)):
        assert back == game and back.errors == game.errors
        assert position == list(game.positions())[-1]
        assert moves == game.mainline()[:2]
    start = beyt.Position.start("tab")
    start.push(start.chance_outcomes()[0][0])
    futures = client.map(lambda p: (p, p.legal_events(), p.event_stack), [start, start.copy()], pure=False)
    for position, legal, stack in client.gather(futures):
        assert position == start and legal == start.legal_events() and stack == start.event_stack
