"""Board: a Connect-4 position, read and played by the engine."""

from __future__ import annotations

import ctypes
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Union

from ._lib import CELLS, HEIGHT, INFO_LEN, WIDTH, call, lib

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["Board", "PositionLike"]

PositionLike = Union["Board", str, Sequence[int], Sequence[Sequence[int]], "np.ndarray"]
"""What the package takes as a position: a :class:`Board`, a move string
(``"4453"``, or ``"4,4,5,3"``), a list of 0-based columns, or a grid of rows (lists or a
NumPy array, top row first, 0 empty, 1 and 2 the players' stones)."""

_OUT_CAP = CELLS + 1


def _int32s(values: Iterable[Any], what: str) -> ctypes.Array[ctypes.c_int32]:
    """values as a C array of int32, refusing what is not an integer."""
    items = list(values)
    arr = (ctypes.c_int32 * len(items))()
    for i, v in enumerate(items):
        try:
            n = int(v)
        except (TypeError, ValueError):
            raise ValueError(f"{what}[{i}] = {v!r}: not an integer") from None
        if n != v or not -(2**31) <= n < 2**31:
            raise ValueError(f"{what}[{i}] = {v!r}: not an integer a board holds")
        arr[i] = n
    return arr


class Board:
    """A Connect-4 position on the engine's board (7 columns of 6 on the
    standard build; :data:`fourgen.WIDTH` and :data:`fourgen.HEIGHT`).

    Made from a move string of 1-based columns, a list of columns (0-based,
    or 1-based with ``one_based=True``), or a grid of rows as Kaggle's
    ConnectX draws them (a list of lists or a NumPy array, the top row
    first, 0 empty, 1 the first player's stone, 2 the second's)::

        >>> b = Board("4453")
        >>> b.legal_moves()
        [0, 1, 2, 3, 4, 5, 6]
        >>> b.play(3)
        >>> b.moves
        '44534'

    Columns are 0-based everywhere in the API (``play``, ``legal_moves``,
    the index of ``Solver.analyze``'s list), as in ConnectX; move strings
    are 1-based, as c4 writes them. A bad move or cell raises ValueError
    with the engine's message (``move 5 ('x'): not a column (want 1 to 7)``).
    """

    __slots__ = ("_moves", "_info")

    def __init__(self, position: PositionLike | None = None, *, one_based: bool = False) -> None:
        if position is None or isinstance(position, str) and position == "":
            self._set(lib.fg_board_moves, b"", 0)
        elif isinstance(position, Board):
            self._moves, self._info = position._moves, position._info
        elif isinstance(position, str):
            if "\n" in position or _is_cells(position):
                raw = position.encode()
                self._set(lib.fg_board_text, raw, len(raw))
            else:
                raw = position.encode()
                self._set(lib.fg_board_moves, raw, len(raw))
        elif hasattr(position, "ndim") or _is_grid(position):
            self._from_grid(position)
        else:
            cols = _int32s(position, "columns")  # type: ignore[arg-type]
            self._set(lib.fg_board_columns, cols, len(cols), 1 if one_based else 0)

    def _set(self, fn: Any, *args: Any) -> None:
        """Read a position with fn of the C API (given args), keeping its move
        string and description."""
        out = ctypes.create_string_buffer(_OUT_CAP)
        info = (ctypes.c_int32 * INFO_LEN)()
        call(fn, *args, out, _OUT_CAP, info)
        self._moves = out.value
        self._info = tuple(info)

    def _from_grid(self, grid: Any) -> None:
        if hasattr(grid, "ndim"):
            if grid.ndim == 1:
                raise ValueError(f"a NumPy array of {grid.shape[0]} numbers: give a grid of rows, or use Board.from_cells")
            if tuple(grid.shape) != (HEIGHT, WIDTH):
                raise ValueError(f"a grid of shape {tuple(grid.shape)}: want ({HEIGHT}, {WIDTH}), rows from the top")
            flat = grid.reshape(-1).tolist()
        else:
            rows = list(grid)
            if len(rows) != HEIGHT or any(len(r) != WIDTH for r in rows):
                shape = [len(r) for r in rows]
                raise ValueError(f"a grid of {len(rows)} rows of {shape} cells: want {HEIGHT} rows of {WIDTH}, the top row first")
            flat = [v for r in rows for v in r]
        cells = _int32s(flat, "cells")
        self._set(lib.fg_board_cells, cells, len(cells))

    @classmethod
    def from_moves(cls, moves: str) -> Board:
        """The position of a move string of 1-based columns (``"4453"``)."""
        b = cls.__new__(cls)
        raw = moves.encode()
        b._set(lib.fg_board_moves, raw, len(raw))
        return b

    @classmethod
    def from_columns(cls, columns: Iterable[int], *, one_based: bool = False) -> Board:
        """The position after playing columns, 0-based (or 1-based)."""
        b = cls.__new__(cls)
        cols = _int32s(columns, "columns")
        b._set(lib.fg_board_columns, cols, len(cols), 1 if one_based else 0)
        return b

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[int]] | np.ndarray) -> Board:
        """The position of a grid of rows, the top row first (0 empty, 1 the
        first player's stone, 2 the second's), as a list of lists or a
        NumPy array. A board says nothing of the order of its stones; the
        position is the board's, its ``moves`` one order that reaches it."""
        b = cls.__new__(cls)
        b._from_grid(grid)
        return b

    @classmethod
    def from_cells(cls, cells: Iterable[int]) -> Board:
        """The position of a flat list of cells, rows from the top, as
        Kaggle ConnectX's ``observation.board``."""
        b = cls.__new__(cls)
        arr = _int32s(cells.tolist() if hasattr(cells, "tolist") else cells, "cells")  # type: ignore[union-attr]
        b._set(lib.fg_board_cells, arr, len(arr))
        return b

    @classmethod
    def from_text(cls, text: str) -> Board:
        """The position of a board drawn as text (as ``str(board)`` draws
        it, or with 1/2/0), or of its cells comma-separated, as c4's
        ``--board`` reads it."""
        b = cls.__new__(cls)
        raw = text.encode()
        b._set(lib.fg_board_text, raw, len(raw))
        return b

    @property
    def moves(self) -> str:
        """The move string of 1-based columns that reaches the position."""
        return self._moves.decode()

    @property
    def columns(self) -> list[int]:
        """The moves played, as 0-based columns."""
        return [int(c) - 1 for c in _split_moves(self.moves)]

    @property
    def stones(self) -> int:
        """The number of stones on the board."""
        return self._info[0]

    @property
    def to_move(self) -> int:
        """The player to move: 1 (who moved first) or 2."""
        return self._info[1]

    @property
    def winner(self) -> int | None:
        """The player with four in a row (1 or 2), or None."""
        return self._info[2] or None

    @property
    def heights(self) -> list[int]:
        """The number of stones in each column, left to right."""
        return list(self._info[3 : 3 + WIDTH])

    def cells(self) -> list[int]:
        """The cells, rows from the top (Kaggle's ``observation.board``)."""
        return list(self._info[3 + WIDTH :])

    def grid(self) -> list[list[int]]:
        """The rows of cells, the top row first."""
        c = self.cells()
        return [c[r * WIDTH : (r + 1) * WIDTH] for r in range(HEIGHT)]

    def to_numpy(self) -> np.ndarray:
        """The grid as a NumPy array of shape (rows, columns), int8."""
        import numpy as np

        return np.array(self.grid(), dtype=np.int8)

    def is_won(self) -> bool:
        """Whether the player who moved last has four in a row."""
        return self._info[2] != 0

    def is_full(self) -> bool:
        """Whether every cell is taken."""
        return self._info[0] == CELLS

    def is_over(self) -> bool:
        """Whether the game has ended, won or drawn."""
        return self.is_won() or self.is_full()

    def can_play(self, column: int) -> bool:
        """Whether column (0-based) can be played now."""
        return 0 <= column < WIDTH and not self.is_won() and self._info[3 + column] < HEIGHT

    def legal_moves(self) -> list[int]:
        """The columns (0-based) that can be played, left to right; none
        once the game is won."""
        if self.is_won():
            return []
        return [c for c in range(WIDTH) if self._info[3 + c] < HEIGHT]

    def play(self, move: int | str, *, one_based: bool = False) -> None:
        """Play a column (0-based, or 1-based with ``one_based=True``), or a
        move string of 1-based columns, in place. A column off the board,
        a full one, or a move after the game is won raises ValueError and
        leaves the board as it was."""
        if isinstance(move, str):
            raw = _join_moves(self.moves, move).encode()
            self._set(lib.fg_board_moves, raw, len(raw))
            return
        if isinstance(move, bool) or not isinstance(move, int) and not hasattr(move, "__index__"):
            raise ValueError(f"column {move!r}: want an integer")
        col = int(move) - (1 if one_based else 0)
        if not -(2**31) <= col < 2**31:
            raise ValueError(f"column {move!r} is off the board (want 0 to {WIDTH - 1})")
        self._set(lib.fg_board_play, self._moves, len(self._moves), col)

    def copy(self) -> Board:
        """An independent copy."""
        return Board(self)

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return Board(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._info == other._info

    __hash__ = None  # type: ignore[assignment]  # a Board is mutable

    def __str__(self) -> str:
        out = ctypes.create_string_buffer(4 * (WIDTH + 1) * (HEIGHT + 1) + 1)
        call(lib.fg_board_show, self._moves, len(self._moves), out, len(out))
        return out.value.decode()

    def __repr__(self) -> str:
        return f"Board({self.moves!r})"


def _is_grid(position: Any) -> bool:
    """Whether position looks like a grid: a sequence of sequences."""
    if isinstance(position, (str, bytes)) or not isinstance(position, Sequence) or not position:
        return False
    first = position[0]
    return hasattr(first, "__len__") and not isinstance(first, (str, bytes))


def as_moves(position: PositionLike) -> bytes:
    """The move string of a position, as bytes for the C API."""
    if isinstance(position, str) and "\n" not in position and "," not in position:
        return position.encode()
    if isinstance(position, Board):
        return position._moves
    return Board(position)._moves



def _commas(moves: str) -> bool:
    """Whether a move string writes column numbers separated by commas:
    always on a board of more than nine columns, else when it has one."""
    return WIDTH > 9 or "," in moves


def _split_moves(moves: str) -> list[str]:
    """The moves of a move string, as the engine reads it ("4453" and
    "4,4,5,3" give the same four); ``""`` has none."""
    if moves == "":
        return []
    return moves.split(",") if _commas(moves) else list(moves)


def _join_moves(moves: str, more: str) -> str:
    """The move string of moves followed by more, both move strings, in the
    comma form if either is written in it."""
    if moves == "" or more == "":
        return moves + more
    if _commas(moves) or _commas(more):
        return ",".join(_split_moves(moves) + _split_moves(more))
    return moves + more


def _is_cells(text: str) -> bool:
    """Whether text is a board of cells (Kaggle's, "[0,0,...,1]", brackets
    optional: CELLS numbers 0 to 2) rather than a move string of columns
    separated by commas ("4,4,5,3"), which never has CELLS moves of columns
    1 and 2 only."""
    items = text.strip().split(",")
    return text.strip().startswith("[") or len(items) == CELLS and all(i.strip() in ("0", "1", "2") for i in items)
