package server

import (
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// pageConstants are the page's named tuning constants, the only numbers a
// script may declare without asking the server: delays and lengths of
// quoted text, never the board's.
var pageConstants = map[string]bool{
	"FIRST_RETRY_DELAY": true,
	"MAX_RETRY_DELAY":   true,
	"PROGRESS_TICK":     true,
	"MAX_LINK_SHOWN":    true,
	"MAX_SHOWN":         true,
	"MAX_WORKERS":       true, // engine.js: Web Workers at most
	"SMALL_TABLE_MIB":   true, // engine.js: the table of the worker that answers inspections
	"DEFAULT_TABLE_MIB": true, // engine.js: the table of a solving worker, unless the link says
	"MAX_TABLE_MIB":     true, // engine.js: the largest table a link may ask for
	"MAX_PLAYOUTS":      true, // controls.js: the largest mcts:N of a link, maxPlayouts (TestWebPlayoutsCap)
}

// pageOptions finds the entries of the page's menus: their values, and
// whether one is selected.
var pageOptions = regexp.MustCompile(`<option value="([^"]+)"( selected)?>`)

var (
	jsComment   = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	jsStringLit = regexp.MustCompile(`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"`)
	jsTemplate  = regexp.MustCompile("`[^`]*`")
	jsConstant  = regexp.MustCompile(`(?m)^(?:export )?const ([A-Z_]+) = [\d_]+;`)
	jsNumber    = regexp.MustCompile(`(?:^|[^\w.$])(\d+)(?:[^\w.]|$)`)
)

// TestWebNoBoardNumbers scans the page's scripts for the board's numbers
// (issue 11: the page takes the size from the API): the width, the height,
// the cells, the bits per column and the bits of a word's columns. Numbers
// in strings and comments do not count, nor the constants of pageConstants.
func TestWebNoBoardNumbers(t *testing.T) {
	numbers := make(map[int]string)
	for _, n := range []struct {
		n    int
		what string
	}{
		{board.Width * board.ColumnBits, "the bits of the columns"},
		{board.ColumnBits, "the bits per column"},
		{board.Cells, "the cells"},
		{board.Height, "the height"},
		{board.Width, "the width"}, // last: the width's name wins when two are equal
	} {
		numbers[n.n] = n.what
	}
	scripts, err := fs.Glob(webFiles, "web/*.js")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts in web/: %v", err)
	}
	for _, name := range scripts {
		if name == "web/board-element.js" {
			continue // the npm package's element, checked by treerules' TestNoBoardNumbers (its placeholder is the classic board)
		}
		src, err := fs.ReadFile(webFiles, name)
		if err != nil {
			t.Fatal(err)
		}
		code := jsComment.ReplaceAllString(string(src), "")
		code = jsStringLit.ReplaceAllString(code, "''")
		// Keep the code of ${...} in templates, drop their text.
		code = jsTemplate.ReplaceAllStringFunc(code, func(tpl string) string {
			var kept []string
			for _, part := range strings.Split(tpl, "${")[1:] {
				expr, _, _ := strings.Cut(part, "}")
				kept = append(kept, expr)
			}
			return "(" + strings.Join(kept, ", ") + ")"
		})
		for _, m := range jsConstant.FindAllStringSubmatch(code, -1) {
			if !pageConstants[m[1]] {
				t.Errorf("%s: constant %s is not one of the page's tuning constants: ask the server", name, m[1])
			}
		}
		code = jsConstant.ReplaceAllString(code, "")
		for _, m := range jsNumber.FindAllStringSubmatch(code, -1) {
			n, _ := strconv.Atoi(m[1])
			if what, ok := numbers[n]; ok {
				t.Errorf("%s: the number %d, %s of the board, is written in the script: take it from the API", name, n, what)
			}
		}
	}
}

