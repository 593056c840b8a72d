//go:build !js

package main

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/browsertest"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/solvertest"
	"github.com/fourgen/fourgen/internal/tooltest"
	"github.com/fourgen/fourgen/internal/wasmbranch"
)

// buildStaticPage writes what make web writes into a temporary folder: the
// page marked to run the engine in the browser and, in fourgen/, the npm
// package's modules with wasm_exec.js, fourgen.wasm built with the go
// command and the deep book. It skips the test when the toolchain cannot
// build it.
func buildStaticPage(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	files, err := os.ReadDir(webDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(webDir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if f.Name() == "index.html" {
			const from, to = `data-engine="server"`, `data-engine="wasm"`
			if strings.Count(string(b), from) != 1 {
				t.Fatalf("index.html has no single %s for make web to change", from)
			}
			b = []byte(strings.Replace(string(b), from, to, 1))
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyPackage(t, filepath.Join(dir, "fourgen"))
	return dir
}

// copyPackage writes the npm package's modules into dir, a new folder, as
// make npm does (npm/*.js and the board element of c4 serve's page,
// webDir/board-element.js), with the engine (buildEngine).
func copyPackage(t testing.TB, dir string) {
	t.Helper()
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(npmDir, "*.js"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no modules in %s: %v", npmDir, err)
	}
	files = append(files, filepath.Join(webDir, "board-element.js"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	buildEngine(t, dir)
}

// buildEngine writes what make wasm writes into dir: wasm_exec.js,
// fourgen.wasm built with the go command, its jumps rewritten by
// wasmbranch, and the deep book, fourgen-book.fgb. It skips the test when
// the toolchain cannot build it.
func buildEngine(t testing.TB, dir string) {
	t.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tooltest.Missing(t, fmt.Sprintf("no go command to build the WebAssembly engine: %v", err), "install Go")
	}
	execJS, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		tooltest.Missing(t, fmt.Sprintf("the Go toolchain has no wasm_exec.js: %v", err), "install Go from go.dev/dl, whose GOROOT has lib/wasm")
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), execJS, 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "fourgen.wasm"), ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build: %v\n%s", err, out)
	}
	module, err := os.ReadFile(filepath.Join(dir, "fourgen.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if module, _, err = wasmbranch.Rewrite(module); err != nil {
		t.Fatalf("wasmjump: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fourgen.wasm"), module, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fourgen-book.fgb"), openingbook.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// staticServer serves dir as a plain static host does, with no caching so
// that every worker started fetches its script, and records the paths
// asked for. Unless wasm is nil, fourgen.wasm is sent once wasm is closed:
// the page waits for its engine as on a slow link.
func staticServer(t testing.TB, dir string, wasm <-chan struct{}) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var paths []string
	files := http.FileServer(http.Dir(dir))
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		if wasm != nil && r.URL.Path == "/fourgen/fourgen.wasm" {
			select {
			case <-wasm:
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Cache-Control", "no-store")
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(paths)
	}
}

// startBrowser starts headless Chromium for a test (see
// browsertest.Start) with a phone's width emulated, or skips the test
// without it. It returns the tab's context, with a deadline.
func startBrowser(t *testing.T, width, height int) context.Context {
	t.Helper()
	ctx := browsertest.Start(t, width, height, 6*time.Minute)
	// A headless window is at least 500 px wide: a phone's width is emulated.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// phoneWidth is the width of a phone's screen in CSS pixels (an iPhone 12
// to 14's), at which the page must fit.
const phoneWidth = 390

// firstMoves returns the move string of the first line of a reference file.
func firstMoves(t *testing.T, rel string) string {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	return strings.Fields(refSkips.Lines(t, testdata, rel, 1)[0])[0]
}

// slowMoves returns the first position of the embedded book's own stone
// count in Pascal Pons's Test_L1_R3, whose analysis searches every child,
// one stone past the book.
func slowMoves(t *testing.T) string {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow)
	for _, line := range refSkips.Lines(t, testdata, "pons/Test_L1_R3", 1000) {
		if moves := strings.Fields(line)[0]; len(moves) == openingbook.Plies {
			return moves
		}
	}
	t.Fatalf("no position of %d stones in pons/Test_L1_R3", openingbook.Plies)
	return ""
}

// TestStaticPage drives the static page (make web) in headless Chromium,
// served by a plain file server: the scores it shows for positions of 0 to
// 12 stones and a won game are Solver.Analyze's, run natively; an agent
// plays; changing the position during a long solve, whose progress
// is shown, ends that solve; the page fits a phone's width, 390 px, the
// move ordering included; and no request goes to the JSON API.
func TestStaticPage(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	ctx := startBrowser(t, phoneWidth, 900)
	ts, requested := staticServer(t, buildStaticPage(t), nil)
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	poll := func(what, js string, timeout time.Duration) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(timeout)))
		for retry := 0; err != nil && strings.Contains(err.Error(), "Cannot find context") && retry < 3; retry++ {
			v, err = chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(timeout)))
		}
		if err != nil {
			t.Fatalf("%s: %v (page says: %s)", what, err, eval(`document.getElementById('notice').textContent + ' ' + document.getElementById('verdict').textContent`))
		}
		return v
	}
	// shown waits until the page shows every column's score of moves, and
	// returns them.
	shown := func(moves string, timeout time.Duration) []string {
		t.Helper()
		ready := `document.getElementById('pos').textContent === ` + strconv.Quote(cmp.Or(moves, "(empty board)")) +
			` && ` + browsertest.ScoresJS + `.every(t => !['', '\u2026'].includes(t))` +
			` && ` + browsertest.ScoresJS + `.join(' ')`
		return strings.Fields(poll(moves+": the scores", ready, timeout))
	}
	navigate := func(query string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/?"+query)); err != nil {
			t.Fatal(err)
		}
	}

	book, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	native := solvertest.New(t, 16)
	native.SetBook(book)
	positions := []string{"", "4453",
		firstMoves(t, "positions/n08.txt"), firstMoves(t, "positions/n10.txt"), firstMoves(t, "positions/analyze_n12.txt"),
		"1212121"} // won by the first player
	for i, moves := range positions {
		query := "vs=human&pos=" + moves
		if i == 1 {
			query += "&workers=1" // one worker: the whole analysis in one request
		}
		start := time.Now()
		navigate(query)
		got := shown(moves, 3*time.Minute)
		p, _ := board.Parse(movetest.Fixture(moves))
		var want []string
		if p.IsWon() {
			want = slices.Repeat([]string{"\u2013"}, board.Width)
		} else {
			scores, err := native.Analyze(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			want = browsertest.ScoreTexts(scores)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: the page shows %q, Solver.Analyze says %q", moves, got, want)
		}
		t.Logf("%q (%d stones): scores shown %.1f s after the page was asked for", moves, len(moves), time.Since(start).Seconds())
	}
	workers := eval(`document.getElementById('engine').textContent`)
	if !strings.Contains(workers, "worker") {
		t.Errorf("the page does not say how many workers it uses: %q", workers)
	}
	if w := eval(`String(document.documentElement.scrollWidth)`); w != strconv.Itoa(phoneWidth) {
		wide := eval(`[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > ` + strconv.Itoa(phoneWidth) + `).slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')`)
		t.Errorf("at %d px wide the page is %s px wide: it scrolls sideways (%s)", phoneWidth, w, wide)
	}
	if dir := os.Getenv("FOURGEN_ARTIFACTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, fmt.Sprintf("static-%dpx.png", phoneWidth)), png, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}

	// The inspector shows the last position's words.
	last := positions[len(positions)-1]
	p, _ := board.Parse(movetest.Fixture(last))
	if got, want := eval(`document.querySelector('#words .hex').textContent`), p.Current().Hex(); got != want {
		t.Errorf("%s: the inspector shows current = %s, want %s", last, got, want)
	}

	// The ordering table of a game going on, early, where the open lines
	// count.
	const early = "4453"
	navigate("vs=human&pos=" + early)
	p, _ = board.Parse(movetest.Fixture(early))
	want, rows := browsertest.WantOrderTable(p)
	if got := poll(early+": the ordering table's lines and scores", browsertest.OrderTableJS(rows), time.Minute); got != want {
		t.Errorf("%s: move ordering (column:lines:score): the page shows %q, the inspector says %q", early, got, want)
	}
	over, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](browsertest.OrderOverflowJS))
	if err != nil {
		t.Fatal(err)
	}
	if over[0] > 0 || over[1] > 0.5 {
		t.Errorf("%s: at %d px the move ordering reaches %.0f px beyond its box, its caption %.1f px", early, phoneWidth, over[0], over[1])
	}

	// Agents move: greedy and Monte-Carlo, as the first player.
	for _, agent := range []string{"greedy", "mcts:1000"} {
		navigate("pos=&vs=" + agent + "&you=2")
		poll(agent+"'s first move", `document.getElementById('pos').textContent.length === 1 && document.getElementById('pos').textContent`, 2*time.Minute)
	}
	// Keys play as with the server: 4 plays column 4.
	before := eval(`document.getElementById('pos').textContent`)
	poll("column 4 playable", `!`+browsertest.ColumnJS(4)+`.disabled && 'yes'`, time.Minute)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("4")); err != nil {
		t.Fatal(err)
	}
	poll("the key 4 played", `document.getElementById('pos').textContent.startsWith('`+before+`4') && 'yes'`, time.Minute)

	// A long solve: a position of the book's stone count, whose children
	// the book does not reach, one worker with a table of 1 MiB (2.4 M
	// nodes). Its progress shows; then playing a column ends it, and the
	// page shows the scores of the new position.
	slow := slowMoves(t)
	navigate("vs=human&pos=" + slow + "&workers=1&table=1")
	poll("progress of a long solve", `(t => t.includes('column') && t)(document.getElementById('progress').textContent)`, time.Minute)
	if s := eval(browsertest.ScoresJS + `.join(' ')`); strings.Count(s, "\u2026") == 0 {
		t.Fatalf("%s: the solve ended before the test could change the position (scores %s): pick a longer one", slow, s)
	}
	scripts := func() int {
		return len(slices.DeleteFunc(requested(), func(p string) bool { return p != "/fourgen/worker.js" }))
	}
	started := scripts()
	sp, _ := board.Parse(movetest.Fixture(slow))
	col := 0
	for !sp.CanPlay(col) || sp.IsWinningMove(col) {
		col++
	}
	browsertest.ClickColumn(t, ctx, col+1)
	next := slow + strconv.Itoa(col+1)
	got := shown(next, 3*time.Minute)
	q, _ := board.Parse(movetest.Fixture(next))
	scores, err := native.Analyze(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	if want := browsertest.ScoreTexts(scores); !slices.Equal(got, want) {
		t.Errorf("%q after the change: the page shows %q, Solver.Analyze says %q", next, got, want)
	}
	if after := scripts(); after <= started {
		t.Errorf("changing the position during a solve started no new worker (%d worker scripts fetched before, %d after): the solve was not ended", started, after)
	}

	for _, path := range requested() {
		if strings.HasPrefix(path, "/api/") {
			t.Errorf("the static page asked for %s", path)
		}
	}
}

