//go:build !js

package main

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEmbeddedBoardLoading checks <fourgen-board>'s first screen in
// headless Chromium: while fourgen.wasm is held back, the board is an
// empty grid that takes no clicks and says it loads; once the engine
// answers, the board keeps its height (nothing moves on the page); a
// position the engine refuses shows an empty grid and the reason, in the
// error state.
func TestEmbeddedBoardLoading(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	ctx := startBrowser(t, 800, 900)
	wasm := make(chan struct{})
	ts, _ := staticServer(t, buildEmbedPage(t, "4453", "44"), wasm)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	const root = `document.getElementById('a').shadowRoot`
	const height = `document.getElementById('a').getBoundingClientRect().height`
	loading, err := chromedp.Run(ctx, chromedp.Poll[string](`(r => r.querySelectorAll('.col').length > 0 && r.querySelector('.status').textContent)(`+root+`)`,
		chromedp.WithPollingTimeout(time.Minute)))
	if err != nil {
		t.Fatalf("no empty board while the engine loads: %v", err)
	}
	if !strings.Contains(loading, "Loading") {
		t.Errorf("while the engine loads the board says %q", loading)
	}
	enabled, err := chromedp.Run(ctx, chromedp.Evaluate[int](`[...`+root+`.querySelectorAll('.col')].filter(b => !b.disabled).length`))
	if err != nil || enabled != 0 {
		t.Errorf("while the engine loads, %d columns take clicks (%v)", enabled, err)
	}
	before, err := chromedp.Run(ctx, chromedp.Evaluate[float64](height))
	if err != nil {
		t.Fatal(err)
	}
	close(wasm)
	scored := `[...` + root + `.querySelectorAll('.score')].every(e => /\d/.test(e.textContent)) && 'yes'`
	if _, err := chromedp.Run(ctx, chromedp.Poll[string](scored, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("no scores: %v", err)
	}
	after, err := chromedp.Run(ctx, chromedp.Evaluate[float64](height))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(after-before) > 1 {
		t.Errorf("the board was %.1f px high while loading, %.1f px once loaded: the page moves", before, after)
	}

	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('a').setAttribute('position', '44x') ?? true`)); err != nil {
		t.Fatal(err)
	}
	failed := `(r => r.querySelector('.bar.error') && r.querySelector('.status').textContent)(` + root + `)`
	reason, err := chromedp.Run(ctx, chromedp.Poll[string](failed, chromedp.WithPollingTimeout(time.Minute)))
	if err != nil {
		t.Fatalf("a refused position shows no error state: %v", err)
	}
	if !strings.Contains(reason, "bad position") {
		t.Errorf("a refused position says %q", reason)
	}
	stones, err := chromedp.Run(ctx, chromedp.Evaluate[int](root+`.querySelectorAll('.p1, .p2').length`))
	if err != nil || stones != 0 {
		t.Errorf("a refused position leaves %d stones of the old one (%v)", stones, err)
	}
}
