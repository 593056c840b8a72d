package board

import "testing"

func TestRule(t *testing.T) {
	if want := map[bool]string{true: "four in a row"}[InARow == 4]; want != "" && Rule() != want {
		t.Errorf("Rule() = %q, want %q", Rule(), want)
	}
	for _, tt := range []struct {
		target  string
		w, h, k int
		want    string
	}{
		{"c4", 7, 6, 4, "make c4 SIZE=7x6"},
		{"c4", 7, 6, 5, "make c4 SIZE=7x6 K=5"},
		{"c4", 4, 5, 3, "make c4 SIZE=4x5 K=3"},
		{"python", 7, 6, 5, "make python SIZE=7x6 K=5"},
		{"npm", 8, 7, 4, "make npm SIZE=8x7"},
	} {
		if got := MakeCommand(tt.target, tt.w, tt.h, tt.k); got != tt.want {
			t.Errorf("MakeCommand(%q, %d, %d, %d) = %q, want %q", tt.target, tt.w, tt.h, tt.k, got, tt.want)
		}
		if got := BuildCommand(tt.w, tt.h, tt.k); tt.target == "c4" && got != tt.want {
			t.Errorf("BuildCommand(%d, %d, %d) = %q, want %q", tt.w, tt.h, tt.k, got, tt.want)
		}
	}
}
