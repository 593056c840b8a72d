package browsertest

import (
	"fmt"
	"strings"
)

// LoadingJS is JavaScript for chromedp.Evaluate (into a [Loading]) that
// reads what the page shows while its engine loads: the board, the line of
// the turn, the texts that wait for the engine and the footer.
const LoadingJS = `(() => {
	const shown = (e) => e !== null && e.checkVisibility();
	const status = document.getElementById('status');
	const before = getComputedStyle(status, '::before').content;
	const board = document.getElementById('board').shadowRoot;
	const columns = board ? [...board.querySelectorAll('.col')] : [];
	return {
		columns: columns.filter((c) => c.querySelector('.cell')).length,
		enabled: columns.filter((c) => !c.disabled).length,
		status: status.textContent,
		circle: before !== 'none' && before !== 'normal',
		waiting: ['position-line', 'share'].filter((id) => shown(document.getElementById(id))),
		empty: [...document.querySelectorAll('.column-bits')].filter((e) => shown(e) && e.textContent === '').map((e) => e.parentElement.id || e.parentElement.tagName),
		footer: document.querySelector('footer').innerText,
	};
})()`

// Loading is what LoadingJS reads.
type Loading struct {
	Columns int      `json:"columns"` // columns of the board drawn, with their cells
	Enabled int      `json:"enabled"` // columns a click plays
	Status  string   `json:"status"`  // the line that says whose turn it is
	Circle  bool     `json:"circle"`  // that line shows a player's disc
	Waiting []string `json:"waiting"` // elements shown that describe a position not yet known
	Empty   []string `json:"empty"`   // where a number of the board's layout is shown blank
	Footer  string   `json:"footer"`  // the footer's visible text
}

// Problems says what looks broken in l, a page that waits for its engine
// (issue 39 item 1): no board, a board that takes clicks, a line of the
// turn that does not say the page is loading (wantStatus) or shows a disc,
// texts about a position or a layout that is not known yet.
func (l Loading) Problems(wantStatus string) []string {
	var out []string
	if l.Columns == 0 {
		out = append(out, "no board is drawn")
	}
	if l.Enabled > 0 {
		out = append(out, fmt.Sprintf("%d columns take clicks", l.Enabled))
	}
	if !strings.Contains(l.Status, wantStatus) {
		out = append(out, fmt.Sprintf("the status line says %q, want %q", l.Status, wantStatus))
	}
	if l.Circle {
		out = append(out, "the status line shows a player's disc")
	}
	if len(l.Waiting) > 0 {
		out = append(out, fmt.Sprintf("shown before the position is known: %s", strings.Join(l.Waiting, ", ")))
	}
	if len(l.Empty) > 0 {
		out = append(out, fmt.Sprintf("the bits per column are blank in %s", strings.Join(l.Empty, ", ")))
	}
	return out
}
