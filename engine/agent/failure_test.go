package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// TestCheckMove checks which columns are illegal moves, and that the
// error is an Illegal MoveError.
func TestCheckMove(t *testing.T) {
	full := strings.Repeat("1", board.Height)
	for _, tc := range []struct {
		moves string
		col   int
		want  string // a piece of the error, "" for none
	}{
		{"", 0, ""},
		{"", board.Width - 1, ""},
		{"", -1, "column 0: want 1 to"},
		{"", board.Width, fmt.Sprintf("column %d: want 1 to %d", board.Width+1, board.Width)},
		{full, 0, "column 1 is full"},
		{full, 1, ""},
	} {
		p, err := board.Parse(movetest.Fixture(tc.moves))
		if err != nil {
			t.Fatal(err)
		}
		err = CheckMove(p, tc.col)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckMove(%q, %d) = %v, want %q", tc.moves, tc.col, err, tc.want)
		}
		if me, ok := errors.AsType[*MoveError](err); err != nil && (!ok || me.Kind != Illegal) {
			t.Errorf("CheckMove(%q, %d) = %#v, want an Illegal MoveError", tc.moves, tc.col, err)
		}
	}
}

// TestFailures checks the counts by kind: adding, merging, the total and
// how they read.
func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		kinds []FailureKind
		want  string
	}{
		{nil, "0"},
		{[]FailureKind{Timeout}, "1 (1 timeout)"},
		{[]FailureKind{Crash, Illegal, Crash, Garbage}, "4 (1 illegal, 1 garbage, 2 crash)"},
		{[]FailureKind{FailureKind(9), Illegal}, "1 (1 illegal)"}, // no such kind: not counted
	} {
		var f, twice Failures
		for _, k := range tc.kinds {
			f.Add(k)
		}
		if got := f.String(); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.kinds, got, tc.want)
		}
		twice.Merge(f)
		twice.Merge(f)
		if twice.Total() != 2*f.Total() || !twice.Within(twice.Total()) || twice.Total() > 0 && twice.Within(twice.Total()-1) {
			t.Errorf("%v merged twice: %+v, want twice %+v", tc.kinds, twice, f)
		}
	}
	for _, f := range []Failures{{Crash: -1}, {Illegal: 4}, {Illegal: 2, Timeout: 2}} {
		if f.Within(3) {
			t.Errorf("%+v is within 3", f)
		}
	}
}

// failing fails every move with err, or plays col when err is nil.
type failing struct {
	col int
	err error
}

func (f failing) Name() string { return "failing" }

func (f failing) Move(context.Context, board.Position) (int, error) { return f.col, f.err }

// TestMatchFailedMove checks that an agent that fails to move loses the
// game, counted by kind, and the match goes on; with Strict the match
// stops, naming the game, the position and the failure.
func TestMatchFailedMove(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bad    Agent
		kind   FailureKind
		strict string // a piece of the error with Strict
	}{
		{"timeout", failing{-1, Failf(Timeout, "no answer within 1s")}, Timeout, `game 1: in "": failing: timeout: no answer within 1s`},
		{"garbage", failing{-1, Failf(Garbage, `answered "x"`)}, Garbage, `failing: garbage: answered "x"`},
		{"crash", failing{-1, Failf(Crash, "exit status 1")}, Crash, "crash: exit status 1"},
		{"off the board", failing{board.Width, nil}, Illegal, fmt.Sprintf("illegal: column %d: want 1 to %d", board.Width+1, board.Width)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			good, _ := New("random", Options{Seed: 1})
			var outcomes []string
			tallies, played, err := Match(t.Context(), "", [2]Agent{tc.bad, good}, 4, MatchOptions{Done: func(game, first int, rec Record) {
				outcomes = append(outcomes, Outcome([2]string{"failing", "random"}, first, rec))
			}})
			if err != nil || played != 4 {
				t.Fatalf("Match = %d games, %v; want 4, nil", played, err)
			}
			var want Failures
			for range 4 {
				want.Add(tc.kind)
			}
			if tallies[0].Failures != want || tallies[0].Total() != [3]int{0, 0, 4} || tallies[1].Total() != [3]int{4, 0, 0} || tallies[1].Failures.Total() != 0 {
				t.Errorf("tallies %+v; want the failing agent to lose 4 games, each a %s", tallies, tc.kind)
			}
			if len(outcomes) != 4 || !strings.HasPrefix(outcomes[0], `random wins: failing failed to move in "": `+tc.kind.String()) {
				t.Errorf("outcomes %q", outcomes)
			}
			_, played, err = Match(t.Context(), "", [2]Agent{tc.bad, good}, 4, MatchOptions{Strict: true})
			if err == nil || played != 0 || !strings.Contains(err.Error(), tc.strict) {
				t.Errorf("strict: %d games, %v; want 0 and %q", played, err, tc.strict)
			}
		})
	}
}
