"""Agents: fourgen's players as Kaggle ConnectX agents and Python callables."""

from __future__ import annotations

import ctypes
import json
import threading
from collections.abc import Mapping
from typing import Any

from ._lib import HEIGHT, INAROW, WIDTH, Handle, call, lib
from .board import PositionLike, as_moves
from .solver import _int

__all__ = ["Agent", "agent", "make_agent"]


def _field(obj: Any, name: str, default: Any = None) -> Any:
    """A field of a Kaggle object: read by key from a dict, else by
    attribute (kaggle-environments passes Structs, dicts read by both)."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _plain(v: Any) -> Any:
    """v as JSON can write it: NumPy arrays and numbers as lists and ints."""
    if hasattr(v, "tolist"):
        return v.tolist()
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def request(observation: Any, configuration: Any = None) -> bytes:
    """The ConnectX request (JSON, as kaggle-environments sends a remote
    agent) of an observation and configuration; a missing configuration is
    this build's: its board and :data:`fourgen.INAROW`."""
    if observation is None:
        raise ValueError("observation: want the board and the mark, got None")
    board = _plain(_field(observation, "board"))
    if board is None:
        raise ValueError("observation has no board")
    config: dict[str, Any] = {"rows": HEIGHT, "columns": WIDTH, "inarow": INAROW}
    if configuration is not None:
        for key in ("rows", "columns", "inarow", "actTimeout"):
            v = _field(configuration, key)
            if v is not None:
                config[key] = _plain(v)
    state = {"observation": {"board": board, "mark": _plain(_field(observation, "mark"))}}
    try:
        return json.dumps({"action": "act", "configuration": config, "state": state}).encode()
    except (TypeError, ValueError) as e:
        raise ValueError(f"observation or configuration: {e}") from None


class Agent(Handle):
    """One of fourgen's players: ``"perfect"`` (the exact solver with the
    opening book), ``"level1"`` to ``"level5"`` (weaker to stronger, playing
    the best move with a probability and a safe one otherwise), ``"mcts:N"``
    (Monte-Carlo tree search with N playouts), ``"greedy"``, ``"random"`` —
    the agents of ``c4 play --agent``.

    Called with Kaggle's ``(observation, configuration)`` it returns the
    0-based column to play, so an instance is a ConnectX agent::

        >>> perfect = Agent("perfect")
        >>> perfect({"board": [0] * 42, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4})
        3

    ``seed`` seeds its random choices (0: the engine's default seed);
    ``table_mib`` sizes the solver's table of the agents that solve. Calls
    of several threads on one Agent take turns.
    """

    _kind = "agent"
    _free_name = "fg_agent_free"
    _cancel_name = "fg_agent_cancel"

    def __init__(self, spec: str = "perfect", *, seed: int = 0, table_mib: int | None = None) -> None:
        self._handle = 0
        if not isinstance(spec, str):
            raise ValueError(f"agent {spec!r}: want a spec such as 'perfect', 'level3' or 'mcts:1000'")
        mib = 0 if table_mib is None else _int(table_mib, "table_mib")
        if table_mib is not None and mib < 1:
            raise ValueError(f"table_mib {table_mib!r}: want 1 or more MiB (None for the default, 64)")
        raw = spec.encode()
        h = ctypes.c_int64()
        call(lib.fg_agent_new, raw, len(raw), _int(seed, "seed") & (2**64 - 1), mib, ctypes.byref(h))
        self._handle = h.value
        self.spec = spec

    def __call__(self, observation: Any, configuration: Any = None) -> int:
        """The column (0-based) to play for a ConnectX observation (its
        ``board``, a flat list of rows × columns cells, the top row first,
        and ``mark``, 1 or 2, the player to move) and configuration (``rows``,
        ``columns``, ``inarow``, ``actTimeout``), read as attributes or as
        keys. It thinks for at most half of ``actTimeout`` (default 6 s), as
        c4 serve's ``/connectx`` does, the rest being the environment's, then
        plays greedy's move."""
        raw = request(observation, configuration)
        col = ctypes.c_int32()
        call(lib.fg_agent_act, self._check(), raw, len(raw), ctypes.byref(col))
        return col.value

    def move(self, position: PositionLike, *, base: int | None = None) -> int:
        """The column (0-based) the agent plays in a position (``base`` as
        :class:`Board` reads a list of columns)."""
        raw = as_moves(position, base)
        col = ctypes.c_int32()
        self._search(lib.fg_agent_move, (raw, len(raw)), (ctypes.byref(col),))
        return col.value

    def __repr__(self) -> str:
        return f"Agent({self.spec!r})"


def make_agent(spec: str = "perfect", *, seed: int = 0, table_mib: int | None = None) -> Agent:
    """The agent named by spec (see :class:`Agent`)."""
    return Agent(spec, seed=seed, table_mib=table_mib)


_shared: dict[str, Agent] = {}
_shared_lock = threading.Lock()


def shared(spec: str) -> Agent:
    """The package's one agent of spec, made at first use."""
    with _shared_lock:
        a = _shared.get(spec)
        if a is None:
            a = _shared[spec] = Agent(spec)
        return a


def agent(observation: Any, configuration: Any = None) -> int:
    """The perfect player as a Kaggle ConnectX agent: the best column
    (0-based) for ``observation`` (``board``, ``mark``) and
    ``configuration``, nearest the centre among equals. Pass it to
    kaggle-environments as it is: ``env.run([fourgen.agent, "random"])``."""
    return shared("perfect")(observation, configuration)
