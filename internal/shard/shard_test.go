package shard

import (
	"fmt"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Part
		ok   bool
	}{
		{"0/1", Part{0, 1}, true},
		{"3/4", Part{3, 4}, true},
		{"15/16", Part{15, 16}, true},
		{"4/4", Part{}, false},
		{"-1/4", Part{}, false},
		{"0/0", Part{}, false},
		{"1/0", Part{}, false},
		{"1", Part{}, false},
		{"a/b", Part{}, false},
		{"0/1048577", Part{}, false}, // above Max
		{"1048575/1048576", Part{1048575, 1048576}, true},
		{" 1/2", Part{}, false},
	} {
		got, err := parse(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// FuzzParse checks that Parse accepts exactly the strings that spell their
// own i/n in range, and that an accepted part prints back as it reads.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0/1", "3/4", "4/4", "x/y", "1/", "/1", "01/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parse(s)
		if err != nil {
			return
		}
		if p.Check() != nil {
			t.Fatalf("Parse(%q) = %v out of range", s, p)
		}
		var a, b int
		if _, err := fmt.Sscanf(s, "%d/%d", &a, &b); err != nil || a != p.Index || b != p.Of {
			t.Fatalf("Parse(%q) = %v, the string says %d/%d (%v)", s, p, a, b, err)
		}
		if back, err := parse(p.String()); err != nil || back != p {
			t.Fatalf("Parse(%q) = %v, which reads back as %v, %v", s, p, back, err)
		}
	})
}

// TestSplits checks both splits against their definitions: the ranges of
// the parts of one n tile the items in order, and the strided parts hold
// every item once, Len counting them.
func TestSplits(t *testing.T) {
	for _, total := range []int{0, 1, 5, 16, 17} {
		for _, n := range []int{1, 2, 3, 16, 20} {
			end := 0
			owner := make([]int, total)
			for i := range n {
				p := Part{i, n}
				lo, hi := p.Range(total)
				if lo != end || hi < lo {
					t.Errorf("%v of %d: range %d to %d, want it to start at %d", p, total, lo, hi, end)
				}
				end = hi
				count := 0
				for j := range total {
					if p.Has(j) {
						owner[j]++
						count++
					}
				}
				if p.Len(total) != count {
					t.Errorf("%v of %d: Len %d, Has counts %d", p, total, p.Len(total), count)
				}
			}
			if end != total {
				t.Errorf("%d parts of %d: the ranges end at %d", n, total, end)
			}
			for j, k := range owner {
				if k != 1 {
					t.Errorf("%d parts of %d: item %d is in %d parts", n, total, j, k)
				}
			}
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		p  Part
		ok bool
	}{
		{Part{0, 1}, true}, {Part{0, max}, true}, {Part{}, false}, {Part{3, 2}, false},
		{Part{-1, 2}, false}, {Part{0, max + 1}, false},
	} {
		if err := tc.p.Check(); (err == nil) != tc.ok {
			t.Errorf("%#v.Check() = %v, want ok %v", tc.p, err, tc.ok)
		}
	}
}
