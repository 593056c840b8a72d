package browsertest

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ClickEnabled clicks the element id once the page has it and has enabled
// it, waiting up to 30 seconds or until ctx ends; it fails t otherwise. A
// click on a disabled button does nothing, and chromedp's Click cannot
// wait for it: Click adds a NodeVisible wait of its own after the options
// given, and a query keeps one wait, so a NodeEnabled option is replaced
// and a disabled button is clicked at once. The page itself is asked.
func ClickEnabled(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	enabled := `(e => e !== null && !e.disabled)(document.getElementById(` + strconv.Quote(id) + `))`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](enabled, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("%s was not enabled: %v", id, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))); err != nil {
		t.Fatalf("click %s: %v", id, err)
	}
}
