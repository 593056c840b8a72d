package browsertest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// OrderTableJS is JavaScript for chromedp.Poll that reads the page's
// move-ordering table once it has rows rows: "rows: " and each row as
// "column:lines:score", its column, its "Lines open (begun) blocked" cell
// and its score, sorted and joined by spaces (false until then). The
// cells are found by their headers.
func OrderTableJS(rows int) string {
	return `(() => {
		const t = document.getElementById('order-table');
		if (!t || t.tBodies[0].rows.length !== ` + strconv.Itoa(rows) + `) return false;
		const head = [...t.tHead.rows[0].cells].map(c => c.textContent);
		const lines = head.findIndex(h => h.startsWith('Lines open')), score = head.indexOf('Score');
		return 'rows: ' + [...t.tBodies[0].rows].map(r => r.cells[1].textContent + ':' + r.cells[lines].textContent + ':' + r.cells[score].textContent).sort().join(' ');
	})()`
}

// WantOrderTable is what OrderTableJS reads for p, from the inspector's
// answer (package internal/answer), and the number of rows it waits for.
func WantOrderTable(p board.Position) (want string, rows int) {
	var got []string
	for _, m := range answer.Inspect(p).Order {
		got = append(got, fmt.Sprintf("%d:%d (%d) %d:%d", m.Col, m.OpenLines, m.HeldLines, m.BlockedLines, m.Score))
	}
	slices.Sort(got)
	return "rows: " + strings.Join(got, " "), len(got)
}

// OrderOverflowJS is JavaScript for chromedp.Evaluate[[]float64] that says
// how far the move-ordering table and its caption reach beyond the box
// that holds them, in pixels: the table's scroll width less the box's
// width, and the caption's right edge less the box's. Both are at most 0
// when they fit (issue 39 item 3: at 390 px wide the table was 416 px, its
// caption cut mid-word).
const OrderOverflowJS = `(() => {
	const box = document.getElementById('order-table').parentElement;
	const cap = document.querySelector('#order-table caption');
	return [box.scrollWidth - box.clientWidth, cap.getBoundingClientRect().right - box.getBoundingClientRect().right];
})()`
