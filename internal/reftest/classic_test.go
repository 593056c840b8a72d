package reftest

import (
	"strings"
	"testing"
)

// TestClassic checks that Classic skips, and records the skip, only at a
// board other than the reference data's.
func TestClassic(t *testing.T) {
	for _, tc := range []struct {
		width, height, inARow int
		skip                  bool
	}{
		{ClassicWidth, ClassicHeight, classicInARow, false},
		{ClassicWidth - 1, ClassicHeight - 1, classicInARow, true},
		{ClassicWidth + 1, ClassicHeight, classicInARow, true},
		{ClassicWidth, ClassicHeight, classicInARow + 1, true}, // connect-k: make c4 K=5
	} {
		var s Skips
		var skipped bool
		t.Run("", func(t *testing.T) {
			defer func() { skipped = t.Skipped() }()
			s.Classic(t, tc.width, tc.height, tc.inARow)
		})
		line := s.Line("pkg")
		if skipped != tc.skip || (line != "") != tc.skip || tc.skip && !strings.Contains(line, "this engine plays") {
			t.Errorf("%d×%d, %d in a row: skipped %t, line %q; want skipped %t", tc.width, tc.height, tc.inARow, skipped, line, tc.skip)
		}
	}
}
