// This file holds --board, which solve, analyze and show take: a position
// given as a board (Kaggle's cells or a text grid) instead of a move string.

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/board"
)

// boardHelp is the paragraph of help that solve, analyze and show share.
var boardHelp = fmt.Sprintf(`--board BOARD gives the position as a board instead of a move string:
either the cells, %d comma-separated numbers, the top row first, 0 empty,
1 the first player, 2 the second (Kaggle ConnectX's observation.board,
brackets optional), or a grid of %d lines of %d cells, the top row first
(x or 1, o or 2, '.' or 0; spaces ignored; as c4 show draws it); "-" reads
either from stdin. An impossible board is refused with the reason (a
floating stone, stone counts no game gives, a game that went on after a
four). The position is then named by a move string that reaches it (one
order of its stones; the board does not say which was played).
`, board.Cells, board.Height, board.Width)

// boardFlag is the value of --board and whether it was given.
type boardFlag struct {
	text string
	set  bool
}

// addBoardFlag registers --board on fs and returns where its value lands.
func addBoardFlag(fs *flag.FlagSet) *boardFlag {
	b := new(boardFlag)
	fs.Func("board", `the position as a board: comma-separated cells (rows from the top, 0/1/2) or a grid text; "-" reads it from stdin`, func(s string) error {
		b.text, b.set = s, true
		return nil
	})
	return b
}

// positions returns the positions command cmd answers: args, or, when
// --board was given, a move string reaching the board (args must then be
// empty), read from stdin for "-".
func (b *boardFlag) positions(cmd string, args []string, stdin io.Reader) ([]string, error) {
	if !b.set {
		return args, nil
	}
	moves, err := boardMoves(cmd, b.text, args, stdin)
	if err != nil {
		return nil, err
	}
	return []string{moves}, nil
}

// boardMoves returns a move string reaching the board given to --board of
// command cmd, with the positional arguments args (there must be none),
// reading stdin for "-".
func boardMoves(cmd, text string, args []string, stdin io.Reader) (string, error) {
	if len(args) > 0 {
		return "", usageErrorf(cmd, "--board gives the position: want no MOVES as well")
	}
	if text == "-" {
		read, err := io.ReadAll(io.LimitReader(stdin, board.MaxGridBytes+1))
		if err != nil {
			return "", fmt.Errorf("%s: reading the board from stdin: %w", cmd, err)
		}
		text = string(read)
	}
	g, err := board.ParseBoard(text)
	if err != nil {
		return "", fmt.Errorf("%s --board: %w", cmd, err)
	}
	return g.String(), nil
}
