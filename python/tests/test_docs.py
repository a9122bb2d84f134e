"""The package's documentation agrees with the package: docs/python/README.md's
table lists every public name (beyt.__all__, beyt.dask.__all__) with the
parameters its function takes, and every public class, function, method and
property has a docstring of its own (a pybind11 signature line alone is none)."""

import inspect
import os
import re

import beyt
import beyt.dask

from conftest import ROOT


def table_names():
    """The first cell's first `code` span of each row of the README's table."""
    with open(os.path.join(ROOT, "docs", "python", "README.md"), encoding="utf-8") as f:
        text = f.read()
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    return [re.match(r"\| `([^`]+)`", row).group(1) for row in rows]


def parameters(span):
    """'f(a, b=None, *, c)' -> ['a', 'b', 'c']; 'Game' -> None."""
    m = re.fullmatch(r"[\w.]+\((.*)\)", span)
    if not m:
        return None
    out = []
    for p in m.group(1).split(","):
        name = p.split("=")[0].strip()
        if name and name != "*":
            out.append(name)
    return out


def public_names():
    """(name as the README writes it, object) of every public name."""
    out = [(name, getattr(beyt, name)) for name in beyt.__all__]
    out += [("dask." + name, getattr(beyt.dask, name)) for name in beyt.dask.__all__]
    return out


def test_the_readme_table_lists_every_public_name_with_its_parameters():
    rows = {re.match(r"[\w.]+", span).group(0): span for span in table_names()}
    for name, obj in public_names():
        assert name in rows, f"docs/python/README.md's table has no row for {name}"
        if inspect.isfunction(obj):
            want = list(inspect.signature(obj).parameters)
            assert parameters(rows[name]) == want, f"{rows[name]}: {name} takes {want}"


def own_doc(obj):
    """The docstring less pybind11's signature lines ("name(self: ...) -> T")."""
    doc = inspect.getdoc(obj) or ""
    lines = [line for line in doc.splitlines() if not re.match(r"^\w+\(.*\) -> ", line)
             and not re.match(r"^\d+\. \w+\(.*\) -> ", line) and line.strip() != "Overloaded function."]
    return "\n".join(lines).strip()


def test_every_public_class_function_method_and_property_has_a_docstring():
    missing = []
    for name, obj in public_names():
        if name == "__version__":
            continue
        if not own_doc(obj):
            missing.append(name)
        if not inspect.isclass(obj):
            continue
        for attr, member in vars(obj).items():
            if attr.startswith("_") or not (callable(member) or isinstance(member, (property, staticmethod))
                                            or type(member).__name__ == "property"):
                continue
            target = member.__func__ if isinstance(member, staticmethod) else member
            if not own_doc(target):
                missing.append(f"{name}.{attr}")
    assert not missing, f"no docstring: {missing}"


def run_example(section, capsys):
    """Runs the first ```python block of docs/python/README.md's `section`
    and checks that each print() shows what its comment says."""
    with open(os.path.join(ROOT, "docs", "python", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    block = readme.split(section, 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "README.md", "exec"), {})
    shown = capsys.readouterr().out.splitlines()
    said = [line.split("# ", 1)[1].strip() for line in block.splitlines() if line.startswith("print(")]
    assert shown == said


def test_the_making_records_example_runs_as_written(tmp_path, monkeypatch, capsys):
    """docs/python/README.md, "Making and editing records"."""
    monkeypatch.chdir(tmp_path)
    run_example("### Making and editing records", capsys)
    assert (tmp_path / "lane.json").exists()


def test_the_events_as_values_example_runs_as_written(capsys):
    """docs/python/README.md, "Events as values"."""
    run_example("### Events as values", capsys)


def test_the_docstrings_name_the_formats_of_the_library_table():
    # read_games and write_games name the formats from the library's table
    # (beyt.FORMATS), not by hand: each name, quoted, and no placeholder left.
    for f in (beyt.read_games, beyt.write_games):
        doc = f.__doc__
        assert "@FORMATS@" not in doc and "@EXTENSIONS@" not in doc
        for name in beyt.FORMATS:
            assert '"%s"' % name in doc, (f.__name__, name)
    assert ".jsonl" in beyt.read_games.__doc__
