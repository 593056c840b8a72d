"""fourgen: the exact Connect-4 solver of fourgen's engine, in Python.

    >>> import fourgen
    >>> fourgen.Solver().analyze("4453")
    [-5, -5, -2, -3, -4, -2, -2]

- :class:`Board`: a position from a move string, columns or a grid; ``play``,
  ``legal_moves``, ``is_won``, ``copy``; ``str()`` draws it.
- :class:`Solver`: ``solve``, ``analyze``, ``best_move``, ``solve_weak`` and
  the batch calls ``analyze_many`` and ``solve_many`` (NumPy in and out).
- :func:`agent`: the perfect player as a Kaggle ConnectX agent;
  :class:`Agent` (or :func:`make_agent`) any built-in player, and
  ``fourgen.level1`` to ``fourgen.level5`` ready-made ones.

Bad input raises ValueError with the engine's message. The engine is Go,
built as a shared library (libfourgen) and loaded with ctypes; docs/python.md
in the repository documents it all.
"""

from __future__ import annotations

from typing import Any

from ._lib import CELLS, HEIGHT, INVALID, WIDTH, EngineError, go_version
from ._version import pep440
from .agents import Agent, agent, make_agent, shared
from .board import Board, PositionLike
from .solver import Solver, Stats
from .evaluation import EvalPosition, evaluate, evaluation_set

__all__ = [
    "Agent",
    "Board",
    "CELLS",
    "EngineError",
    "HEIGHT",
    "INVALID",
    "PositionLike",
    "Solver",
    "Stats",
    "WIDTH",
    "agent",
    "go_version",
    "make_agent",
]
__all__ += ["EvalPosition", "evaluate", "evaluation_set"]

__version__: str = pep440(go_version)
"""The package's version: :data:`go_version` (what ``c4 version`` prints for
a build of the same commit) as PEP 440 (see fourgen._version)."""

_LEVELS = {f"level{n}" for n in range(1, 6)}


def __getattr__(name: str) -> Any:
    """``fourgen.level1`` to ``fourgen.level5``: the package's agent of that
    level (default seed), made at first use."""
    if name in _LEVELS:
        return shared(name)
    raise AttributeError(f"module 'fourgen' has no attribute {name!r}")
