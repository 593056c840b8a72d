// This file holds --board, a position given as a board (Kaggle's cells or a
// text grid) instead of a move string, and --zero-based: solve, analyze and show take both.

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine/board"
)

// boardFlag holds --board's value, whether it was given, and --zero-based's.
type boardFlag struct {
	text      string
	set       bool
	zeroBased bool
}

// addBoardFlag registers --board and --zero-based on fs and returns where
// their values land.
func addBoardFlag(fs *flag.FlagSet) *boardFlag {
	b := new(boardFlag)
	fs.BoolVar(&b.zeroBased, "zero-based", false, `read move strings of columns counted from 0 ("3342" is "4453"; "3,3,4,2" with commas), as the C++ solvers' test files and BitBully write them; answers print them as given`)
	fs.Func("board", `the position as a board: comma-separated cells (rows from the top, 0/1/2) or a grid text; "-" reads it from stdin`, func(s string) error {
		b.text, b.set = s, true
		return nil
	})
	return b
}

// positions parses args with fs as [parseArgs] does and returns the
// positions command cmd answers: the positional arguments, or, when
// --board was given, a move string reaching the board (there must then be
// no positional argument), read from stdin for "-", its columns counted as
// --zero-based says.
func (b *boardFlag) positions(cmd string, fs *flag.FlagSet, args []string, stdin io.Reader, stdout io.Writer) ([]string, error) {
	args, err := parseArgs(fs, args, stdout)
	if err != nil || !b.set {
		return args, err
	}
	moves, err := boardMoves(cmd, b.text, args, stdin, board.Notation{ZeroBased: b.zeroBased})
	return []string{moves}, err
}

// boardMoves returns a move string reaching the board given to --board of
// command cmd, with the positional arguments args (there must be none),
// reading stdin for "-", written in n.
func boardMoves(cmd, text string, args []string, stdin io.Reader, n board.Notation) (string, error) {
	if len(args) > 0 {
		return "", usageErrorf(cmd, "--board gives the position: want no MOVES as well")
	}
	if text == "-" {
		read, err := io.ReadAll(io.LimitReader(stdin, board.MaxGridBytes+1)) // ParseBoard refuses more
		if err != nil {
			return "", fmt.Errorf("%s: reading the board from stdin: %w", cmd, err)
		}
		text = string(read)
	}
	g, err := board.ParseBoard(text)
	if err != nil {
		return "", fmt.Errorf("%s --board: %w", cmd, err)
	}
	return n.Format(g.Columns()), nil
}
