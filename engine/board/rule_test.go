package board

import "testing"

func TestRule(t *testing.T) {
	if want := map[bool]string{true: "four in a row"}[InARow == 4]; want != "" && Rule() != want {
		t.Errorf("Rule() = %q, want %q", Rule(), want)
	}
	for _, tt := range []struct {
		w, h, k int
		want    string
	}{
		{7, 6, 4, "make c4 SIZE=7x6"},
		{7, 6, 5, "make c4 SIZE=7x6 K=5"},
		{4, 5, 3, "make c4 SIZE=4x5 K=3"},
	} {
		if got := BuildCommand(tt.w, tt.h, tt.k); got != tt.want {
			t.Errorf("BuildCommand(%d, %d, %d) = %q, want %q", tt.w, tt.h, tt.k, got, tt.want)
		}
	}
}
