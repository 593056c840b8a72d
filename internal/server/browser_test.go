package server

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
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/browsertest"
	"github.com/fourgen/fourgen/internal/movetest"
)

// TestBrowser drives the web app in headless Chromium: it loads a shared
// position, checks the per-column scores shown against the reference file
// and the API, plays a few columns, checks that the inspector follows, plays
// against an agent, and saves screenshots to $FOURGEN_ARTIFACTS (or a temporary
// directory), logging where.
func TestBrowser(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	ctx, screenshot := startBrowser(t)

	// The shared position: the first of the reference file with room for
	// a few more moves.
	var ref refAnalysis
	for _, r := range refAnalyses(t, "positions/analyze_n24.txt", 50) {
		if len(quietColumns(t, r.moves, 3)) == 3 {
			ref = r
			break
		}
	}
	if ref.moves == "" {
		t.Fatal("no position of analyze_n24.txt leaves three quiet moves")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/?pos="+ref.moves+"&vs=human")); err != nil {
		t.Fatal(err)
	}
	if got := shownScores(t, ctx, ref.moves); !slices.Equal(got, scoreTexts(ref.scores)) {
		t.Errorf("%s: page shows %q, reference file says %q", ref.moves, got, scoreTexts(ref.scores))
	}
	// Screen readers get the score in words, on the column's button.
	open := slices.IndexFunc(ref.scores[:], func(v int) bool { return v != int(board.Invalid) })
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](browsertest.ColumnJS(open+1)+`.getAttribute('aria-label')`))
	if want := "score " + strings.Replace(scoreTexts(ref.scores)[open], "\u2212", "minus ", 1); err != nil || !strings.Contains(label, want) {
		t.Errorf("column %d's aria-label is %q (%v), want it to contain %q", open+1, label, err, want)
	}
	// And the key that plays it (the page's COLUMN_KEYS, 1 to 9 first).
	if key, err := chromedp.Run(ctx, chromedp.Evaluate[string](browsertest.ColumnJS(open+1)+`.getAttribute('aria-keyshortcuts')`)); err != nil || key != strconv.Itoa(open+1) {
		t.Errorf("column %d's aria-keyshortcuts is %q (%v), want %d", open+1, key, err, open+1)
	}
	// The page names the board and the rule of the build it plays.
	if rule, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('rule').textContent`)); err != nil || !strings.Contains(rule, fmt.Sprintf("%d×%d board, ", board.Width, board.Height)) || !strings.Contains(rule, " in a row to win") {
		t.Errorf("the page's rule line is %q (%v), want the %d×%d board and its line", rule, err, board.Width, board.Height)
	}
	screenshot("serve-loaded.png")

	// Two players: click columns, check scores and words.
	moves := ref.moves
	words := currentWord(t, ctx)
	for _, col := range quietColumns(t, ref.moves, 3) {
		browsertest.ClickColumn(t, ctx, col+1)
		moves += strconv.Itoa(col + 1)
		want := scoreTexts(apiAnalysis(t, ts, moves).Scores)
		if got := shownScores(t, ctx, moves); !slices.Equal(got, want) {
			t.Errorf("%s: page shows %q, /api/analyze says %q", moves, got, want)
		}
		p, _ := board.Parse(movetest.Fixture(moves))
		now := currentWord(t, ctx)
		if now == words || now != hexWord(p.Current()) {
			t.Errorf("%s: the inspector shows current = %s (before the click %s), want %s", moves, now, words, hexWord(p.Current()))
		}
		words = now
		if u, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`)); err != nil || u != "?pos="+moves+"&vs=human" {
			t.Errorf("the URL's query is %q (%v), want ?pos=%s&vs=human", u, err, moves)
		}
	}
	screenshot("serve-two-players.png")

	// Against greedy, playing the side to move: after our click greedy
	// answers, and the page shows the scores of the position after both.
	p, _ := board.Parse(movetest.Fixture(moves))
	q := url.Values{"pos": {moves}, "vs": {"greedy"}, "you": {strconv.Itoa(p.ToMove())}}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/?"+q.Encode())); err != nil {
		t.Fatal(err)
	}
	shownScores(t, ctx, moves)
	col := quietColumns(t, moves, 1)[0]
	browsertest.ClickColumn(t, ctx, col+1)
	after, err := chromedp.Run(ctx, chromedp.Poll[string](
		`document.getElementById('pos').textContent.length === `+strconv.Itoa(len(moves)+2)+` && document.getElementById('pos').textContent`,
		chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Fatalf("greedy did not answer: %v", err)
	}
	if after[:len(moves)+1] != moves+strconv.Itoa(col+1) {
		t.Fatalf("after playing %d in %s the page shows %s", col+1, moves, after)
	}
	if a := apiAnalysis(t, ts, after); a.Status == "playing" {
		want := scoreTexts(a.Scores)
		if got := shownScores(t, ctx, after); !slices.Equal(got, want) {
			t.Errorf("%s: page shows %q, /api/analyze says %q", after, got, want)
		}
	}
	screenshot("serve-vs-greedy.png")

	// With the embedded opening book, from the empty board: the perfect
	// agent, moving first, must take the centre, the only winning move, and
	// the page shows the scores at once.
	book, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	cfg := testOptions()
	cfg.Book = book
	withBook, _ := startServer(t, cfg)
	if err := chromedp.Do(ctx, chromedp.Navigate(withBook.URL+"/?vs=perfect&you=2")); err != nil {
		t.Fatal(err)
	}
	want := scoreTexts(apiAnalysis(t, withBook, "4").Scores)
	if got := shownScores(t, ctx, "4"); !slices.Equal(got, want) {
		t.Errorf("after the perfect agent's first move the page shows %q, /api/analyze of 4 says %q", got, want)
	}
	screenshot("serve-perfect-opening.png")
}

