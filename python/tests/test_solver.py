from __future__ import annotations

import threading

import pytest

import fourgen
from fourgen import Board, Solver


@pytest.fixture(scope="module")
def solver():
    with Solver(16) as s:
        yield s


def test_acceptance(solver: Solver) -> None:
    assert solver.analyze("4453") == [-5, -5, -2, -3, -4, -2, -2]


def test_analyze_reference(solver: Solver, reference) -> None:
    for rel in ["positions/analyze_n12.txt", "positions/analyze_n24.txt", "positions/analyze_n32.txt"]:
        for moves, scores in reference(rel, 15):
            want = [None if v == fourgen.INVALID else v for v in scores]
            assert solver.analyze(moves) == want, moves
            assert solver.analyze(Board(moves)) == want


def test_solve_reference(solver: Solver, reference) -> None:
    for rel in ["pons/Test_L3_R1", "pons/Test_L2_R1", "pons/Test_L1_R1"]:
        for moves, (score,) in reference(rel, 20):
            assert solver.solve(moves) == score, moves
            assert solver.solve_weak(moves) == (score > 0) - (score < 0)


def test_best_move(solver: Solver, reference) -> None:
    for moves, scores in reference("positions/analyze_n24.txt", 20):
        best = max(v for v in scores if v != fourgen.INVALID)
        col = solver.best_move(moves)
        assert scores[col] == best
        ties = [c for c, v in enumerate(scores) if v == best]
        assert solver.best_move(moves, tie_break="leftmost") == ties[0]
        assert solver.best_move(moves, tie_break="random", seed=5) in ties
        centre = (fourgen.WIDTH - 1) / 2
        assert abs(col - centre) == min(abs(c - centre) for c in ties)


def test_refusals(solver: Solver) -> None:
    with pytest.raises(ValueError, match="the game is already won by player 1"):
        solver.analyze("1212121")
    with pytest.raises(ValueError, match=r"move 5 \('x'\)"):
        solver.solve("4453x")
    with pytest.raises(ValueError, match="no move: the game is already won"):
        solver.best_move("1212121")
    with pytest.raises(ValueError, match="tie_break"):
        solver.best_move("", tie_break="middle")
    for mib in (-1, 0):
        with pytest.raises(ValueError, match=f"table_mib {mib}: want 1 or more MiB"):
            Solver(mib)
    with pytest.raises(ValueError, match="table of"):
        Solver(1 << 30)
    with pytest.raises(ValueError, match="threads 0"):
        Solver(1, threads=0)
    s = Solver(1)
    s.close()
    with pytest.raises(ValueError, match="closed"):
        s.analyze("")


def test_batch(solver: Solver, reference) -> None:
    cases = reference("positions/analyze_n24.txt", 40)
    moves = [m for m, _ in cases]
    want = [[None if v == fourgen.INVALID else v for v in s] for _, s in cases]
    assert solver.analyze_many(moves, workers=2) == want
    assert solver.analyze_many([Board(m) for m in moves], workers=1) == want
    assert solver.solve_many(moves) == [max(v for v in w if v is not None) for w in want]
    assert solver.analyze_many([]) == []
    with pytest.raises(ValueError, match=r"position 2 of the batch \(counted from 0\): move 5"):
        solver.analyze_many(["", "4", "4453x"])


def test_batch_numpy(solver: Solver, reference) -> None:
    np = pytest.importorskip("numpy")
    cases = reference("positions/analyze_n24.txt", 30)
    grids = np.array([Board(m).to_numpy() for m, _ in cases])
    want = np.array([s for _, s in cases], dtype=np.int32)
    got = solver.analyze_many(grids)
    assert got.dtype == np.int32 and got.shape == want.shape and (got == want).all()
    assert (solver.analyze_many(grids.reshape(len(cases), -1)) == want).all()
    assert (solver.solve_many(grids) == want.max(axis=1)).all()
    assert (solver.analyze_many([m for m, _ in cases], numpy=True) == want).all()
    with pytest.raises(ValueError, match="shape"):
        solver.analyze_many(np.zeros((2, 5)))
    bad = grids.copy()
    bad[1, -1, 0] = 7
    with pytest.raises(ValueError, match="position 1 of the batch"):
        solver.analyze_many(bad)


def test_threads_share_solver(reference) -> None:
    """Several Python threads share one solver: each gets its own answers."""
    cases = reference("positions/analyze_n32.txt", 48)
    errors: list[str] = []
    with Solver(4) as shared:

        def work(k: int) -> None:
            for moves, scores in cases[k::6]:
                got = shared.analyze(moves)
                if got != [None if v == fourgen.INVALID else v for v in scores]:
                    errors.append(f"{moves}: {got}")

        threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []


def test_stats_and_reset() -> None:
    with Solver(4, book=False) as s:
        s.solve("4453")
        assert s.stats.nodes > 0 and s.stats.book_hits == 0
        s.reset()
    with Solver(4) as s:
        s.analyze("4453")
        assert s.stats.book_hits > 0
