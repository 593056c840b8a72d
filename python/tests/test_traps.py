"""One test for each trap and silent cast of issue 57: each failed on the
package before the issue's change (checked against main at 849e806)."""

from __future__ import annotations

import math
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import fourgen
from fourgen import Board, Solver


@pytest.fixture(scope="module")
def solver():
    with Solver(8) as s:
        yield s


# Two conventions for one list of moves.


def test_list_without_base_is_refused() -> None:
    for call in (lambda: Board([3, 3, 4, 2]), lambda: Solver(1).analyze([3, 3, 4, 2]), lambda: fourgen.Agent("random").move([3, 3, 4, 2])):
        with pytest.raises(ValueError, match="needs its base: base=1 .* base=0"):
            call()


def test_zero_in_one_based_list_names_base0() -> None:
    with pytest.raises(ValueError, match="a 0 in a list of 1-based columns; .* pass base=0"):
        Board([0, 3, 3], base=1)


def test_same_moves_same_position() -> None:
    b = Board("4453")
    assert Board([4, 4, 5, 3], base=1) == b == Board([3, 3, 4, 2], base=0) == Board("3342", base=0)
    assert Solver(1).analyze([3, 3, 4, 2], base=0) == Solver(1).analyze("4453")


# The board an RL loop holds.


def test_numpy_columns_accepted() -> None:
    np = pytest.importorskip("numpy")
    assert Board(np.array([3, 3, 4, 2]), base=0) == Board("4453")
    assert Board(np.array([4, 4, 5, 3], dtype=np.uint8), base=1) == Board("4453")


def test_pettingzoo_planes_both_seats() -> None:
    pytest.importorskip("numpy")
    for moves in ["", "4", "4453", "44536"]:
        b = Board(moves)
        planes = b.to_planes()
        assert planes.shape == (fourgen.HEIGHT, fourgen.WIDTH, 2) and planes.dtype.name == "int8"
        assert Board(planes) == b and Board.from_planes(planes) == b
        for player in (1, 2):
            assert Board.from_planes(b.to_planes(player), player=player) == b
        # Plane 0 holds the side to move's stones, top row first.
        assert (planes[:, :, 0] == (b.to_numpy() == b.to_move)).all()


def test_bitbully_layout() -> None:
    b = Board("4453")
    cols = b.to_bitbully()
    assert len(cols) == fourgen.WIDTH and all(len(c) == fourgen.HEIGHT for c in cols)
    assert cols[3][:2] == [1, 2] and cols[2][0] == 2 and cols[4][0] == 1  # from the bottom up
    assert Board.from_bitbully(cols) == b and Board(cols) == b


def test_board_is_immutable_and_hashable() -> None:
    b = Board("4453")
    after = b.play(3)
    assert b.moves == "4453" and after.moves == "44534"
    assert {b: 1}[Board([3, 3, 4, 2], base=0)] == 1
    assert hash(Board("4453")) == hash(Board("4354"))  # the same stones, another order
    with pytest.raises(AttributeError):
        b._moves = b""  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(b)) == b


def test_undo_mirror_key_random() -> None:
    b = Board("4453")
    assert b.undo() == Board("445") and b.play(0).undo() == b
    assert b.mirror() == Board("4435") and b.mirror().mirror() == b
    assert b.key() == Board("4354").key() != b.mirror().key()
    assert Board().key() == sum(1 << (c * (fourgen.HEIGHT + 1)) for c in range(fourgen.WIDTH))
    r = Board.random(12, seed=7)
    assert r == Board.random(12, seed=7) and r.stones == 12 and not r.is_won()
    assert r.action_mask() == [1 if c in r.legal_moves() else 0 for c in range(fourgen.WIDTH)]
    with pytest.raises(ValueError, match="empty"):
        Board().undo()


# One finished game stops a batch.


def test_batch_mask(solver: Solver) -> None:
    rows = ["4453", "1212121", "4444444", "44x", "", [3, 3, 4, 2], None, [[0] * 7] * 5 + [[2] + [0] * 6]]
    scores, status = solver.analyze_many(rows, errors="mask", base=0)
    ok, over, illegal, malformed = fourgen.OK, fourgen.OVER, fourgen.ILLEGAL, fourgen.MALFORMED
    # base=0 reads "4453" and "4444444" as 0-based digits too.
    assert status == [ok, over, illegal, malformed, ok, ok, malformed, illegal]
    assert scores[5] == solver.analyze("4453") and scores[1] is None
    values, st = solver.solve_many(["4453", "1212121"], errors="mask")
    assert values == [solver.solve("4453"), None] and st == [ok, over]
    with pytest.raises(ValueError, match="position 1 of the batch"):
        solver.solve_many(["4453", "1212121"])


