"""An agent judged against perfect play in one call: :func:`evaluate`.

fourgen ships its own evaluation set inside the engine's library: 3,000
positions drawn from random games and labelled by fourgen with the exact
score of every column, 500 in each of six cells by stage (stones played) and
difficulty (plies left with perfect play), as Pascal Pons's six test sets
are. :func:`evaluate` asks an agent for its move in each and returns the
report ``c4 eval AGENT --json`` prints for the same agent and seed; nothing
is solved, and nothing outside the package is read.
"""

from __future__ import annotations

import ctypes
import json
import operator
from ctypes import POINTER, c_char_p, c_int64
from typing import Any, Callable, NamedTuple

from ._lib import HEIGHT, INAROW, INVALID, WIDTH, call, lib
from .agents import Agent

__all__ = ["EvalPosition", "evaluate", "evaluation_set"]

lib.fg_evalset.argtypes = [c_char_p, c_int64, POINTER(c_int64), c_char_p, c_int64]
lib.fg_evalset.restype = ctypes.c_int


class EvalPosition(NamedTuple):
    """A position of the evaluation set and its labels."""

    moves: str
    """The moves from the empty board, 1-based columns ("4453")."""
    stones: int
    """The stones on the board."""
    scores: tuple[int, ...]
    """The exact score of playing each column (``fourgen.INVALID`` for a
    full one), as ``Solver.analyze`` gives them."""
    cell: str
    """Its cell, named as Pons's sets are: ``"L1_R3"`` (L the stage, 1 the
    beginning of the game; R the difficulty, 3 many plies left)."""
    stage: int
    """The row of the report's table: 0 to 2."""
    difficulty: int
    """The column of the report's table: 0 to 2."""


_set: dict[str, Any] | None = None


def _shipped() -> dict[str, Any]:
    """The set as the library writes it (fg_evalset's JSON), read once."""
    global _set
    if _set is None:
        size = c_int64()
        call(lib.fg_evalset, None, 0, ctypes.byref(size))
        out = ctypes.create_string_buffer(size.value)
        call(lib.fg_evalset, out, size.value, ctypes.byref(size))
        _set = json.loads(out.value)
    return _set


def evaluation_set(limit: int | None = None) -> list[EvalPosition]:
    """The positions of the evaluation set, cell by cell, in the order
    :func:`evaluate` plays them: of each cell the first ``limit`` (all when
    None)."""
    limit = _limit(limit)
    out = []
    for c in _shipped()["cells"]:
        positions = c["positions"] if limit is None else c["positions"][:limit]
        for moves, stones, scores in positions:
            out.append(EvalPosition(moves, stones, tuple(scores), c["name"], c["stage"], c["difficulty"]))
    return out


def _limit(limit: int | None) -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit {limit!r}: want None (all) or a count of positions a cell, 0 or more")
    return limit or None  # 0: all, as c4 eval --limit 0


def _observation(moves: str) -> dict[str, Any]:
    """The Kaggle ConnectX observation of a move string's position: the
    cells row by row from the top (0 empty, 1 and 2 the players' stones)
    and the mark of the player to move."""
    board = [0] * (WIDTH * HEIGHT)
    heights = [0] * WIDTH
    for i, ch in enumerate(moves):
        col = int(ch) - 1
        board[(HEIGHT - 1 - heights[col]) * WIDTH + col] = 1 + i % 2
        heights[col] += 1
    return {"board": board, "mark": 1 + len(moves) % 2}


_CONFIGURATION = {"rows": HEIGHT, "columns": WIDTH, "inarow": INAROW, "actTimeout": 2}


def _mover(agent: Any, seed: int) -> tuple[str, Callable[[str], Any], Callable[[], None]]:
    """The agent's name, its move in a move string's position, and what
    ends it."""
    if isinstance(agent, Agent):
        own = Agent(agent.spec, seed=seed)
        return agent.spec, own.move, own.close
    if isinstance(agent, str):
        raise ValueError(f"agent {agent!r}: want a callable, or fourgen.Agent({agent!r})")
    if not callable(agent):
        raise ValueError(f"agent {agent!r}: want a callable (observation, configuration) -> column")
    name = getattr(agent, "__name__", None) or type(agent).__name__
    return name, lambda moves: agent(_observation(moves), dict(_CONFIGURATION)), lambda: None


