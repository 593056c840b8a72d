package evalset

import (
	"context"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/longtest"
	"github.com/fourgen/fourgen/internal/reftest"
)

var testdata = reftest.Dir("../../../shared/testdata")

var refSkips reftest.Skips

func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "internal/evalset")) }

// ponsSets are Pascal Pons's six test sets in the reference data.
var ponsSets = []string{"Test_L1_R1", "Test_L1_R2", "Test_L1_R3", "Test_L2_R1", "Test_L2_R2", "Test_L3_R1"}

// randomRates are the perfect-move and good-move rates a uniformly random
// mover expects in a position whose columns score scores: the share of
// its legal columns that keep the position's score, and its outcome.
func randomRates(scores *[board.Width]board.Score) (perfect, good float64) {
	b := best(scores)
	var legal, p, g int
	for _, s := range scores {
		if s == board.Invalid {
			continue
		}
		legal++
		if s == b {
			p++
		}
		if s.Outcome() == b.Outcome() {
			g++
		}
	}
	return float64(p) / float64(legal), float64(g) / float64(legal)
}

// mean gathers values and gives their mean and the standard error of it.
type mean struct{ n, sum, sumSq float64 }

func (m *mean) add(v float64) { m.n, m.sum, m.sumSq = m.n+1, m.sum+v, m.sumSq+v*v }
func (m mean) value() float64 { return m.sum / m.n }
func (m mean) stdErr() float64 {
	v := m.sumSq/m.n - m.value()*m.value()
	return math.Sqrt(max(v, 0) / max(m.n-1, 1))
}

// Margins of TestCloseToPons: the shipped set's rate in a cell may differ
// from that of Pons's positions of the cell by ponsSigmas standard errors
// of the difference (the sampling of both sets) plus ponsSlack.
const (
	ponsSigmas = 3
	ponsSlack  = 0.03
)

// TestCloseToPons holds the shipped set to Pons's six sets: in each cell
// of the error table, the perfect-move and good-move rates that a
// uniformly random mover expects (the share of the legal columns that
// keep the score, and the outcome: what makes a cell hard for an agent)
// are within the margin above of those of Pons's positions in the cell.
// Pons's positions are solved here (their files' scores are not read),
// the first 30 of each set with -short, 100 by default, all 1,000 with
// the long checks.
func TestCloseToPons(t *testing.T) {
	set := shipped(t)
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	n := longtest.Pick(30, 100, 1000)
	var ours, pons [3][3][2]mean
	for _, p := range set.Positions {
		c := cellOf(p)
		perfect, good := randomRates(p.Scores)
		ours[c.stage][c.difficulty][0].add(perfect)
		ours[c.stage][c.difficulty][1].add(good)
	}
	s := bookSolver(t)
	for _, name := range ponsSets {
		for _, line := range refSkips.Lines(t, testdata, "pons/"+name, n) {
			moves := strings.Fields(line)[0]
			p, err := board.Parse(moves)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			scores, err := s.Analyze(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			stage, diff := eval.Cell(p.Moves(), best(&scores))
			perfect, good := randomRates(&scores)
			pons[stage][diff][0].add(perfect)
			pons[stage][diff][1].add(good)
		}
	}
	for i := range CellCount() {
		c := cells()[i]
		for k, rate := range []string{"perfect", "good"} {
			o, p := ours[c.stage][c.difficulty][k], pons[c.stage][c.difficulty][k]
			if p.n < 10 {
				continue // too few of Pons's positions in the cell to compare
			}
			margin := ponsSigmas*math.Hypot(o.stdErr(), p.stdErr()) + ponsSlack
			diff := o.value() - p.value()
			msg := fmt.Sprintf("cell %s, a random mover's %s-move rate: shipped %.3f (%v positions), Pons's %.3f (%v); margin %.3f",
				CellName(i), rate, o.value(), o.n, p.value(), p.n, margin)
			if math.Abs(diff) > margin {
				t.Error(msg)
			} else {
				t.Log(msg)
			}
		}
	}
}
