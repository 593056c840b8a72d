package reftest

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// TestLine checks the line reporting the skips: none without skips, the
// count, the first names and the first reason.
func TestLine(t *testing.T) {
	var s Skips
	if got := s.Line("p"); got != "" {
		t.Errorf("Line without skips = %q, want nothing", got)
	}
	reason := errors.New("open ../x/a: no such file or directory")
	for i, name := range []string{"TestA", "TestB", "TestC", "TestD", "TestE", "TestF"} {
		s.names = append(s.names, name)
		if i == 0 {
			s.reason = reason.Error()
		}
		line := s.Line("fourgen/p")
		want := []string{"fourgen/p: skipped ", "TestA", reason.Error(), env}
		if i+1 > maxNames {
			want = append(want, " and ")
		}
		for _, w := range want {
			if !strings.Contains(line, w) || strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
				t.Errorf("%d skips: line %q lacks %q or is not one line", i+1, line, w)
			}
		}
	}
}

// TestSkip checks that Skip records the test and skips it.
func TestSkip(t *testing.T) {
	var s Skips
	t.Run("inner", func(t *testing.T) {
		s.Skip(t, fs.ErrNotExist)
		t.Error("not skipped")
	})
	if len(s.names) != 1 || s.names[0] != "TestSkip/inner" || s.reason != fs.ErrNotExist.Error() {
		t.Errorf("recorded %q for %q", s.names, s.reason)
	}
}

// TestDir checks that the environment variable overrides the default.
func TestDir(t *testing.T) {
	t.Setenv(env, "")
	if got := Dir("../def"); got != "../def" {
		t.Errorf("Dir = %q, want the default", got)
	}
	t.Setenv(env, "/data")
	if got := Dir("../def"); got != "/data" {
		t.Errorf("Dir = %q, want $%s", got, env)
	}
}

// TestFailsRun checks which skips fail a run that requires the data: a
// test that could not read it does, one of another board's size does not.
func TestFailsRun(t *testing.T) {
	for _, tc := range []struct {
		name              string
		missing, classic  bool
		required, failing bool
	}{
		{"none", false, false, true, false},
		{"missing, required", true, false, true, true},
		{"missing, not required", true, false, false, false},
		{"other size, required", false, true, true, false},
	} {
		var s Skips
		if tc.missing {
			t.Run("missing", func(t *testing.T) { s.Skip(t, errors.New("no file")) })
		}
		if tc.classic {
			t.Run("classic", func(t *testing.T) { s.Classic(t, ClassicWidth+1, ClassicHeight, classicInARow) })
		}
		if got := s.failsRun(tc.required); got != tc.failing {
			t.Errorf("%s: failsRun(%t) = %t, want %t", tc.name, tc.required, got, tc.failing)
		}
	}
}
