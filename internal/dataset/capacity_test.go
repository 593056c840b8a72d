package dataset

import (
	"math"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestMaxDistinct checks the bound on distinct positions against the
// positions play reaches, counted by walking every game of up to 7 stones
// (with and without mirroring), and its exact value where every filling
// is reached: the empty board and the first stone.
func TestMaxDistinct(t *testing.T) {
	level := map[board.Bits]board.Position{board.NoCells: {}}
	for n := 0; n <= 7; n++ {
		canonical := map[board.Bits]bool{}
		for _, p := range level {
			canonical[p.CanonicalKey()] = true
		}
		if got := maxDistinct(n, n, true); got < uint64(len(level)) {
			t.Errorf("%d stones: bound %d, play reaches %d positions", n, got, len(level))
		}
		if got := maxDistinct(n, n, false); got < uint64(len(canonical)) {
			t.Errorf("%d stones: bound %d up to mirroring, play reaches %d", n, got, len(canonical))
		}
		next := map[board.Bits]board.Position{}
		for _, p := range level {
			for col := range board.Width {
				if p.CanPlay(col) && !p.IsWinningMove(col) {
					child := p
					child.Play(col)
					next[child.Key()] = child
				}
			}
		}
		level = next
	}
	if got, want := maxDistinct(0, 1, false), uint64(1+(board.Width+1)/2); got != want {
		t.Errorf("0 to 1 stones up to mirroring: %d, want %d", got, want)
	}
	if got, want := maxDistinct(0, 1, true), uint64(1+board.Width); got != want {
		t.Errorf("0 to 1 stones: %d, want %d", got, want)
	}
	if got := maxDistinct(0, maxPly, true); got == 0 || got > math.MaxInt64 {
		t.Errorf("every number of stones: %d", got)
	}
}

// TestValidateCount checks that a spec asking for more unique positions
// than its range holds is refused, saying how many it holds, and that
// duplicates lift the bound.
func TestValidateCount(t *testing.T) {
	tests := []struct {
		spec Spec
		want string // in the error, "" for none
	}{
		{Spec{Count: math.MaxInt, MinPly: 10, MaxPly: 12}, "hold at most"},
		{Spec{Count: int(maxDistinct(10, 12, false)) + 1, MinPly: 10, MaxPly: 12}, "hold at most"},
		{Spec{Count: int(maxDistinct(10, 12, false)), MinPly: 10, MaxPly: 12}, ""},
		{Spec{Count: int(maxDistinct(4, 4, true)) + 1, MinPly: 4, MaxPly: 4, NoMirror: true}, "distinct positions:"},
		{Spec{Count: math.MaxInt, MinPly: 10, MaxPly: 12, Duplicates: true}, ""},
	}
	for _, tc := range tests {
		err := tc.spec.Validate()
		if (tc.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.spec, err, tc.want)
		}
	}
}
