"""fourgen: the exact Connect-4 solver of fourgen's engine, in Python.

    >>> import fourgen
    >>> fourgen.Solver().analyze("4453")
    [-5, -5, -2, -3, -4, -2, -2]

- :class:`Board`: an immutable, hashable position from a move string,
  columns (with their ``base``), a grid, BitBully's array, PettingZoo's
  planes or Kaggle's cells; ``play`` (a new board), ``undo``, ``mirror``,
  ``legal_moves``, ``key``, ``Board.random``; ``str()`` draws it.
- :class:`Solver`: ``solve``, ``analyze``, ``best_move``, ``solve_weak`` and
  the batch calls ``analyze_many`` and ``solve_many`` (NumPy in and out;
  ``errors="mask"`` for a status per row: ``OK``, ``OVER``, ``ILLEGAL``,
  ``MALFORMED``).
- :func:`agent`: the perfect player as a Kaggle ConnectX agent;
  :class:`Agent` (or :func:`make_agent`) any built-in player, and
  ``fourgen.level1`` to ``fourgen.level5`` ready-made ones.

A build plays one board and rule: :data:`WIDTH` × :data:`HEIGHT`, :data:`INAROW`
in a row (:data:`RULE` names it; ``make python SIZE=WxH K=k`` builds others),
and its agents refuse a Kaggle configuration of another, naming that command.

Bad input raises ValueError with the engine's message. The engine is Go,
built as a shared library (libfourgen) and loaded with ctypes; docs/python.md
in the repository documents it all.
"""

import typing as _typing

from . import _version
from ._lib import CELLS, HEIGHT, INAROW, INVALID, RULE, WIDTH, EngineError, go_version
from .agents import Agent, agent, make_agent
from .agents import shared as _shared
from .board import Board, PositionLike
from .evaluation import EvalPosition, evaluate, evaluation_set
from .solver import ILLEGAL, MALFORMED, OK, OVER, Solver, Stats

__all__ = [
    "Agent",
    "Board",
    "CELLS",
    "EngineError",
    "HEIGHT",
    "ILLEGAL",
    "INAROW",
    "INVALID",
    "MALFORMED",
    "OK",
    "OVER",
    "PositionLike",
    "RULE",
    "Solver",
    "Stats",
    "WIDTH",
    "agent",
    "go_version",
    "make_agent",
]
__all__ += ["EvalPosition", "evaluate", "evaluation_set"]

__version__: str = _version.pep440(go_version)
"""The package's version: :data:`go_version` (what ``c4 version`` prints for
a build of the same commit) as PEP 440 (see fourgen._version)."""

_LEVELS = {f"level{n}" for n in range(1, 6)}


def __getattr__(name: str) -> _typing.Any:
    """``fourgen.level1`` to ``fourgen.level5``: the package's agent of that
    level (default seed), made at first use."""
    if name in _LEVELS:
        return _shared(name)
    raise AttributeError(f"module 'fourgen' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The package's names: its API (``__all__``), the ready-made agents and
    the version; not its modules' imports."""
    return sorted([*__all__, *_LEVELS, "__version__"])
