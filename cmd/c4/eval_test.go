package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/connectx"
	"github.com/fourgen/fourgen/internal/posfile"
)

// evalPositions writes a file of the last ten positions before the end of
// a game of greedy against itself (quick to solve), and returns its path
// and how many lines it has.
func evalPositions(t *testing.T) (string, int) {
	t.Helper()
	code, out, errOut := runC4(context.Background(), "match", "greedy", "greedy", "--games", "1", "--moves")
	if code != 0 {
		t.Fatalf("c4 match: %s", errOut)
	}
	game := strings.Fields(out[strings.LastIndex(out, ": ")+1:])[0]
	cols, _, err := board.ReadMoves(game, false)
	if err != nil {
		t.Fatalf("c4 match's game %q: %v", game, err)
	}
	var lines []string
	for n := max(len(cols)-10, 0); n < len(cols); n++ {
		lines = append(lines, board.MoveString(cols[:n]))
	}
	path := filepath.Join(t.TempDir(), "positions.txt")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, len(lines)
}

// needBook skips a test that solves positions of a game's middle, which
// takes long on a board without the opening book.
func needBook(t *testing.T) {
	t.Helper()
	if !openingbook.Applies() {
		t.Skipf("positions of a game's middle take long to solve on a %d×%d board, without the book", board.Width, board.Height)
	}
}

