package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/server"
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
	weak := mapLines(t, ref, weakAnalysisLine)
	stdin := strings.Join(ref, "\n") + "\n"
	checkLineCases(t, runAnalyze, []lineCase{
		{"stdin", nil, stdin, ref},
		{"crlf", nil, strings.Join(ref, "\r\n") + "\r\n", ref},
		{"leading blanks", nil, "\t" + strings.Join(ref, "\n  ") + "\n", ref},
		{"arguments", movesOf(ref), "", ref},
		{"weak", []string{"--weak"}, stdin, weak},
		{"-w", []string{"-w", "--tt-mb=2"}, stdin, weak},
	})
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

// TestAnalyzeJSON: c4 analyze --json prints, a line for each position,
// the very JSON /api/analyze answers for it (but for the work, nodes and
// micros), the reference scores among it; --weak and --stats are refused
// with it.
func TestAnalyzeJSON(t *testing.T) {
	ref := refLines(t, "positions/analyze_n24.txt", 3)
	moves := append([]string{"", "4453"}, movesOf(ref)...)
	var stdout, stderr bytes.Buffer
	if err := runAnalyze(context.Background(), append([]string{"--json"}, moves...), strings.NewReader(""), &stdout, &stderr); err != nil || stderr.Len() > 0 {
		t.Fatalf("analyze --json: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(moves) {
		t.Fatalf("%d lines for %d positions:\n%s", len(lines), len(moves), stdout.String())
	}
	var book *engine.Book // c4 analyze's: the embedded one where it applies
	if openingbook.Applies() {
		var err error
		if book, err = openingbook.Book(); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := server.New(server.Options{TableMiB: 8, Book: book})
	if err != nil {
		t.Fatal(err)
	}
	work := regexp.MustCompile(`"nodes":[0-9]+,"micros":[0-9]+`)
	for i, m := range moves {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/analyze?pos="+m, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("/api/analyze?pos=%s: %d %s", m, rec.Code, rec.Body)
		}
		api := work.ReplaceAllString(strings.TrimSuffix(rec.Body.String(), "\n"), `"nodes":0,"micros":0`)
		got := work.ReplaceAllString(lines[i], `"nodes":0,"micros":0`)
		if got != api || !work.MatchString(lines[i]) {
			t.Errorf("%q: c4 analyze --json\n%s\nwant what /api/analyze answers\n%s", m, got, api)
		}
		if i >= 2 {
			var a struct{ Scores []int }
			json.Unmarshal([]byte(lines[i]), &a)
			if want := ref[i-2]; m+" "+posfile.FormatScores(toScores(a.Scores)) != want {
				t.Errorf("%q: scores %v, want the reference line %q", m, a.Scores, want)
			}
		}
	}
	for _, args := range [][]string{{"--json", "--weak"}, {"--json", "--stats"}} {
		err := runAnalyze(context.Background(), append(args, "44"), strings.NewReader(""), io.Discard, io.Discard)
		if ue, ok := errors.AsType[*usageError](err); !ok || !strings.Contains(ue.Error(), "not with --weak or --stats") {
			t.Errorf("analyze %q: %v; want a usage error", args, err)
		}
	}
}

// toScores converts the scores of a JSON answer.
func toScores(ints []int) []board.Score {
	var scores []board.Score
	for _, v := range ints {
		scores = append(scores, board.Score(v))
	}
	return scores
}