def test_batch_mask_numpy(solver: Solver) -> None:
    np = pytest.importorskip("numpy")
    grids = np.array([Board("4453").to_numpy(), Board("1212121").to_numpy(), np.full((6, 7), 3)])
    out, status = solver.analyze_many(grids, errors="mask")
    assert status.tolist() == [fourgen.OK, fourgen.OVER, fourgen.MALFORMED]
    assert out[0].tolist() == [-5, -5, -2, -3, -4, -2, -2] and (out[1:] == fourgen.INVALID).all()
    f = grids.astype(float)
    f[2] = 0.0
    f[2, 5, 0] = 1.7
    _, status = solver.analyze_many(f, errors="mask")
    assert status.tolist() == [fourgen.OK, fourgen.OVER, fourgen.MALFORMED]


# Silent input casts.


@pytest.mark.parametrize(
    "value, message",
    [
        (2**32 + 1, "not a number a board holds"),
        (1.7, "not an integer"),
        (1 + 5j, "complex"),
        (math.nan, "not an integer a board holds"),
    ],
)
def test_numpy_batch_values_not_cast(solver: Solver, value: object, message: str) -> None:
    np = pytest.importorskip("numpy")
    grids = np.zeros((2, fourgen.HEIGHT, fourgen.WIDTH), dtype=np.asarray(value).dtype)
    grids[1, -1, 0] = value
    with pytest.raises(ValueError, match=message) as e:
        solver.analyze_many(grids)
    assert "[1, 5, 0]" in str(e.value) or "complex" in message
    with pytest.raises(ValueError):
        Board(grids[1])


def test_numpy_object_and_string_arrays(solver: Solver) -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError, match="'0': not an integer"):
        solver.analyze_many(np.full((1, 6, 7), "0", dtype=object))
    with pytest.raises(ValueError, match="dtype <U1"):
        solver.analyze_many(np.full((1, 6, 7), "0"))
    with pytest.raises(ValueError, match="bools"):
        solver.analyze_many(np.zeros((1, 6, 7), dtype=bool))


def test_string_is_not_a_batch(solver: Solver) -> None:
    with pytest.raises(ValueError, match="a string is one position, not a batch"):
        solver.analyze_many("4453")


def test_none_sets_bools_inf(solver: Solver) -> None:
    with pytest.raises(ValueError, match="position None"):
        solver.solve(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        solver.analyze({3, 4})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a bool"):
        solver.analyze([True, False], base=0)
    with pytest.raises(ValueError, match="inf"):
        solver.analyze([math.inf], base=0)
    with pytest.raises(ValueError, match="column True: want an integer"):
        Board().play(True)


# Slow and stuck paths.

_LONG_SOLVE = """
import sys, time, fourgen
s = fourgen.Solver(1, book=False)
print("ready", flush=True)
try:
    s.solve("")  # the empty board without the book, on a small table: 20 s or more
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_ctrl_c_stops_a_solve() -> None:
    child = subprocess.Popen([sys.executable, "-c", _LONG_SOLVE], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        # Within 0.1 s when the machine is idle (not measured here: a loaded
        # machine's bound); without the fix, when the solve ends.
        out, _ = child.communicate(timeout=5)
        assert out.strip() == "interrupted"
    finally:
        child.kill()
        child.wait()


def test_close_from_another_thread_stops_the_search() -> None:
    s = Solver(1, book=False)
    caught: list[BaseException] = []

    def work() -> None:
        try:
            s.solve("")
        except ValueError as e:
            caught.append(e)

    t = threading.Thread(target=work, daemon=True)
    t.start()
    time.sleep(0.5)
    s.close()
    t.join(5)  # without the fix, when the solve ends
    assert not t.is_alive() and caught and "closed" in str(caught[0])


def test_first_move_perfect_at_half_second() -> None:
    code = textwrap.dedent(
        """
        import fourgen
        obs = {"board": [0] * fourgen.CELLS, "mark": 1}
        cfg = {"rows": fourgen.HEIGHT, "columns": fourgen.WIDTH, "inarow": fourgen.INAROW, "actTimeout": 0.5}
        print(fourgen.agent(obs, cfg), fourgen.Solver().best_move(""))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(os.environ)).stdout.split()
    assert out[0] == out[1]


# Small.


def test_dir_is_the_api() -> None:
    names = set(dir(fourgen))
    assert not names & {"Any", "annotations", "pep440", "shared"}
    assert {"Board", "Solver", "agent", "level3", "OK", "MALFORMED"} <= names


def test_table_mib_zero_refused() -> None:
    for make in (Solver, lambda mib: fourgen.Agent("perfect", table_mib=mib)):
        for mib in (0, -1):
            with pytest.raises(ValueError, match=f"table_mib {mib}: want 1 or more MiB"):
                make(mib)
