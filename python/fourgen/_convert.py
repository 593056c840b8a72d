"""Numbers in: the one check every entry point makes of the columns, cells
and planes it is given (lists, tuples, NumPy arrays), so that a value is
either taken as it is or refused naming where it stands — never cast to
another value (2**32 + 1 is not a stone, 1.7 is not 1, True is not a
column).

Taken: Python and NumPy integers (not bools), and floats with an integral
value (3.0, as a float array of a Gymnasium observation holds); refused,
with ValueError: bools, other floats (1.7, NaN, inf), complex numbers,
strings, None, and anything else; a value beyond what the board holds.
"""

from __future__ import annotations

from typing import Any

from ._lib import WIDTH

__all__ = ["ints", "array_ints", "columns_moves", "is_array"]

_I32 = 2**31


def is_array(value: Any) -> bool:
    """Whether value is a NumPy array (or reads like one)."""
    return hasattr(value, "ndim") and hasattr(value, "dtype") and hasattr(value, "shape")


def _int(v: Any, where: str) -> int:
    """v as an int, or ValueError naming where it stands."""
    t = type(v)
    if t is int:
        n = v
    elif t is bool or t.__name__ in ("bool_", "bool"):
        raise ValueError(f"{where} = {v!r}: a bool, not a number")
    elif hasattr(v, "__index__") and not isinstance(v, (str, bytes)):
        n = v.__index__()
    elif isinstance(v, float) or t.__name__.startswith("float"):
        f = float(v)
        if f != f or f in (float("inf"), float("-inf")):
            raise ValueError(f"{where} = {v!r}: not a number a board holds")
        if not f.is_integer():
            raise ValueError(f"{where} = {v!r}: not an integer")
        n = int(f)
    else:
        raise ValueError(f"{where} = {v!r}: not an integer")
    if not -_I32 <= n < _I32:
        raise ValueError(f"{where} = {v!r}: not a number a board holds")
    return n


def ints(values: Any, what: str) -> list[int]:
    """The numbers of a flat sequence (list, tuple, range or 1-d array), each
    checked; what names it in errors (``columns``, ``cells``)."""
    if is_array(values):
        return array_ints(values, what).reshape(-1).tolist()
    if isinstance(values, (str, bytes, set, frozenset, dict)) or not hasattr(values, "__len__"):
        raise ValueError(f"{what}: {type(values).__name__} {_short(values)}: want a list of integers")
    if type(values) in (list, tuple) and all(type(v) is int for v in values):
        out = list(values)  # the common case: no value to check but its size
        if out and (min(out) < -_I32 or max(out) >= _I32):
            i = next(i for i, v in enumerate(out) if not -_I32 <= v < _I32)
            raise ValueError(f"{what}[{i}] = {out[i]!r}: not a number a board holds")
        return out
    return [_int(v, f"{what}[{i}]") for i, v in enumerate(values)]


def array_ints(arr: Any, what: str) -> Any:
    """A NumPy array's values as int32, each checked as :func:`ints` checks
    a list's: an integer dtype within int32, a float one with integral
    finite values; bool, complex, string and object arrays of anything but
    integers refused. Errors name the first bad value by its index."""
    import numpy as np

    kind = arr.dtype.kind
    if kind == "O":
        flat = arr.reshape(-1)
        return np.array([_int(v, f"{what}{_index(arr, i)}") for i, v in enumerate(flat)], dtype=np.int32).reshape(arr.shape)
    if kind == "b":
        raise ValueError(f"{what}: an array of bools (dtype {arr.dtype}): want integers")
    if kind in "iu":
        if arr.size and (arr.min() < -_I32 or arr.max() >= _I32):
            bad = np.flatnonzero((arr < -_I32) | (arr >= _I32))[0]
            raise ValueError(f"{what}{_index(arr, bad)} = {arr.reshape(-1)[bad]!r}: not a number a board holds")
        return arr.astype(np.int32)
    if kind == "f":
        flat = arr.reshape(-1)
        ok = np.isfinite(flat)
        ok[ok] &= (flat[ok] == np.floor(flat[ok])) & (flat[ok] >= -_I32) & (flat[ok] < _I32)
        if not ok.all():
            bad = int(np.flatnonzero(~ok)[0])
            raise ValueError(f"{what}{_index(arr, bad)} = {flat[bad]!r}: not an integer a board holds")
        return arr.astype(np.int32)
    raise ValueError(f"{what}: an array of dtype {arr.dtype}: want integers")


def _index(arr: Any, flat: int) -> str:
    """The index of the flat-th value of arr, as [i] or [i, j, ...]."""
    import numpy as np

    idx = np.unravel_index(int(flat), arr.shape) if arr.ndim else ()
    return "[" + ", ".join(str(int(i)) for i in idx) + "]"


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


# For each base, the digit of each byte value that is a column counted from
# it (a move string's), 0 for the others.
_TABLES = {
    base: bytes(ord("1") + v - base if 0 <= v - base < min(WIDTH, 9) else 0 for v in range(256)) for base in (0, 1)
}


def columns_moves(columns: Any, base: int) -> bytes | None:
    """The move string of a sequence of columns counted from base, for the
    C API's string calls; None when the board is wider than nine columns
    (the caller reads the columns with fg_board_columns). A column off the
    board raises ValueError naming it."""
    cols = ints(columns, "columns")
    if WIDTH > 9:
        return None
    if not cols:
        return b""
    lo, hi = min(cols), max(cols)
    if lo < base or hi >= WIDTH + base:
        i = next(i for i, c in enumerate(cols) if not base <= c < WIDTH + base)
        hint = ""
        if cols[i] == 0 and base == 1:
            hint = ": a 0 in a list of 1-based columns; for 0-based columns (Kaggle, BitBully, PettingZoo actions) pass base=0"
        elif cols[i] == WIDTH and base == 0:
            hint = f": column {WIDTH} in a list of 0-based columns; for 1-based columns (as move strings) pass base=1"
        raise ValueError(f"move {i + 1}: column {cols[i]} is off the board (want {base} to {WIDTH - 1 + base}, counted from {base}){hint}")
    return bytes(cols).translate(_TABLES[base])
