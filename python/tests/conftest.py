"""Shared fixtures: the reference data beside the repository (as the Go
tests read it: ../shared/testdata, or $FOURGEN_TESTDATA), a fast sample of
it by default and every line with --full-testdata."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full-testdata", action="store_true", help="check every line of the reference files, not a sample")


def testdata_dir() -> Path:
    return Path(os.environ.get("FOURGEN_TESTDATA") or REPO.parent / "shared" / "testdata")


@pytest.fixture
def reference(request: pytest.FixtureRequest):
    """reference(rel, sample) -> [(moves, [scores])]: the first sample lines
    of a reference file (all with --full-testdata); skips without the data,
    fails without it under FOURGEN_REQUIRE_TESTDATA=1."""
    full = request.config.getoption("--full-testdata")

    def read(rel: str, sample: int) -> list[tuple[str, list[int]]]:
        path = testdata_dir() / rel
        if not path.is_file():
            if os.environ.get("FOURGEN_REQUIRE_TESTDATA") == "1":
                pytest.fail(f"no reference data at {path} (FOURGEN_TESTDATA sets its directory)")
            pytest.skip(f"no reference data at {path} (FOURGEN_TESTDATA sets its directory)")
        out = []
        with open(path) as f:
            for line in f:
                fields = line.split()
                if fields:
                    out.append((fields[0], [int(v) for v in fields[1:]]))
                if not full and len(out) >= sample:
                    break
        return out

    return read
