package reftest

import (
	"strings"
	"testing"
)

// TestClassic checks that Classic skips, and records the skip, only at a
// board other than the reference data's.
func TestClassic(t *testing.T) {
	for _, tc := range []struct {
		width, height int
		skip          bool
	}{
		{ClassicWidth, ClassicHeight, false},
		{ClassicWidth - 1, ClassicHeight - 1, true},
		{ClassicWidth + 1, ClassicHeight, true},
	} {
		var s Skips
		var skipped bool
		t.Run("", func(t *testing.T) {
			defer func() { skipped = t.Skipped() }()
			s.Classic(t, tc.width, tc.height)
		})
		line := s.Line("pkg")
		if skipped != tc.skip || (line != "") != tc.skip || tc.skip && !strings.Contains(line, "this engine plays") {
			t.Errorf("%d×%d: skipped %t, line %q; want skipped %t", tc.width, tc.height, skipped, line, tc.skip)
		}
	}
}
