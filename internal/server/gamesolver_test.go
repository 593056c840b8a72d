package server

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/movetest"
)

// gamesolverAll makes TestGamesolverSolve ask about every line of every
// analyze reference file (a few minutes on two cores).
var gamesolverAll = flag.Bool("gamesolver-all", false, "TestGamesolverSolve: every line of the analyze reference files, not a sample")

// TestGamesolverSolve checks /solve against the analyze reference files:
// the answer is exactly {"pos","score"}, pos as asked and score the
// file's scores with 100 for a full column. It asks about every line of
// analyze_n24 and n32 and every 10th of the others (every 50th of each
// with -short); -gamesolver-all asks about every line of every file.
func TestGamesolverSolve(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	files, err := filepath.Glob(filepath.Join(testdata, "positions", "analyze_*.txt"))
	if err != nil || len(files) == 0 {
		refSkips.Skip(t, fmt.Errorf("no %s: %w", filepath.Join(testdata, "positions", "analyze_*.txt"), os.ErrNotExist))
	}
	book, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := startServer(t, Options{TableMiB: 16, MaxSolves: 2, Timeout: time.Minute, Book: book})
	var refs []refAnalysis
	for _, file := range files {
		rel, _ := filepath.Rel(testdata, file)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		all := refAnalyses(t, rel, strings.Count(strings.TrimSpace(string(data)), "\n")+1)
		step := 1
		switch {
		case *gamesolverAll:
		case testing.Short():
			step = 50
		case len(all[0].moves) < 24:
			step = 10
		}
		for i := 0; i < len(all); i += step {
			refs = append(refs, all[i])
		}
	}
	t.Logf("asking /solve about %d positions", len(refs))
	work := make(chan refAnalysis)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for ref := range work {
				checkGamesolver(t, ts.URL, ref)
			}
		})
	}
	for _, ref := range refs {
		work <- ref
	}
	close(work)
	wg.Wait()
}

// checkGamesolver asks /solve about ref's position and holds the answer to
// ref's scores.
func checkGamesolver(t *testing.T, base string, ref refAnalysis) {
	res, err := http.Get(base + "/solve?pos=" + ref.moves)
	if err != nil {
		t.Error(err)
		return
	}
	defer res.Body.Close()
	var got map[string]json.RawMessage
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil || res.StatusCode != http.StatusOK {
		t.Errorf("/solve?pos=%s: status %d, %v", ref.moves, res.StatusCode, err)
		return
	}
	want := ref.scores
	for i, v := range want {
		if v == int(board.Invalid) {
			want[i] = fullColumnScore
		}
	}
	wantScore, _ := json.Marshal(want)
	if len(got) != 2 || string(got["pos"]) != strconv.Quote(ref.moves) || string(got["score"]) != string(wantScore) {
		t.Errorf("/solve?pos=%s = %s; want pos %q and score %s, nothing else", ref.moves, got, ref.moves, wantScore)
	}
}

