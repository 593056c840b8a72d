package eval

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/reftest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

var testdata = reftest.Dir("../../../shared/testdata")

var refSkips reftest.Skips

func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "internal/eval")) }

// refPositions reads the first n positions of a reference file.
func refPositions(t *testing.T, rel string, n int) []Position {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	ps, err := read(strings.NewReader(strings.Join(refSkips.Lines(t, testdata, rel, n), "\n")), rel, 0)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// leftmost plays the leftmost column that is not full: "always column 1"
// while column 1 has room.
type leftmost struct{}

func (leftmost) Name() string { return "leftmost" }
func (leftmost) Move(_ context.Context, p board.Position) (int, error) {
	for col := range board.Width {
		if p.CanPlay(col) {
			return col, nil
		}
	}
	return -1, engine.ErrNoMove
}

// randomMover plays a uniformly random legal column from its own seeded
// generator, so that a twin with the same seed plays the same moves.
type randomMover struct{ rng *rand.Rand }

func (randomMover) Name() string { return "random-twin" }
func (r randomMover) Move(_ context.Context, p board.Position) (int, error) {
	var legal []int
	for col := range board.Width {
		if p.CanPlay(col) {
			legal = append(legal, col)
		}
	}
	return legal[r.rng.IntN(len(legal))], nil
}

// recount is a plain re-count of an agent's results: every column's score
// by Analyze, the best by max, the plies left from the winner's stone
// number; it returns the perfect and good moves and the table's errors
// and positions, [stage][difficulty].
func recount(t *testing.T, s *engine.Solver, a agent.Agent, positions []Position) (perfect, good int, errs, total [3][3]int) {
	t.Helper()
	for _, p := range positions {
		col, err := a.Move(context.Background(), p.Pos)
		if err != nil {
			t.Fatal(err)
		}
		scores, err := s.Analyze(context.Background(), p.Pos)
		if err != nil {
			t.Fatal(err)
		}
		best := scores[0]
		for _, v := range scores {
			best = max(best, v)
		}
		sign := func(v board.Score) int { return map[bool]int{true: 1}[v > 0] - map[bool]int{true: 1}[v < 0] }
		n := p.Pos.Moves()
		// The game ends with stone number end: a win with one's k-th
		// stone, k = (Cells+2)/2 - |score|, is stone 2k-1 of the first
		// player, 2k of the second.
		end := board.Cells
		if best != 0 {
			k := (board.Cells+2)/2 - max(int(best), -int(best))
			winner := p.Pos.ToMove()
			if best < 0 {
				winner = 3 - winner
			}
			end = 2*k - 1
			if winner == 2 {
				end = 2 * k
			}
		}
		stage := min(max((n-1)/14, 0), 2)
		diff := min((end-n)/14, 2)
		total[stage][diff]++
		if scores[col] == best {
			perfect++
		} else {
			errs[stage][diff]++
		}
		if sign(scores[col]) == sign(best) {
			good++
		}
	}
	return perfect, good, errs, total
}

// TestEvaluateAgainstRecount: for an agent playing the leftmost column
// and a seeded random agent, the report agrees with a plain re-count
// over positions of every stage.
func TestEvaluateAgainstRecount(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 12
	}
	var positions []Position
	for _, set := range []string{"pons/Test_L3_R1", "pons/Test_L2_R1", "pons/Test_L2_R2", "pons/Test_L1_R1"} {
		positions = append(positions, refPositions(t, set, n)...)
	}
	book, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	s := solvertest.New(t, 16)
	s.SetBook(book)
	reports, err := Evaluate(context.Background(), []agent.Agent{leftmost{}, randomMover{rand.New(rand.NewPCG(5, 6))}}, s, positions, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, twin := range []agent.Agent{leftmost{}, randomMover{rand.New(rand.NewPCG(5, 6))}} {
		r := reports[i]
		perfect, good, errs, total := recount(t, s, twin, positions)
		if r.Positions != len(positions) || r.PerfectMoves != perfect || r.GoodMoves != good {
			t.Errorf("%s: %d positions, %d perfect, %d good; the re-count: %d, %d, %d", r.Agent, r.Positions, r.PerfectMoves, r.GoodMoves, len(positions), perfect, good)
		}
		if r.PerfectMoveRate != float64(perfect)/float64(len(positions)) || r.GoodMoveRate != float64(good)/float64(len(positions)) {
			t.Errorf("%s: rates %v %v", r.Agent, r.PerfectMoveRate, r.GoodMoveRate)
		}
		for stage := range 3 {
			for diff := range 3 {
				if c := r.Cell(stage, diff); c.Errors != errs[stage][diff] || c.Positions != total[stage][diff] {
					t.Errorf("%s: cell %s × %s = %d/%d, the re-count %d/%d", r.Agent, c.Stage, c.Difficulty, c.Errors, c.Positions, errs[stage][diff], total[stage][diff])
				}
			}
		}
		if perfect == len(positions) || perfect == 0 {
			t.Errorf("%s: %d perfect moves of %d: pick positions where the agent errs sometimes", r.Agent, perfect, len(positions))
		}
		sum := 0
		for _, sc := range r.ByStones {
			sum += sc.Positions
		}
		if sum != r.Positions {
			t.Errorf("%s: ByStones counts %d positions, want %d", r.Agent, sum, r.Positions)
		}
	}
}

// TestEvaluatePerfect: the perfect agent scores 100% by construction.
func TestEvaluatePerfect(t *testing.T) {
	positions := refPositions(t, "pons/Test_L2_R1", 20)
	book, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	s := solvertest.New(t, 16)
	s.SetBook(book)
	a, _ := agent.New("perfect", agent.Options{Book: book, TableMiB: 16})
	reports, err := Evaluate(context.Background(), []agent.Agent{a}, s, positions, Options{})
	if err != nil || reports[0].PerfectMoveRate != 1 || reports[0].GoodMoveRate != 1 {
		t.Errorf("perfect: %+v, %v; want every move perfect", reports[0], err)
	}
}

func TestPliesLeft(t *testing.T) {
	for _, tt := range []struct {
		moves string
		plies int
	}{
		{"112233", 1},  // the side to move makes four now
		{"1122334", 0}, // won: nothing left (not a position eval sees)
		{"27374", 2},   // x threatens columns 1 and 5: o moves, x makes four
	} {
		p, err := board.Parse(movetest.Fixture(tt.moves))
		if err != nil {
			t.Logf("%s: %v on this board", tt.moves, err)
			continue
		}
		if p.IsWon() {
			continue
		}
		s := solvertest.New(t, 1)
		v, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if got := pliesLeft(v, p.Moves()); got != tt.plies {
			t.Errorf("%s (score %d): PliesLeft = %d, want %d", tt.moves, v, got, tt.plies)
		}
	}
}

func TestReadRefuses(t *testing.T) {
	for text, want := range map[string]string{
		"44\n4x\n":    "line 2",
		"1122334 3\n": "already won",
		"   \n":       "blanks only",
	} {
		if _, err := read(strings.NewReader(fixtureText(text)), "f", 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read(%q) = %v, want an error with %q", text, err, want)
		}
	}
	ps, err := read(strings.NewReader(fixtureText("44 1\n\n4453\n")), "f", 2)
	if err != nil || len(ps) != 2 || ps[0].Moves != movetest.Fixture("44") || ps[1].Moves != "" {
		t.Errorf("Read with limit 2 = %+v, %v", ps, err)
	}
}

// fixtureText writes the move strings that begin the lines of text, test
// fixtures of 1-based digits, in the board's notation ([movetest.Fixture]).
func fixtureText(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if moves, rest, found := strings.Cut(line, " "); moves != "" {
			lines[i] = movetest.Fixture(moves)
			if found {
				lines[i] += " " + rest
			}
		}
	}
	return strings.Join(lines, "\n")
}