// startBrowser starts headless Chromium for a test, or skips the test
// without it or with -short. It returns the tab's context, with a deadline
// of a few minutes, and a function that saves a screenshot of the whole
// page to $FOURGEN_ARTIFACTS (or a temporary directory) and logs where.
func startBrowser(t *testing.T) (context.Context, func(name string)) {
	t.Helper()
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	ctx := browsertest.Start(t, 1280, 1000, 4*time.Minute)

	artifacts := os.Getenv("FOURGEN_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	} else if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}
	screenshot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		file := filepath.Join(artifacts, name)
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", file)
	}

	return ctx, screenshot
}

// quietColumns returns n columns (0-based) to play one after another from
// moves, none of which ends the game, or fewer if there are not n.
func quietColumns(t *testing.T, moves string, n int) []int {
	t.Helper()
	p, err := board.Parse(movetest.Fixture(moves))
	if err != nil {
		t.Fatal(err)
	}
	var cols []int
	for len(cols) < n {
		found := false
		for _, col := range []int{3, 2, 4, 1, 5, 0, 6} {
			if !p.CanPlay(col) || p.IsWinningMove(col) {
				continue
			}
			child := p
			child.Play(col)
			if child.IsFull() || child.CanWinNow() {
				continue // keep the game going for the next move
			}
			p, cols, found = child, append(cols, col), true
			break
		}
		if !found {
			break
		}
	}
	return cols
}

// shownScores waits until the page shows the analysis of moves and returns
// the texts above the columns.
func shownScores(t *testing.T, ctx context.Context, moves string) []string {
	t.Helper()
	ready := `document.getElementById('pos').textContent === ` + strconv.Quote(moves) +
		` && ` + browsertest.ScoresJS + `.every(t => !['', '\u2026'].includes(t))`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("%s: the scores did not appear: %v", moves, err)
	}
	texts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](browsertest.ScoresJS))
	if err != nil {
		t.Fatal(err)
	}
	return texts
}

// currentWord returns the hex of the inspector's first word, the side to
// move's stones.
func currentWord(t *testing.T, ctx context.Context) string {
	t.Helper()
	hex, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#words .hex').textContent`))
	if err != nil {
		t.Fatalf("reading the inspector: %v", err)
	}
	return hex
}

// scoreTexts writes the API's scores as the page shows them.
func scoreTexts(scores [board.Width]int) []string {
	var v [board.Width]board.Score
	for i, s := range scores {
		v[i] = board.Score(s)
	}
	return browsertest.ScoreTexts(v)
}

// apiAnalysis asks /api/analyze about moves.
func apiAnalysis(t *testing.T, ts *httptest.Server, moves string) answer.Analysis {
	t.Helper()
	status, h, body := get(t, ts, "/api/analyze?pos="+moves)
	if status != http.StatusOK {
		t.Fatalf("/api/analyze?pos=%s: status %d: %s", moves, status, body)
	}
	return decode[answer.Analysis](t, h, body)
}