// TestGamesolverSolveForms: /solve answers a board as its move string,
// the game's end with every column unplayable, refusals with 400, and
// browsers of any origin (CORS, preflight included).
func TestGamesolverSolveForms(t *testing.T) {
	book, err := openingbook.Book()
	if err != nil {
		t.Skipf("needs the opening book to answer 4453 at once: %v", err)
	}
	opts := testOptions()
	opts.Book = book
	ts, _ := startServer(t, opts)
	type answer struct {
		Pos   string `json:"pos"`
		Score []int  `json:"score"`
	}
	status, h, body := get(t, ts, "/solve?pos=4453")
	byMoves := decode[answer](t, h, body)
	p, _ := board.Parse(movetest.Fixture("4453"))
	var cells []string
	for _, v := range p.Cells() {
		cells = append(cells, strconv.Itoa(v))
	}
	g, _ := board.FromBoard(p.Cells())
	for _, board := range []string{strings.Join(cells, ","), p.String()} {
		status2, h2, body2 := get(t, ts, "/solve?board="+url.QueryEscape(board))
		byBoard := decode[answer](t, h2, body2)
		if status != http.StatusOK || status2 != http.StatusOK || byBoard.Pos != g.String() || fmt.Sprint(byBoard.Score) != fmt.Sprint(byMoves.Score) {
			t.Errorf("/solve?board=%q = %d %+v; want the scores of pos=4453, %d %+v, and pos %q", board, status2, byBoard, status, byMoves, g)
		}
	}
	// /api/analyze too: pos is the move string found, the rest as for pos=4453.
	_, h1, b1 := get(t, ts, "/api/analyze?pos=4453")
	_, h2, b2 := get(t, ts, "/api/analyze?board="+url.QueryEscape(p.String()))
	a1, a2 := decode[map[string]any](t, h1, b1), decode[map[string]any](t, h2, b2)
	for _, a := range []map[string]any{a1, a2} {
		delete(a, "nodes")
		delete(a, "micros")
	}
	if a2["pos"] != g.String() {
		t.Errorf("/api/analyze?board=: pos %v, want %q", a2["pos"], g)
	}
	var cols []int
	for _, c := range g.Columns() {
		cols = append(cols, c+1)
	}
	if fmt.Sprint(a2["columns"]) != fmt.Sprint(cols) {
		t.Errorf("/api/analyze?board=: columns %v, want those of pos %q", a2["columns"], g)
	}
	a2["pos"], a2["columns"] = "4453", a1["columns"]
	if fmt.Sprint(a1) != fmt.Sprint(a2) {
		t.Errorf("/api/analyze?board= answers\n%v\nwant as for pos=4453\n%v", a2, a1)
	}
	if len(byMoves.Score) != board.Width {
		t.Errorf("/solve?pos=4453: %d scores, want one per column (%d)", len(byMoves.Score), board.Width)
	}

	won := "1212121"
	status, h, body = get(t, ts, "/solve?pos="+won)
	if a := decode[answer](t, h, body); status != http.StatusOK || a.Pos != won || strings.Count(fmt.Sprint(a.Score), strconv.Itoa(fullColumnScore)) != board.Width {
		t.Errorf("/solve?pos=%s (won) = %d %+v; want every column %d", won, status, a, fullColumnScore)
	}

	for query, want := range map[string]string{
		"pos=" + fullColumn(): "column 4 is full",
		"pos=4&board=" + strings.Repeat("0,", board.Cells-1) + "0": "not both",
		"board=1,2": "bad board",
	} {
		status, h, body := get(t, ts, "/solve?"+query)
		if e := decode[errorBody](t, h, body); status != http.StatusBadRequest || !strings.Contains(e.Error, want) {
			t.Errorf("/solve?%s = %d %q; want 400 saying %q", query, status, e.Error, want)
		}
		if h.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("/solve?%s: an error without Access-Control-Allow-Origin: *", query)
		}
	}

	status, h, _ = do(t, ts, http.MethodOptions, "/solve?pos=4453")
	if status != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(h.Get("Access-Control-Allow-Methods"), "GET") {
		t.Errorf("OPTIONS /solve = %d %v; want 204 allowing GET from any origin", status, h)
	}
	if _, h, _ := get(t, ts, "/solve?pos=4453"); h.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("GET /solve: headers %v, want Access-Control-Allow-Origin: *", h)
	}
}

// TestSolveNamesTheRule checks that /solve (and every JSON answer) names
// the board and rule this server plays in its X-Fourgen-Rule header, the
// answer itself keeping gamesolver.org's shape.
func TestSolveNamesTheRule(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	// A position of 19 stones answers at once (pos=4 took 12 s, 20 under
	// the race detector: the rule is named whatever the search costs).
	for _, path := range []string{"/solve?pos=1212123434345656567", "/solve?pos=x"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		want := fmt.Sprintf("%dx%d %s", board.Width, board.Height, board.Rule())
		if got := res.Header.Get("X-Fourgen-Rule"); got != want {
			t.Errorf("GET %s: X-Fourgen-Rule %q, want %q", path, got, want)
		}
	}
}
