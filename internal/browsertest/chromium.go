// Package browsertest starts headless Chromium for the tests that drive
// fourgen's page in a browser, the page served by c4 serve (internal/server)
// and its static WebAssembly build (cmd/c4wasm), and clicks the page's
// buttons once they are enabled. Only tests import it, so no command
// links chromedp.
package browsertest

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/fourgen/fourgen/internal/tooltest"
)

// chromiumPath is where CI installs Chromium (Debian's package); the
// environment variable FOURGEN_CHROMIUM overrides it.
const chromiumPath = "/usr/bin/chromium"

// Start starts headless Chromium in a window of width × height pixels for
// t, with a fresh profile and the options more (a proxy, say), and returns
// its tab's context, which ends after timeout or with the test. It skips t
// when there is no Chromium or it cannot start.
func Start(t testing.TB, width, height int, timeout time.Duration, more ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	path := cmp.Or(os.Getenv("FOURGEN_CHROMIUM"), chromiumPath)
	if _, err := exec.LookPath(path); err != nil {
		tooltest.Missing(t, fmt.Sprintf("no Chromium to run the browser test: %v", err), "apt-get install chromium, or set FOURGEN_CHROMIUM")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // CI runs as root, where the sandbox cannot start
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}
	opts = append(opts, more...)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(t.Context(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(allocCtx, chromedp.WithErrorf(t.Logf))
	t.Cleanup(cancelTab)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		tooltest.Missing(t, fmt.Sprintf("cannot start Chromium at %s: %v", path, err), "apt-get install chromium, or set FOURGEN_CHROMIUM")
	}
	return ctx
}
