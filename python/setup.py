"""Builds the fourgen package: the engine's library from the Go sources of
the repository around this folder (cmd/libfourgen, go build
-buildmode=c-shared) into the package, and a wheel tagged for this platform.

    pip install --no-index --no-build-isolation ./python
    python3 -m build --wheel --no-isolation ./python

The version is the library's (fourgen/_version.py maps it to PEP 440).
Environment:

    GO                 the go command (default: go on PATH)
    FOURGEN_VERSION    the release's version, as for c4 (-X main.version=v0.1.0)
    FOURGEN_LIBRARY    a library already built, used instead of building one
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1: the wheel package's
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# BUILD is setuptools' build folder and the library's: hidden, so that the
# repository's tree checks (internal/treerules) do not see a second fourgen/.
BUILD = HERE / ".build"
BUILD.mkdir(exist_ok=True)
sys.path.insert(0, str(HERE / "fourgen"))
from _version import pep440  # noqa: E402  (the package is not importable yet)

sys.path.pop(0)


def library_name() -> str:
    """The file name of the engine's library on this platform."""
    if sys.platform == "darwin":
        return "libfourgen.dylib"
    if sys.platform == "win32":
        return "fourgen.dll"
    return "libfourgen.so"


def build_library() -> Path:
    """Build the library into .build/go/ with the Go toolchain, or take
    FOURGEN_LIBRARY's, and return its path."""
    given = os.environ.get("FOURGEN_LIBRARY")
    if given:
        return Path(given)
    go = os.environ.get("GO") or shutil.which("go")
    if not go:
        sys.exit("fourgen: building the package needs the Go toolchain (Go 1.26 or later) on PATH or in GO=, "
                 "or install a wheel built elsewhere (docs/python.md)")
    if not (ROOT / "go.mod").is_file() or not (ROOT / "cmd" / "libfourgen").is_dir():
        sys.exit(f"fourgen: no fourgen Go module at {ROOT}: build the package from python/ in a clone of the repository")
    out = BUILD / "go" / library_name()
    ldflags = "-s -w"
    if os.environ.get("FOURGEN_VERSION"):
        ldflags += " -X main.version=" + os.environ["FOURGEN_VERSION"]
    # c4's profile of the search (make pgo; docs/speed.md): profile-guided
    # optimisation, as go build gives c4 from cmd/c4/default.pgo.
    cmd = [go, "build", "-buildmode=c-shared", "-trimpath", "-pgo=cmd/c4/default.pgo", "-ldflags", ldflags, "-o", str(out)]
    if (ROOT / ".git").exists():
        # The version of the commit, as make build stamps c4's, whatever
        # GOFLAGS says (docs/deploy.md, Versions).
        cmd.append("-buildvcs=true")
    cmd.append("./cmd/libfourgen")
    print("fourgen: " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=ROOT, check=True)
    out.with_suffix(".h").unlink(missing_ok=True)  # the header is documented in docs/python.md
    return out


def library_version(path: Path) -> str:
    """The library's Go version, as c4 version prints it."""
    lib = ctypes.CDLL(str(path))
    out, msg = ctypes.create_string_buffer(256), ctypes.create_string_buffer(256)
    if lib.fg_version(out, ctypes.c_int64(256), msg, ctypes.c_int64(256)) != 0:
        sys.exit("fourgen: the library's version: " + msg.value.decode())
    return out.value.decode()


LIBRARY = build_library()


class BuildPy(build_py):
    """build_py that puts the engine's library into the package."""

    def run(self) -> None:
        super().run()
        dest = Path(self.build_lib) / "fourgen" / library_name()
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(LIBRARY, dest)


class BinaryDistribution(Distribution):
    """A distribution with a native library: its wheel is not pure."""

    def has_ext_modules(self) -> bool:
        return True


class BdistWheel(bdist_wheel):
    """A wheel for any Python 3 (ctypes, no extension module) on this
    platform only: py3-none-PLATFORM."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self) -> tuple[str, str, str]:
        _, _, plat = super().get_tag()
        return "py3", "none", plat


setup(
    version=pep440(library_version(LIBRARY)),
    cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel},
    distclass=BinaryDistribution,
    options={"build": {"build_base": str(BUILD)}, "egg_info": {"egg_base": str(BUILD)}},
)
