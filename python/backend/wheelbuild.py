"""The build backend of the fourgen package (PEP 517), in the tree: it needs
only the standard library and Go, so that

    python3 -m venv v && v/bin/pip install --no-index --no-build-isolation ./python

works in a fresh venv of any CPython from 3.9, without setuptools or wheel.
It builds the engine's library from the Go sources around this folder
(go build -buildmode=c-shared ./cmd/libfourgen), reads its version, and
writes the wheel (a zip with the package, the library and the dist-info)
itself. The wheel is ``py3-none-PLATFORM``: any Python 3 (ctypes, no
extension module), the platform of the library; on Linux a manylinux tag of
the newest glibc symbol version the library needs (PEP 600), so that pip on
other distributions with that glibc takes it.

Environment:

    GO                 the go command (default: go on PATH)
    FOURGEN_VERSION    the release's version, as for c4 (-X main.version=v0.1.0)
    FOURGEN_LIBRARY    a library already built, used instead of building one
    FOURGEN_OVERLAY    go build's -overlay file of another board or rule
                       (make python SIZE=7x6 K=5 sets it; docs/connect-k.md)
"""

from __future__ import annotations

import base64
import ctypes
import hashlib
import io
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # python/
# The Go module: the repository around python/, or the copy an sdist holds.
ROOT = HERE / "gomodule" if (HERE / "gomodule" / "go.mod").is_file() else HERE.parent
# The library's build folder: hidden, so that the repository's tree checks
# (internal/treerules) do not see it.
BUILD = HERE / ".build"

NAME = "fourgen"
SUMMARY = "The exact Connect-4 solver of fourgen's engine: boards, solver, batch labelling, Kaggle ConnectX agents"
# The metadata pyproject.toml declares dynamic (this backend writes it):
# keep the two in step.
METADATA = [
    ("Requires-Python", ">=3.9"),
    ("License", "MIT"),
    ("Keywords", "connect-4,connect four,solver,kaggle,connectx,game ai,reinforcement learning"),
    ("Classifier", "License :: OSI Approved :: MIT License"),
    ("Classifier", "Programming Language :: Python :: 3"),
    ("Classifier", "Operating System :: POSIX :: Linux"),
    ("Classifier", "Operating System :: MacOS"),
    ("Classifier", "Topic :: Games/Entertainment :: Board Games"),
    ("Classifier", "Typing :: Typed"),
    ("Provides-Extra", "numpy"),
    ("Requires-Dist", 'numpy; extra == "numpy"'),
    ("Provides-Extra", "test"),
    ("Requires-Dist", 'pytest; extra == "test"'),
]
# Go's oldest macOS (Go 1.26 needs macOS 12, Monterey).
MACOS_MIN = "12_0"


def _say(text: str) -> None:
    print("fourgen: " + text, file=sys.stderr)


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
        raise SystemExit(
            "fourgen: building the package needs the Go toolchain (Go 1.26 or later) on PATH or in GO=, "
            "or install a wheel built elsewhere (docs/python.md)"
        )
    if not (ROOT / "go.mod").is_file() or not (ROOT / "cmd" / "libfourgen").is_dir():
        raise SystemExit(f"fourgen: no fourgen Go module at {ROOT}: build the package from python/ in a clone of the repository")
    out = BUILD / "go" / library_name()
    ldflags = "-s -w"
    if os.environ.get("FOURGEN_VERSION"):
        ldflags += " -X main.version=" + os.environ["FOURGEN_VERSION"]
    cmd = [go, "build", "-buildmode=c-shared", "-trimpath", "-ldflags", ldflags, "-o", str(out)]
    if os.environ.get("FOURGEN_OVERLAY"):
        cmd += ["-overlay", os.environ["FOURGEN_OVERLAY"]]
    if (ROOT / "cmd" / "c4" / "default.pgo").is_file():
        # c4's profile of the search (make pgo; docs/speed.md), as go build
        # gives c4 from cmd/c4/default.pgo.
        cmd.append("-pgo=cmd/c4/default.pgo")
    if (ROOT / ".git").exists():
        # The version of the commit, as make build stamps c4's, whatever
        # GOFLAGS says (docs/deploy.md, Versions).
        cmd.append("-buildvcs=true")
    cmd.append("./cmd/libfourgen")
    _say(" ".join(cmd))
    subprocess.run(cmd, cwd=ROOT, check=True)
    out.with_suffix(".h").unlink(missing_ok=True)  # the header is documented in docs/python.md
    return out


