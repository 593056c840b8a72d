package posfile

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/terminal/ttytest"
)

// TestAnswer checks that every good position is answered, in order, and
// every refused one reported, and the count of refusals at the end.
func TestAnswer(t *testing.T) {
	offZero := "99" // 0-based: column 9 is off a board of up to nine columns
	if board.Width > 9 {
		offZero = "0," + strconv.Itoa(board.Width) // a digit names a column of every board of ten
	}
	for _, tc := range []struct {
		name      string
		args      []string
		input     string
		zeroBased bool
		answers   []string // the move strings answered
		refused   string   // what is reported
		err       string   // the error at the end, "" for none
	}{
		{"lines", nil, "1,2\n\n3 0\n", false, []string{"1,2", "", "3"}, "", ""},
		{"a refused line", nil, "1,2\nx\n3\n", false, []string{"1,2", "3"}, "line 2: ", "1 of 3 lines refused"},
		{"arguments", []string{"1", "1,1,1,1,1,1,1,1,1,1,1,1,1"}, "ignored\n", false, []string{"1"}, "argument 2: ", "1 of 2 arguments refused"},
		{"zero-based", []string{"0,1", offZero, "3"}, "", true, []string{"0,1", "3"}, "argument 2: ", "1 of 3 arguments refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var answered []string
			var refused bytes.Buffer
			err := Answer(context.Background(), tc.args, strings.NewReader(tc.input), &refused, tc.zeroBased, func(in Input) error {
				if in.Notation.ZeroBased != tc.zeroBased {
					t.Errorf("%q read in %v", in.Moves, in.Notation)
				}
				answered = append(answered, in.Moves)
				return nil
			})
			if !slices.Equal(answered, tc.answers) {
				t.Errorf("answered %q, want %q", answered, tc.answers)
			}
			if !strings.HasPrefix(refused.String(), tc.refused) || (tc.refused == "") != (refused.Len() == 0) {
				t.Errorf("refused %q, want %q", refused.String(), tc.refused)
			}
			if got := ""; err != nil {
				got = err.Error()
				if got != tc.err {
					t.Errorf("error %q, want %q", got, tc.err)
				}
			} else if tc.err != "" {
				t.Errorf("no error, want %q", tc.err)
			}
		})
	}
}

// TestAnswerStops checks that an error of answer stops Answer at once.
func TestAnswerStops(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := Answer(context.Background(), nil, strings.NewReader("1\n2\n3\n"), &bytes.Buffer{}, false, func(Input) error {
		n++
		return stop
	})
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("Answer = %v after %d answers, want stop after 1", err, n)
	}
}

// TestAnswerStdinNote checks that Answer says it reads positions from
// stdin only when stdin is a terminal and no argument is given: not for a
// pipe, a regular file or /dev/null (a character device nobody types into).
func TestAnswerStdinNote(t *testing.T) {
	dev, err := os.Open(os.DevNull)
	if err != nil {
		t.Skipf("no %s: %v", os.DevNull, err)
	}
	defer dev.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	tty := ttytest.Open(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel() // nothing is typed at the terminal: stop at once
	for _, tc := range []struct {
		name  string
		args  []string
		stdin io.Reader
		note  bool
	}{
		{"terminal", nil, tty, true},
		{"terminal, arguments", []string{"4453"}, tty, false},
		{"/dev/null", nil, dev, false},
		{"pipe or buffer", nil, strings.NewReader("4453\n"), false},
		{"file", nil, file, false},
	} {
		var stderr bytes.Buffer
		Answer(cancelled, tc.args, tc.stdin, &stderr, false, func(Input) error { return nil })
		if got := strings.Contains(stderr.String(), stdinNote); got != tc.note {
			t.Errorf("%s: stderr %q; want the note: %t", tc.name, stderr.String(), tc.note)
		}
	}
}

// TestFailed checks that an answer's error names the input, and that a
// cancelled context's comes back as it is.
func TestFailed(t *testing.T) {
	in := newInput("line 3", "4453", false)
	cause := errors.New("out of memory")
	if err := in.Failed(cause); !errors.Is(err, cause) || err.Error() != `line 3: "4453": out of memory` {
		t.Errorf("Failed = %v, want line 3: \"4453\": out of memory", err)
	}
	for _, err := range []error{context.Canceled, context.DeadlineExceeded} {
		if got := in.Failed(err); got != err {
			t.Errorf("Failed(%v) = %v, want it as it is", err, got)
		}
	}
}
