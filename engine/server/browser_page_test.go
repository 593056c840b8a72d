package server

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/fourgen/fourgen/engine"
)

// TestBrowserPage checks, in headless Chromium, the page's answers to
// what a new user ran into (issue 9): winning moves in the inspector, bad
// links, history, colours, the favicon, a narrow screen, the progress of a
// long solve and a server that goes away.
func TestBrowserPage(t *testing.T) {
	ts, _ := startServer(t, testOptions()) // no book: 8 stones take seconds
	ctx, screenshot := startBrowser(t)

	var mu sync.Mutex
	var failed []string // responses of 404 from the test server
	if err := chromedp.Listen(ctx, func(ev any) {
		if r, ok := ev.(*network.EventResponseReceived); ok && r.Response.Status == http.StatusNotFound {
			mu.Lock()
			failed = append(failed, r.Response.URL)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	navigate := func(t *testing.T, path string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path)); err != nil {
			t.Fatal(err)
		}
	}
	eval := func(t *testing.T, js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	poll := func(t *testing.T, what, js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(60*time.Second)))
		// A navigation just made may replace the page's JavaScript context
		// under the poll ("Cannot find context with specified id"): poll
		// again in the new one.
		for retry := 0; err != nil && strings.Contains(err.Error(), "Cannot find context") && retry < 3; retry++ {
			v, err = chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(60*time.Second)))
		}
		if err != nil {
			t.Fatalf("waiting for %s: %v; the page says %q", what, err, eval(t, `document.querySelector('main').innerText.slice(0, 600)`))
		}
		return v
	}
	click := func(t *testing.T, id string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(id), chromedp.NodeEnabled)); err != nil {
			t.Fatalf("click %s: %v", id, err)
		}
	}
	shown := func(t *testing.T, moves string) {
		t.Helper()
		poll(t, "position "+moves, `document.getElementById('pos').textContent === `+jsString(moves)+` && 'ok'`)
	}

	t.Run("immediate wins", func(t *testing.T) {
		navigate(t, "/?pos="+bottomThree()) // 445566 on 7×6: columns 3 and 7 win at once
		left, right := firstOfFour-1, firstOfFour+3
		searched := poll(t, "the ordering table",
			`document.querySelectorAll('#order-table tbody tr').length === `+strconv.Itoa(engine.Width)+` &&
			 [...document.querySelectorAll('#order-table tbody tr')].map(r => r.cells[1].textContent + ':' + r.cells[8].textContent).sort().join(' ')`)
		for _, want := range []string{fmt.Sprintf("%d:wins now", left), fmt.Sprintf("%d:wins now", right)} {
			if !strings.Contains(searched, want) {
				t.Errorf("move ordering: %q, want %q", searched, want)
			}
		}
		if strings.Contains(searched, "pruned") {
			t.Errorf("move ordering: %q, nothing is pruned when one can win at once", searched)
		}
		label := eval(t, `[...document.querySelectorAll('#words figure')].map(f => f.getAttribute('aria-label')).find(l => l.startsWith('non-losing'))`)
		if l, r := fmt.Sprintf("c%dr1", left), fmt.Sprintf("c%dr1", right); !strings.Contains(label, l) || !strings.Contains(label, r) {
			t.Errorf("the non-losing word is %q, want %s and %s in it", label, l, r)
		}
		screenshot("serve-immediate-wins.png")
	})

	t.Run("bad link", func(t *testing.T) {
		navigate(t, "/?pos=4453x1&vs=genius&you=3")
		notice := poll(t, "the notice", `document.getElementById('notice').textContent`)
		shown(t, "4453")
		for _, want := range []string{`"4453x1"`, "move 5", "first 4 moves", `"genius"`, "?you=3"} {
			if !strings.Contains(notice, want) {
				t.Errorf("notice %q, want it to mention %s", notice, want)
			}
		}
		if opp := eval(t, `document.getElementById('opponent').value`); opp != "human" {
			t.Errorf("opponent %q after a bad ?vs=, want human", opp)
		}
	})

	t.Run("history", func(t *testing.T) {
		navigate(t, "/?pos=4453")
		shown(t, "4453")
		click(t, "col-1")
		shown(t, "44531")
		click(t, "col-2")
		shown(t, "445312")
		click(t, "undo")
		shown(t, "44531")
		for _, want := range []string{"445312", "44531", "4453"} {
			eval(t, `history.back(), ''`)
			shown(t, want)
		}
		eval(t, `history.forward(), ''`)
		shown(t, "44531")
	})

	t.Run("colours", func(t *testing.T) {
		navigate(t, "/")
		colour := func(class, property string) [3]float64 {
			js := `(() => { const e = document.createElement('span'); e.className = ` + jsString(class) +
				`; document.body.append(e); const c = getComputedStyle(e)[` + jsString(property) + `]; e.remove(); return c; })()`
			rgb, err := cssRGB(eval(t, js))
			if err != nil {
				t.Fatalf("%s %s: %v", class, property, err)
			}
			return rgb
		}
		loss, red := colour("score loss", "color"), colour("cell p1", "backgroundColor")
		if d := math.Hypot(math.Hypot(loss[0]-red[0], loss[1]-red[1]), loss[2]-red[2]); d < 100 {
			t.Errorf("negative scores are drawn in %v, the red player in %v: too alike (distance %.0f)", loss, red, d)
		}
	})

	t.Run("favicon", func(t *testing.T) {
		navigate(t, "/")
		got := poll(t, "the icon", `fetch(document.querySelector('link[rel=icon]').href).then(r => r.status + ' ' + r.headers.get('Content-Type'))`)
		if got != "200 image/svg+xml" {
			t.Errorf("the icon: %s", got)
		}
	})

	t.Run("narrow", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(400, 900)); err != nil {
			t.Fatal(err)
		}
		defer chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000))
		pos := refAnalyses(t, "positions/analyze_n24.txt", 1)[0].moves
		navigate(t, "/?pos="+pos)
		shownScores(t, ctx, pos)
		if w := eval(t, `document.documentElement.scrollWidth + ' ' + document.documentElement.clientWidth`); w != "400 400" {
			t.Errorf("at 400 px the page is %s px wide (scroll width, client width)", w)
		}
		screenshot("serve-400px.png")
	})

	t.Run("progress", func(t *testing.T) {
		// The position takes seconds to solve without a book on 7×6 only.
		refSkips.Classic(t, engine.Width, engine.Height)
		navigate(t, "/?pos=47434433")
		text := poll(t, "progress", `!document.getElementById('progress').hidden && /column \d/.test(document.getElementById('progress').textContent) && document.getElementById('progress').textContent`)
		if !regexp.MustCompile(`^Solving… \d+\.\d s; column \d scores (between [−+]?\d+ and [−+]?\d+|[−+]?\d+)`).MatchString(text) {
			t.Errorf("progress %q", text)
		}
		screenshot("serve-progress.png")
		shownScores(t, ctx, "47434433")
		if hidden := eval(t, `String(document.getElementById('progress').hidden)`); hidden != "true" {
			t.Errorf("the progress line stays after the result")
		}
	})

	t.Run("server down", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		h := newServer(t, testOptions())
		srv := h.httpServer(ctx)
		go srv.Serve(ln)
		if err := chromedp.Do(ctx, chromedp.Navigate("http://"+addr+"/?pos=4453")); err != nil {
			t.Fatal(err)
		}
		shownScores(t, ctx, "4453")
		srv.Close()
		click(t, "col-1")
		msg := poll(t, "the connection message", `document.getElementById('connection').textContent`)
		if !strings.Contains(msg, "Cannot reach the fourgen server") || !strings.Contains(msg, "Trying again") {
			t.Errorf("with the server down the page says %q", msg)
		}
		screenshot("serve-down.png")
		ln, err = net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("listening again on %s: %v", addr, err)
		}
		srv = h.httpServer(ctx)
		defer srv.Close()
		go srv.Serve(ln)
		shownScores(t, ctx, "44531")
		if msg := eval(t, `document.getElementById('connection').textContent`); msg != "" {
			t.Errorf("back up, the page still says %q", msg)
		}
	})

	mu.Lock()
	defer mu.Unlock()
	if len(failed) > 0 {
		t.Errorf("404 answers to the page: %q", failed)
	}
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	return `'` + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + `'`
}

// cssRGB reads a computed CSS colour, "rgb(r, g, b)".
func cssRGB(css string) ([3]float64, error) {
	var rgb [3]float64
	f := strings.FieldsFunc(css, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if len(f) < 3 {
		return rgb, fmt.Errorf("colour %q: want rgb(r, g, b)", css)
	}
	for i := range rgb {
		var err error
		if rgb[i], err = strconv.ParseFloat(f[i], 64); err != nil {
			return rgb, fmt.Errorf("colour %q: %v", css, err)
		}
	}
	return rgb, nil
}
