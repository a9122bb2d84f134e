"""Builds the Python package beyt (docs/python/README.md, "Installing it")
with setuptools: the pure-Python files, the type stubs and py.typed come from
python/beyt; the module beyt._beyt is built by the project's CMake build (the
library, its generated beyt/version.hpp, pybind11's flags), so that the wheel
holds the same module as `cmake --build`.

Where CMake builds the module:
 * the folder BEYT_BUILD_DIR names, if set: a folder configured with
   `cmake -S . -B DIR` for this interpreter (the test suite's wheel is built
   from the build under test so); setuptools then keeps its own files
   (build/, beyt.egg-info) in DIR/python/setuptools, out of this folder
   (else in build/ beside this file);
 * else `build` beside this file when `cmake -S . -B build` configured it for
   this interpreter (README.md's build folder): the module is built there as
   by `cmake --build build --target beyt_python`, nothing twice;
 * else a folder of setuptools' own (build/temp.*), configured for the module
   alone (Release, no tests nor examples), with every core.

The version is the library's: project(beyt VERSION ...) in CMakeLists.txt,
the one place it is written.
"""

import os
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def project_version():
    """The VERSION of project(beyt ...) in CMakeLists.txt."""
    with open(os.path.join(HERE, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r"project\(\s*beyt\s+VERSION\s+([0-9][0-9.]*)", f.read())
    if not m:
        sys.exit("setup.py: no project(beyt VERSION ...) in CMakeLists.txt")
    return m.group(1)


def cache_entry(build_dir, name):
    """The value of NAME in BUILD_DIR/CMakeCache.txt, or None."""
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return line.rstrip("\n").split("=", 1)[1]
    except OSError:
        pass
    return None


def built_for_this_python(build_dir):
    """True if BUILD_DIR's last configuration built the Python package for
    the interpreter running this (python/CMakeLists.txt records it)."""
    interpreter = cache_entry(build_dir, "BEYT_PYTHON_PACKAGE_FOR")
    return bool(interpreter) and os.path.realpath(interpreter) == os.path.realpath(sys.executable)


class CMakeBuild(build_ext):
    """build_ext for beyt._beyt: CMake's target beyt_python, copied into place."""

    def run(self):
        if shutil.which("cmake") is None:
            sys.exit("setup.py: cmake is missing (Debian: apt-get install cmake g++; .ci/setup installs it)")
        super().run()

    def build_extension(self, ext):
        build_dir = os.environ.get("BEYT_BUILD_DIR")
        if build_dir:
            build_dir = os.path.abspath(build_dir)
            if not built_for_this_python(build_dir):
                sys.exit(f"setup.py: BEYT_BUILD_DIR={build_dir} is not a build folder configured with the "
                         f"Python package for {sys.executable} (cmake -S . -B DIR -DBEYT_PYTHON={sys.executable})")
        elif built_for_this_python(os.path.join(HERE, "build")):
            build_dir = os.path.join(HERE, "build")
        else:
            build_dir = os.path.abspath(os.path.join(self.build_temp, "cmake"))
            if not built_for_this_python(build_dir):
                configure = ["cmake", "-S", HERE, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                             "-DBEYT_BUILD_TESTS=OFF", "-DBEYT_BUILD_EXAMPLES=OFF", f"-DBEYT_PYTHON={sys.executable}"]
                try:
                    import pybind11  # python3-pybind11: where pybind11's CMake package is
                    configure.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
                except ImportError:
                    pass  # pybind11-dev's, found by CMake itself
                subprocess.run(configure, check=True)
                if not built_for_this_python(build_dir):
                    sys.exit(f"setup.py: CMake found no pybind11 or Python headers for {sys.executable} "
                             "(Debian: apt-get install pybind11-dev python3-dev)")
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", build_dir, "--target", "beyt_python", "-j", jobs], check=True)
        module = os.path.join(build_dir, "python", "beyt", "_beyt" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not os.path.isfile(module):
            sys.exit(f"setup.py: CMake built no {module}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(module, target)


def setuptools_options():
    """Where setuptools keeps its files: BEYT_BUILD_DIR/python/setuptools,
    else build/ beside this file (beyt.egg-info too: nothing is written into
    the sources)."""
    build_dir = os.environ.get("BEYT_BUILD_DIR")
    if build_dir:
        base = os.path.join(os.path.abspath(build_dir), "python", "setuptools")
        options = {"build": {"build_base": base}}
    else:
        base = os.path.join(HERE, "build")
        options = {}
    os.makedirs(base, exist_ok=True)
    options["egg_info"] = {"egg_base": base}
    return options


setup(
    version=project_version(),
    options=setuptools_options(),
    package_dir={"": "python"},
    packages=["beyt"],
    package_data={"beyt": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("beyt._beyt", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
