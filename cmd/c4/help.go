package main

import (
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/template"

	"github.com/fourgen/fourgen/engine/board"

	"github.com/fourgen/fourgen/internal/english"
)

var helpHelp = helpText("help")

// helpFiles are the help texts of the commands, help/NAME.txt each, as
// templates of [helpData] (board.txt, of --board, and moves.txt, of move
// strings, are included by the commands that take them).
//
//go:embed helptext/*.txt
var helpFiles embed.FS

// helpData are the values the help texts name: the board's size and what
// follows from it, and the list of agents.
var helpData = struct {
	Width, Height, Cells int
	WinStones, Agents    string
}{board.Width, board.Height, board.Cells, winStones(), agentsHelp}

// helpText returns the help of command name: help/NAME.txt, filled in
// from [helpData]. The texts are part of the program, so a broken one
// panics, at start-up, in every test.
func helpText(name string) string {
	t := template.Must(template.ParseFS(helpFiles, "helptext/"+name+".txt", "helptext/board.txt", "helptext/moves.txt"))
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, name+".txt", helpData); err != nil {
		panic(fmt.Sprintf("helptext/%s.txt: %v", name, err))
	}
	return b.String()
}

// runHelp lists the commands, or prints one command's help.
func runHelp(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("help", flag.ContinueOnError)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	switch fs.NArg() {
	case 0:
		printCommands(stdout)
		return nil
	case 1:
	default:
		return usageErrorf("help", "want at most one command, got %s", english.Plural(fs.NArg(), "argument"))
	}
	c, ok := lookup(fs.Arg(0))
	if !ok {
		return unknownCommand("help", fs.Arg(0))
	}
	// Each command prints its own help, flags included, for -h.
	err := c.run(ctx, []string{"-h"}, stdin, stdout, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// printCommands writes the overview of c4 and its commands.
func printCommands(w io.Writer) {
	fmt.Fprint(w, "c4 shows, solves and analyses Connect-4 positions. A position is a move string\n"+
		"of 1-based columns played from the empty board: \"4453\"; \"\" is the empty board.\n")
	fmt.Fprintf(w, "This c4 plays the %d×%d board, %s (make c4 SIZE=WxH K=k builds others).\n\n", board.Width, board.Height, board.Rule())
	fmt.Fprint(w, "usage: c4 COMMAND [ARGS]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nrun 'c4 help COMMAND' for a command's details.\n")
}
