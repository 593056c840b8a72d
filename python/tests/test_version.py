from __future__ import annotations

import os
import shutil
import subprocess
from importlib import metadata

import pytest

import fourgen
from fourgen._version import pep440

from conftest import REPO


@pytest.mark.parametrize(
    "go, want",
    [
        ("v0.1.0", "0.1.0"),
        ("v1.2.3-rc.1", "1.2.3rc1"),
        ("v1.2.3-beta2", "1.2.3b2"),
        ("v0.0.0-20261201080000-0123456789ab", "0.0.0.dev20261201080000+0123456789ab"),
        ("v0.1.1-0.20261201080000-0123456789ab", "0.1.1.dev20261201080000+0123456789ab"),
        ("v0.2.0-rc.1.0.20261201080000-0123456789ab", "0.2.0rc1.dev20261201080000+0123456789ab"),
        ("v0.0.0-20261201080000-0123456789ab+dirty", "0.0.0.dev20261201080000+0123456789ab.dirty"),
        ("(devel)", "0.0.0+devel"),
        ("", "0.0.0+unknown"),
    ],
)
def test_pep440(go: str, want: str) -> None:
    assert pep440(go) == want
    packaging = pytest.importorskip("packaging.version")
    assert str(packaging.Version(want)) == want


def test_version_is_metadata() -> None:
    assert fourgen.__version__ == pep440(fourgen.go_version)
    try:
        assert metadata.version("fourgen") == fourgen.__version__
    except metadata.PackageNotFoundError:
        pytest.skip("the package is not installed (run from the source folder)")


def test_version_is_c4s(tmp_path) -> None:
    """c4 version, built from this checkout the way backend/wheelbuild.py builds the
    library, prints the library's version."""
    go = os.environ.get("GO") or shutil.which("go")
    if not go or not (REPO / "go.mod").is_file():
        pytest.skip("no Go toolchain or no checkout to build c4 from")
    if os.environ.get("FOURGEN_VERSION"):
        pytest.skip("a release build (FOURGEN_VERSION) names its version")
    c4 = tmp_path / "c4"
    # go build, not go run: go run does not stamp the VCS version.
    # The flags of backend/wheelbuild.py's build of the library (and of make build).
    vcs = ["-buildvcs=true"] if (REPO / ".git").exists() else []
    subprocess.run([go, "build", "-trimpath", *vcs, "-o", str(c4), "./cmd/c4"], cwd=REPO, check=True)
    out = subprocess.run([str(c4), "version"], check=True, capture_output=True, text=True).stdout
    assert out.splitlines()[0] == "c4 " + fourgen.go_version
