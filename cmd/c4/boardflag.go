// This file holds --board, which solve, analyze and show take: a position
// given as a board (Kaggle's cells or a text grid) instead of a move string.

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/board"
)

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
