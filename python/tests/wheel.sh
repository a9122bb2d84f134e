#!/bin/sh
# The Python package as pip installs it (docs/python/README.md, "Installing
# it"), for ctest (python/CMakeLists.txt):
#
#   wheel.sh install SOURCE BUILD OUT PYTHON VERSION
#     builds the wheel of SOURCE with `PYTHON -m build --no-isolation --wheel`
#     (offline), the module built in the build tree BUILD (BEYT_BUILD_DIR),
#     into OUT/dist; checks what the wheel holds (the module, the .py files,
#     the stubs, py.typed; VERSION, the library's); makes a
#     fresh environment OUT/venv (--system-site-packages: Debian's pytest,
#     Dask, Jupyter, pip), installs the wheel into it with pip (no index) and the
#     environment's Jupyter kernel (python3 -m ipykernel install
#     --sys-prefix); checks that `import beyt` outside the repository finds
#     the installed package and that pip and importlib.metadata know it.
#   wheel.sh uninstall OUT
#     `pip uninstall -y beyt`; then nothing of the package is left in the
#     environment and `import beyt` fails.
set -eu
case "$1" in
install)
  source=$2 build=$3 out=$4 python=$5 version=$6
  rm -rf "$out"
  mkdir -p "$out"
  start=$(date +%s)
  BEYT_BUILD_DIR=$build "$python" -m build --no-isolation --wheel --outdir "$out/dist" "$source" >"$out/build.log" 2>&1 ||
    { cat "$out/build.log"; exit 1; }
  set -- "$out"/dist/beyt-"$version"-*.whl
  [ -f "$1" ] || { echo "no wheel beyt-$version-*.whl in $out/dist:"; ls "$out/dist"; exit 1; }
  wheel=$1
  "$python" - "$wheel" "$version" <<'EOF'
import sys, zipfile
wheel, version = sys.argv[1], sys.argv[2]
names = set(zipfile.ZipFile(wheel).namelist())
want = {"beyt/__init__.py", "beyt/__init__.pyi", "beyt/dask.py", "beyt/dask.pyi", "beyt/errors.py",
        "beyt/_types.py", "beyt/py.typed", f"beyt-{version}.dist-info/METADATA", f"beyt-{version}.dist-info/RECORD"}
missing = sorted(want - names)
modules = [n for n in names if n.startswith("beyt/_beyt.") and n.endswith(".so")]
assert not missing, f"the wheel lacks {missing}"
assert len(modules) == 1, f"the wheel holds the modules {modules}"
assert not [n for n in names if "tests" in n or n.endswith(".cpp")], sorted(names)
print(f"{wheel}: {len(names)} files")
EOF
  # Debian's pip (python3-pip, seen through --system-site-packages) installs
  # into the environment it runs in: no copy of pip is made (--without-pip).
  "$python" -m venv --without-pip --system-site-packages "$out/venv"
  "$out/venv/bin/python" -m pip install --no-index --no-deps --disable-pip-version-check -q "$wheel"
  "$out/venv/bin/python" -m ipykernel install --sys-prefix >"$out/kernel.log" 2>&1 || { cat "$out/kernel.log"; exit 1; }
  cd "$out"
  "$out/venv/bin/python" - "$out/venv" "$version" <<'EOF'
import importlib.metadata, os, sys
import beyt
venv, version = sys.argv[1], sys.argv[2]
assert os.path.realpath(beyt.__file__).startswith(os.path.realpath(venv) + os.sep), beyt.__file__
assert beyt.__version__ == version == importlib.metadata.version("beyt"), (beyt.__version__, version)
print(f"beyt {beyt.__version__} from {os.path.dirname(beyt.__file__)}")
EOF
  "$out/venv/bin/python" -m pip show --disable-pip-version-check beyt | grep '^Version: '"$version"'$'
  echo "Python.Wheel: wheel built and installed in $(($(date +%s) - start)) s"
  ;;
uninstall)
  out=$2
  "$out/venv/bin/python" -m pip uninstall -y --disable-pip-version-check beyt
  left=$(find "$out/venv/lib" -path '*beyt*')
  [ -z "$left" ] || { echo "pip uninstall left:"; echo "$left"; exit 1; }
  cd "$out"
  if "$out/venv/bin/python" -c "import beyt" 2>/dev/null; then echo "beyt still imports"; exit 1; fi
  echo "Python.Uninstall: nothing of beyt is left in $out/venv"
  ;;
*)
  echo "usage: wheel.sh install SOURCE BUILD OUT PYTHON VERSION | uninstall OUT" >&2
  exit 2
  ;;
esac
