package batch

import (
	"fmt"
	"os"
	"testing"
)

// TestMain skips every test of the package on a board that batch does not
// play (a board of two words: New panics there), saying why.
func TestMain(m *testing.M) {
	if err := Supported(); err != nil {
		fmt.Printf("batch: every test skipped: %v\n", err)
		os.Exit(0)
	}
	os.Exit(m.Run())
}
