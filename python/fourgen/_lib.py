"""The engine's shared library (libfourgen, built from cmd/libfourgen) and
its C API, declared for ctypes.

Every call returns a code and writes a message on failure; :func:`call`
turns that into the package's exceptions. ctypes releases the GIL for
each call, so other Python threads run while the engine works.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from ctypes import POINTER, c_char_p, c_int, c_int32, c_int64, c_uint64
from pathlib import Path
from typing import Any, Callable, TypeVar

__all__ = ["EngineError", "Handle", "lib", "call", "WIDTH", "HEIGHT", "INAROW", "RULE", "CELLS", "INFO_LEN", "INVALID", "go_version"]


class EngineError(RuntimeError):
    """The engine could not do what was asked of a good input (e.g. no
    memory for a table of the size asked), or a bug of the library was
    caught at its boundary."""


def _library_name() -> str:
    if sys.platform == "darwin":
        return "libfourgen.dylib"
    if sys.platform == "win32":
        return "fourgen.dll"
    return "libfourgen.so"


def _load() -> ctypes.CDLL:
    path = os.environ.get("FOURGEN_LIBRARY") or str(Path(__file__).with_name(_library_name()))
    try:
        return ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(
            f"fourgen: cannot load the engine's library {path}: {e}; "
            "install the package with pip (which builds it with Go) or from a wheel"
        ) from e


lib = _load()

_char_p = c_char_p
_i32p = POINTER(c_int32)
_i64p = POINTER(c_int64)
_MSG = [c_char_p, c_int64]  # every call ends with the message buffer and its size

_SIGNATURES: dict[str, list[Any]] = {
    "fg_geometry": [_i32p],
    "fg_rule": [_i32p],
    "fg_version": [_char_p, c_int64],
    "fg_board_moves": [_char_p, c_int64, _char_p, c_int64, _i32p],
    "fg_board_moves_base": [_char_p, c_int64, c_int32, _char_p, c_int64, _i32p],
    "fg_board_columns": [_i32p, c_int64, c_int32, _char_p, c_int64, _i32p],
    "fg_board_cells": [_i32p, c_int64, _char_p, c_int64, _i32p],
    "fg_board_text": [_char_p, c_int64, _char_p, c_int64, _i32p],
    "fg_board_play": [_char_p, c_int64, c_int32, _char_p, c_int64, _i32p],
    "fg_board_show": [_char_p, c_int64, _char_p, c_int64],
    "fg_solver_new": [c_int32, c_int32, c_int32, _i64p],
    "fg_solver_free": [c_int64],
    "fg_solver_reset": [c_int64],
    "fg_solver_stats": [c_int64, _i64p],
    "fg_solver_cancel": [c_int64],
    "fg_solve": [c_int64, _char_p, c_int64, c_int32, c_int64, _i32p],
    "fg_analyze": [c_int64, _char_p, c_int64, c_int32, c_int64, _i32p],
    "fg_best_move": [c_int64, _char_p, c_int64, c_int32, c_uint64, c_int64, _i32p, _i32p],
    "fg_batch_moves": [c_int64, c_int32, c_int32, c_int32, _char_p, _i64p, c_int64, _i32p],
    "fg_batch_cells": [c_int64, c_int32, c_int32, c_int32, _i32p, c_int64, _i32p],
    "fg_batch_moves_mask": [c_int64, c_int32, c_int32, c_int32, _char_p, _i64p, c_int64, _i32p, _i32p],
    "fg_batch_cells_mask": [c_int64, c_int32, c_int32, c_int32, _i32p, c_int64, _i32p, _i32p],
    "fg_agent_new": [_char_p, c_int64, c_uint64, c_int32, _i64p],
    "fg_agent_free": [c_int64],
    "fg_agent_cancel": [c_int64],
    "fg_agent_move": [c_int64, _char_p, c_int64, c_int64, _i32p],
    "fg_agent_act": [c_int64, _char_p, c_int64, _i32p],
}

for _name, _args in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.argtypes = _args + _MSG
    _fn.restype = c_int

CODE_INVALID = 1
CODE_STOPPED = 4  # stopped before it finished: its budget ran out, or fg_solver_cancel
MSG_CAP = 2048

_local = threading.local()


def message_buffer() -> ctypes.Array[ctypes.c_char]:
    """This thread's buffer for the engine's messages."""
    buf = getattr(_local, "msg", None)
    if buf is None:
        buf = _local.msg = ctypes.create_string_buffer(MSG_CAP)
    return buf


def fail(code: int, msg: ctypes.Array[ctypes.c_char]) -> None:
    """Raise the exception of a call's code and message."""
    text = msg.value.decode("utf-8", "replace")
    if code == CODE_INVALID:
        raise ValueError(text)
    raise EngineError(text or f"fourgen: the engine failed (code {code})")


