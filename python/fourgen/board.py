"""Board: a Connect-4 position, immutable, read and played by the engine."""

from __future__ import annotations

import ctypes
import random as _random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Union

from ._convert import array_ints, columns_moves, ints, is_array
from ._lib import CELLS, HEIGHT, INFO_LEN, WIDTH, call, lib

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["Board", "PositionLike"]

PositionLike = Union["Board", str, Sequence[int], Sequence[Sequence[int]], "np.ndarray"]
"""What the package takes as a position: a :class:`Board`, a move string
(``"4453"``, or ``"4,4,5,3"``), a list or 1-d array of columns with its
``base``, a grid of rows (top row first), BitBully's columns, or
PettingZoo's planes (see :class:`Board`)."""

_OUT_CAP = CELLS + 1
_BASES = (0, 1)


def _base_needed(position: Any) -> ValueError:
    shown = repr(position if not is_array(position) else position.tolist())
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return ValueError(
        f"{shown}: a list of columns needs its base: base=1 for 1-based columns (as move strings write them: "
        f'[4, 4, 5, 3] is "4453"), base=0 for 0-based ones (Kaggle, BitBully, PettingZoo and Gymnasium actions); '
        f"a Kaggle observation.board is Board.from_cells(board)"
    )


def _check_base(base: Any) -> int:
    if base not in _BASES or isinstance(base, bool):
        raise ValueError(f"base {base!r}: want 0 (columns counted from 0) or 1 (from 1)")
    return int(base)