def _column(answer: Any, scores: tuple[int, ...]) -> tuple[int | None, str | None]:
    """The 0-based column of an agent's answer, or the kind of its failure:
    "garbage" for no integer, "illegal" for a column off the board or full."""
    if isinstance(answer, bool):
        return None, "garbage"
    try:
        col = operator.index(answer)
    except TypeError:
        return None, "garbage"
    if not 0 <= col < WIDTH or scores[col] == INVALID:
        return None, "illegal"
    return col, None


def _rate(n: int, total: int) -> float:
    return n / total if total else 0


def evaluate(agent: Any, *, seed: int = 1, limit: int | None = None) -> dict[str, Any]:
    """Judge an agent against perfect play on fourgen's evaluation set and
    return the report ``c4 eval --json`` prints (a dict)::

        >>> r = fourgen.evaluate(fourgen.level3, seed=1)
        >>> r["perfectMoveRate"], r["goodMoveRate"]

    ``agent`` is one of fourgen's agents (``fourgen.level3``,
    ``fourgen.Agent("mcts:1000")``): it is played afresh with ``seed``, so
    the report is that of ``c4 eval SPEC --seed SEED``, wherever it runs.
    Or any callable as Kaggle ConnectX calls an agent: ``agent(observation,
    configuration)`` with ``observation["board"]`` the cells row by row
    from the top (0 empty, 1 and 2 the players' stones) and
    ``observation["mark"]`` the player to move, returning the 0-based
    column; it is called as it is (seed it yourself for a report that
    repeats). An exception it raises stops the evaluation.

    ``limit`` takes the first positions of each cell (``c4 eval --limit``).

    A move is perfect when it keeps the position's score, good when it
    keeps its outcome (a win stays a win, a draw a draw; in a lost position
    every move is good). An answer that is no integer ("garbage") or a
    column off the board or full ("illegal") is neither, counted in
    ``failedMoves``. The report holds ``positions``, ``perfectMoves``,
    ``goodMoves``, their rates, ``failedMoves``, ``table`` (the nine cells
    of stage by difficulty, each with its positions, ``errors``, the moves
    that were not perfect, and ``outcomeErrors``, those that were not good)
    and ``byStones``.
    """
    positions = evaluation_set(limit)
    s = _shipped()
    name, move, end = _mover(agent, seed)
    failed = {"illegal": 0, "garbage": 0, "timeout": 0, "crash": 0}
    cells = [[[0, 0, 0] for _ in range(3)] for _ in range(3)]  # positions, errors, outcome errors
    stones: dict[int, list[int]] = {}
    perfect = good = 0
    try:
        for p in positions:
            best = max(p.scores)
            col, failure = _column(move(p.moves), p.scores)
            if failure:
                failed[failure] += 1
            is_perfect = col is not None and p.scores[col] == best
            is_good = col is not None and (p.scores[col] > 0) - (p.scores[col] < 0) == (best > 0) - (best < 0)
            perfect += is_perfect
            good += is_good
            for counts in (cells[p.stage][p.difficulty], stones.setdefault(p.stones, [0, 0, 0])):
                counts[0] += 1
                counts[1] += not is_perfect
                counts[2] += not is_good
    finally:
        end()
    n = len(positions)
    table = []
    for i, stage in enumerate(s["stages"]):
        for j, difficulty in enumerate(s["difficulties"]):
            total, errors, outcome = cells[i][j]
            table.append({"stage": stage, "difficulty": difficulty, "positions": total, "errors": errors,
                          "outcomeErrors": outcome, "errorRate": _rate(errors, total)})
    return {
        "agent": name,
        "positions": n,
        "perfectMoves": perfect,
        "goodMoves": good,
        "perfectMoveRate": _rate(perfect, n),
        "goodMoveRate": _rate(good, n),
        "failedMoves": failed,
        "table": table,
        "byStones": [{"stones": k, "positions": v[0], "errors": v[1], "outcomeErrors": v[2], "errorRate": _rate(v[1], v[0])}
                     for k, v in sorted(stones.items())],
    }
