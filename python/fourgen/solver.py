"""Solver: exact scores from fourgen's engine, one position or many."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from ._lib import CELLS, HEIGHT, INVALID, MSG_CAP, WIDTH, Handle, call, fail, lib, message_buffer
from .board import PositionLike, as_moves

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["Solver", "Stats"]

_TIE_BREAKS = {"centre": 0, "center": 0, "leftmost": 1, "random": 2}
_ANALYZE, _SOLVE = 0, 1
_MAX_THREADS = 64
_IntArray = ctypes.c_int32 * WIDTH


class Stats(NamedTuple):
    """The work of a solver's last single call (not of batch calls)."""

    nodes: int  #: positions searched
    seconds: float  #: wall time
    book_hits: int  #: lookups the opening book answered
    book_misses: int  #: lookups of the book's stone count it lacked


class Solver(Handle):
    """An exact solver: the engine's search with its transposition table of
    ``table_mib`` MiB (default 64), kept between calls, and fourgen's
    embedded 11-ply opening book unless ``book=False``, so that positions of
    up to 11 stones are answered at once.

    Scores are from the side to move's view, in the engine's scale: positive
    a win (the sooner, the higher: 22 − k for a win with one's k-th stone on
    the standard board), 0 a draw, negative a loss::

        >>> with Solver() as s:
        ...     s.analyze("4453")
        [-5, -5, -2, -3, -4, -2, -2]

    ``threads`` is how many threads search one position (they share the
    table; the engine searches positions of 24 stones or more on one
    anyway). Several Python threads may share one Solver: its calls take
    turns (each holds the solver's lock in the engine), without the GIL held,
    so other Python code runs meanwhile. For throughput, give each thread its
    own Solver, or use :meth:`analyze_many`, which scores many positions on
    the engine's threads at once.
    """

    _kind = "solver"
    _free_name = "fg_solver_free"

    def __init__(self, table_mib: int = 0, *, threads: int = 1, book: bool = True) -> None:
        self._handle = 0
        h = ctypes.c_int64()
        call(lib.fg_solver_new, _int(table_mib, "table_mib"), _int(threads, "threads"), 1 if book else 0, ctypes.byref(h))
        self._handle = h.value

    def solve(self, position: PositionLike, *, weak: bool = False) -> int:
        """The exact score of a position (with ``weak=True`` only its
        outcome: 1 a win, 0 a draw, -1 a loss). A position already won
        raises ValueError."""
        raw = as_moves(position)
        out = ctypes.c_int32()
        call(lib.fg_solve, self._check(), raw, len(raw), 1 if weak else 0, ctypes.byref(out))
        return out.value

    def solve_weak(self, position: PositionLike) -> int:
        """The outcome of a position: 1 a win, 0 a draw, -1 a loss, for the
        side to move (faster than :meth:`solve`)."""
        return self.solve(position, weak=True)

    def analyze(self, position: PositionLike, *, weak: bool = False) -> list[int | None]:
        """The score of playing each column (a list indexed by 0-based
        column; None for a full one), as ``c4 analyze`` prints them; with
        ``weak=True`` outcomes only."""
        # The hot path of labelling loops: no call or allocation it can spare.
        raw = position.encode() if type(position) is str and "\n" not in position and "," not in position else as_moves(position)
        out = _IntArray()
        msg = message_buffer()
        code = lib.fg_analyze(self._handle or self._check(), raw, len(raw), 1 if weak else 0, out, msg, MSG_CAP)
        if code:
            fail(code, msg)
        scores = out[:]
        if INVALID in scores:
            return [None if v == INVALID else v for v in scores]
        return scores

    def best_move(self, position: PositionLike, *, tie_break: str = "centre", seed: int = 0) -> int:
        """A best column (0-based), choosing among equally good ones as the
        engine does: ``"centre"`` (the column nearest the centre, then the
        left one; the default), ``"leftmost"``, or ``"random"`` (uniform,
        from ``seed``). A finished game raises ValueError."""
        if tie_break not in _TIE_BREAKS:
            raise ValueError(f"tie_break {tie_break!r}: want 'centre', 'leftmost' or 'random'")
        raw = as_moves(position)
        col, score = ctypes.c_int32(), ctypes.c_int32()
        call(lib.fg_best_move, self._check(), raw, len(raw), _TIE_BREAKS[tie_break], seed & (2**64 - 1), ctypes.byref(col), ctypes.byref(score))
        return col.value

    def reset(self) -> None:
        """Empty the transposition tables."""
        call(lib.fg_solver_reset, self._check())

    @property
    def stats(self) -> Stats:
        """The work of the last solve, analyze or best_move."""
        out = (ctypes.c_int64 * 4)()
        call(lib.fg_solver_stats, self._check(), out)
        return Stats(out[0], out[1] / 1e9, out[2], out[3])

    @overload
    def analyze_many(self, positions: np.ndarray, *, weak: bool = ..., workers: int | None = ..., numpy: bool | None = ...) -> np.ndarray: ...
    @overload
    def analyze_many(self, positions: Sequence[PositionLike], *, weak: bool = ..., workers: int | None = ..., numpy: bool | None = ...) -> list[list[int | None]]: ...

    def analyze_many(self, positions: Any, *, weak: bool = False, workers: int | None = None, numpy: bool | None = None) -> Any:
        """:meth:`analyze` of many positions, on ``workers`` of the engine's
        threads at once (default: every core), without the GIL held. Each
        worker past the first has a table of its own, of this solver's size,
        made at the first batch that needs it and kept.

        ``positions`` is a sequence of positions (move strings, Boards,
        ...), or a NumPy array of boards as cells: shape (n, rows, columns)
        or (n, rows × columns), rows from the top, 0 empty, 1 and 2 the
        players' stones. The result is a list of lists (None for a full
        column), or, for a NumPy input (or ``numpy=True``), an int32 array
        of shape (n, columns) with :data:`fourgen.INVALID` for a full
        column. A bad position raises ValueError naming its index.
        """
        return self._batch(_ANALYZE, positions, weak, workers, numpy)

    @overload
    def solve_many(self, positions: np.ndarray, *, weak: bool = ..., workers: int | None = ..., numpy: bool | None = ...) -> np.ndarray: ...
    @overload
    def solve_many(self, positions: Sequence[PositionLike], *, weak: bool = ..., workers: int | None = ..., numpy: bool | None = ...) -> list[int]: ...

    def solve_many(self, positions: Any, *, weak: bool = False, workers: int | None = None, numpy: bool | None = None) -> Any:
        """:meth:`solve` of many positions, as :meth:`analyze_many` runs
        them: a list of scores, or an int32 array of shape (n,)."""
        return self._batch(_SOLVE, positions, weak, workers, numpy)

    def _batch(self, mode: int, positions: Any, weak: bool, workers: int | None, numpy: bool | None) -> Any:
        handle = self._check()
        if workers is None:
            workers = min(os.cpu_count() or 1, _MAX_THREADS)
        workers = _int(workers, "workers")
        per = WIDTH if mode == _ANALYZE else 1
        is_array = hasattr(positions, "ndim") and hasattr(positions, "dtype")
        if numpy is None:
            numpy = is_array
        if is_array:
            import numpy as np

            arr = positions
            if arr.ndim == 3 and arr.shape[1:] == (HEIGHT, WIDTH) or arr.ndim == 2 and arr.shape[1] == CELLS:
                cells = np.ascontiguousarray(arr.reshape(arr.shape[0], CELLS), dtype=np.int32)
            else:
                raise ValueError(f"an array of shape {arr.shape}: want (n, {HEIGHT}, {WIDTH}) or (n, {CELLS}) cells")
            count = cells.shape[0]
            out = np.empty((count, per), dtype=np.int32)
            i32p = ctypes.POINTER(ctypes.c_int32)
            call(lib.fg_batch_cells, handle, mode, 1 if weak else 0, workers, cells.ctypes.data_as(i32p), count, out.ctypes.data_as(i32p))
            result = out
        else:
            raws = [as_moves(p) for p in positions]
            count = len(raws)
            data = b"".join(raws)
            ends = (ctypes.c_int64 * max(count, 1))()
            total = 0
            for i, r in enumerate(raws):
                total += len(r)
                ends[i] = total
            out_c = (ctypes.c_int32 * max(count * per, 1))()
            call(lib.fg_batch_moves, handle, mode, 1 if weak else 0, workers, data, ends, count, out_c)
            if numpy:
                import numpy as np

                result = np.frombuffer(out_c, dtype=np.int32, count=count * per).reshape(count, per).copy()
            else:
                flat = list(out_c)[: count * per]
                if mode == _SOLVE:
                    return flat
                return [[None if v == INVALID else v for v in flat[i * per : (i + 1) * per]] for i in range(count)]
        return result[:, 0] if mode == _SOLVE else result


def _int(value: Any, what: str) -> int:
    """value as a C int32, refusing other types and sizes."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ValueError(f"{what} {value!r}: want an integer")
    n = int(value)
    if not -(2**31) <= n < 2**31:
        raise ValueError(f"{what} {n}: out of range")
    return n