class Board:
    """A Connect-4 position on the engine's board (7 columns of 6 on the
    standard build; :data:`fourgen.WIDTH` and :data:`fourgen.HEIGHT`).
    A Board never changes: :meth:`play`, :meth:`undo` and :meth:`mirror`
    return new boards, so boards are hashable and key dicts (``==`` and
    ``hash`` compare the stones, not the order they were played in).

    Made from:

    - a move string (``"4453"``), 1-based as c4 and Pons's files write
      them, or 0-based digits with ``base=0`` (``"3342"``);
    - a list, tuple or 1-d array of columns, which must say its base:
      ``Board([4, 4, 5, 3], base=1)``, ``Board([3, 3, 4, 2], base=0)``;
    - a grid of rows, top row first, 0 empty, 1 the first player's stone, 2
      the second's (a list of lists or an array of shape (6, 7): Kaggle's
      board as rows, :meth:`to_numpy`);
    - BitBully's columns, shape (7, 6), each from the bottom
      (:meth:`from_bitbully`);
    - PettingZoo's ``connect_four_v3`` planes, shape (6, 7, 2)
      (:meth:`from_planes`);
    - Kaggle's flat ``observation.board`` (:meth:`from_cells`) or a board
      drawn as text (:meth:`from_text`).

    ::

        >>> b = Board("4453")
        >>> b.legal_moves()
        [0, 1, 2, 3, 4, 5, 6]
        >>> b.play(3).moves
        '44534'

    A single column — an action — is 0-based everywhere (``play``,
    ``legal_moves``, the index of ``Solver.analyze``'s list, ``best_move``,
    agents), as ConnectX, PettingZoo and Gymnasium number actions; a
    sequence of columns says its base. A bad move or cell raises ValueError
    with the engine's message (``move 5 ('x'): not a column (want 1 to 7)``).
    """

    __slots__ = ("_moves", "_info")
    _moves: bytes
    _info: tuple[int, ...]

    def __init__(self, position: PositionLike | None = None, *, base: int | None = None) -> None:
        if base is not None:
            base = _check_base(base)
        if position is None:
            self._set(lib.fg_board_moves, b"", 0)
        elif isinstance(position, Board):
            object.__setattr__(self, "_moves", position._moves)
            object.__setattr__(self, "_info", position._info)
        elif isinstance(position, str):
            raw = position.encode()
            if "\n" in position or _is_cells(position):
                self._set(lib.fg_board_text, raw, len(raw))
            elif base == 0:
                self._set(lib.fg_board_moves_base, raw, len(raw), 0)
            else:
                self._set(lib.fg_board_moves, raw, len(raw))
        elif isinstance(position, (bytes, bytearray, set, frozenset, dict)) or not (is_array(position) or isinstance(position, Sequence)):
            raise ValueError(f"a position of type {type(position).__name__}: want a move string, a list of columns with base=, a grid or a Board")
        else:
            ndim = position.ndim if is_array(position) else _depth(position)
            if ndim == 1:
                if base is None:
                    raise _base_needed(position)
                self._columns(position, base)
            elif ndim == 2:
                self._from_2d(position)
            elif ndim == 3:
                self._from_planes(position, None)
            else:
                raise ValueError(f"a position of {ndim} dimensions: want columns (1), a grid (2) or planes (3)")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Board does not change: play, undo and mirror return new boards")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def _set(self, fn: Any, *args: Any) -> None:
        """Read a position with fn of the C API (given args), keeping its move
        string and description."""
        out = ctypes.create_string_buffer(_OUT_CAP)
        info = (ctypes.c_int32 * INFO_LEN)()
        call(fn, *args, out, _OUT_CAP, info)
        object.__setattr__(self, "_moves", out.value)
        object.__setattr__(self, "_info", tuple(info))

    def _columns(self, columns: Any, base: int) -> None:
        raw = columns_moves(columns, base)
        if raw is None:  # a board of more than nine columns
            cols = ints(columns, "columns")
            arr = (ctypes.c_int32 * len(cols))(*cols)
            self._set(lib.fg_board_columns, arr, len(cols), base)
        else:
            self._set(lib.fg_board_moves, raw, len(raw))

    def _cells(self, cells: list[int]) -> None:
        arr = (ctypes.c_int32 * len(cells))(*cells)
        self._set(lib.fg_board_cells, arr, len(cells))

    def _from_2d(self, grid: Any) -> None:
        rows = _matrix(grid, "grid")
        shape = (len(rows), len(rows[0]) if rows else 0)
        if shape == (HEIGHT, WIDTH):
            self._cells([v for r in rows for v in r])
        elif shape == (WIDTH, HEIGHT):
            self._cells(_bitbully_cells(rows))
        else:
            raise ValueError(
                f"a grid of shape {shape}: want ({HEIGHT}, {WIDTH}), rows from the top, or BitBully's ({WIDTH}, {HEIGHT}), columns from the bottom"
            )

    def _from_planes(self, planes: Any, player: int | None) -> None:
        arr = _planes(planes)
        n0 = sum(v for r in arr for v, _ in r)
        n1 = sum(v for r in arr for _, v in r)
        if player is None:
            if n0 == n1:
                player = 1
            elif n0 == n1 - 1:
                player = 2
            else:
                raise ValueError(
                    f"planes with {n0} stones in plane 0 and {n1} in plane 1: not the side to move's view; "
                    "pass player=1 or 2, whose stones plane 0 holds (PettingZoo: 1 for player_0, 2 for player_1)"
                )
        elif player not in (1, 2) or isinstance(player, bool):
            raise ValueError(f"player {player!r}: want 1 or 2, whose stones plane 0 holds")
        cells = []
        for r, row in enumerate(arr):
            for c, (a, b) in enumerate(row):
                if a and b:
                    raise ValueError(f"planes[{r}, {c}]: a stone in both planes")
                cells.append(player if a else (3 - player if b else 0))
        self._cells(cells)

    @classmethod
    def _made(cls, fn: Any, *args: Any) -> Board:
        b = cls.__new__(cls)
        b._set(fn, *args)
        return b

    @classmethod
    def from_moves(cls, moves: str, *, base: int = 1) -> Board:
        """The position of a move string: 1-based columns (``"4453"``) or,
        with ``base=0``, 0-based digits (``"3342"``)."""
        if not isinstance(moves, str):
            raise ValueError(f"moves {moves!r}: want a str")
        raw = moves.encode()
        if _check_base(base) == 0:
            return cls._made(lib.fg_board_moves_base, raw, len(raw), 0)
        return cls._made(lib.fg_board_moves, raw, len(raw))

    @classmethod
    def from_columns(cls, columns: Iterable[int], *, base: int) -> Board:
        """The position after playing columns counted from base: 0 (Kaggle,
        BitBully, PettingZoo actions) or 1 (as move strings)."""
        b = cls.__new__(cls)
        b._columns(columns, _check_base(base))
        return b

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[int]] | np.ndarray) -> Board:
        """The position of a grid of rows, shape (6, 7), the top row first
        (0 empty, 1 the first player's stone, 2 the second's), as a list of
        lists or a NumPy array. A board says nothing of the order of its
        stones; the position is the board's, its ``moves`` one order that
        reaches it."""
        rows = _matrix(grid, "grid")
        if (len(rows), len(rows[0]) if rows else 0) != (HEIGHT, WIDTH):
            raise ValueError(f"a grid of {len(rows)} rows of {len(rows[0]) if rows else 0}: want {HEIGHT} rows of {WIDTH}, the top row first")
        b = cls.__new__(cls)
        b._cells([v for r in rows for v in r])
        return b

    @classmethod
    def from_bitbully(cls, columns: Sequence[Sequence[int]] | np.ndarray) -> Board:
        """The position of BitBully's array, shape (7, 6): a list per column,
        left to right, each from the bottom row up (0 empty, 1 and 2 the
        players' stones), as its ``Board.to_array`` gives it."""
        rows = _matrix(columns, "columns")
        if (len(rows), len(rows[0]) if rows else 0) != (WIDTH, HEIGHT):
            raise ValueError(f"an array of {len(rows)} columns of {len(rows[0]) if rows else 0}: want {WIDTH} columns of {HEIGHT}, each from the bottom")
        b = cls.__new__(cls)
        b._cells(_bitbully_cells(rows))
        return b

    @classmethod
    def from_planes(cls, planes: Any, *, player: int | None = None) -> Board:
        """The position of PettingZoo ``connect_four_v3``'s observation
        planes, shape (6, 7, 2), the top row first: plane 0 the stones of
        ``player`` (1 for ``player_0``, who moves first; 2 for
        ``player_1``), plane 1 the other's. Without ``player`` the planes
        are read as the side to move's view (what ``env.last()`` gives the
        agent about to act)."""
        b = cls.__new__(cls)
        b._from_planes(planes, player)
        return b

    @classmethod
    def from_cells(cls, cells: Iterable[int]) -> Board:
        """The position of a flat list of cells, rows from the top, as
        Kaggle ConnectX's ``observation.board``."""
        b = cls.__new__(cls)
        b._cells(ints(cells, "cells"))
        return b

    @classmethod
    def from_text(cls, text: str) -> Board:
        """The position of a board drawn as text (as ``str(board)`` draws
        it, or with 1/2/0), or of its cells comma-separated, as c4's
        ``--board`` reads it."""
        if not isinstance(text, str):
            raise ValueError(f"text {text!r}: want a str")
        raw = text.encode()
        return cls._made(lib.fg_board_text, raw, len(raw))

    @classmethod
    def random(cls, plies: int, seed: int | None = None) -> Board:
        """A position of ``plies`` stones reached by random legal moves,
        none of which wins (so the game is not over, unless the board is
        full), from ``seed`` (any int; None: a fresh one)."""
        if isinstance(plies, bool) or not isinstance(plies, int) or not 0 <= plies <= CELLS:
            raise ValueError(f"plies {plies!r}: want 0 to {CELLS}")
        rng = _random.Random(seed)
        for _ in range(1000):
            b = cls()
            while b.stones < plies:
                options = b.legal_moves()
                rng.shuffle(options)
                nxt = next((n for n in (b.play(c) for c in options) if not n.is_won()), None)
                if nxt is None:
                    break
                b = nxt
            if b.stones == plies:
                return b
        raise ValueError(f"no game of {plies} stones without a win found in 1000 tries")

    @property
    def moves(self) -> str:
        """The move string of 1-based columns that reaches the position."""
        return self._moves.decode()

    def to_moves(self, *, base: int = 1) -> str:
        """The move string, 1-based (``"4453"``) or with ``base=0`` 0-based
        digits (``"3342"``, as c4 --zero-based reads them)."""
        if _check_base(base) == 1:
            return self.moves
        return "".join(str(c) for c in self.to_columns(base=0)) if WIDTH <= 10 else ",".join(str(c) for c in self.to_columns(base=0))

    def to_columns(self, *, base: int) -> list[int]:
        """The moves played, as columns counted from base (0 or 1)."""
        b = _check_base(base)
        return [int(c) - 1 + b for c in _split_moves(self.moves)]

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
        """The rows of cells, the top row first: shape (6, 7)."""
        c = self._info[3 + WIDTH :]
        return [list(c[r * WIDTH : (r + 1) * WIDTH]) for r in range(HEIGHT)]

    def to_numpy(self) -> np.ndarray:
        """The grid as a NumPy array of shape (6, 7), the top row first, int8."""
        import numpy as np

        return np.array(self.grid(), dtype=np.int8)

    def to_bitbully(self) -> list[list[int]]:
        """The board as BitBully's array: shape (7, 6), a list per column,
        each from the bottom row up."""
        c = self._info[3 + WIDTH :]
        return [[c[(HEIGHT - 1 - r) * WIDTH + col] for r in range(HEIGHT)] for col in range(WIDTH)]

    def to_planes(self, player: int | None = None) -> np.ndarray:
        """PettingZoo ``connect_four_v3``'s observation of the board for
        ``player`` (default: the side to move): an int8 array of shape
        (6, 7, 2), the top row first, plane 0 that player's stones, plane 1
        the other's."""
        import numpy as np

        p = self.to_move if player is None else player
        if p not in (1, 2) or isinstance(p, bool):
            raise ValueError(f"player {player!r}: want 1 or 2")
        g = np.array(self.grid(), dtype=np.int8)
        return np.stack([g == p, g == 3 - p], axis=2).astype(np.int8)

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

    def action_mask(self) -> list[int]:
        """1 for each column (0-based) that can be played, else 0: the
        ``action_mask`` of PettingZoo's observation."""
        won = self.is_won()
        return [0 if won or h >= HEIGHT else 1 for h in self._info[3 : 3 + WIDTH]]

    def play(self, move: int | str, *, base: int | None = None) -> Board:
        """The board after a move: a column (an action, 0-based; ``base=1``
        to count from 1) or a move string (1-based, or 0-based digits with
        ``base=0``). A column off the board, a full one, or a move after the
        game is won raises ValueError."""
        if isinstance(move, str):
            more = Board.from_moves(move, base=1 if base is None else base)
            return Board.from_columns(self.to_columns(base=0) + more.to_columns(base=0), base=0)
        if isinstance(move, bool) or not hasattr(move, "__index__"):
            raise ValueError(f"column {move!r}: want an integer (0-based) or a move string")
        col = move.__index__() - (0 if base is None else _check_base(base))
        if not -(2**31) <= col < 2**31:
            raise ValueError(f"column {move!r} is off the board (want 0 to {WIDTH - 1})")
        return Board._made(lib.fg_board_play, self._moves, len(self._moves), col)

    def undo(self) -> Board:
        """The board before the last move of :attr:`moves` (for a board read
        from a grid, the last of the one order ``moves`` gives). The empty
        board raises ValueError."""
        cols = self.to_columns(base=0)
        if not cols:
            raise ValueError("undo: the board is empty")
        # As columns, not a move string: no notation to choose on a wide board.
        return Board.from_columns(cols[:-1], base=0)

    def mirror(self) -> Board:
        """The board reflected left to right, its moves mirrored."""
        return Board.from_columns([WIDTH - 1 - c for c in self.to_columns(base=0)], base=0)

    def key(self) -> int:
        """A number that names the position, the same in every process and
        release: Pons's key, ``position + mask + bottom`` (the side to
        move's stones, every stone, and the bottom row, one bit per cell
        column by column with a spare bit on top of each), below 2**49 on
        7 × 6. ``min(b.key(), b.mirror().key())`` names it up to symmetry."""
        cells, me, h1 = self._info[3 + WIDTH :], self._info[1], HEIGHT + 1
        k = 0
        for c in range(WIDTH):
            h = self._info[3 + c]
            col = 1 << h
            for r in range(h):
                if cells[(HEIGHT - 1 - r) * WIDTH + c] == me:
                    col |= 1 << r
            k |= col << (c * h1)
        return k

    def copy(self) -> Board:
        """The board itself: a Board never changes."""
        return self

    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Board.from_moves, (self.moves,))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._info == other._info

    def __hash__(self) -> int:
        return hash(self._info)

    def __str__(self) -> str:
        out = ctypes.create_string_buffer(4 * (WIDTH + 1) * (HEIGHT + 1) + 1)
        call(lib.fg_board_show, self._moves, len(self._moves), out, len(out))
        return out.value.decode()

    def __repr__(self) -> str:
        return f"Board({self.moves!r})"


