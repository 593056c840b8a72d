package endless

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// TestReaderNeverEnds: a Reader fills every read, however large, with its
// byte, and never reports an error or the end.
func TestReaderNeverEnds(t *testing.T) {
	for _, b := range []byte{0, 'x', '\n'} {
		buf := make([]byte, 1<<20)
		for range 3 {
			n, err := io.ReadFull(Reader(b), buf)
			if n != len(buf) || err != nil || !bytes.Equal(buf, bytes.Repeat([]byte{b}, len(buf))) {
				t.Fatalf("Reader(%q): read %d bytes, %v; want %d bytes of %q", b, n, err, len(buf), b)
			}
		}
	}
}

// A line that never ends, read through a limit.
func ExampleReader() {
	head, err := io.ReadAll(io.LimitReader(Reader('x'), 8))
	fmt.Println(string(head), err)
	// Output: xxxxxxxx <nil>
}
