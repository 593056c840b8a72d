package engine

import "testing"

func TestBookPositionsCounts(t *testing.T) {
	for plies := 0; plies <= 8; plies++ {
		ps, err := BookPositions(Position{}, plies)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("plies %d: %d", plies, len(ps))
	}
}
