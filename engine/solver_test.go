package engine

import (
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/longtest"
	"strings"

	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// sampleRef returns about n evenly spaced cases of a reference file (all of
// them when n ≤ 0 or the file is smaller).
func sampleRef(tb testing.TB, name string, n int) []refCase {
	all := loadRef(tb, name, 0)
	if n <= 0 || n >= len(all) {
		return all
	}
	step := len(all) / n
	var out []refCase
	for i := 0; i < len(all) && len(out) < n; i += step {
		out = append(out, all[i])
	}
	return out
}

// refSet is a reference file and how many of its positions a test takes
// (0: every one) with the long checks, in a normal run and in a -short
// one (longtest.Pick).
type refSet struct {
	file                string
	long, normal, short int
}

// size is how many positions of the set this run takes.
func (r refSet) size() int {
	return longtest.Pick(r.short, r.normal, r.long)
}

// referenceSets are the reference files the tests solve, with how many
// positions each (0: every one) with the long checks, in a normal run and
// in a -short one. The sets of 4 and 6 stones are left out: without an
// opening book each of their positions takes minutes; those of 8 to 10
// stones and the pons sets of few stones left take about a second a
// position, and a normal run takes a few of them.
var referenceSets = []refSet{
	{"pons/Test_L3_R1", 0, 0, 200},
	{"pons/Test_L2_R1", 100, 100, 20},
	{"pons/Test_L2_R2", 100, 100, 20},
	{"pons/Test_L1_R1", 100, 100, 20},
	{"pons/Test_L1_R2", 50, 10, 5},
	{"pons/Test_L1_R3", 50, 3, 3},
	{"positions/n08.txt", 0, 4, 1},
	{"positions/n10.txt", 50, 10, 2},
	{"positions/n12.txt", 50, 50, 3},
	{"positions/n14.txt", 50, 50, 5},
	{"positions/n16.txt", 50, 50, 10},
	{"positions/n20.txt", 50, 50, 20},
	{"positions/n24.txt", 50, 50, 20},
	{"positions/n28.txt", 0, 0, 50},
	{"positions/n32.txt", 0, 0, 100},
}

func TestSolveMatchesReference(t *testing.T) {
	ctx := context.Background()
	for _, set := range referenceSets {
		t.Run(set.file, func(t *testing.T) {
			t.Parallel() // the sets are independent: one solver each, on every core
			s := mustSolver(t, 32)
			for _, c := range sampleRef(t, set.file, set.size()) {
				p := mustParse(t, c.moves)
				got, err := s.Solve(ctx, p)
				if err != nil || int(got) != c.scores[0] {
					t.Errorf("Solve(%q) = %v, %v; want %d", c.moves, got, err, c.scores[0])
				}
				weak, err := s.SolveWeak(ctx, p)
				if want := board.Score(c.scores[0]).Outcome(); err != nil || int(weak) != want {
					t.Errorf("SolveWeak(%q) = %v, %v; want %d", c.moves, weak, err, want)
				}
			}
		})
	}
}

func TestAnalyzeMatchesReference(t *testing.T) {
	s := mustSolver(t, 32)
	ctx := context.Background()
	for _, set := range []refSet{
		{"positions/analyze_n12.txt", 10, 10, 1},
		{"positions/analyze_n14.txt", 20, 20, 2},
		{"positions/analyze_n16.txt", 20, 20, 3},
		{"positions/analyze_n24.txt", 50, 50, 10},
		{"positions/analyze_n32.txt", 100, 100, 20},
	} {
		t.Run(set.file, func(t *testing.T) {
			for _, c := range sampleRef(t, set.file, set.size()) {
				p := mustParse(t, c.moves)
				got, err := s.Analyze(ctx, p)
				if err != nil {
					t.Fatalf("Analyze(%q): %v", c.moves, err)
				}
				for col, want := range c.scores {
					if int(got[col]) != want {
						t.Errorf("Analyze(%q) column %d = %v; want %d", c.moves, col+1, got[col], want)
					}
				}
			}
		})
	}
}

// TestAnalyzeWeakMatchesReference checks the outcome of every column
// against the sign of the reference scores.
func TestAnalyzeWeakMatchesReference(t *testing.T) {
	skipUnlessFourInARow(t)
	s := mustSolver(t, 32)
	ctx := context.Background()
	for _, set := range []refSet{
		{"positions/analyze_n14.txt", 20, 20, 2},
		{"positions/analyze_n24.txt", 50, 50, 10},
	} {
		t.Run(set.file, func(t *testing.T) {
			for _, c := range sampleRef(t, set.file, set.size()) {
				p := mustParse(t, c.moves)
				got, err := s.AnalyzeWeak(ctx, p)
				if err != nil {
					t.Fatalf("AnalyzeWeak(%q): %v", c.moves, err)
				}
				for col, want := range c.scores {
					if want != int(board.Invalid) {
						want = board.Score(want).Outcome()
					}
					if int(got[col]) != want {
						t.Errorf("AnalyzeWeak(%q) column %d = %v; want %d", c.moves, col+1, got[col], want)
					}
				}
			}
		})
	}
	if _, err := s.AnalyzeWeak(ctx, mustParse(t, "1122334")); err != ErrGameOver {
		t.Errorf("AnalyzeWeak of a won game: %v, want ErrGameOver", err)
	}
}

// TestAnalyzeAgreesWithChildren checks Analyze against solving each child
// separately, with a fresh solver, so that neither shares table entries.
func TestAnalyzeAgreesWithChildren(t *testing.T) {
	ctx := context.Background()
	cases := sampleRef(t, "positions/n24.txt", 20)
	if testing.Short() {
		cases = cases[:5]
	}
	for _, c := range cases {
		p := mustParse(t, c.moves)
		scores, err := mustSolver(t, 8).Analyze(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		for col := range board.Width {
			want := board.Invalid
			switch {
			case !p.CanPlay(col):
			case p.IsWinningMove(col):
				want = board.Score(board.WinScore(p.Moves()))
			default:
				child := p
				child.Play(col)
				v, err := mustSolver(t, 8).Solve(ctx, child)
				if err != nil {
					t.Fatal(err)
				}
				want = -v
			}
			if scores[col] != want {
				t.Errorf("%s: Analyze column %d = %v, solving the child gives %v", c.moves, col+1, scores[col], want)
			}
		}
	}
}

// TestTinyTable solves with the smallest table there is, where almost every
// store evicts another position's entry.
func TestTinyTable(t *testing.T) {
	tab, err := newTableBuckets(0)
	if err != nil {
		t.Fatal(err)
	}
	s := newSolver(tab)
	if s.table.Entries() != bucketSlots<<minBucketLog {
		t.Fatalf("smallest table has %d entries, want %d", s.table.Entries(), bucketSlots<<minBucketLog)
	}
	for _, c := range sampleRef(t, "positions/n28.txt", 20) {
		got, err := s.Solve(context.Background(), mustParse(t, c.moves))
		if err != nil || int(got) != c.scores[0] {
			t.Errorf("Solve(%q) with a 4-entry table = %v, %v; want %d", c.moves, got, err, c.scores[0])
		}
	}
}

func TestSolveCancellation(t *testing.T) {
	hard := sampleRef(t, "pons/Test_L1_R3", 1)[0]
	s := mustSolver(t, 16)

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Solve(cancelled, mustParse(t, hard.moves)); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context: err = %v, want context.Canceled", err)
	}

	deadline, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	if _, err := s.Solve(deadline, board.Position{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Solve of the empty board with a 5 ms deadline: err = %v, want context.DeadlineExceeded", err)
	}
	if _, err := s.Analyze(deadline, board.Position{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Analyze after the deadline: err = %v, want context.DeadlineExceeded", err)
	}

	// The solver must still give right answers afterwards.
	for _, c := range sampleRef(t, "positions/n24.txt", 10) {
		got, err := s.Solve(context.Background(), mustParse(t, c.moves))
		if err != nil || int(got) != c.scores[0] {
			t.Errorf("after cancellation, Solve(%q) = %v, %v; want %d", c.moves, got, err, c.scores[0])
		}
	}
}

func TestSolveGameOver(t *testing.T) {
	skipUnlessFourInARow(t)
	s := mustSolver(t, 1)
	won := mustParse(t, "1212121") // the first player's vertical four
	if _, err := s.Solve(context.Background(), won); !errors.Is(err, ErrGameOver) {
		t.Errorf("Solve of a won position: err = %v, want ErrGameOver", err)
	}
	if _, err := s.Analyze(context.Background(), won); !errors.Is(err, ErrGameOver) {
		t.Errorf("Analyze of a won position: err = %v, want ErrGameOver", err)
	}
}

func TestSolveIsAllocationFree(t *testing.T) {
	s := mustSolver(t, 8)
	p := mustParse(t, sampleRef(t, "positions/n24.txt", 1)[0].moves)
	ctx := context.Background()
	allocs := testing.AllocsPerRun(20, func() {
		s.Reset()
		if _, err := s.Solve(ctx, p); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Solve allocates %v times per call, want 0", allocs)
	}
}

func mustParse(tb testing.TB, moves string) board.Position {
	tb.Helper()
	p, err := board.Parse(usualMoves(moves))
	if err != nil {
		tb.Fatalf("Parse(%q): %v", moves, err)
	}
	return p
}

func ExampleSolver_Solve() {
	s, err := NewSolver(16)
	if err != nil {
		panic(err)
	}
	p, _ := board.Parse(usualMoves("112233")) // the first player wins at once in column 4
	score, err := s.Solve(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(score, score.Outcome(), score.WinnerStones(p.Moves()))
	// Output: +18 1 1
}

// usualMoves is a test's move string of a digit a move in the notation of
// this board: as it is up to nine columns, with commas on a wider board.
func usualMoves(digits string) string {
	if board.Width <= 9 || strings.Contains(digits, ",") {
		return digits
	}
	cols := make([]int, len(digits))
	for i := range digits {
		cols[i] = int(digits[i] - '1')
	}
	return board.MoveString(cols)
}