// TestWebOpponents checks that every opponent of the page's menu is an
// agent the server plays.
func TestWebOpponents(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	page, err := fs.ReadFile(webFiles, "web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	var levels []string
	for _, m := range pageOptions.FindAllStringSubmatch(string(page), -1) {
		if m[1] != "human" && m[1] != "1" && m[1] != "2" {
			levels = append(levels, m[1])
		}
	}
	if !strings.Contains(strings.Join(levels, " "), "mcts:") {
		t.Errorf("the opponents %q lack a Monte-Carlo agent (mcts:N)", levels)
	}
	for _, level := range levels {
		if strings.HasPrefix(level, "mcts:") && batch.Supported() != nil {
			t.Logf("%s: skipped, batch (its playouts) does not play this board: %v", level, batch.Supported())
			continue
		}
		status, h, body := get(t, ts, "/api/move?"+url.Values{"pos": {opponentPosition(t)}, "level": {level}, "seed": {"3"}}.Encode())
		if status != http.StatusOK {
			t.Errorf("opponent %q: status %d: %s", level, status, body)
			continue
		}
		if m := decode[answer.Move](t, h, body); m.Level != level {
			t.Errorf("opponent %q: the server plays %q", level, m.Level)
		}
	}
}

// TestWebOpponentsByStrength checks the opponent menu against the
// measured strength of its agents (issue 39 item 2: mcts:1000, which beat
// level3 17-0-3, was listed below random): strongest first, by the rate
// of good moves in README's table of c4 eval (perfect's is 100% by
// definition), then two players; and the page opens against an agent.
func TestWebOpponentsByStrength(t *testing.T) {
	page, err := fs.ReadFile(webFiles, "web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	good := map[string]float64{"perfect": 100}
	for _, m := range regexp.MustCompile(`(?m)^\| ([a-z0-9:]+) \| [\d.]+% \| ([\d.]+)% \|$`).FindAllStringSubmatch(string(readme), -1) {
		good[m[1]], _ = strconv.ParseFloat(m[2], 64)
	}
	_, menu, _ := strings.Cut(string(page), `<select id="opponent">`)
	menu, _, _ = strings.Cut(menu, "</select>")
	var order, selected []string
	for _, m := range pageOptions.FindAllStringSubmatch(menu, -1) {
		order = append(order, m[1])
		if m[2] != "" {
			selected = append(selected, m[1])
		}
	}
	if len(order) < 3 || order[len(order)-1] != "human" {
		t.Fatalf("the opponents %q: want agents, then human (two players) last", order)
	}
	agents := order[:len(order)-1]
	for i, a := range agents {
		if _, ok := good[a]; !ok {
			t.Errorf("opponent %s has no row in README's table of c4 eval: measure it (docs/eval.md)", a)
		} else if i > 0 && good[agents[i-1]] < good[a] {
			t.Errorf("opponent %s (%.1f%% good moves) is listed below %s (%.1f%%): the menu goes strongest first", a, good[a], agents[i-1], good[agents[i-1]])
		}
	}
	if len(selected) != 1 || selected[0] == "human" {
		t.Errorf("the menu selects %q: want one agent, the opponent of a link without ?vs=", selected)
	}
}

// TestWebPlayoutsCap checks that the page accepts mcts:N up to the
// server's cap, no less and no more: ?vs=mcts:100000 was refused while
// the API played it (issue 39 item 2).
func TestWebPlayoutsCap(t *testing.T) {
	src, err := fs.ReadFile(webFiles, "web/controls.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^export const MAX_PLAYOUTS = ([\d_]+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("controls.js declares no MAX_PLAYOUTS")
	}
	if n, _ := strconv.Atoi(strings.ReplaceAll(string(m[1]), "_", "")); n != maxPlayouts {
		t.Errorf("the page plays mcts:N up to %d, c4 serve up to %d", n, maxPlayouts)
	}
}

// TestWebColumnKeys checks that the page has a key for every column of
// this board (controls.js's COLUMN_KEYS: 1 to 9, then 0, - and = for the
// columns 10 to 12), each key once, and that its help names them.
func TestWebColumnKeys(t *testing.T) {
	src, err := fs.ReadFile(webFiles, "web/controls.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const COLUMN_KEYS = '([^']*)';`).FindSubmatch(src)
	if m == nil {
		t.Fatal("controls.js declares no COLUMN_KEYS")
	}
	keys := string(m[1])
	if len(keys) < board.Width {
		t.Errorf("COLUMN_KEYS %q has %d keys, the board %d columns: its columns from %d have no key", keys, len(keys), board.Width, len(keys)+1)
	}
	for i := range len(keys) {
		if strings.IndexByte(keys, keys[i]) != i {
			t.Errorf("COLUMN_KEYS %q names %q twice", keys, keys[i])
		}
	}
	page, err := fs.ReadFile(webFiles, "web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `id="keys-help"`) || !strings.Contains(string(page), "0, - and =") {
		t.Error(`index.html has no help of the keys (id="keys-help") naming 0, - and =`)
	}
}
