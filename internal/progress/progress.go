package progress

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/fourgen/fourgen/internal/terminal"
)

// redraw is the shortest time between two drawings of a bar.
const redraw = 100 * time.Millisecond

// Bar is the progress of one job. The zero value and a nil *Bar are
// silent bars: every method does nothing.
type Bar struct {
	pb *progressbar.ProgressBar
	w  io.Writer
}

// New returns a bar for a job of total steps (0 or less when the total is
// unknown: a spinner), each step counted as one unit (e.g. "positions"),
// labelled label. It is drawn on w only when w is a terminal.
func New(w io.Writer, total int64, unit, label string) *Bar {
	return newBar(w, total, unit, label, terminal.Is(w))
}

// newBar is New with the decision to draw made by the caller.
func newBar(w io.Writer, total int64, unit, label string, visible bool) *Bar {
	if !visible {
		return &Bar{}
	}
	if total <= 0 {
		total = -1
	}
	pb := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(label),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(total > 0),
		progressbar.OptionThrottle(redraw),
		progressbar.OptionSetWidth(20),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionOnCompletion(nil),
		progressbar.OptionSetRenderBlankState(true),
	)
	return &Bar{pb: pb, w: w}
}

// newLine returns a spinner whose whole text is its label, set by
// Describe: for jobs that write their own counts and times. It is drawn
// on w only when visible.
func newLine(w io.Writer, visible bool) *Bar {
	if !visible {
		return &Bar{}
	}
	pb := progressbar.NewOptions64(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetElapsedTime(false),
		progressbar.OptionThrottle(redraw),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionOnCompletion(nil),
	)
	return &Bar{pb: pb, w: w}
}

// Add counts n more steps done.
func (b *Bar) Add(n int) {
	if b != nil && b.pb != nil {
		_ = b.pb.Add(n) // a failed draw only costs the display
	}
}

// Set sets the number of steps done.
func (b *Bar) Set(n int64) {
	if b != nil && b.pb != nil {
		_ = b.pb.Set64(n)
	}
}

// Describe replaces the bar's label, e.g. with a solve's score interval.
func (b *Bar) Describe(label string) {
	if b != nil && b.pb != nil {
		b.pb.Describe(label)
	}
}

// Printf writes a line above the bar, which is then drawn again below it.
// On a silent bar it writes nothing: lines meant for every output belong
// on the job's own writer.
func (b *Bar) Printf(format string, a ...any) {
	if b != nil && b.pb != nil {
		_ = b.pb.Clear()
		fmt.Fprintf(b.w, format, a...)
		_ = b.pb.RenderBlank()
	}
}

// Close removes the bar from the terminal. Call it when the job ends, done
// or not, before printing its results.
func (b *Bar) Close() {
	if b != nil && b.pb != nil {
		_ = b.pb.Clear()
		_ = b.pb.Exit()
	}
}
