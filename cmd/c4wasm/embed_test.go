//go:build !js

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/browsertest"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// npmDir is the npm package's source (make npm).
const npmDir = "../../npm"

// embedPage is a plain page of a writer's with two boards of the npm
// package in containers of two widths, and a record of their change
// events; it configures the boards' engine for three workers.
const embedPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Two boards</title></head>
<body>
<p id="words">A page about Connect-4.</p>
<div style="width: 300px"><fourgen-board id="a" position="%s" scores></fourgen-board></div>
<div style="width: 480px"><fourgen-board id="b" position="%s" scores></fourgen-board></div>
<script>
window.changes = [];
document.addEventListener('change', (e) => changes.push(e.target.id + ':' + e.detail.position));
</script>
<script type="module">
import { configure } from './fourgen/board.js';
configure({ workers: 3 });
</script>
</body></html>
`

// configured is embedPage's script that loads the package and sets its
// workers, which TestEmbeddedBoardOtherOrigin replaces.
const configured = "<script type=\"module\">\nimport { configure } from './fourgen/board.js';\nconfigure({ workers: 3 });\n</script>"

// buildEmbedPage writes a static site holding embedPage, showing
// positions a and b, and the npm package in fourgen/, as make npm writes
// it, engine included.
func buildEmbedPage(t *testing.T, a, b string) string {
	t.Helper()
	dir := t.TempDir()
	copyPackage(t, filepath.Join(dir, "fourgen"))
	if err := os.WriteFile(filepath.Join(dir, "index.html"), fmt.Appendf(nil, embedPage, a, b), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestEmbeddedBoards drives a plain static page with two <fourgen-board>
// elements in headless Chromium: each shows the scores Solver.Analyze
// gives natively, is as wide as its container, and adds no style to the
// page; a click on a column plays it (a change event, then the new
// position's scores) and Undo takes it back; the engine is fetched once
// for both boards, and nothing is asked of any host but the static one.
func TestEmbeddedBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	// Every request of the browser to a host other than this one's
	// loopback (the page's, its workers', Chromium's own) goes to a proxy
	// that records it and refuses it.
	var mu sync.Mutex
	var elsewhere []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !chromiumsOwn(r.Host) {
			mu.Lock()
			elsewhere = append(elsewhere, r.Method+" "+r.Host+r.URL.Path)
			mu.Unlock()
		}
		http.Error(w, "not the static host", http.StatusForbidden)
	}))
	t.Cleanup(proxy.Close)
	ctx := browsertest.Start(t, 800, 900, 6*time.Minute, chromedp.ProxyServer(proxy.URL))
	a, b := "4453", firstMoves(t, "positions/n08.txt")
	ts, requested := staticServer(t, buildEmbedPage(t, a, b), nil)
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok && !strings.HasPrefix(e.Request.URL, ts.URL+"/") {
			mu.Lock()
			elsewhere = append(elsewhere, e.Request.URL)
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	book, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	native := solvertest.New(t, 16)
	native.SetBook(book)
	// shown waits until board id shows moves and every column's score,
	// and checks them against the native solver's.
	shown := func(id, moves string) {
		t.Helper()
		root := `document.getElementById('` + id + `')`
		ready := `(b => b.getAttribute('position') === ` + strconv.Quote(moves) +
			` && [...b.shadowRoot.querySelectorAll('.score')].length === ` + strconv.Itoa(board.Width) +
			` && [...b.shadowRoot.querySelectorAll('.score')].every(e => !['', '\u2026', '\u2013'].includes(e.textContent))` +
			` && [...b.shadowRoot.querySelectorAll('.score')].map(e => e.textContent).join(' '))(` + root + `)`
		got, err := chromedp.Run(ctx, chromedp.Poll[string](ready, chromedp.WithPollingTimeout(3*time.Minute)))
		if err != nil {
			t.Fatalf("board %s, %q: no scores: %v (it says %q)", id, moves, err, eval(root+`.shadowRoot.querySelector('.status').textContent`))
		}
		p, _ := board.Parse(movetest.Fixture(moves))
		scores, err := native.Analyze(t.Context(), p)
		if err != nil {
			t.Fatal(err)
		}
		if want := browsertest.ScoreTexts(scores); !slices.Equal(strings.Fields(got), want) {
			t.Errorf("board %s, %q: shows %q, Solver.Analyze says %q", id, moves, got, want)
		}
	}

	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/index.html")); err != nil {
		t.Fatal(err)
	}
	shown("a", a)
	t.Logf("board a (%q): scores shown %.1f s after the page was asked for, on a cold load", a, time.Since(start).Seconds())
	shown("b", b)

	for id, want := range map[string]string{"a": "300", "b": "480"} {
		if w := eval(`String(Math.round(document.getElementById('` + id + `').getBoundingClientRect().width))`); w != want {
			t.Errorf("board %s is %s px wide in a container of %s px", id, w, want)
		}
	}
	if dir := os.Getenv("FOURGEN_ARTIFACTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "embed-two-boards.png"), png, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if s := eval(`String(document.styleSheets.length + document.adoptedStyleSheets.length)`); s != "0" {
		t.Errorf("the page has %s style sheets after the boards were shown, want none: the boards' styles leak", s)
	}

	// A click on a column of board a plays it.
	p, _ := board.Parse(movetest.Fixture(a))
	col := 0
	for !p.CanPlay(col) || p.IsWinningMove(col) {
		col++
	}
	clickShadow(t, ctx, "a", fmt.Sprintf(".col[data-col='%d']", col+1))
	next := a + strconv.Itoa(col+1)
	shown("a", next)
	if got := eval(`changes.join(' ')`); got != "a:"+next {
		t.Errorf("change events %q after the click, want a:%s", got, next)
	}
	clickShadow(t, ctx, "a", ".undo")
	shown("a", a)
	if got := eval(`changes.join(' ')`); got != "a:"+next+" a:"+a {
		t.Errorf("change events %q after undo, want a:%s a:%s", got, next, a)
	}

	if n := len(slices.DeleteFunc(requested(), func(p string) bool { return p != "/fourgen/fourgen.wasm" })); n != 1 {
		t.Errorf("the engine was fetched %d times for two boards, want once", n)
	}
	// The workers: one for the rules and the three configure asked for,
	// none started again (no solve was stopped).
	if n := len(slices.DeleteFunc(requested(), func(p string) bool { return p != "/fourgen/worker.js" })); n != 4 {
		t.Errorf("%d workers started for the page, want 4 (1 for the rules, 3 configured)", n)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, u := range elsewhere {
		if pu, err := url.Parse(u); err != nil || pu.Scheme != "blob" && pu.Scheme != "data" {
			t.Errorf("the page asked for %s, not of the static host", u)
		}
	}
}

// chromiumsOwn reports whether host is one of the Google services that
// Chromium itself calls on (the clock, component updates, accounts), which
// no flag turns off entirely: not the page's requests.
func chromiumsOwn(host string) bool {
	host, _, _ = strings.Cut(host, ":")
	for _, d := range []string{"google.com", "googleapis.com", "gstatic.com", "gvt1.com"} {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// clickShadow clicks, with the mouse, the element of board id's shadow
// root that selector names, once it is enabled.
func clickShadow(t *testing.T, ctx context.Context, id, selector string) {
	t.Helper()
	js := `(e => e !== null && !e.disabled && (r => [r.x + r.width / 2, r.y + r.height / 2])(e.getBoundingClientRect()))` +
		`(document.getElementById('` + id + `').shadowRoot.querySelector("` + selector + `"))`
	xy, err := chromedp.Run(ctx, chromedp.Poll[[]float64](js, chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Fatalf("board %s: %s was not enabled: %v", id, selector, err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatalf("click board %s's %s: %v", id, selector, err)
	}
}

// TestEmbeddedBoardOtherOrigin checks a board whose package is served from
// another origin than the page, as from a CDN (which allows any origin):
// its workers start from a module of the page's own, and it shows the
// scores Solver.Analyze gives.
func TestEmbeddedBoardOtherOrigin(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	ctx := startBrowser(t, 800, 600)
	const moves = "4453"
	site := buildEmbedPage(t, moves, moves)
	cdn := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		http.FileServer(http.Dir(site)).ServeHTTP(w, r)
	}))
	t.Cleanup(cdn.Close)
	page, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), configured) {
		t.Fatal("embedPage has no script to replace")
	}
	// The element as a writer loads it: one script element.
	page = []byte(strings.Replace(string(page), configured, `<script type="module" src="`+cdn.URL+`/fourgen/board.js"></script>`, 1))
	pageDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(pageDir, "index.html"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	ts, requested := staticServer(t, pageDir, nil)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/index.html")); err != nil {
		t.Fatal(err)
	}
	ready := `(b => [...b.shadowRoot.querySelectorAll('.score')].every(e => !['', '\u2026', '\u2013'].includes(e.textContent))` +
		` && [...b.shadowRoot.querySelectorAll('.score')].map(e => e.textContent).join(' '))(document.getElementById('a'))`
	got, err := chromedp.Run(ctx, chromedp.Poll[string](ready, chromedp.WithPollingTimeout(2*time.Minute)))
	if err != nil {
		status, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('a').shadowRoot.querySelector('.status').textContent`))
		t.Fatalf("no scores: %v (the board says %q)", err, status)
	}
	native := solvertest.New(t, 16)
	p, _ := board.Parse(movetest.Fixture(moves))
	scores, err := native.Analyze(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	if want := browsertest.ScoreTexts(scores); !slices.Equal(strings.Fields(got), want) {
		t.Errorf("%q: the board shows %q, Solver.Analyze says %q", moves, got, want)
	}
	if paths := requested(); slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, "/fourgen/") }) {
		t.Errorf("the page's host was asked for the package's files: %q", paths)
	}
}
