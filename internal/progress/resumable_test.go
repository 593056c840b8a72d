package progress

import (
	"bytes"
	"testing"
)

// TestResumable checks that a resumed job counts from its first report,
// that nothing is drawn off a terminal, and that Println writes whole
// lines there.
func TestResumable(t *testing.T) {
	for _, tc := range []struct {
		name        string
		first, then int // the steps done at the first and a later report
		before      int // the steps counted as done in an earlier run
	}{
		{"fresh", 1, 5, 0},
		{"resumed", 41, 50, 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := NewResumable(&buf, "positions")
			p.Update(tc.first, 100)
			p.Update(tc.then, 100)
			if p.first != tc.before {
				t.Errorf("counted %d as done before, want %d", p.first, tc.before)
			}
			p.Println(&buf, "a line")
			p.Close()
			if buf.String() != "a line\n" {
				t.Errorf("wrote %q, want only the line", buf.String())
			}
		})
	}
	var none Resumable
	none.Close() // a job that never reported
}
