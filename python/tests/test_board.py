from __future__ import annotations

import copy

import pytest

import fourgen
from fourgen import Board


def test_forms_agree() -> None:
    b = Board("4453")
    assert Board([3, 3, 4, 2], base=0) == b
    assert Board([4, 4, 5, 3], base=1) == b
    assert Board("3342", base=0) == b
    assert Board.from_columns([3, 3, 4, 2], base=0) == b
    assert Board.from_bitbully(b.to_bitbully()) == b and Board(b.to_bitbully()) == b
    assert Board.from_grid(b.grid()) == b
    assert Board(b.grid()) == b
    assert Board.from_cells(b.cells()) == b
    assert Board.from_text(str(b)) == b
    assert Board(str(b)) == b
    assert Board.from_text(",".join(map(str, b.cells()))) == b
    assert b.to_columns(base=0) == [3, 3, 4, 2] and b.to_columns(base=1) == [4, 4, 5, 3]
    assert b.moves == "4453" and b.to_moves(base=0) == "3342" and b.stones == 4


def test_numpy_grid() -> None:
    np = pytest.importorskip("numpy")
    b = Board("4453")
    assert Board(np.array(b.grid())) == b
    assert Board.from_cells(np.array(b.cells())) == b
    assert b.to_numpy().shape == (fourgen.HEIGHT, fourgen.WIDTH)


def test_play_and_state() -> None:
    b = Board()
    assert b.legal_moves() == list(range(fourgen.WIDTH)) and b.to_move == 1
    for col in [0, 1, 0, 1, 0, 1]:
        b = b.play(col)
    assert not b.is_won()
    c = b
    b = b.play(0)
    assert b.is_won() and b.winner == 1 and b.legal_moves() == [] and b.is_over()
    assert not c.is_won() and c.stones == 6 and copy.copy(c) == c
    assert c.play(3, base=1).moves == "1212123"
    d = c.play(3, base=1).play("2")
    assert d.winner == 2 and d.moves == "12121232"
    assert d.undo().moves == "1212123" and d.undo().undo() == c


def test_str_draws_board() -> None:
    lines = str(Board("4453")).splitlines()
    assert len(lines) == fourgen.HEIGHT + 1
    assert lines[-2].split() == [".", ".", "o", "x", "x", ".", "."]


@pytest.mark.parametrize(
    "position, message",
    [
        ("4453x", "move 5 ('x'): not a column (want 1 to 7)"),
        ("44444444", "move 7 (4): column 4 is full"),
        ("12121212", "move 8 (2): the game is already won by player 1"),
        ([3, 3, 9], "move 3: column 9 is off the board (want 1 to 7, counted from 1)"),
        ([[0] * 7] * 5 + [[2] + [0] * 6], "bad board: stone counts no game gives"),
        ([[0] * 7] * 5 + [[3] + [0] * 6], "bad board: cell c1r1 (column 1, row 1 from the bottom): 3 is not a cell's value"),
        ([[0] * 7] * 4, "a grid of shape (4, 7)"),
        (["a"], "columns[0] = 'a': not an integer"),
        ([1.5], "columns[0] = 1.5: not an integer"),
    ],
)
def test_bad_input(position: object, message: str) -> None:
    with pytest.raises(ValueError) as e:
        Board(position, base=1 if isinstance(position, list) and not isinstance(position[0], list) else None)  # type: ignore[arg-type]
    assert str(e.value).startswith(message)


def test_bad_play() -> None:
    b = Board("444444")
    for col, message in [(3, "column 4 (1-based) is full"), (7, "column 8 (1-based) is off the board"), (-1, "column 0 (1-based) is off the board"), (2**40, "column")]:
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            b.play(col)
    with pytest.raises(ValueError):
        b.play("x")
    assert b.moves == "444444"


def test_binary_and_long_input() -> None:
    for text in ["\x00\xff\n", "1" * 100, "x\n" * 10_000, "0," * 5_000_000]:
        with pytest.raises(ValueError):
            Board(text)
