package engine

import (
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestProbeWindow checks what a table entry does to a node's window: an
// exact score or a bound past the window settles the node, a bound inside
// it narrows the window, and only a lower bound that does not settle the
// node reports that it failed high before (which a parallel search reads
// as "search the first move, do not put it off").
func TestProbeWindow(t *testing.T) {
	tests := []struct {
		name         string
		score        int
		bound        bound // boundNone: nothing stored
		move         int
		mirrored     bool
		alpha, beta  int
		wantMove     int
		wantA, wantB int
		wantV        int
		wantDone     bool
		wantCut      bool
	}{
		{"nothing stored", 0, boundNone, 0, false, -3, 4, -1, -3, 4, 0, false, false},
		{"exact", 2, boundExact, 3, false, -3, 4, 3, -3, 4, 2, true, false},
		{"lower bound at beta", 4, boundLower, 1, false, -3, 4, 1, 4, 4, 4, true, false},
		{"lower bound inside the window", 1, boundLower, 1, false, -3, 4, 1, 1, 4, 0, false, true},
		{"lower bound below the window", -5, boundLower, 2, false, -3, -2, 2, -3, -2, 0, false, true},
		{"upper bound at alpha", -3, boundUpper, 0, false, -3, 4, 0, -3, -3, -3, true, false},
		{"upper bound inside the window", 2, boundUpper, 3, false, -3, 4, 3, -3, 2, 0, false, false},
		{"a mirrored entry's move", 1, boundUpper, 1, true, -3, 4, board.Width - 2, -3, 1, 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := newTable(1)
			if err != nil {
				t.Fatal(err)
			}
			key := tableKey(mustParse(t, "2213"))
			if tt.bound != boundNone {
				tab.put(key, tt.score, tt.bound, tt.move, 1)
			}
			move, a, b, v, done, cut := probeWindow(tab.locate(key), tt.mirrored, tt.alpha, tt.beta)
			if move != tt.wantMove || a != tt.wantA || b != tt.wantB || done != tt.wantDone || done && v != tt.wantV || cut != tt.wantCut {
				t.Errorf("probeWindow = move %d, window (%d, %d), v %d, done %v, cutBefore %v; want move %d, (%d, %d), v %d, done %v, cutBefore %v",
					move, a, b, v, done, cut, tt.wantMove, tt.wantA, tt.wantB, tt.wantV, tt.wantDone, tt.wantCut)
			}
		})
	}
}
