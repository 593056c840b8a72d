package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/board"
)

// weakAnalysisLine rewrites a reference "MOVES S1 ... S7" line as analyze
// --weak prints it: each score's sign, -1000 kept.
func weakAnalysisLine(t *testing.T, line string) string {
	t.Helper()
	moves, rest := splitLine(line)
	out := []string{moves}
	for _, f := range rest {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("reference line %q: %v", line, err)
		}
		if s := board.Score(v); s != board.Invalid {
			v = s.Outcome()
		}
		out = append(out, strconv.Itoa(v))
	}
	return strings.Join(out, " ")
}

// TestAnalyze checks that analyze prints the reference analyses, in their
// very format.
func TestAnalyze(t *testing.T) {
	ref := append(refLines(t, "positions/analyze_n24.txt", 4), refLines(t, "positions/analyze_n32.txt", 4)...)
	var weak []string
	for _, l := range ref {
		weak = append(weak, weakAnalysisLine(t, l))
	}
	stdin := strings.Join(ref, "\n") + "\n"
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		want  []string
	}{
		{"stdin", nil, stdin, ref},
		{"crlf", nil, strings.Join(ref, "\r\n") + "\r\n", ref},
		{"leading blanks", nil, "\t" + strings.Join(ref, "\n  ") + "\n", ref},
		{"arguments", movesOf(ref), "", ref},
		{"weak", []string{"--weak"}, stdin, weak},
		{"-w", []string{"-w", "--tt-mb=2"}, stdin, weak},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := runAnalyze(context.Background(), tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if err != nil || stderr.Len() > 0 {
				t.Fatalf("analyze: %v\n%s", err, stderr.String())
			}
			if got, want := stdout.String(), strings.Join(tc.want, "\n")+"\n"; got != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestAnalyzeStats checks that --stats appends nodes and microseconds.
func TestAnalyzeStats(t *testing.T) {
	ref := refLines(t, "positions/analyze_n24.txt", 3)
	for _, args := range [][]string{{"--stats"}, {"--stats", "--weak"}} {
		var stdout, stderr bytes.Buffer
		if err := runAnalyze(context.Background(), append(args, movesOf(ref)...), nil, &stdout, &stderr); err != nil {
			t.Fatalf("analyze %q: %v\n%s", args, err, stderr.String())
		}
		for line := range strings.Lines(stdout.String()) {
			f := strings.Fields(line)
			if len(f) != 1+board.Width+2 {
				t.Errorf("analyze %q: line %q has %d fields, want %d", args, line, len(f), 1+board.Width+2)
				continue
			}
			for _, n := range f[1+board.Width:] {
				if _, err := strconv.ParseUint(n, 10, 64); err != nil {
					t.Errorf("analyze %q: line %q: %q is not a count", args, line, n)
				}
			}
		}
	}
}

// TestAnalyzeRefuses checks bad input lines.
func TestAnalyzeRefuses(t *testing.T) {
	good := refLines(t, "positions/analyze_n32.txt", 2)
	cmd, _ := lookup("analyze")
	checkRefused(t, cmd, good, func(s string) string { return s })
}
