package engine

import (
	"errors"
	"strings"
	"testing"
)

// withMemory makes the machine appear to have bytes of memory (unknown when
// ok is false) for the rest of the test.
func withMemory(t *testing.T, bytes uint64, ok bool) {
	t.Helper()
	saved := physicalMemory
	physicalMemory = func() (uint64, bool) { return bytes, ok }
	t.Cleanup(func() { physicalMemory = saved })
}

func TestMaxTableMiB(t *testing.T) {
	tests := []struct {
		name  string
		bytes uint64
		ok    bool
		want  int
	}{
		{"24 GiB", 24 << 30, true, 18 << 10},
		{"1 GiB", 1 << 30, true, 768},
		{"odd size", 1000 << 20, true, 750},
		{"unknown", 0, false, fallbackMaxTableMiB},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			withMemory(t, tt.bytes, tt.ok)
			if got := MaxTableMiB(); got != tt.want {
				t.Errorf("MaxTableMiB() = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestMaxTableMiBOfThisMachine checks that the real memory is read and
// that the limit leaves room: below the machine's memory, and not tiny.
func TestMaxTableMiBOfThisMachine(t *testing.T) {
	total, ok := systemMemory()
	if !ok {
		t.Skip("the memory of this machine cannot be read here")
	}
	if got := MaxTableMiB(); uint64(got) >= total>>20 || got < 1 {
		t.Errorf("MaxTableMiB() = %d with %d MiB of memory", got, total>>20)
	}
}

func TestCheckTableMiB(t *testing.T) {
	withMemory(t, 1<<30, true) // limit 768 MiB
	tests := []struct {
		mib  int
		want string // substring of the error, "" for none
	}{
		{0, ""},
		{1, ""},
		{768, ""},
		{769, "more than this machine allows: at most 768 MiB (3/4 of its 1024 MiB of memory)"},
		{65536, "a table of 65536 MiB"},
		{-1, "want 0 MiB or more"},
	}
	for _, tt := range tests {
		err := CheckTableMiB(tt.mib)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("CheckTableMiB(%d) = %v, want nil", tt.mib, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("CheckTableMiB(%d) = %v, want an error containing %q", tt.mib, err, tt.want)
		case tt.mib > 768 && !errors.As(err, new(*TableSizeError)):
			t.Errorf("CheckTableMiB(%d) = %v, want a *TableSizeError", tt.mib, err)
		}
	}
}

// TestNewSolverRefusesTooLarge asks for more than the machine has:
// the size is refused, with the limit named, before anything is allocated
// (an allocation of 64 GiB here would fail the test by dying).
func TestNewSolverRefusesTooLarge(t *testing.T) {
	withMemory(t, 1<<30, true)
	for _, mib := range []int{769, 64 << 10, 1<<31 - 1} {
		s, err := NewSolver(mib)
		if err == nil || s != nil || !strings.Contains(err.Error(), "at most 768 MiB") {
			t.Errorf("NewSolver(%d) = %v, %v; want a refusal naming the limit", mib, s, err)
		}
		if tb, err := newTable(mib); err == nil || tb != nil {
			t.Errorf("newTable(%d) = %v, %v; want a refusal", mib, tb, err)
		}
	}
	s, err := NewSolver(0)
	// The default table, or the smallest table of a board of long keys.
	if want := max(DefaultTableMiB, MinTableMiB) << 20; err != nil || s.table.Bytes() != want {
		t.Fatalf("NewSolver(0) = %v; want the default table (%d MiB)", err, want>>20)
	}
}
