from __future__ import annotations

import pytest

import fourgen
from fourgen import Board

CONFIG = {"rows": fourgen.HEIGHT, "columns": fourgen.WIDTH, "inarow": fourgen.INAROW}


class Struct(dict):
    """kaggle-environments' Struct: a dict whose keys are attributes too."""

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Plain:
    """An observation read only by attribute."""

    def __init__(self, board: list[int], mark: int) -> None:
        self.board, self.mark = board, mark


def play_game(first, second) -> Board:
    """A ConnectX game as kaggle-environments plays it: each agent gets the
    flat board and its mark, and returns a 0-based column."""
    b = Board()
    agents = [first, second]
    while not b.is_over():
        obs = Struct(board=b.cells(), mark=b.to_move, step=b.stones)
        col = agents[b.to_move - 1](obs, Struct(CONFIG, actTimeout=2))
        assert col in b.legal_moves()
        b = b.play(col)
    return b


def test_perfect_beats_level1() -> None:
    """The first player wins with perfect play: fourgen.agent moving first
    beats level1."""
    b = play_game(fourgen.agent, fourgen.Agent("level1", seed=3))
    assert b.winner == 1


def test_levels_and_mcts_play() -> None:
    for spec in ["level2", "level5", "mcts:200", "greedy", "random"]:
        b = play_game(fourgen.make_agent(spec, seed=1), fourgen.level3)
        assert b.is_over()


def test_observation_forms() -> None:
    b = Board("4453")
    want = fourgen.agent({"board": b.cells(), "mark": b.to_move}, CONFIG)
    assert fourgen.Solver().analyze(b)[want] == max(v for v in fourgen.Solver().analyze(b) if v is not None)
    assert fourgen.agent(Plain(b.cells(), b.to_move), Plain([], 0)) == want
    assert fourgen.agent({"board": b.cells(), "mark": b.to_move}) == want
    np = pytest.importorskip("numpy")
    assert fourgen.agent({"board": np.array(b.cells()), "mark": np.int64(b.to_move)}, CONFIG) == want


def test_agent_move() -> None:
    a = fourgen.Agent("perfect")
    if (fourgen.WIDTH, fourgen.HEIGHT, fourgen.INAROW) == (7, 6, 4):  # elsewhere the empty board may be a long solve
        assert a.move("") == 3
    assert a.move(Board("4453")) in range(fourgen.WIDTH)


@pytest.mark.parametrize(
    "obs, config, message",
    [
        ({"board": [0] * 42, "mark": 2}, CONFIG, "observation.mark 2, but on this board player 1 is to move"),
        ({"board": [0] * 41, "mark": 1}, CONFIG, "observation.board: bad board: want 42 cells"),
        ({"board": [0] * 42, "mark": 1}, dict(CONFIG, rows=5), "a board of 7 columns × 5 rows"),
        ({"board": [0] * 42, "mark": 1}, dict(CONFIG, inarow=2), "inarow 2: .* no build of fourgen plays it"),
        ({"mark": 1}, CONFIG, "observation has no board"),
        ({"board": ["x"] * 42, "mark": 1}, CONFIG, "bad request JSON"),
        ({"board": [object()], "mark": 1}, CONFIG, "observation or configuration"),
    ],
)
def test_agent_refusals(obs, config, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        fourgen.agent(obs, config)


@pytest.mark.parametrize("k", [fourgen.INAROW + 1, fourgen.INAROW - 1])
def test_agent_names_the_build_of_another_rule(k: int) -> None:
    """A configuration of another inarow is refused, naming the make line
    that builds the package for it; the build's own is played, and is the
    default."""
    if k < 3:
        pytest.skip(f"no rule of {k} in a row")
    rule = "four in a row" if fourgen.INAROW == 4 else f"{fourgen.INAROW} in a row"
    assert fourgen.RULE == f"{fourgen.WIDTH}×{fourgen.HEIGHT}, {rule}"
    build = f"make python SIZE={fourgen.WIDTH}x{fourgen.HEIGHT}" + ("" if k == 4 else f" K={k}")
    obs = {"board": [0] * fourgen.CELLS, "mark": 1}
    with pytest.raises(ValueError, match=f"inarow {k}: this engine plays {rule} only; {build} builds one that plays it"):
        fourgen.agent(obs, dict(CONFIG, inarow=k))
    assert fourgen.agent(obs, CONFIG) == fourgen.agent(obs) in range(fourgen.WIDTH)


def test_agent_specs() -> None:
    with pytest.raises(ValueError, match="level9"):
        fourgen.Agent("level9")
    with pytest.raises(ValueError, match="mcts:N"):
        fourgen.Agent("mcts:0")
    with pytest.raises(ValueError, match="table_mib"):
        fourgen.Agent("perfect", table_mib=2**32 + 1)
    with pytest.raises(AttributeError):
        fourgen.level6  # noqa: B018
