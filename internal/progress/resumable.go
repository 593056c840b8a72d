// This file shows the progress of resumable jobs (c4 book build and
// verify, c4 dataset), whose first report may come after work done in an
// earlier run.

package progress

import (
	"fmt"
	"io"

	"github.com/fourgen/fourgen/internal/terminal"
)

// Resumable shows a job's count, rate and time left on w when it is a
// terminal, and nothing otherwise. It counts from the first update, so
// that a resumed job's rate and time left are of this run.
type Resumable struct {
	w     io.Writer
	unit  string
	bar   *Bar // nil until the first update
	first int  // steps done before this run
}

// NewResumable returns the display of a job on w counting unit (e.g.
// "positions").
func NewResumable(w io.Writer, unit string) *Resumable { return &Resumable{w: w, unit: unit} }

// Update reports done of total steps done; the first report counts those
// done before as done in an earlier run.
func (p *Resumable) Update(done, total int) {
	if p.bar == nil {
		p.first = done - 1
		label := ""
		if p.first > 0 {
			label = fmt.Sprintf("%d done before,", p.first)
		}
		p.bar = New(p.w, int64(total-p.first), p.unit, label)
	}
	p.bar.Set(int64(done - p.first))
}

// Close removes the display. Call it when the job ends, done or not.
func (p *Resumable) Close() { p.bar.Close() }

// Println writes line to w on a line of its own, above the progress bar
// if one is shown there.
func (p *Resumable) Println(w io.Writer, line string) {
	if p.bar != nil && w == p.w && terminal.Is(w) {
		p.bar.Printf("%s\n", line)
		return
	}
	fmt.Fprintln(w, line)
}
