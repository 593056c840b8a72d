package browsertest

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BoardJS is JavaScript for the shadow root of the page's board, the npm
// package's <fourgen-board id="board">: its score spans are .score, its
// column buttons .col with data-col (1-based), their cells .cell.
const BoardJS = `document.getElementById('board').shadowRoot`

// ColumnJS is JavaScript for the button of column col (1-based) of the
// page's board, or null.
func ColumnJS(col int) string {
	return `(r => r && r.querySelector('.col[data-col="` + strconv.Itoa(col) + `"]'))(document.getElementById('board')?.shadowRoot)`
}

// ScoresJS is JavaScript for the texts above the columns of the page's
// board, in order.
const ScoresJS = `[...` + BoardJS + `.querySelectorAll('.score')].map(e => e.textContent)`

// ClickColumn clicks column col (1-based) of the page's board once the
// board takes a click there, waiting up to 30 seconds or until ctx ends
// (as [ClickEnabled]); it fails t otherwise.
func ClickColumn(t *testing.T, ctx context.Context, col int) {
	t.Helper()
	enabled := `(e => e !== null && !e.disabled)(` + ColumnJS(col) + `)`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](enabled, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("column %d was not enabled: %v", col, err)
	}
	clickColumnNow(t, ctx, col)
}

// clickColumnNow clicks column col (1-based) of the page's board as a
// person may, without waiting for the page.
func clickColumnNow(t *testing.T, ctx context.Context, col int) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.JSPath(ColumnJS(col)))); err != nil {
		t.Fatalf("click column %d: %v", col, err)
	}
}
