"""Random input to every entry point: ValueError, never a crash."""

from __future__ import annotations

import random

import pytest

import fourgen
from fourgen import Board

ALPHABET = "1234567890x.o \n,-[]\x00\xe9\U0001f600"


def random_inputs(rng: random.Random, n: int):
    for _ in range(n):
        kind = rng.randrange(5)
        if kind == 0:
            yield "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(80)))
        elif kind == 1:
            yield [rng.randrange(-3, 12) for _ in range(rng.randrange(50))]
        elif kind == 2:
            yield [[rng.randrange(-1, 4) for _ in range(rng.randrange(9))] for _ in range(rng.randrange(9))]
        elif kind == 3:
            yield [rng.choice([0, 1, 2, 2**40, -1, 1.5, "1", None]) for _ in range(rng.randrange(45))]
        else:
            yield rng.choice([None, 0, 3.5, b"4453", object(), {}, [[]], [None]])


def test_random_input() -> None:
    rng = random.Random(1)
    solver = fourgen.Solver(4)
    perfect = fourgen.Agent("perfect", table_mib=4)
    for value in random_inputs(rng, 2000):
        try:
            b = Board(value)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            b = None
        if b is not None and (b.stones <= 9 or b.stones >= 30):
            for call in (solver.analyze, solver.solve, solver.best_move, perfect.move):
                try:
                    call(b)
                except ValueError:
                    pass
        for call in (
            lambda: Board.from_cells(value),  # type: ignore[arg-type]
            lambda: fourgen.agent({"board": value, "mark": rng.randrange(4)}),
            lambda: solver.analyze_many([value] if isinstance(value, str) and len(value) <= 9 else []),
        ):
            try:
                call()
            except (ValueError, TypeError):
                pass


def test_closed_and_wrong_types() -> None:
    s = fourgen.Solver(1)
    with pytest.raises(ValueError):
        s.analyze_many(["4453"], workers=0)
    with pytest.raises(ValueError):
        fourgen.Solver("big")  # type: ignore[arg-type]
    s.close()
    s.close()
    with pytest.raises(ValueError, match="closed"):
        s.solve_many(["4453"])