def _depth(value: Any) -> int:
    """The nesting depth of a sequence of sequences (1 for a flat list; an
    empty list counts as flat)."""
    d = 0
    while isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        d += 1
        if not value:
            break
        value = value[0]
    return d


def _matrix(grid: Any, what: str) -> list[list[int]]:
    """A 2-d list or array as rows of checked ints."""
    if is_array(grid):
        if grid.ndim != 2:
            raise ValueError(f"{what}: an array of shape {tuple(grid.shape)}: want 2 dimensions")
        return array_ints(grid, what).tolist()
    rows = list(grid)
    width = {len(r) if isinstance(r, Sequence) and not isinstance(r, (str, bytes)) else -1 for r in rows}
    if len(width) > 1 or -1 in width:
        raise ValueError(f"{what}: rows of {sorted(width)} cells: want a grid of equal rows")
    return [ints(r, f"{what}[{i}]") for i, r in enumerate(rows)]


def _planes(planes: Any) -> list[list[tuple[int, int]]]:
    """PettingZoo's planes as rows of (plane 0, plane 1) pairs of 0 or 1."""
    if is_array(planes):
        shape = tuple(planes.shape)
        flat = array_ints(planes, "planes").reshape(-1).tolist()
    else:
        rows = list(planes)
        shape = (len(rows), len(rows[0]) if rows else 0, len(rows[0][0]) if rows and rows[0] else 0)
        flat = []
        for r, row in enumerate(rows):
            if len(row) != shape[1]:
                raise ValueError(f"planes[{r}]: {len(row)} cells, want {shape[1]}")
            for c, pair in enumerate(row):
                v = ints(pair, f"planes[{r}, {c}]")
                if len(v) != 2:
                    raise ValueError(f"planes[{r}, {c}]: {len(v)} values, want 2")
                flat += v
    if shape != (HEIGHT, WIDTH, 2):
        raise ValueError(f"planes of shape {shape}: want ({HEIGHT}, {WIDTH}, 2), PettingZoo's connect_four_v3 observation")
    for i, v in enumerate(flat):
        if v not in (0, 1):
            raise ValueError(f"planes[{i // 2 // WIDTH}, {i // 2 % WIDTH}, {i % 2}] = {v}: want 0 or 1")
    return [[(flat[2 * (r * WIDTH + c)], flat[2 * (r * WIDTH + c) + 1]) for c in range(WIDTH)] for r in range(HEIGHT)]