def call(fn: Callable[..., int], *args: Any) -> None:
    """Call fn of the C API with args and the message buffer; raise
    ValueError for a refused input, EngineError for any other failure."""
    msg = message_buffer()
    code = fn(*args, msg, MSG_CAP)
    if code:
        fail(code, msg)


def _geometry() -> tuple[int, int, int, int, int]:
    out = (c_int32 * 5)()
    call(lib.fg_geometry, out)
    return out[0], out[1], out[2], out[3], out[4]


WIDTH, HEIGHT, CELLS, INFO_LEN, INVALID = _geometry()


def _inarow() -> int:
    out = (c_int32 * 1)()
    call(lib.fg_rule, out)
    return out[0]


INAROW = _inarow()
"""The stones in a row that win on this build: 4, or k of a package built
with ``make python K=k`` (connect-k)."""

RULE = f"{WIDTH}×{HEIGHT}, " + ("four in a row" if INAROW == 4 else f"{INAROW} in a row")
"""The game this build plays, as ``c4 version`` names it: ``"7×6, four in
a row"``, or ``"7×6, 5 in a row"`` for ``make python SIZE=7x6 K=5``."""


def _go_version() -> str:
    out = ctypes.create_string_buffer(256)
    call(lib.fg_version, out, len(out))
    return out.value.decode()


go_version = _go_version()


_H = TypeVar("_H", bound="Handle")

# A search runs first on the calling thread for at most this long (µs): most
# calls end within it at no cost. A longer one goes on on a helper thread
# while the caller waits in slices of _WAIT seconds, in which Python runs its
# signal handlers, so that Ctrl-C stops it at once.
_SLICE_US = 40_000
_WAIT = 0.02


class Handle:
    """An object of the engine's (a solver, an agent) held by its handle:
    freed by :meth:`close`, by leaving a ``with`` block, or when collected;
    once closed it refuses every call. A subclass names its kind and the C
    call that frees it."""

    _kind = "object"
    _free_name = ""
    _cancel_name = ""  # the C call that stops the call running on it, if any
    _handle = 0

    def _check(self) -> int:
        """The handle, or ValueError once closed."""
        if not self._handle:
            raise ValueError(f"the {self._kind} is closed")
        return self._handle

    def close(self) -> None:
        """Free the engine's memory of it now (a closed one refuses every
        call). From another thread, it first stops the search running on it,
        which raises ValueError in its caller."""
        if self._handle:
            h, self._handle = self._handle, 0
            if self._cancel_name:
                call(getattr(lib, self._cancel_name), h)
            call(getattr(lib, self._free_name), h)

    def _search(self, fn: Callable[..., int], before: tuple[Any, ...], after: tuple[Any, ...]) -> None:
        """Call fn(handle, *before, budget, *after, msg, cap): first with a
        budget on this thread, then, if the search needs longer, on a helper
        thread while this one waits, so that Ctrl-C (KeyboardInterrupt) or
        close() from another thread stops it."""
        msg = message_buffer()
        code = fn(self._handle or self._check(), *before, _SLICE_US, *after, msg, MSG_CAP)
        if code == CODE_STOPPED:
            self._interruptible(lambda h, m: fn(h, *before, 0, *after, m, MSG_CAP))
        elif code:
            fail(code, msg)

    def _interruptible(self, run: Callable[[int, Any], int]) -> None:
        """run(handle, msg) on a helper thread, the caller waiting so that
        Ctrl-C stops it (fg_solver_cancel) and raises KeyboardInterrupt."""
        while True:
            h = self._check()
            result: list[Any] = []

            def work() -> None:
                m = message_buffer()
                result.append((run(h, m), m))

            t = threading.Thread(target=work, name="fourgen-search", daemon=True)
            t.start()
            try:
                while t.is_alive():
                    t.join(_WAIT)
            except BaseException:
                getattr(lib, self._cancel_name)(h, None, 0)
                t.join()
                raise
            code, m = result[0]
            if code != CODE_STOPPED:
                break
            if not self._handle:
                raise ValueError(f"the {self._kind} was closed while it searched")
            # Stopped by another thread's interrupt on this shared solver: again.
        if code:
            fail(code, m)

    def __enter__(self: _H) -> _H:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass
