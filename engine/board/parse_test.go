package board

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

func TestParseErrors(t *testing.T) {
	skipUnlessFourInARow(t)
	classicOnly(t) // its fixtures are of the 7×6 board
	tests := []struct {
		name   string
		moves  string
		index  int    // of the offending move
		move   string // MoveError.Move
		reason string // part of MoveError.Reason
	}{
		{"zero", "0", 0, "'0'", "not a column"},
		{"eight", "8", 0, "'8'", "not a column"},
		{"after good moves", "44538", 4, "'8'", "not a column"},
		{"letter", "4a", 1, "'a'", "not a column"},
		{"space", "44 5", 2, "' '", "not a column"},
		{"multi-byte rune", "4é", 1, "'é'", "not a column"},
		{"non-UTF-8", "4\xff4", 1, "byte 0xff", "not a column"},
		{"lone continuation byte", "\x80", 0, "byte 0x80", "not a column"},
		{"full column", "44444444", 6, "4", "column 4 is full"},
		{"move after a win", "12121212", 7, "2", "already won by player 1"},
		{"second player's win", "112121213", 8, "3", "already won by player 2"},
		{"too long", strings.Repeat("1234567", 1<<20/7+1), Cells, "", "too long"},
		{"one too many", strings.Repeat("1", Cells+1), Cells, "", "too long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.moves)
			if err == nil {
				t.Fatalf("Parse accepted it:\n%v", p)
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error %T (%v), want *MoveError", err, err)
			}
			if me.Index != tt.index || me.Move != tt.move || !strings.Contains(me.Reason, tt.reason) {
				t.Errorf("error %+v, want Index %d, Move %q and a reason with %q", me, tt.index, tt.move, tt.reason)
			}
			if p != (Position{}) {
				t.Errorf("Parse returned %+v with its error, want the zero Position", p)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.reason) || len(msg) > 200 {
				t.Errorf("message %q", msg)
			}
			// PlayString stops just before the offending move.
			var q Position
			if err := q.PlayString(tt.moves); err == nil || err.Error() != me.Error() {
				t.Errorf("PlayString error %v, want %v", err, me)
			}
			if len(tt.moves) <= Cells {
				if want, err := Parse(tt.moves[:tt.index]); err != nil || q != want {
					t.Errorf("PlayString left %+v, want the position before move %d (%v)", q, tt.index+1, err)
				}
			}
		})
	}
}

func TestMoveErrorMessage(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	_, err := Parse("4a")
	if got, want := err.Error(), "move 2 ('a'): not a column (want 1 to 7)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestTooLongMessage checks that a move string longer than the board has
// cells is refused at the first move with no cell, naming the board's
// cells (not the empty ones, which the player did not count).
func TestTooLongMessage(t *testing.T) {
	_, err := Parse(MoveString(slices.Repeat([]int{3}, Cells+1)))
	if got, want := fmt.Sprint(err), fmt.Sprintf("move %d: too long: %d moves, but the board has %d cells", Cells+1, Cells+1, Cells); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	p, err := Parse(moves1(1, 2, 3, 4)) // four moves on every board
	if err != nil {
		t.Fatal(err)
	}
	err = p.PlayString(MoveString(make([]int, Cells)))
	if got, want := fmt.Sprint(err), fmt.Sprintf("move %d: too long: %d moves after 4, but the board has %d cells", Cells-3, Cells, Cells); got != want {
		t.Errorf("PlayString after 4 moves: Error() = %q, want %q", got, want)
	}
}

func TestParseFixtures(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	for _, moves := range []string{"", "4", "4453", "1234567", "44444", "7654321", strings.Repeat("123", 4)} {
		p, err := Parse(moves)
		if err != nil {
			t.Errorf("Parse(%q): %v", moves, err)
			continue
		}
		checkPosition(t, moves, p, modelOf(moves), true)
	}
}

func TestPlayStringContinues(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 100 {
		playRandomGame(rng, func(moves string, p Position, m *geom.Model) {
			cols := columnsOf(t, moves)
			if len(cols) < 2 {
				return
			}
			cut := rng.IntN(len(cols))
			head, tail := MoveString(cols[:cut]), MoveString(cols[cut:])
			q, err := Parse(head)
			if err != nil {
				t.Fatal(err)
			}
			if err := q.PlayString(tail); err != nil || q != p {
				t.Fatalf("Parse(%q) then PlayString(%q) = %v, %v; want %v", head, tail, q, err, p)
			}
		})
	}
	// The length limit counts the cells still empty.
	draw := findDrawnGame(t, rng)
	p, err := Parse(MoveString(columnsOf(t, draw)[:Cells-7]))
	if err != nil {
		t.Fatal(err)
	}
	var me *MoveError
	if err := p.PlayString(MoveString(make([]int, 8))); !errors.As(err, &me) || me.Index != 7 || !strings.Contains(me.Reason, "too long") {
		t.Errorf("PlayString of 8 moves into 7 empty cells: %v, want move 8 too long", err)
	}
}

func TestPlayChecked(t *testing.T) {
	skipUnlessFourInARow(t)
	classicOnly(t) // its fixtures are of the 7×6 board
	draw := findDrawnGame(t, rand.New(rand.NewPCG(1, 1)))
	tests := []struct {
		moves  string
		col    int
		reason string
	}{
		// The argument is 0-based; the errors name columns 1-based and say so.
		{"", -1, fmt.Sprintf("column 0 (1-based) is off the board (want 1 to %d)", Width)},
		{"", Width, fmt.Sprintf("column %d (1-based) is off the board (want 1 to %d)", Width+1, Width)},
		{"444444", 3, "column 4 (1-based) is full"},
		{"1212121", 0, "already won by player 1"},
		{draw, 0, "the board is full"},
	}
	for _, tt := range tests {
		p, err := Parse(tt.moves)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.moves, err)
		}
		before := p
		err = p.PlayChecked(tt.col)
		if err == nil || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("%q: PlayChecked(%d) = %v, want %q", tt.moves, tt.col, err, tt.reason)
		}
		if p != before {
			t.Errorf("%q: the refused PlayChecked(%d) changed the position", tt.moves, tt.col)
		}
	}
	var p Position
	if err := p.PlayChecked(3); err != nil || p.Height(3) != 1 {
		t.Errorf("PlayChecked(3) on the empty board: %v, height %d", err, p.Height(3))
	}
}

