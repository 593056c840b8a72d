"""docs/python-rl.md's loops, run against stand-ins of PettingZoo's
connect_four_v3 and Gymnasium with their documented shapes (neither library
is needed), and Kaggle-shaped games: fourgen never loses as first player."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

import fourgen
from fourgen import Board

np = pytest.importorskip("numpy")

DOC = Path(__file__).resolve().parents[2] / "docs" / "python-rl.md"
ROWS, COLS = fourgen.HEIGHT, fourgen.WIDTH


def code_blocks() -> list[str]:
    if not DOC.is_file():
        pytest.skip(f"no {DOC} (the tests run from a clone)")
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def four(cells: list[int], player: int) -> bool:
    """Whether player has four in a row on a flat board, top row first (a
    check of its own, not fourgen's)."""
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + k * dr < ROWS and 0 <= c + k * dc < COLS and cells[(r + k * dr) * COLS + c + k * dc] == player for k in range(4)):
                    return True
    return False


class ConnectFourAEC:
    """PettingZoo's connect_four_v3 AEC environment as documented: agents
    player_0 (moves first, stones 1) and player_1; observe gives
    {"observation": (6, 7, 2) int8, plane 0 the agent's stones, plane 1 the
    other's, the top row first; "action_mask": (7,) int8}; a finished game
    gives each agent a last observation to step None on."""

    def __init__(self) -> None:
        self.possible_agents = ["player_0", "player_1"]

    def reset(self, seed: int | None = None) -> None:
        self.cells = [0] * (ROWS * COLS)
        self.agents = list(self.possible_agents)
        self.agent_selection = "player_0"
        self.rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}

    def observe(self, agent: str) -> dict:
        me = self.possible_agents.index(agent) + 1
        grid = np.array(self.cells, dtype=np.int8).reshape(ROWS, COLS)
        planes = np.stack([grid == me, grid == 3 - me], axis=2).astype(np.int8)
        mask = np.array([1 if self.cells[c] == 0 else 0 for c in range(COLS)], dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def last(self):
        a = self.agent_selection
        return self.observe(a), self.rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def agent_iter(self):
        while self.agents:
            yield self.agent_selection

    def step(self, action) -> None:
        a = self.agent_selection
        other = self.possible_agents[1 - self.possible_agents.index(a)]
        if self.terminations[a]:
            assert action is None
            self.agents.remove(a)
            self.agent_selection = other
            return
        assert self.cells[action] == 0, f"illegal action {action}"
        me = self.possible_agents.index(a) + 1
        row = max(r for r in range(ROWS) if self.cells[r * COLS + action] == 0)
        self.cells[row * COLS + action] = me
        if four(self.cells, me):
            self.rewards = {a: 1, other: -1}
            self.terminations = {a: True, other: True}
        elif 0 not in self.cells:
            self.terminations = {a: True, other: True}
        self.agent_selection = other

    def close(self) -> None:
        pass


def fake_pettingzoo(monkeypatch: pytest.MonkeyPatch) -> None:
    c4 = types.ModuleType("pettingzoo.classic.connect_four_v3")
    c4.env = ConnectFourAEC  # type: ignore[attr-defined]
    classic = types.ModuleType("pettingzoo.classic")
    classic.connect_four_v3 = c4  # type: ignore[attr-defined]
    root = types.ModuleType("pettingzoo")
    root.classic = classic  # type: ignore[attr-defined]
    for name, mod in [("pettingzoo", root), ("pettingzoo.classic", classic), ("pettingzoo.classic.connect_four_v3", c4)]:
        monkeypatch.setitem(sys.modules, name, mod)


def fake_gymnasium(monkeypatch: pytest.MonkeyPatch) -> None:
    class Env:
        def reset(self, *, seed=None, options=None):
            self.np_random = np.random.default_rng(seed)

    class Box:
        def __init__(self, low, high, shape, dtype):
            self.low, self.high, self.shape, self.dtype = low, high, shape, dtype

        def contains(self, x) -> bool:
            return x.shape == self.shape and x.dtype == self.dtype and (x >= self.low).all() and (x <= self.high).all()

    class Discrete:
        def __init__(self, n):
            self.n = n

    spaces = types.ModuleType("gymnasium.spaces")
    spaces.Box, spaces.Discrete = Box, Discrete  # type: ignore[attr-defined]
    gym = types.ModuleType("gymnasium")
    gym.Env, gym.spaces = Env, spaces  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gymnasium", gym)
    monkeypatch.setitem(sys.modules, "gymnasium.spaces", spaces)


def test_pettingzoo_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_pettingzoo(monkeypatch)
    block = next(b for b in code_blocks() if "connect_four_v3" in b)
    for seed in range(4):
        ns: dict = {}
        exec(block.replace("default_rng(0)", f"default_rng({seed})"), ns)  # noqa: S102
        assert ns["rewards"]["player_0"] == 1  # perfect play as first player wins
        assert ns["labels"] and all(len(scores) == COLS for _, scores in ns["labels"])
        with fourgen.Solver(8) as s:
            for planes, scores in ns["labels"]:
                # player_1's view (plane 0 its stones), read with its seat given.
                assert scores == s.analyze(Board.from_planes(planes, player=2))
                assert max(v for v in scores if v is not None) < 0  # lost against perfect play


def test_gymnasium_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_gymnasium(monkeypatch)
    block = next(b for b in code_blocks() if "gymnasium" in b)
    ns: dict = {}
    exec(block, ns)  # noqa: S102  (the block asserts its own win)
    env = ns["env"]
    obs, info = env.reset(seed=2)
    assert env.observation_space.contains(obs) and info["action_mask"].tolist() == [1] * COLS
    # A random agent against the perfect opponent never wins.
    rng = np.random.default_rng(3)
    for _ in range(3):
        obs, info = env.reset()
        done = False
        while not done:
            obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            assert env.observation_space.contains(obs)
        assert reward <= 0


def test_dataset_block() -> None:
    block = next(b for b in code_blocks() if "analyze_many" in b)
    exec(block, {})  # noqa: S102


class Struct(dict):
    """kaggle-environments' Struct: a dict whose keys are attributes too."""

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


@pytest.mark.parametrize("opponent", ["random", "greedy", "level1", "level5", "mcts:200"])
def test_kaggle_games_first_player_never_loses(opponent: str) -> None:
    """ConnectX games as kaggle-environments plays them (observation.board
    a flat list of 42 cells, mark 1 or 2; configuration rows, columns,
    inarow, actTimeout): fourgen.agent moving first never loses."""
    config = Struct(rows=ROWS, columns=COLS, inarow=4, actTimeout=2)
    for seed in (1, 2):
        other = fourgen.Agent(opponent, seed=seed)
        cells = [0] * (ROWS * COLS)
        mark = 1
        while True:
            col = (fourgen.agent if mark == 1 else other)(Struct(board=list(cells), mark=mark), config)
            assert cells[col] == 0
            row = max(r for r in range(ROWS) if cells[r * COLS + col] == 0)
            cells[row * COLS + col] = mark
            if four(cells, mark) or 0 not in cells:
                break
            mark = 3 - mark
        assert not four(cells, 2), f"{opponent} seed {seed} beat fourgen.agent: {Board.from_cells(cells)}"
