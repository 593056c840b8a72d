package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/reftest"
)

// testdata is the shared reference data, relative to this package, or
// where $FOURGEN_TESTDATA says.
var testdata = reftest.Dir("../../../shared/testdata")

// webDir is the page's source, which c4 serve embeds.
const webDir = "../../internal/server/web"

// refSkips records the tests skipped for want of the reference data.
var refSkips reftest.Skips

// TestMain runs the tests and prints one line naming those that skipped
// for want of the reference data, which go test shows without -v.
func TestMain(m *testing.M) { os.Exit(refSkips.Main(m, "cmd/c4wasm")) }

// refAnalyses returns the first n analyses of the reference file rel:
// moves and the score of each column.
func refAnalyses(t *testing.T, rel string, n int) map[string][]int {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	out := map[string][]int{}
	for _, line := range refSkips.Lines(t, testdata, rel, n) {
		f := strings.Fields(line)
		var scores []int
		for _, s := range f[1:] {
			var v int
			if _, err := fmt.Sscan(s, &v); err != nil {
				t.Fatalf("%s: %q: %v", rel, line, err)
			}
			scores = append(scores, v)
		}
		out[f[0]] = scores
	}
	return out
}

// testWorker returns a worker with a small table and the embedded book
// (none at a board other than the book's).
func testWorker(t *testing.T) *worker {
	t.Helper()
	book, _ := openingbook.Book()
	w, err := newWorker(16, book)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// ask sends a request to w and decodes its answer into v, failing the test
// unless the status is want.
func ask(t *testing.T, w *worker, req request, want int, v any) {
	t.Helper()
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	status, j := w.handle(body, nil)
	if status != want {
		t.Fatalf("%s: status %d (%s), want %d", body, status, j, want)
	}
	if err := json.Unmarshal(j, v); err != nil {
		t.Fatalf("%s: answer %s: %v", body, j, err)
	}
}

// TestColumnsMergeAsAnalyze checks that an analysis shared out by column
// and merged is the analysis of one request, and that both score as the
// reference analyses say.
func TestColumnsMergeAsAnalyze(t *testing.T) {
	w := testWorker(t)
	n := 3
	if testing.Short() {
		n = 1
	}
	ref := refAnalyses(t, "positions/analyze_n12.txt", n)
	positions := []string{"", "4453", "44444", "1212121"} // 44444: column 4 nearly full; 1212121: won
	for moves := range ref {
		positions = append(positions, moves)
	}
	for _, moves := range positions {
		var whole answer.Analysis
		ask(t, w, request{Op: "analyze", Pos: moves}, 200, &whole)
		merged := request{Op: "merge", Pos: moves, Micros: 1234}
		for _, col := range whole.LegalColumns {
			var pt part
			ask(t, w, request{Op: "column", Pos: moves, Column: col}, 200, &pt)
			if pt.Column != col || pt.Score != whole.Scores[col-1] {
				t.Errorf("%q column %d: %+v, analyze says %d", moves, col, pt, whole.Scores[col-1])
			}
			merged.Parts = append(merged.Parts, pt)
		}
		var got answer.Analysis
		ask(t, w, merged, 200, &got)
		if got.Status == "playing" && got.Micros != 1234 {
			t.Errorf("%q: merged micros %d, want the 1234 asked", moves, got.Micros)
		}
		got.Nodes, got.Micros, whole.Nodes, whole.Micros = 0, 0, 0, 0
		g, _ := json.Marshal(got)
		a, _ := json.Marshal(whole)
		if string(g) != string(a) {
			t.Errorf("%q: merged %s\nanalyze %s", moves, g, a)
		}
		if want, ok := ref[moves]; ok && !slices.Equal(got.Scores[:], want) {
			t.Errorf("%q: scores %v, reference %v", moves, got.Scores, want)
		}
	}
}

// TestProgress checks that an analysis beyond the book reports progress
// events, each about a column with an interval.
func TestProgress(t *testing.T) {
	w, err := newWorker(1, nil) // no book: the empty board's columns are searched
	if err != nil {
		t.Fatal(err)
	}
	ref := refAnalyses(t, "positions/analyze_n12.txt", 1)
	for moves := range ref {
		var events []answer.Progress
		body, _ := json.Marshal(request{Op: "analyze", Pos: moves})
		status, j := w.handle(body, func(j []byte) {
			var pr answer.Progress
			if err := json.Unmarshal(j, &pr); err != nil {
				t.Fatalf("progress %s: %v", j, err)
			}
			events = append(events, pr)
		})
		if status != 200 {
			t.Fatalf("%s: %d %s", body, status, j)
		}
		if len(events) == 0 {
			t.Fatalf("%s: no progress event", body)
		}
		for _, pr := range events {
			if pr.Column < 1 || pr.Column > board.Width || pr.Lo > pr.Hi {
				t.Errorf("%s: progress %+v: want a column and lo ≤ hi", body, pr)
			}
		}
	}
}

// pageAgents returns the agents of the page's opponent menu.
func pageAgents(t *testing.T) []string {
	t.Helper()
	html, err := os.ReadFile(filepath.Join(webDir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	var agents []string
	for _, m := range regexp.MustCompile(`<option value="([^"]+)"`).FindAllStringSubmatch(string(html), -1) {
		if m[1] != "human" && m[1] != "1" && m[1] != "2" { // the side menu's values are 1 and 2
			agents = append(agents, m[1])
		}
	}
	if len(agents) < 5 {
		t.Fatalf("found only the agents %q in index.html's menu", agents)
	}
	return agents
}

// TestMoveAsAgent checks that every agent of the page's menu moves, as the
// agent does natively with the same seed.
func TestMoveAsAgent(t *testing.T) {
	w := testWorker(t)
	for _, level := range pageAgents(t) {
		if board.Cells > reftest.ClassicWidth*reftest.ClassicHeight && (level == "perfect" || strings.HasPrefix(level, "level")) {
			// A board larger than 7×6 has no book: a perfect move in 4453
			// would take hours. The agents that do not solve still play.
			t.Logf("%s: skipped on the %d×%d board, which has no opening book", level, board.Width, board.Height)
			continue
		}
		if strings.HasPrefix(level, "mcts:") && batch.Supported() != nil {
			t.Logf("%s: skipped, batch (its playouts) does not play this board: %v", level, batch.Supported())
			continue
		}
		var m answer.Move
		ask(t, w, request{Op: "move", Pos: movetest.Fixture("4453"), Level: level, Seed: "7"}, 200, &m)
		p, _ := board.Parse(movetest.Fixture("4453"))
		ag, err := answer.NewAgent(level, 7, w.book)
		if err != nil {
			t.Fatal(err)
		}
		want, err := answer.PlayAgent(t.Context(), ag, 7, movetest.Fixture("4453"), p)
		if err != nil {
			t.Fatal(err)
		}
		if m.Col != want.Col || m.Pos != want.Pos || m.Seed != 7 || m.Level != want.Level {
			t.Errorf("%s: move %+v, the agent plays %+v", level, m, want)
		}
	}
}

// TestSolve checks op solve against the reference scores.
func TestSolve(t *testing.T) {
	w := testWorker(t)
	for moves, scores := range refAnalyses(t, "positions/analyze_n16.txt", 5) {
		var got solved
		ask(t, w, request{Op: "solve", Pos: moves}, 200, &got)
		if want := slices.Max(scores); got.Pos != moves || got.Score != want {
			t.Errorf("solve %q: %+v, want score %d (the best column's in the reference)", moves, got, want)
		}
	}
}

// TestRefusals checks that bad requests are refused with 400 and a reason.
func TestRefusals(t *testing.T) {
	if board.Width != reftest.ClassicWidth || board.Height != reftest.ClassicHeight {
		t.Skipf("its move strings are refused for what they are on 7×6 (a column 8, a full column 4), not on %d×%d", board.Width, board.Height)
	}
	w := testWorker(t)
	for _, c := range []struct {
		body, want string
	}{
		{`{`, "bad request"},
		{`[]`, "bad request"},
		{`{"op":"play"}`, `bad op "play"`},
		{`{"op":"inspect","pos":"48"}`, "bad position"},
		{`{"op":"analyze","pos":"4444444"}`, "bad position"},
		{`{"op":"column","pos":"4453","column":0}`, "bad column 0"},
		{`{"op":"column","pos":"4453","column":99}`, "bad column 99"},
		{`{"op":"column","pos":"1212121","column":3}`, "already won"},
		{`{"op":"merge","pos":"4453","parts":[{"column":1,"score":1}]}`, "column 2 missing"},
		{`{"op":"merge","pos":"4453","parts":[{"column":1,"score":1},{"column":1,"score":1}]}`, "given twice"},
		{`{"op":"merge","pos":"444444","parts":[{"column":4,"score":1}]}`, "column 4 is full"},
		{`{"op":"merge","pos":"4453","parts":[{"column":1,"score":900}]}`, "scores 900"},
		{`{"op":"merge","pos":"4453","parts":[{"column":8,"score":1}]}`, "column 8"},
		{`{"op":"move","pos":"4453","level":"nobody"}`, "nobody"},
		{`{"op":"move","pos":"4453"}`, "level missing"},
		{`{"op":"move","pos":"4453","level":"greedy","seed":"-1"}`, "bad seed"},
		{`{"op":"move","pos":"1212121","level":"greedy"}`, "already won"},
		{`{"op":"solve","pos":"1212121"}`, "already won by player 1"},
		{`{"op":"scores","pos":"1212121"}`, "already won by player 1"},
		{`{"op":"bestMove","pos":"1212121"}`, "no move: the game is already won"},
		{`{"op":"solveWeak","pos":"48"}`, "bad position: move 2 ('8')"},
		{`{"op":"scores","columns":[3,3,7],"base":0}`, "bad columns: move 3: column 8 (1-based) is off the board"},
		{`{"op":"scores","columns":[4,4,4,4,4,4,4]}`, "bad columns: move 7: column 4 (1-based) is full"},
		{`{"op":"scores","columns":[1],"base":2}`, "bad columns: columns counted from 2: want 0 or 1"},
		{`{"op":"scores","pos":"4","base":0}`, "base is for columns"},
		{`{"op":"scores","pos":"4","columns":[4]}`, "give one of"},
		{`{"op":"scores","board":"[0,0]"}`, "bad board: want 42"},
		{`{"op":"scores","board":"","columns":[]}`, "give one of"},
		{`{"op":"scores","columns":"44"}`, "bad request"},
		{`{"op":"inspect","pos":"` + strings.Repeat("1", maxRequestBytes) + `"}`, "request too long"},
	} {
		status, j := w.handle([]byte(c.body), nil)
		var e answer.Error
		if err := json.Unmarshal(j, &e); err != nil || status != 400 || !strings.Contains(e.Error, c.want) {
			t.Errorf("%.60s: %d %s (%v), want 400 and an error saying %q", c.body, status, j, err, c.want)
		}
	}
	// A refused position says how much of it can be played, as the API does.
	_, j := w.handle([]byte(`{"op":"inspect","pos":"4453999"}`), nil)
	var e answer.Error
	if err := json.Unmarshal(j, &e); err != nil || e.ValidMoves == nil || *e.ValidMoves != 4 {
		t.Errorf("inspect of 4453999: %s (%v), want validMoves 4", j, err)
	}
}

// TestNewWorkerTableSize checks the table sizes a worker accepts.
func TestNewWorkerTableSize(t *testing.T) {
	for _, mib := range []int{-1, 0, maxTableMiB + 1} {
		if _, err := newWorker(mib, nil); err == nil {
			t.Errorf("newWorker(%d MiB): no error", mib)
		}
	}
	if _, err := newWorker(1, nil); err != nil {
		t.Errorf("newWorker(1 MiB): %v", err)
	}
}

// FuzzHandle checks that any request that asks for no search is answered
// with 200 or 400 and JSON, never a panic.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"op":"inspect","pos":"4453"}`,
		`{"op":"merge","pos":"4453","parts":[{"column":1,"score":1}]}`,
		`{"op":"merge","pos":"1212121"}`,
		`{"op":"inspect","pos":"4453999"}`,
		`{"op":"x"}`, `{`, `null`,
	} {
		f.Add([]byte(s))
	}
	w, err := newWorker(1, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var r request
		if json.Unmarshal(body, &r) == nil && r.Op != "inspect" && r.Op != "merge" {
			t.Skip("asks for a search") // bounded only by the time it takes
		}
		status, j := w.handle(body, nil)
		if (status != 200 && status != 400) || !json.Valid(j) {
			t.Errorf("%q: %d %s", body, status, j)
		}
	})
}
