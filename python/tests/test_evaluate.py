"""fourgen.evaluate: an agent judged on the shipped evaluation set, the same
report as c4 eval's, from any folder."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
from ctypes import c_char_p, c_int32, c_int64, c_uint64
from pathlib import Path

import pytest

import fourgen
from fourgen._lib import call, lib

lib.fg_evaluate.argtypes = [c_char_p, c_int64, c_uint64, c_int32, c_int32, c_char_p, c_int64, c_char_p, c_int64]
lib.fg_evaluate.restype = ctypes.c_int


def go_report(spec: str, seed: int, limit: int = 0) -> dict:
    """The report the library's Go code makes for a built-in agent, as c4
    eval SPEC --seed SEED --limit LIMIT --json prints it."""
    raw = spec.encode()
    out = ctypes.create_string_buffer(1 << 16)
    call(lib.fg_evaluate, raw, len(raw), seed, 0, limit, out, len(out))
    return json.loads(out.value)


def c4_binary() -> str:
    """A built c4 ($FOURGEN_C4, or on PATH), or a skip."""
    c4 = os.environ.get("FOURGEN_C4") or shutil.which("c4")
    if not c4:
        pytest.skip("no c4 to compare with: go build -o c4 ./cmd/c4 and set FOURGEN_C4, or put it on PATH")
    return c4


def test_set() -> None:
    ps = fourgen.evaluation_set()
    cells = sorted({p.cell for p in ps})
    assert cells == ["L1_R1", "L1_R2", "L1_R3", "L2_R1", "L2_R2", "L3_R1"]
    assert len(ps) == 3000 and all(sum(p.cell == c for p in ps) == 500 for c in cells)
    assert [p.cell for p in fourgen.evaluation_set(2)] == [c for c in cells for _ in range(2)]
    solver = fourgen.Solver()
    for p in ps[::250]:  # the labels are the solver's
        want = [fourgen.INVALID if s is None else s for s in solver.analyze(p.moves)]
        assert list(p.scores) == want, p.moves
        assert p.stones == len(p.moves)


@pytest.fixture(scope="module")
def level3_seed1(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The acceptance's call, fourgen.evaluate(fourgen.level3, seed=1), made
    once, in a folder outside any clone."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("elsewhere"))
    try:
        return fourgen.evaluate(fourgen.level3, seed=1)
    finally:
        os.chdir(here)


def test_level3_as_go(level3_seed1: dict, request: pytest.FixtureRequest) -> None:
    """fourgen.evaluate's report is that of c4 eval level3 --seed 1, made by
    the same Go code in the library (on the first 100 positions of each
    cell; all with --full-testdata)."""
    got = level3_seed1
    assert got["positions"] == 3000 and 0.5 < got["perfectMoveRate"] < got["goodMoveRate"] < 1
    if request.config.getoption("--full-testdata"):
        assert got == go_report("level3", 1)
    else:
        assert fourgen.evaluate(fourgen.level3, seed=1, limit=100) == go_report("level3", 1, 100)
    assert fourgen.evaluate(fourgen.Agent("greedy"), seed=2, limit=20) == go_report("greedy", 2, 20)
    assert fourgen.evaluate(fourgen.level3, seed=2, limit=20) != fourgen.evaluate(fourgen.level3, seed=3, limit=20)


def test_level3_as_c4(tmp_path: Path, level3_seed1: dict) -> None:
    """c4 eval level3 --seed 1 --json, run outside any clone, prints the
    report fourgen.evaluate returns."""
    c4 = c4_binary()
    out = subprocess.run([c4, "eval", "level3", "--seed", "1", "--json"], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == level3_seed1


CENTRE = """
import sys
for line in sys.stdin:
    moves = line.strip()
    height = [moves.count(str(c)) for c in range(1, 8)]
    print(next(c for c in (4, 3, 5, 2, 6, 1, 7) if height[c - 1] < 6), flush=True)
"""


def centre(observation: dict, configuration: dict) -> int:
    """The centre-most column with room, as a Kaggle agent."""
    board, cols = observation["board"], configuration["columns"]
    return next(c for c in (3, 2, 4, 1, 5, 0, 6) if board[c] == 0 and c < cols)


def test_callable_as_c4_cmd(tmp_path: Path) -> None:
    """A Python callable gets the report c4 eval gives the same rule as a
    cmd: agent (the observation it is handed is the position's)."""
    c4 = c4_binary()
    script = tmp_path / "centre.py"
    script.write_text(CENTRE)
    out = subprocess.run([c4, "eval", f"cmd:{sys.executable} {script}", "--limit", "40", "--json"],
                         cwd=tmp_path, capture_output=True, text=True, check=True)
    want = json.loads(out.stdout)
    got = fourgen.evaluate(centre, limit=40)
    assert got["agent"] == "centre"
    del got["agent"], want["agent"]
    assert got == want


def test_perfect_callable() -> None:
    """fourgen.agent, a plain Kaggle callable, plays perfectly: every
    observation handed to it is the labelled position."""
    r = fourgen.evaluate(fourgen.agent, limit=25)
    assert r["positions"] == 150 and r["perfectMoves"] == 150 and r["goodMoves"] == 150
    assert sum(c["positions"] for c in r["table"]) == 150 and sum(s["positions"] for s in r["byStones"]) == 150


@pytest.mark.parametrize(
    "answer, kind",
    [("3", "garbage"), (None, "garbage"), (2.0, "garbage"), (True, "garbage"), (7, "illegal"), (-1, "illegal")],
)
def test_failed_moves(answer: object, kind: str) -> None:
    r = fourgen.evaluate(lambda obs, conf: answer, limit=2)
    assert r["failedMoves"][kind] == 12 and r["perfectMoves"] == 0 and r["goodMoves"] == 0
    assert all(c["outcomeErrors"] == c["positions"] for c in r["table"])


def test_full_column_is_illegal() -> None:
    def first_full(obs: dict, conf: dict) -> int:
        full = [c for c in range(7) if obs["board"][c] != 0]
        return full[0] if full else 0

    ps = fourgen.evaluation_set()
    full = sum(1 for p in ps if fourgen.INVALID in p.scores)
    assert full > 0
    assert fourgen.evaluate(first_full)["failedMoves"]["illegal"] == full


def test_refusals() -> None:
    def boom(obs: dict, conf: dict) -> int:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        fourgen.evaluate(boom)
    with pytest.raises(ValueError, match="fourgen.Agent"):
        fourgen.evaluate("level3")
    with pytest.raises(ValueError, match="callable"):
        fourgen.evaluate(3)
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="limit"):
            fourgen.evaluate(fourgen.level1, limit=bad)