// TestStaticPageLongLink checks that the static page opened with a
// position too long for its engine to be asked about (a request over
// 4 KiB, refused whole, with no valid part) shows the empty board and says
// why: it showed nothing at all (issue 40 item 10).
func TestStaticPageLongLink(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	ctx := startBrowser(t, phoneWidth, 900)
	ts, _ := staticServer(t, buildStaticPage(t), nil)
	long := strings.Repeat("4", 5000)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/?pos="+long)); err != nil {
		t.Fatal(err)
	}
	ready := `document.getElementById('pos').textContent === '(empty board)' && document.getElementById('notice').textContent`
	notice, err := chromedp.Run(ctx, chromedp.Poll[string](ready, chromedp.WithPollingTimeout(time.Minute)))
	if err != nil {
		page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('main').innerText.slice(0, 300)`))
		t.Fatalf("waiting for the empty board and a notice: %v; the page says %q", err, page)
	}
	for _, want := range []string{`"` + long[:60] + "\u2026\"", "could not be read", "too long", "Showing the empty board"} {
		if !strings.Contains(notice, want) {
			t.Errorf("notice %q, want it to mention %s", notice, want)
		}
	}
}

// TestStaticPageLoading checks the static page while fourgen.wasm is on
// its way (issue 39 item 1: no board, a stray disc and a dot, the
// inspector's "bit = × (column − 1)", a footer about c4 serve and /api/):
// an empty board that takes no clicks, a line saying the engine loads,
// nothing that needs the position, a footer that says what the page is;
// then, loaded, it plays against its default opponent (item 2).
func TestStaticPageLoading(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	ctx := startBrowser(t, phoneWidth, 900)
	wasm := make(chan struct{})
	ts, requested := staticServer(t, buildStaticPage(t), wasm)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	for !slices.Contains(requested(), "/fourgen/fourgen.wasm") {
		time.Sleep(50 * time.Millisecond) // the page's deadline bounds the wait
		if ctx.Err() != nil {
			t.Fatal("the page never asked for fourgen.wasm")
		}
	}
	l, err := chromedp.Run(ctx, chromedp.Evaluate[browsertest.Loading](browsertest.LoadingJS))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range l.Problems("Loading the engine") {
		t.Errorf("while fourgen.wasm loads: %s", p)
	}
	if !strings.Contains(l.Footer, "WebAssembly") || strings.Contains(l.Footer, "c4 serve") || strings.Contains(l.Footer, "/api/") {
		t.Errorf("the static page's footer says %q: want what it is, not c4 serve's API", l.Footer)
	}
	close(wasm)

	ready := `document.getElementById('pos').textContent === '(empty board)' && !` + browsertest.ColumnJS(4) + `.disabled && document.getElementById('opponent').value`
	opp, err := chromedp.Run(ctx, chromedp.Poll[string](ready, chromedp.WithPollingTimeout(2*time.Minute)))
	if err != nil {
		t.Fatalf("the page did not load its engine: %v", err)
	}
	if opp != "level3" {
		t.Errorf("the page opens against %q, want level3 (docs/api.md)", opp)
	}
	browsertest.ClickColumn(t, ctx, 4)
	answered := `document.getElementById('pos').textContent.length === 2 && document.getElementById('pos').textContent`
	if _, err := chromedp.Run(ctx, chromedp.Poll[string](answered, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Errorf("level3 did not answer the first move: %v", err)
	}
}
