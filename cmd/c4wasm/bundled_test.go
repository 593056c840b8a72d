//go:build !js

package main

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/browsertest"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// TestBundledApp opens, in headless Chromium, the sample app of the npm
// package that npm/test/apps/run.sh bundled (esbuild, Vite or webpack)
// into $FOURGEN_BUNDLED_APP: its solver's analysis of 4453 and the scores
// its <fourgen-board> shows are Solver.Analyze's, run natively. Without
// the variable it skips (CI bundles the esbuild app and sets it).
func TestBundledApp(t *testing.T) {
	dir := os.Getenv("FOURGEN_BUNDLED_APP")
	if dir == "" {
		t.Skip("SKIP: no bundled app: bash npm/test/apps/run.sh esbuild DIR, then FOURGEN_BUNDLED_APP=DIR")
	}
	const moves = "4453"
	native := solvertest.New(t, 16)
	if book, err := openingbook.Book(); err == nil {
		native.SetBook(book)
	}
	p, _ := board.Parse(moves)
	scores, err := native.Analyze(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	var nums []string
	for _, v := range scores {
		nums = append(nums, strconv.Itoa(int(v)))
	}
	wantSolver := "[" + strings.Join(nums, ",") + "]"

	ctx := startBrowser(t, 800, 900)
	ts, _ := staticServer(t, dir, nil)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Poll[string](`(t => t !== '…' && t)(document.getElementById('solver').textContent)`,
		chromedp.WithPollingTimeout(2*time.Minute)))
	if err != nil || got != wantSolver {
		t.Fatalf("the app's solver says %q (%v); Solver.Analyze says %s", got, err, wantSolver)
	}
	ready := `(b => [...b.shadowRoot.querySelectorAll('.score')].length === ` + strconv.Itoa(board.Width) +
		` && [...b.shadowRoot.querySelectorAll('.score')].every(e => !['', '\u2026', '\u2013'].includes(e.textContent))` +
		` && [...b.shadowRoot.querySelectorAll('.score')].map(e => e.textContent).join(' '))(document.getElementById('board'))`
	shown, err := chromedp.Run(ctx, chromedp.Poll[string](ready, chromedp.WithPollingTimeout(2*time.Minute)))
	if err != nil {
		t.Fatalf("the app's board shows no scores: %v", err)
	}
	if want := browsertest.ScoreTexts(scores); !slices.Equal(strings.Fields(shown), want) {
		t.Errorf("the app's board shows %q, Solver.Analyze says %q", shown, want)
	}
}
