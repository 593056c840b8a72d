"""Solver: exact scores from fourgen's engine, one position or many."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from ._convert import array_ints, is_array
from ._lib import _SLICE_US, CELLS, CODE_STOPPED, HEIGHT, INVALID, MSG_CAP, WIDTH, Handle, call, fail, lib, message_buffer
from .board import PositionLike, as_moves

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["Solver", "Stats", "OK", "OVER", "ILLEGAL", "MALFORMED"]

_TIE_BREAKS = {"centre": 0, "center": 0, "leftmost": 1, "random": 2}
_ANALYZE, _SOLVE = 0, 1
_MAX_THREADS = 64
_IntArray = ctypes.c_int32 * WIDTH

OK, OVER, ILLEGAL, MALFORMED = 0, 1, 2, 3
"""The status of a row of a batch with ``errors="mask"``: scored; a
finished game (won, or the board full); illegal (well formed, but no game
reaches it); malformed (not a position)."""


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
    _cancel_name = "fg_solver_cancel"

    def __init__(self, table_mib: int | None = None, *, threads: int = 1, book: bool = True) -> None:
        self._handle = 0
        mib = 0 if table_mib is None else _int(table_mib, "table_mib")
        if table_mib is not None and mib < 1:
            raise ValueError(f"table_mib {table_mib!r}: want 1 or more MiB (None for the default, 64)")
        h = ctypes.c_int64()
        call(lib.fg_solver_new, mib, _int(threads, "threads"), 1 if book else 0, ctypes.byref(h))
        self._handle = h.value

    def solve(self, position: PositionLike, *, weak: bool = False, base: int | None = None) -> int:
        """The exact score of a position (with ``weak=True`` only its
        outcome: 1 a win, 0 a draw, -1 a loss). A position already won
        raises ValueError; ``base`` is the base of a list of columns (or 0
        for a move string of 0-based digits), as :class:`Board` reads it."""
        raw = as_moves(position, base)
        out = ctypes.c_int32()
        self._search(lib.fg_solve, (raw, len(raw), 1 if weak else 0), (ctypes.byref(out),))
        return out.value

    def solve_weak(self, position: PositionLike, *, base: int | None = None) -> int:
        """The outcome of a position: 1 a win, 0 a draw, -1 a loss, for the
        side to move (faster than :meth:`solve`)."""
        return self.solve(position, weak=True, base=base)

    def analyze(self, position: PositionLike, *, weak: bool = False, base: int | None = None) -> list[int | None]:
        """The score of playing each column (a list indexed by 0-based
        column; None for a full one), as ``c4 analyze`` prints them; with
        ``weak=True`` outcomes only."""
        # The hot path of labelling loops: no call or allocation it can spare.
        raw = position.encode() if type(position) is str and base is None and "\n" not in position and "," not in position else as_moves(position, base)
        out = _IntArray()
        msg = message_buffer()
        code = lib.fg_analyze(self._handle or self._check(), raw, len(raw), 1 if weak else 0, _SLICE_US, out, msg, MSG_CAP)
        if code == CODE_STOPPED:
            self._interruptible(lambda h, m: lib.fg_analyze(h, raw, len(raw), 1 if weak else 0, 0, out, m, MSG_CAP))
        elif code:
            fail(code, msg)
        scores = out[:]
        if INVALID in scores:
            return [None if v == INVALID else v for v in scores]
        return scores

    def best_move(self, position: PositionLike, *, tie_break: str = "centre", seed: int = 0, base: int | None = None) -> int:
        """A best column (0-based), choosing among equally good ones as the
        engine does: ``"centre"`` (the column nearest the centre, then the
        left one; the default), ``"leftmost"``, or ``"random"`` (uniform,
        from ``seed``). A finished game raises ValueError."""
        if tie_break not in _TIE_BREAKS:
            raise ValueError(f"tie_break {tie_break!r}: want 'centre', 'leftmost' or 'random'")
        raw = as_moves(position, base)
        col, score = ctypes.c_int32(), ctypes.c_int32()
        self._search(lib.fg_best_move, (raw, len(raw), _TIE_BREAKS[tie_break], _int(seed, "seed") & (2**64 - 1)), (ctypes.byref(col), ctypes.byref(score)))
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

    def analyze_many(
        self, positions: Any, *, weak: bool = False, workers: int | None = None, numpy: bool | None = None, base: int | None = None, errors: str = "raise"
    ) -> Any:
        """:meth:`analyze` of many positions, on ``workers`` of the engine's
        threads at once (default: every core), without the GIL held. Each
        worker past the first has a table of its own, of this solver's size,
        made at the first batch that needs it and kept. Ctrl-C stops it.

        ``positions`` is a sequence of positions (move strings, Boards,
        lists of columns with ``base``, grids), or a NumPy array: boards as
        cells, shape (n, 6, 7) or (n, 42), rows from the top, 0 empty, 1 and
        2 the players' stones; or, with ``base``, games as columns, shape
        (n, k). Its values are checked as :class:`Board` checks them (no
        cast that changes a value). A string is refused: it is one
        position, not a batch.

        The result is a list of lists (None for a full column), or, for a
        NumPy input (or ``numpy=True``), an int32 array of shape (n, 7) with
        :data:`fourgen.INVALID` for a full column. A bad position raises
        ValueError naming its index; with ``errors="mask"`` the result is
        ``(scores, status)`` instead: ``status`` (a list, or an int8 array)
        holds each row's :data:`fourgen.OK`, ``OVER`` (a finished game),
        ``ILLEGAL`` or ``MALFORMED``, and a row not scored has
        :data:`fourgen.INVALID` for every score (None in a list).
        """
        return self._batch(_ANALYZE, positions, weak, workers, numpy, base, errors)

    def solve_many(
        self, positions: Any, *, weak: bool = False, workers: int | None = None, numpy: bool | None = None, base: int | None = None, errors: str = "raise"
    ) -> Any:
        """:meth:`solve` of many positions, as :meth:`analyze_many` runs
        them: a list of scores, or an int32 array of shape (n,); with
        ``errors="mask"``, ``(scores, status)``, a row not scored having
        :data:`fourgen.INVALID` (None in a list)."""
        return self._batch(_SOLVE, positions, weak, workers, numpy, base, errors)

    def _batch(self, mode: int, positions: Any, weak: bool, workers: int | None, numpy: bool | None, base: int | None, errors: str) -> Any:
        self._check()
        if errors not in ("raise", "mask"):
            raise ValueError(f"errors {errors!r}: want 'raise' or 'mask'")
        mask = errors == "mask"
        if workers is None:
            workers = min(os.cpu_count() or 1, _MAX_THREADS)
        workers = _int(workers, "workers")
        if base is not None:
            base = _base(base)
        per = WIDTH if mode == _ANALYZE else 1
        array_in = is_array(positions)
        if numpy is None:
            numpy = array_in
        if isinstance(positions, (str, bytes)):
            raise ValueError(f"a batch of {positions!r}: a string is one position, not a batch (analyze({positions!r}), or a list of strings)")
        if isinstance(positions, (set, frozenset, dict)) or not (array_in or isinstance(positions, Sequence)):
            raise ValueError(f"a batch of type {type(positions).__name__}: want a list of positions or a NumPy array")
        count = len(positions)
        out = (ctypes.c_int32 * max(count * per, 1))()
        status = (ctypes.c_int32 * max(count, 1))()
        w = 1 if weak else 0
        if array_in and not (positions.ndim == 2 and base is not None):
            cells = _cells_array(positions, mask)
            ptr = cells.ctypes.data_as(ctypes.POINTER(ctypes.c_int32))
            if mask:
                self._interruptible(lambda h, m: lib.fg_batch_cells_mask(h, mode, w, workers, ptr, count, out, status, m, MSG_CAP))
            else:
                self._interruptible(lambda h, m: lib.fg_batch_cells(h, mode, w, workers, ptr, count, out, m, MSG_CAP))
        else:
            if array_in:
                rows = positions.tolist() if positions.dtype.kind == "O" else _checked_rows(positions, mask)
                raws = [_row_moves(r, base, i, mask) for i, r in enumerate(rows)]
            else:
                raws = [_row_moves(p, base, i, mask) for i, p in enumerate(positions)]
            data = b"".join(raws)
            ends = (ctypes.c_int64 * max(count, 1))()
            total = 0
            for i, r in enumerate(raws):
                total += len(r)
                ends[i] = total
            if mask:
                self._interruptible(lambda h, m: lib.fg_batch_moves_mask(h, mode, w, workers, data, ends, count, out, status, m, MSG_CAP))
            else:
                self._interruptible(lambda h, m: lib.fg_batch_moves(h, mode, w, workers, data, ends, count, out, m, MSG_CAP))
        if numpy:
            import numpy as np

            result = np.frombuffer(out, dtype=np.int32, count=count * per).reshape(count, per).copy()
            result = result[:, 0] if mode == _SOLVE else result
            return (result, np.frombuffer(status, dtype=np.int32, count=count).astype(np.int8)) if mask else result
        flat = out[: count * per]
        st = status[:count]
        if mode == _SOLVE:
            scores: list[Any] = [None if mask and st[i] else v for i, v in enumerate(flat)]
        else:
            scores = [None if mask and st[i] else [None if v == INVALID else v for v in flat[i * per : (i + 1) * per]] for i in range(count)]
        return (scores, st) if mask else scores


_NOT_A_POSITION = b"\x00"  # a row the engine reads as malformed (masked batches)


def _row_moves(position: Any, base: int | None, index: int, mask: bool) -> bytes:
    """The move string of a batch's row; with mask, a row that cannot be
    read as one is passed as a malformed row (or, a board no game reaches,
    as an illegal one) for the engine to mark."""
    try:
        return as_moves(position, base)
    except ValueError as e:
        if not mask:
            raise ValueError(f"position {index} of the batch (counted from 0): {e}") from None
        if _is_illegal(e):
            return b"1" * (HEIGHT + 1)  # a move into a full column: illegal
        return _NOT_A_POSITION


def _is_illegal(err: ValueError) -> bool:
    """Whether the engine's refusal of a position read here (a grid, a
    0-based move string) is of a well-formed one that no game reaches (a
    move into a full column or after a win, stones no game stacks) rather
    than of its form (a character, a column off the board, a cell's value,
    a size): the words of engine/board's errors."""
    text = str(err)
    if text.startswith("bad board: "):
        return "is not a cell's value" not in text and "want" not in text
    return text.endswith(" is full") or "the game is already won" in text or "the board is full" in text