// misbehaving plays the leftmost column, except in the positions of an
// odd number of stones: there it fails with err, or with err nil plays a
// column off the board.
type misbehaving struct{ err error }

func (misbehaving) Name() string { return "misbehaving" }
func (m misbehaving) Move(ctx context.Context, p board.Position) (int, error) {
	switch {
	case p.Moves()%2 == 0:
		return leftmost{}.Move(ctx, p)
	case m.err != nil:
		return -1, m.err
	}
	return board.Width, nil
}

// TestEvaluateFailedMoves: an agent's failure to move, of every kind, is
// its move in that position, an error that changes the outcome, counted
// by kind; the evaluation goes on, and its other moves score as they
// would alone. With Strict the failure stops it, naming the position by
// its move string.
func TestEvaluateFailedMoves(t *testing.T) {
	positions := refPositions(t, "pons/Test_L3_R1", 20)
	var even, odd []Position
	for _, p := range positions {
		if len(p.Moves)%2 == 0 {
			even = append(even, p)
		} else {
			odd = append(odd, p)
		}
	}
	if len(even) == 0 || len(odd) == 0 {
		t.Fatalf("%d positions of an even number of stones, %d of an odd; want some of each", len(even), len(odd))
	}
	s := solvertest.New(t, 16)
	alone, err := Evaluate(t.Context(), []agent.Agent{leftmost{}}, s, even, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		kind agent.FailureKind
		err  error
		want string
	}{
		{agent.Illegal, nil, fmt.Sprintf("illegal: column %d: want 1 to %d", board.Width+1, board.Width)},
		{agent.Garbage, agent.Failf(agent.Garbage, `answered "x"`), `garbage: answered "x"`},
		{agent.Timeout, agent.Failf(agent.Timeout, "no answer within 1s"), "timeout: no answer within 1s"},
		{agent.Crash, agent.Failf(agent.Crash, "exit status 1"), "crash: exit status 1"},
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			reports, err := Evaluate(t.Context(), []agent.Agent{misbehaving{tc.err}}, s, positions, Options{})
			if err != nil {
				t.Fatal(err)
			}
			r, want := reports[0], agent.Failures{}
			for range odd {
				want.Add(tc.kind)
			}
			if r.Positions != len(positions) || r.FailedMoves != want || r.PerfectMoves != alone[0].PerfectMoves || r.GoodMoves != alone[0].GoodMoves {
				t.Errorf("report %d positions, %d perfect, %d good, failed %v; want %d, %d, %d and %v",
					r.Positions, r.PerfectMoves, r.GoodMoves, r.FailedMoves, len(positions), alone[0].PerfectMoves, alone[0].GoodMoves, want)
			}
			if err := r.check(); err != nil {
				t.Errorf("the report's counts disagree: %v", err)
			}
			read, err := readReports(bytes.NewReader(encode(t, r)), "report.json")
			if err != nil || read[0].FailedMoves != want {
				t.Errorf("the report read back: %v, %v; want failed moves %v", read, err, want)
			}
			merged, err := MergeAll([]*Report{read[0], r})
			if err != nil || merged[0].FailedMoves.Total() != 2*want.Total() || merged[0].check() != nil {
				t.Errorf("merged with itself: %v, %v; want twice the failed moves", merged, err)
			}
			var notes strings.Builder
			WriteFailures(&notes, reports)
			first := posfile.Quote(odd[0].Moves) + ": agent misbehaving: " + tc.want
			if !strings.Contains(notes.String(), fmt.Sprintf("failed to move in %d positions", len(odd))) || !strings.Contains(notes.String(), first) {
				t.Errorf("WriteFailures wrote %q; want the count and %q", notes.String(), first)
			}
			_, err = Evaluate(t.Context(), []agent.Agent{misbehaving{tc.err}}, s, positions, Options{Strict: true})
			if err == nil || err.Error() != first {
				t.Errorf("strict: %v; want %q", err, first)
			}
		})
	}
}
