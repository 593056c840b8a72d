package shard

import (
	"fmt"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		in   string
		i, n int
		ok   bool
	}{
		{"0/1", 0, 1, true},
		{"3/4", 3, 4, true},
		{"15/16", 15, 16, true},
		{"4/4", 0, 0, false},
		{"-1/4", 0, 0, false},
		{"0/0", 0, 0, false},
		{"1", 0, 0, false},
		{"a/b", 0, 0, false},
		{"0/1048577", 0, 0, false}, // above Max
		{"1048575/1048576", 1048575, 1048576, true},
		{" 1/2", 0, 0, false},
	} {
		i, n, err := Parse(tt.in)
		if (err == nil) != tt.ok || i != tt.i || n != tt.n {
			t.Errorf("Parse(%q) = %d, %d, %v; want %d, %d, ok %v", tt.in, i, n, err, tt.i, tt.n, tt.ok)
		}
	}
}

// FuzzParse checks that Parse accepts exactly the strings that spell their
// own i/n in range.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0/1", "3/4", "4/4", "x/y", "1/", "/1", "01/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, n, err := Parse(s)
		if err != nil {
			return
		}
		if i < 0 || i >= n || n > Max {
			t.Fatalf("Parse(%q) = %d/%d out of range", s, i, n)
		}
		var a, b int
		if _, err := fmt.Sscanf(s, "%d/%d", &a, &b); err != nil || a != i || b != n {
			t.Fatalf("Parse(%q) = %d/%d, the string says %d/%d (%v)", s, i, n, a, b, err)
		}
	})
}
