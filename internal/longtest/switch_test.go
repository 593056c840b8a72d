package longtest

import "testing"

// TestOn checks which values of the variable turn the long checks on,
// and what Pick and Skip do then. -short wins, so under -short every case
// reads as off.
func TestOn(t *testing.T) {
	for _, tc := range []struct {
		value string
		on    bool
	}{
		{"", false},
		{"0", false},
		{"1", true},
		{"yes", true},
	} {
		t.Setenv(env, tc.value)
		want := tc.on && !testing.Short()
		if got := on(); got != want {
			t.Errorf("%s=%q: on() = %t, want %t", env, tc.value, got, want)
		}
		wantPick := map[bool]string{false: "normal", true: "long"}[want]
		if testing.Short() {
			wantPick = "short"
		}
		if got := Pick("short", "normal", "long"); got != wantPick {
			t.Errorf("%s=%q: Pick = %q, want %q", env, tc.value, got, wantPick)
		}
		var skipped bool
		t.Run("skip", func(t *testing.T) {
			defer func() { skipped = t.Skipped() }()
			Skip(t, "a test of Skip")
		})
		if skipped == want {
			t.Errorf("%s=%q: skipped %t, want %t", env, tc.value, skipped, !want)
		}
	}
}
