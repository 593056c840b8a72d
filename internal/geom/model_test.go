package geom

import (
	"math/rand/v2"
	"testing"
)

// TestModel checks the model on games whose ends are known: a vertical four
// after seven moves, and random games that stop exactly at a four or a full
// board, every column within its height.
func TestModel(t *testing.T) {
	g := classic
	m := g.ModelOf(0, 1, 0, 1, 0, 1)
	if m.Won() || m.ToMove() != 1 {
		t.Fatalf("after 121212: Won %v, ToMove %d; want false, 1", m.Won(), m.ToMove())
	}
	m.Play(0)
	if !m.Won() || m.Owner[0][3] != 1 || m.Height[0] != 4 {
		t.Fatalf("after 1212121: Won %v, Owner %d, Height %d; want true, 1, 4", m.Won(), m.Owner[0][3], m.Height[0])
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		last := -1
		g.RandomGame(rng, func(cols []int, m *Model) {
			if len(cols) != m.Moves || last >= 0 && m.Over() != (len(cols) == last) {
				return
			}
			for col, h := range m.Height {
				if h > g.Height {
					t.Fatalf("column %d holds %d stones", col, h)
				}
			}
			if m.Over() {
				last = len(cols)
			}
		})
		if last < 7 {
			t.Fatalf("a random game ended after %d moves, before any four can be made", last)
		}
	}
}