def _bitbully_cells(columns: list[list[int]]) -> list[int]:
    """The cells (rows from the top) of BitBully's columns (each from the
    bottom)."""
    return [columns[c][HEIGHT - 1 - r] for r in range(HEIGHT) for c in range(WIDTH)]


def as_moves(position: PositionLike, base: int | None = None) -> bytes:
    """The 1-based move string of a position, as bytes for the C API."""
    t = type(position)
    if t is str:
        if base != 0 and "\n" not in position and "," not in position:  # type: ignore[operator]
            return position.encode()  # type: ignore[union-attr]
    elif t is Board:
        return position._moves  # type: ignore[union-attr]
    elif (t is list or t is tuple) and (not position or type(position[0]) is not list):  # type: ignore[index]
        if base is None:
            raise _base_needed(position)
        raw = columns_moves(position, _check_base(base))
        if raw is not None:
            return raw
    elif position is None:
        raise ValueError("position None: want a move string, columns with base=, a grid or a Board (the empty board is \"\")")
    return Board(position, base=base)._moves


def _commas(moves: str) -> bool:
    """Whether a move string writes column numbers separated by commas:
    always on a board of more than nine columns, else when it has one."""
    return WIDTH > 9 or "," in moves


def _split_moves(moves: str) -> list[str]:
    """The moves of a move string, as the engine reads it ("4453" and
    "4,4,5,3" give the same four); ``""`` has none."""
    if moves == "":
        return []
    return [m for m in moves.split(",") if m] if _commas(moves) else list(moves)


def _is_cells(text: str) -> bool:
    """Whether text is a board of cells (Kaggle's, "[0,0,...,1]", brackets
    optional: CELLS numbers 0 to 2) rather than a move string of columns
    separated by commas ("4,4,5,3"), which never has CELLS moves of columns
    1 and 2 only."""
    items = text.strip().split(",")
    return text.strip().startswith("[") or len(items) == CELLS and all(i.strip() in ("0", "1", "2") for i in items)
