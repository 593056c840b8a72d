package benchsets

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/endless"
	"github.com/fourgen/fourgen/internal/posfile"
)

// TestReadEndless checks that a reference file that never ends, or
// holds a line longer than posfile.MaxLineBytes, is refused as a whole
// at once, naming the line, and the same way whatever follows the line's
// first field.
func TestReadEndless(t *testing.T) {
	good := lines(t, 1, false)[0] + "\n"
	for _, tc := range []struct {
		name string
		r    io.Reader
		want error
	}{
		{"zeros", endless.Reader(0), posfile.BinaryError{Line: 1}},
		{"endless line", endless.Reader('4'), posfile.LongLineError{Line: 1, Max: posfile.MaxLineBytes}},
		{"a line, then an endless one", io.MultiReader(strings.NewReader(good), endless.Reader(' ')), posfile.LongLineError{Line: 2, Max: posfile.MaxLineBytes}},
		{"blanks after the moves", strings.NewReader(good + "2" + strings.Repeat(" ", 70000) + "\x01\n" + good), posfile.LongLineError{Line: 2, Max: posfile.MaxLineBytes}},
		{"blanks before the moves", strings.NewReader(strings.Repeat(" ", posfile.MaxLineBytes) + good), posfile.LongLineError{Line: 1, Max: posfile.MaxLineBytes}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			cases, _, err := read(tc.r, "f", Config{}, &stderr)
			if !errors.Is(err, tc.want) || cases != nil {
				t.Errorf("read = %d cases, %v; want none and %v", len(cases), err, tc.want)
			}
		})
	}
}

// FuzzRead checks that reading a reference file never panics, and that
// every case it reads holds the line's moves, their position and as many
// scores as asked for, while each line it cannot use is reported once.
func FuzzRead(f *testing.F) {
	for _, seed := range []string{
		"4453 -2\n", "4453 1 2 3 4 5 6 7\n", "\n \n4453\n", "44 x\n", "8 0\n", "4453 -2\r\n1 0", "\x00",
		"1212121 0\n", "4453 \xff\n", "\ufeff4 0\n",
	} {
		f.Add([]byte(seed), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, analyze bool) {
		var stderr bytes.Buffer
		cases, bad, err := read(bytes.NewReader(data), "f", Config{Analyze: analyze}, &stderr)
		if err != nil {
			return
		}
		if got := strings.Count(stderr.String(), "f:"); got < bad {
			t.Fatalf("%d bad lines, %d reported: %q", bad, got, stderr.String())
		}
		scores := 1
		if analyze {
			scores = board.Width
		}
		for _, c := range cases {
			p, err := posfile.Position(c.Moves)
			if err != nil || p != c.Pos {
				t.Fatalf("line %d: case %q is not its position (%v)", c.Line, c.Moves, err)
			}
			if len(c.Want) != scores {
				t.Fatalf("line %d: %d scores", c.Line, len(c.Want))
			}
		}
	})
}
