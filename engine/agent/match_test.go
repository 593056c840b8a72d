package agent

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestMatch checks that the agents take turns to move first and that each
// one's tally counts the games as their records say.
func TestMatch(t *testing.T) {
	a, _ := New("random", Options{Seed: 1})
	b, _ := New("greedy", Options{Seed: 2})
	var want [2]Tally
	firsts := []int{}
	tallies, played, err := Match(context.Background(), "", [2]Agent{a, b}, 6, MatchOptions{Done: func(game, first int, rec Record) {
		firsts = append(firsts, first)
		want[first].record(0, rec)
		want[1-first].record(1, rec)
	}})
	if err != nil || played != 6 {
		t.Fatalf("Match = %d games, %v; want 6, nil", played, err)
	}
	for i, first := range firsts {
		if first != i%2 {
			t.Errorf("game %d: agent %d moved first, want %d", i+1, first, i%2)
		}
	}
	for i, tally := range tallies {
		if tally.Results != want[i].Results || tally.Moves != want[i].Moves {
			t.Errorf("agent %d: tally %+v, want %+v", i, tally, want[i])
		}
		if total := tally.Total(); total[0]+total[1]+total[2] != 6 {
			t.Errorf("agent %d: %v games in all, want 6", i, total)
		}
	}
	if tallies[0].Label != "random" || tallies[1].Label != "greedy" || tallies[0].Total()[0] != tallies[1].Total()[2] {
		t.Errorf("tallies %+v do not mirror each other", tallies)
	}
}

// TestLabels checks that agents of the same name are told apart.
func TestLabels(t *testing.T) {
	a, _ := New("random", Options{Seed: 1})
	b, _ := New("random", Options{Seed: 2})
	g, _ := New("greedy", Options{})
	for _, tc := range []struct {
		a, b Agent
		want [2]string
	}{
		{a, b, [2]string{"random(A)", "random(B)"}},
		{a, g, [2]string{"random", "greedy"}},
	} {
		if got := Labels(tc.a, tc.b); got != tc.want {
			t.Errorf("Labels = %q, want %q", got, tc.want)
		}
	}
}

// TestMatchInterrupted checks that a cancelled match stops with the
// context's cause, counting no game under way.
func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, _ := New("random", Options{Seed: 1})
	b, _ := New("random", Options{Seed: 2})
	tallies, played, err := Match(ctx, "", [2]Agent{a, b}, 3, MatchOptions{})
	if !errors.Is(err, context.Canceled) || played != 0 || tallies[0].Moves != 0 || tallies[0].MillisPerMove() != 0 {
		t.Errorf("Match = %+v, %d, %v; want no game and context.Canceled", tallies, played, err)
	}
}

// TestOutcome checks who a game's record says won, whichever agent moved
// first.
func TestOutcome(t *testing.T) {
	labels := [2]string{"A", "B"}
	for _, tc := range []struct {
		first, winner int
		want          string
	}{
		{0, -1, "draw"},
		{0, 0, "A wins"},
		{0, 1, "B wins"},
		{1, 0, "B wins"},
		{1, 1, "A wins"},
		{1, -1, "draw"},
	} {
		if got := Outcome(labels, tc.first, Record{Winner: tc.winner}); got != tc.want {
			t.Errorf("first %d, winner %d: Outcome = %q, want %q", tc.first, tc.winner, got, tc.want)
		}
	}
}

// TestWriteTable checks the table of a match's tallies, columns aligned.
func TestWriteTable(t *testing.T) {
	tallies := [2]Tally{
		{Label: "level3", Results: [2][3]int{{2, 1, 0}, {1, 0, 2}}, Moves: 40, Think: 30 * time.Millisecond},
		{Label: "random", Results: [2][3]int{{2, 0, 1}, {0, 1, 2}}, Failures: Failures{Illegal: 1, Timeout: 2}},
	}
	var b strings.Builder
	if err := WriteTable(&b, tallies); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"agent   games  wins  draws  losses  first W-D-L  second W-D-L  ms/move  failed\n" +
		"level3  6      3     1      2       2-1-0        1-0-2         0.8      0\n" +
		"random  6      2     1      3       2-0-1        0-1-2         0.0      3 (1 illegal, 2 timeout)\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}
