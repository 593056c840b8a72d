package book

import (
	"fmt"
	"testing"
)

// TestParsePart checks the parts accepted and refused.
func TestParsePart(t *testing.T) {
	for _, tc := range []struct {
		s    string
		i, n int
		ok   bool
	}{
		{"0/1", 0, 1, true},
		{"3/4", 3, 4, true},
		{fmt.Sprintf("0/%d", MaxShards), 0, MaxShards, true},
		{fmt.Sprintf("0/%d", MaxShards+1), 0, 0, false},
		{"4/4", 0, 0, false},
		{"-1/4", 0, 0, false},
		{"0/0", 0, 0, false},
		{"1", 0, 0, false},
		{"a/2", 0, 0, false},
		{"1/2/3", 0, 0, false},
		{"", 0, 0, false},
	} {
		i, n, err := ParsePart(tc.s)
		if (err == nil) != tc.ok || i != tc.i || n != tc.n {
			t.Errorf("ParsePart(%q) = %d, %d, %v; want %d, %d, ok %t", tc.s, i, n, err, tc.i, tc.n, tc.ok)
		}
	}
}

// FuzzParsePart checks that an accepted part is in range and that its
// canonical form reads back the same.
func FuzzParsePart(f *testing.F) {
	for _, s := range []string{"0/1", "3/4", "4/4", "x", "1/", "/1", "+1/2", "01/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, n, err := ParsePart(s)
		if err != nil {
			return
		}
		if i < 0 || i >= n || n > MaxShards {
			t.Errorf("ParsePart(%q) = %d/%d, out of range", s, i, n)
		}
		if j, m, err := ParsePart(fmt.Sprintf("%d/%d", i, n)); err != nil || j != i || m != n {
			t.Errorf("ParsePart(%q) = %d/%d, which reads back as %d/%d, %v", s, i, n, j, m, err)
		}
	})
}