def library_version(path: Path) -> str:
    """The library's Go version, as c4 version prints it."""
    lib = ctypes.CDLL(str(path))
    out, msg = ctypes.create_string_buffer(256), ctypes.create_string_buffer(256)
    fn = lib.fg_version
    fn.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_char_p, ctypes.c_int64]
    if fn(out, 256, msg, 256) != 0:
        raise SystemExit("fourgen: the library's version: " + msg.value.decode())
    return out.value.decode()


def pep440(go_version: str) -> str:
    """The package's version of the library's (fourgen/_version.py)."""
    sys.path.insert(0, str(HERE / "fourgen"))
    try:
        from _version import pep440 as convert  # the package is not importable yet
    finally:
        sys.path.pop(0)
    return convert(go_version)


def glibc_needed(lib: bytes) -> tuple[int, int] | None:
    """The newest GLIBC_x.y symbol version the library names (its version
    needs, as objdump -T lists them), or None when it names none."""
    found = [(int(a), int(b)) for a, b in re.findall(rb"GLIBC_(\d+)\.(\d+)(?:\.\d+)?\x00", lib)]
    return max(found) if found else None


def platform_tag(lib: bytes) -> str:
    """The wheel's platform tag for the library."""
    machine = platform.machine().lower()
    if sys.platform.startswith("linux"):
        machine = {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)
        glibc = glibc_needed(lib)
        if glibc is not None:
            # PEP 600: runs on any Linux whose glibc is at least this one.
            return f"manylinux_{glibc[0]}_{glibc[1]}_{machine}"
        return "linux_" + machine
    if sys.platform == "darwin":
        return f"macosx_{MACOS_MIN}_{'arm64' if machine == 'arm64' else 'x86_64'}"
    return re.sub(r"[^A-Za-z0-9]+", "_", sysconfig.get_platform())


def metadata(version: str) -> str:
    """The wheel's METADATA (core metadata 2.1)."""
    lines = ["Metadata-Version: 2.1", f"Name: {NAME}", f"Version: {version}", f"Summary: {SUMMARY}"]
    lines += [f"{k}: {v}" for k, v in METADATA]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + (HERE / "README.md").read_text(encoding="utf-8")


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


class _Wheel:
    """A wheel being written: each file added is recorded for RECORD."""

    def __init__(self, path: Path) -> None:
        self.zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self.record: list[str] = []

    def add(self, name: str, data: bytes, mode: int = 0o644) -> None:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = (0o100000 | mode) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        self.record.append(f"{name},{_digest(data)},{len(data)}")

    def close(self, record_name: str) -> None:
        self.record.append(f"{record_name},,")
        self.add_raw(record_name, ("\n".join(self.record) + "\n").encode())
        self.zip.close()

    def add_raw(self, name: str, data: bytes) -> None:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o100644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)


def _package_files() -> list[Path]:
    """The package's files: every file of fourgen/ and its folders but
    caches and a library left there (the wheel's is the one built)."""
    pkg = HERE / NAME
    return sorted(
        p
        for p in pkg.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc" and not p.name.startswith(("libfourgen.", "fourgen.dll"))
    )


def _dist_info(version: str) -> str:
    return f"{NAME}-{version}.dist-info"


def _write_metadata(directory: Path, version: str, tag: str) -> str:
    """Write the dist-info folder (without RECORD) into directory."""
    info = directory / _dist_info(version)
    info.mkdir(parents=True, exist_ok=True)
    for name, data in _info_files(version, tag).items():
        (info / name).write_bytes(data)
    return info.name


def _info_files(version: str, tag: str) -> dict[str, bytes]:
    wheel = f"Wheel-Version: 1.0\nGenerator: fourgen wheelbuild\nRoot-Is-Purelib: false\nTag: {tag}\n"
    return {
        "METADATA": metadata(version).encode(),
        "WHEEL": wheel.encode(),
        "top_level.txt": f"{NAME}\n".encode(),
    }