def _cells_array(arr: Any, mask: bool) -> Any:
    """A NumPy array of boards as a contiguous (n, cells) int32 array, each
    value checked."""
    import numpy as np

    if not (arr.ndim == 3 and arr.shape[1:] == (HEIGHT, WIDTH) or arr.ndim == 2 and arr.shape[1] == CELLS):
        raise ValueError(f"an array of shape {arr.shape}: want (n, {HEIGHT}, {WIDTH}) or (n, {CELLS}) cells, or (n, k) columns with base=")
    if mask and arr.dtype.kind in "iuf":
        return np.ascontiguousarray(np.array(_checked_rows(arr.reshape(arr.shape[0], CELLS), mask), dtype=np.int32))
    return np.ascontiguousarray(array_ints(arr, "positions").reshape(arr.shape[0], CELLS), dtype=np.int32)


def _checked_rows(arr: Any, mask: bool) -> list[Any]:
    """The rows of a 2-d NumPy array as lists of ints, each value checked;
    with mask, a value no board holds (1.7, NaN, 2**32 + 1) makes its row
    one the engine marks malformed (-1 in each cell) instead of failing."""
    import numpy as np

    if not mask or arr.dtype.kind not in "iuf":
        return array_ints(arr, "positions").tolist()  # type: ignore[no-any-return]
    if arr.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            ok = np.isfinite(arr) & (arr == np.floor(arr)) & (arr >= -(2**31)) & (arr < 2**31)
    else:
        ok = (arr >= -(2**31)) & (arr < 2**31)
    good = ok.all(axis=1)
    rows = np.where(good[:, None], np.where(ok, arr, 0), -1).astype(np.int64).tolist()
    return rows  # type: ignore[no-any-return]


def _base(base: Any) -> int:
    if base not in (0, 1) or isinstance(base, bool):
        raise ValueError(f"base {base!r}: want 0 (columns counted from 0) or 1 (from 1)")
    return int(base)


def _int(value: Any, what: str) -> int:
    """value as a C int32, refusing other types and sizes."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ValueError(f"{what} {value!r}: want an integer")
    n = value.__index__()
    if not -(2**31) <= n < 2**31:
        raise ValueError(f"{what} {n}: out of range")
    return n

