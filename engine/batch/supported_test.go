package batch

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// oneWord skips tb, saying why, on a board that batch does not play (a
// board of two words, where New panics).
func oneWord(tb testing.TB) {
	tb.Helper()
	if err := Supported(); err != nil {
		tb.Skipf("SKIP: %v", err)
	}
}

// TestSupported checks that batch plays a board of one word, and that on a
// board of two words Supported says why not and New panics with that
// error rather than holding half of each board.
func TestSupported(t *testing.T) {
	err := Supported()
	if board.Words == 1 {
		if err != nil {
			t.Fatalf("Supported() = %v on a board of one word", err)
		}
		if b := New(3); b.Len() != 3 {
			t.Fatalf("New(3).Len() = %d", b.Len())
		}
		return
	}
	size := fmt.Sprintf("%d×%d", board.Width, board.Height)
	if err == nil || !strings.Contains(err.Error(), size) {
		t.Fatalf("Supported() = %v on a board of %d words, want an error naming %s", err, board.Words, size)
	}
	defer func() {
		if r := recover(); fmt.Sprint(r) != err.Error() {
			t.Fatalf("New on a board of two words panicked with %v, want %v", r, err)
		}
	}()
	New(3)
}
