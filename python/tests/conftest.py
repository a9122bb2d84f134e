"""Shared fixtures of the beyt Python tests: the repository, the CLI built
beside the module (BEYT_CLI, set by ctest), and the samples."""

import glob
import json
import os
import subprocess

import pytest

ROOT = os.environ.get("BEYT_SOURCE") or os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.environ.get("BEYT_CLI") or os.path.join(ROOT, "build", "beyt")
GAMES = ["tab", "dleb", "seega", "mankalah", "umelbanat"]


def sample(*parts):
    return os.path.join(ROOT, "samples", *parts)


def valid_samples():
    out = []
    for game in GAMES:
        out += sorted(glob.glob(sample(game, "*.*")))
    return out


def cli(*args, check=None):
    """Runs the beyt program; returns (exit code, stdout, stderr)."""
    r = subprocess.run([CLI, *args], capture_output=True, text=True, cwd=ROOT)
    if check is not None:
        assert r.returncode == check, r.stderr
    return r.returncode, r.stdout, r.stderr


def cli_json_diagnostics(*args):
    code, out, err = cli("validate", "--diagnostics", "json", "-j", "1", *args)
    return code, [json.loads(line) for line in out.splitlines() if line.strip()], err.strip()


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)
