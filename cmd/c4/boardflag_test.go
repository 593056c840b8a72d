package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
)

// cellList is p's board as --board takes it: comma-separated cells.
func cellList(p board.Position) string {
	var list []string
	for _, v := range p.Cells() {
		list = append(list, strconv.Itoa(v))
	}
	return strings.Join(list, ",")
}

// TestBoardFlag: solve, analyze and show given a position as a board (its
// cells, its grid, or the grid on stdin) answer exactly as for the move
// string the engine finds for the board, which reaches the same position.
func TestBoardFlag(t *testing.T) {
	for _, moves := range []string{"", fixture("4453"), fixture(strings.Repeat("4", board.Height-1)), fixture("1122334")} {
		p, err := board.Parse(moves)
		if err != nil {
			t.Fatal(err)
		}
		g, err := board.FromBoard(p.Cells())
		if err != nil || g.Position() != p {
			t.Fatalf("FromBoard(%q's cells) = %v, %v", moves, g, err)
		}
		for _, cmd := range [][]string{{"solve"}, {"analyze"}, {"solve", "-a", "--weak"}, {"show"}} {
			if cmd[0] != "show" && !openingbook.Applies() && !p.IsWon() {
				continue // without the book, a position of few stones takes hours on a large board
			}
			wantCode, want, wantErr := runC4(context.Background(), append(cmd, "--", g.String())...)
			forms := []struct{ board, stdin string }{{cellList(p), ""}, {p.String(), ""}, {"-", p.String()}}
			for _, f := range forms {
				var out, errOut bytes.Buffer
				err := run(context.Background(), append(cmd, "--board", f.board), strings.NewReader(f.stdin), &out, &errOut)
				code := report(err, &errOut)
				// A refusal names the argument; --board gives the move string as one.
				if code != wantCode || out.String() != want || errOut.String() != wantErr {
					t.Errorf("%v --board %q: exit %d, output\n%s%s\nwant exit %d and\n%s%s", cmd, f.board, code, out.String(), errOut.String(), wantCode, want, wantErr)
				}
			}
		}
	}
}

func TestBoardFlagRefuses(t *testing.T) {
	p, _ := board.Parse("44")
	floating := strings.Replace(p.String(), ".", "x", 1) // a stone in the top row's first cell
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"analyze", "--board", cellList(p), "4453"}, "want no MOVES as well"},
		{[]string{"show", "--board", "1,2"}, "want 42 comma-separated cells"},
		{[]string{"solve", "--board", floating}, "the stone floats"},
		{[]string{"solve", "--board", ""}, "grid: want " + strconv.Itoa(board.Height) + " rows, got 0"},
	} {
		code, out, errOut := runC4(context.Background(), tt.args...)
		tt.want = strings.ReplaceAll(tt.want, "42", strconv.Itoa(board.Cells))
		if code == 0 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("c4 %q: exit %d, stdout %q, stderr %q; want a failure saying %q", tt.args, code, out, errOut, tt.want)
		}
	}
}
