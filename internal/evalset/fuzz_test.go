package evalset

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRead holds readSet to refusing what it cannot read, without a panic,
// and to reading back, unchanged, what it accepts.
func FuzzRead(f *testing.F) {
	_, text := tiny(f)
	f.Add(text)
	f.Add(text[:len(text)/2])
	f.Add(strings.Replace(text, "board 7x6", "board 6x7", 1))
	f.Add("fourgen-evalset 1 board 7x6 seed 1 per-cell 1 positions 6\nend crc32 00000000\n")
	f.Fuzz(func(t *testing.T, in string) {
		set, err := readSet(strings.NewReader(in))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := writeSet(&b, set); err != nil {
			t.Fatal(err)
		}
		again, err := readSet(&b)
		if err != nil {
			t.Fatalf("readSet accepted %q but not what writeSet wrote of it: %v", in, err)
		}
		if len(again.Positions) != len(set.Positions) || again.Seed != set.Seed {
			t.Fatalf("read back %d positions, seed %d; had %d, seed %d", len(again.Positions), again.Seed, len(set.Positions), set.Seed)
		}
	})
}