// TestEval: c4 eval prints the report, as JSON with --json, and draws it
// with --svg; an external agent works as the built-in ones do.
func TestEval(t *testing.T) {
	needBook(t)
	file, n := evalPositions(t)
	svg := filepath.Join(t.TempDir(), "errors.svg")
	code, out, errOut := runC4(context.Background(), "eval", "random", file, "--json", "--svg", svg, "--threads", "1", "--tt-mb", "8")
	if code != 0 {
		t.Fatalf("c4 eval: exit %d: %s", code, errOut)
	}
	var r struct {
		Positions       int     `json:"positions"`
		PerfectMoveRate float64 `json:"perfectMoveRate"`
		GoodMoveRate    float64 `json:"goodMoveRate"`
		Table           []struct {
			Positions int `json:"positions"`
		} `json:"table"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	sum := 0
	for _, c := range r.Table {
		sum += c.Positions
	}
	if r.Positions != n || sum != n || len(r.Table) != 9 || r.PerfectMoveRate < 0 || r.PerfectMoveRate > r.GoodMoveRate || r.GoodMoveRate > 1 {
		t.Errorf("--json = %+v; want %d positions in 9 cells, 0 <= perfect <= good <= 1", r, n)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), "<svg") {
		t.Errorf("--svg: %v, %.100q", err, data)
	}

	if _, err := exec.LookPath("sh"); err != nil {
		t.Skipf("no sh for a cmd: agent: %v", err)
	}
	// A shell agent that plays the first column with room, counting each
	// column's stones in the move string.
	leftmost := `cmd:while read m; do c=1; while [ $(printf %s "$m" | tr -cd $c | wc -c) -ge ` + strconv.Itoa(board.Height) + ` ]; do c=$((c+1)); done; echo $c; done`
	code, out, errOut = runC4(context.Background(), "eval", leftmost, file)
	if code != 0 || !strings.Contains(out, "positions") || !strings.Contains(out, "perfect moves:") {
		t.Errorf("c4 eval cmd:...: exit %d\n%s%s", code, out, errOut)
	}
}

// TestEvalMerge: a file evaluated in two runs (--limit, then --skip), each
// written with --json, merges with --merge into the report of one run;
// --markdown and --svg work on merged reports.
func TestEvalMerge(t *testing.T) {
	needBook(t)
	file, n := evalPositions(t)
	eval := func(args ...string) string {
		t.Helper()
		args = append([]string{"eval", "greedy", "--agent", "perfect", file, "--json", "--threads", "1", "--tt-mb", "8"}, args...)
		code, out, errOut := runC4(context.Background(), args...)
		if code != 0 {
			t.Fatalf("c4 %q: exit %d: %s", args, code, errOut)
		}
		return out
	}
	dir := t.TempDir()
	whole := eval()
	cut := strconv.Itoa(n / 3)
	var parts []string
	for i, out := range []string{eval("--limit", cut), eval("--skip", cut)} {
		parts = append(parts, filepath.Join(dir, fmt.Sprintf("part%d.json", i)))
		if err := os.WriteFile(parts[i], []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, merged, errOut := runC4(context.Background(), append([]string{"eval", "--merge", "--json"}, parts...)...)
	if code != 0 || merged != whole {
		t.Errorf("c4 eval --merge: exit %d, %s\n%s\nwant\n%s", code, errOut, merged, whole)
	}
	svg := filepath.Join(dir, "merged.svg")
	code, rows, errOut := runC4(context.Background(), append([]string{"eval", "--merge", "--markdown", "--svg", svg}, parts...)...)
	if code != 0 || strings.Count(rows, "\n| ") != 3 || !strings.Contains(rows, "\n| perfect | "+strconv.Itoa(n)+" | 100.0% | 100.0% | 0 |") || !strings.HasPrefix(rows, "| agent | ") || !strings.Contains(rows, "\n| greedy | "+strconv.Itoa(n)+" |") {
		t.Errorf("c4 eval --merge --markdown: exit %d, %s\n%s", code, errOut, rows)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), "<svg") {
		t.Errorf("--merge --svg: %v, %.100q", err, data)
	}
}

func TestEvalRefuses(t *testing.T) {
	file, _ := evalPositions(t)
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte(fixture("44")+"\n4x\n"), 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"eval"}, "want an agent"},
		{[]string{"eval", "nobody", file}, "unknown agent"},
		{[]string{"eval", "random", bad}, "bad.txt: line 2"},
		{[]string{"eval", "random", file, "--limit", "-1"}, "--limit -1"},
		{[]string{"eval", "cmd:echo x", file, "--strict"}, `answered "x"`},
		{[]string{"eval", "random", file, "--skip", "-2"}, "--skip -2"},
		{[]string{"eval", "random", file, "--skip", "1000"}, "no positions to evaluate"},
		{[]string{"eval", "--merge"}, "want the files"},
		{[]string{"eval", "--merge", "--limit", "3", file}, "takes no --agent, --limit or --skip"},
		{[]string{"eval", "--merge", file}, "not c4 eval --json output"},
		{[]string{"eval", "--merge", bad + ".missing"}, "no such file"},
	} {
		if len(tt.args) > 1 && strings.HasPrefix(tt.args[1], "cmd:") && !openingbook.Applies() {
			continue // the position is solved first: long without the book
		}
		code, _, errOut := runC4(context.Background(), tt.args...)
		if code == 0 || !strings.Contains(errOut, tt.want) {
			t.Errorf("c4 %q: exit %d, %q; want a failure saying %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestEvalInterrupted: an evaluation interrupted (its context cancelled,
// as Ctrl-C does) prints the report of the positions evaluated before, for
// every agent alike, says which, and exits 1. The agent is a url: agent
// that answers three moves and cancels the run at the fourth request.
func TestEvalInterrupted(t *testing.T) {
	needBook(t)
	file, n := evalPositions(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var asked atomic.Int32
	agentServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		_, g, err := connectx.Parse(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if asked.Add(1) > 3 {
			cancel()
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
			return
		}
		col, _ := agentFirstColumn(g.Position())
		fmt.Fprintf(w, `{"action": %d}`, col)
	}))
	defer agentServer.Close()
	code, out, errOut := runC4(ctx, "eval", "greedy", "--agent", "url:"+agentServer.URL, file, "--json", "--threads", "1", "--tt-mb", "8")
	want := fmt.Sprintf("%s: 3 of %d", filepath.Base(file), n)
	if code != 1 || !strings.Contains(errOut, "interrupted") || !strings.Contains(errOut, want) {
		t.Errorf("c4 eval interrupted: exit %d, stderr %q; want 1, saying the report covers %q", code, errOut, want)
	}
	var reports []struct {
		Agent     string `json:"agent"`
		Positions int    `json:"positions"`
	}
	if err := json.Unmarshal([]byte(out), &reports); err != nil || len(reports) != 2 {
		t.Fatalf("stdout %q: %v; want the two agents' reports", out, err)
	}
	for _, r := range reports {
		if r.Positions != 3 {
			t.Errorf("%s's report covers %d positions, want the 3 evaluated", r.Agent, r.Positions)
		}
	}
}

// agentFirstColumn is the leftmost column p can play, 0-based.
func agentFirstColumn(p board.Position) (int, bool) {
	for col := range board.Width {
		if p.CanPlay(col) {
			return col, true
		}
	}
	return 0, false
}

// TestEvalFailedMoves: c4 eval with a cmd: agent that fails to move (an
// illegal move, garbage, a crash) counts each failure as the agent's move
// in that position, carries on, and prints the report with the counts
// (text and --json) and on stderr the first failure, naming the position
// once, by the file's move string; --strict stops at the first, exit 1.
func TestEvalFailedMoves(t *testing.T) {
	needBook(t)
	needSh(t)
	file, n := evalPositions(t)
	data, _ := os.ReadFile(file)
	first := strings.SplitN(string(data), "\n", 2)[0]
	p, _ := board.Parse(first)
	reaching, _ := p.ReachingMoves()
	for _, tc := range []struct {
		name, command, kind, why string
	}{
		{"illegal", `while read m; do echo 0; done`, "illegal", `answered "0": want a column`},
		{"garbage", `while read m; do echo x; done`, "garbage", `answered "x"`},
		{"crash", `read m; exit 3`, "crash", "exit status 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := "cmd:" + tc.command
			code, out, errOut := runC4(context.Background(), "eval", bad, file, "--threads", "1", "--tt-mb", "8")
			if code != 0 {
				t.Fatalf("c4 eval: exit %d; want 0\n%s%s", code, out, errOut)
			}
			if want := fmt.Sprintf("failed moves:  %d (%d %s)\n", n, n, tc.kind); !strings.Contains(out, want) || !strings.Contains(out, fmt.Sprintf("good moves:    0 (0.0%%)")) {
				t.Errorf("report\n%s; want %q, no good move", out, want)
			}
			note := fmt.Sprintf("eval: the first %s: %s: agent %s: %s: ", tc.kind, posfile.Quote(first), bad, tc.kind)
			if !strings.Contains(errOut, note) || !strings.Contains(errOut, tc.why) || reaching != first && strings.Contains(errOut, strconv.Quote(reaching)) {
				t.Errorf("stderr %q; want %q and %q, the position named once as the file does", errOut, note, tc.why)
			}
			code, out, _ = runC4(context.Background(), "eval", bad, file, "--json", "--threads", "1", "--tt-mb", "8")
			var r struct {
				FailedMoves map[string]int `json:"failedMoves"`
			}
			if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.FailedMoves[tc.kind] != n || len(r.FailedMoves) != 4 {
				t.Errorf("--json: exit %d, %v, failedMoves %v; want %d %s", code, err, r.FailedMoves, n, tc.kind)
			}
			code, out, errOut = runC4(context.Background(), "eval", bad, file, "--strict", "--threads", "1", "--tt-mb", "8")
			if want := "c4: eval: " + posfile.Quote(first) + ": agent " + bad + ": " + tc.kind; code != 1 || out != "" || !strings.HasPrefix(errOut, want) {
				t.Errorf("--strict: exit %d, %q, %q; want 1 and %q", code, out, errOut, want)
			}
		})
	}
}
