package browsertest

import (
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestClickEnabled clicks a button that the page enables a moment after it
// loads: the click must wait for it, or it is lost.
func TestClickEnabled(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the browser test is not run with -short")
	}
	ctx := Start(t, 400, 300, time.Minute)
	const page = `<!doctype html><button id="b" disabled>B</button><script>
window.clicks = 0;
document.getElementById('b').addEventListener('click', () => window.clicks++);
setTimeout(() => { document.getElementById('b').disabled = false; }, 1000);
</script>`
	if err := chromedp.Do(ctx, chromedp.Navigate("data:text/html,"+url.PathEscape(page))); err != nil {
		t.Fatal(err)
	}
	if disabled, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('b').disabled`)); err != nil || !disabled {
		t.Fatalf("the button is not disabled at first (%v): the test checks nothing", err)
	}
	ClickEnabled(t, ctx, "b")
	if n, err := chromedp.Run(ctx, chromedp.Poll[int](`window.clicks`, chromedp.WithPollingTimeout(5*time.Second))); err != nil || n != 1 {
		t.Fatalf("the page counted %d clicks (%v), want 1", n, err)
	}
}