def _built() -> tuple[Path, bytes, str, str]:
    """The library built, its bytes, the package's version and the wheel's tag."""
    lib = build_library()
    data = lib.read_bytes()
    version = pep440(library_version(lib))
    return lib, data, version, "py3-none-" + platform_tag(data)


# PEP 517 hooks.


def get_requires_for_build_wheel(config_settings: dict | None = None) -> list[str]:
    """Nothing beyond the standard library (and Go, which pip cannot install)."""
    return []


def get_requires_for_build_sdist(config_settings: dict | None = None) -> list[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict | None = None) -> str:
    """The dist-info of the wheel build_wheel writes (building the library
    for its version and tag)."""
    _, _, version, tag = _built()
    return _write_metadata(Path(metadata_directory), version, tag)


def build_wheel(wheel_directory: str, config_settings: dict | None = None, metadata_directory: str | None = None) -> str:
    """Build the library and write the wheel into wheel_directory."""
    _, data, version, tag = _built()
    name = f"{NAME}-{version}-{tag}.whl"
    out = Path(wheel_directory)
    out.mkdir(parents=True, exist_ok=True)
    wheel = _Wheel(out / name)
    for f in _package_files():
        wheel.add(f.relative_to(HERE).as_posix(), f.read_bytes())
    wheel.add(f"{NAME}/{library_name()}", data, 0o755)
    info = _dist_info(version)
    for fname, fdata in _info_files(version, tag).items():
        wheel.add(f"{info}/{fname}", fdata)
    wheel.close(f"{info}/RECORD")
    _say(f"wrote {out / name}")
    return name


def _module_files() -> list[str]:
    """The Go module's files that building cmd/libfourgen reads, relative to
    ROOT: go.mod, go.sum, the profile, and each package's sources and
    embedded files, those of other platforms too (go list -deps)."""
    go = os.environ.get("GO") or shutil.which("go")
    if not go:
        raise SystemExit("fourgen: an sdist needs the Go toolchain to list the library's sources")
    fmt = '{{if not .Standard}}{{.Dir}}|{{join .GoFiles ","}},{{join .CgoFiles ","}},{{join .IgnoredGoFiles ","}},{{join .SFiles ","}},{{join .HFiles ","}},{{join .CFiles ","}},{{join .EmbedFiles ","}}{{end}}'
    out = subprocess.run([go, "list", "-deps", "-f", fmt, "./cmd/libfourgen"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    files = {"go.mod", "go.sum", "cmd/c4/default.pgo"}
    for line in out.splitlines():
        d, _, names = line.partition("|")
        try:
            rel = Path(d).resolve().relative_to(ROOT.resolve())
        except ValueError:
            continue  # a dependency from the module cache: go mod download fetches it
        files.update((rel / n).as_posix() for n in names.split(",") if n)
    return sorted(f for f in files if (ROOT / f).is_file())


def build_sdist(sdist_directory: str, config_settings: dict | None = None) -> str:
    """An sdist: python/ and, in gomodule/, the Go sources the library is
    built from (building it needs Go and the module's dependencies)."""
    version = pep440(library_version(build_library()))
    base = f"{NAME}-{version}"
    name = base + ".tar.gz"
    out = Path(sdist_directory)
    out.mkdir(parents=True, exist_ok=True)
    skip = {".build", "build", "dist", "__pycache__", ".pytest_cache"}
    with tarfile.open(out / name, "w:gz", format=tarfile.PAX_FORMAT) as tar:

        def add(path: Path, arc: str) -> None:
            info = tar.gettarinfo(str(path), arc)
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mtime = 0
            with open(path, "rb") as f:
                tar.addfile(info, f)

        for path in sorted(HERE.rglob("*")):
            rel = path.relative_to(HERE)
            if path.is_file() and not skip.intersection(rel.parts) and rel.parts[0] != "gomodule":
                add(path, f"{base}/{rel.as_posix()}")
        if ROOT != HERE / "gomodule":
            for rel in _module_files():
                add(ROOT / rel, f"{base}/gomodule/{rel}")
        pkg = io.BytesIO(metadata(version).encode())
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(pkg.getvalue())
        tar.addfile(info, pkg)
    _say(f"wrote {out / name}")
    return name
