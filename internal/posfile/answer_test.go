package posfile

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestAnswer checks that every good position is answered, in order, and
// every refused one reported, and the count of refusals at the end.
func TestAnswer(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		input   string
		answers []string // the move strings answered
		refused string   // what is reported
		err     string   // the error at the end, "" for none
	}{
		{"lines", nil, "12\n\n3 0\n", []string{"12", "", "3"}, "", ""},
		{"a refused line", nil, "12\nx\n3\n", []string{"12", "3"}, "line 2: ", "1 of 3 lines refused"},
		{"arguments", []string{"1", "1111111111111"}, "ignored\n", []string{"1"}, "argument 2: ", "1 of 2 arguments refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var answered []string
			var refused bytes.Buffer
			err := Answer(context.Background(), tc.args, strings.NewReader(tc.input), &refused, func(in Input) error {
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
	err := Answer(context.Background(), nil, strings.NewReader("1\n2\n3\n"), &bytes.Buffer{}, func(Input) error {
		n++
		return stop
	})
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("Answer = %v after %d answers, want stop after 1", err, n)
	}
}