func TestStringShape(t *testing.T) {
	p, err := Parse(moves1(4, 4, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	s := p.String()
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if len(lines) != Height+1 {
		t.Fatalf("String has %d lines, want %d rows and a footer:\n%s", len(lines), Height+1, s)
	}
	if x, o := strings.Count(s, "x"), strings.Count(s, "o"); x != 2 || o != 2 {
		t.Errorf("String shows %d x and %d o for 4 moves:\n%s", x, o, s)
	}
	if strings.Count(s, ".") != Cells-4 {
		t.Errorf("String shows %d empty cells, want %d:\n%s", strings.Count(s, "."), Cells-4, s)
	}
	// The first move, column 4, is an x on the bottom row.
	if bottom := lines[Height-1]; strings.Fields(bottom)[3] != "x" {
		t.Errorf("bottom row %q, want x in column 4", bottom)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "4", "4453", "44444444", "12121212", "4a", "\xff", "0", "8", "4\xe2\x82", strings.Repeat("1234567", 7),
		"4,4,5,3", "10,1,12", "1,,2", ",", "1,2,", "+1", " 1", "007", strings.Repeat("1,", Cells) + "1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, moves string) {
		p, err := Parse(moves)
		g, gerr := ParseGame(moves)
		if (err == nil) != (gerr == nil) {
			t.Fatalf("Parse error %v, ParseGame error %v", err, gerr)
		}
		cols, n, rerr := ReadMoves(moves, false)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error %T (%v), want *MoveError", err, err)
			}
			if me.Index < 0 || me.Index >= len(moves) || me.Reason == "" {
				t.Fatalf("error %+v for %d bytes", me, len(moves))
			}
			if strings.Contains(me.Reason, "too long") {
				if me.Index != Cells || rerr == nil {
					t.Fatalf("error %+v for %d bytes, want too long at move %d, found by ReadMoves", me, len(moves), Cells+1)
				}
			} else if len(cols) < me.Index {
				t.Fatalf("error %+v, but ReadMoves read only %d moves before it", me, len(cols))
			} else if _, err := Parse(n.Format(cols[:me.Index])); err != nil {
				t.Fatalf("the moves before the offending one fail too: %v", err)
			}
			_ = err.Error()
			return
		}
		if rerr != nil {
			t.Fatalf("Parse accepted %q, ReadMoves refused it: %v", moves, rerr)
		}
		var q Position
		for i, col := range cols {
			if !q.CanPlay(col) || q.IsWon() {
				t.Fatalf("Parse accepted move %d of %q", i+1, moves)
			}
			q.Play(col)
		}
		if q != p || p.Moves() != len(cols) {
			t.Fatalf("Parse(%q) = %+v, replaying gives %+v", moves, p, q)
		}
		if g.String() != n.Format(cols) || g.Position() != p || g.Notation() != n {
			t.Fatalf("ParseGame(%q) = %q in %v, %+v", moves, g.String(), g.Notation(), g.Position())
		}
	})
}
