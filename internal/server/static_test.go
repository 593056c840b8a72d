package server

import (
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/board"
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
}

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
	options := regexp.MustCompile(`<option value="([^"]+)">`).FindAllStringSubmatch(string(page), -1)
	var levels []string
	for _, m := range options {
		if m[1] != "human" && m[1] != "1" && m[1] != "2" {
			levels = append(levels, m[1])
		}
	}
	if !strings.Contains(strings.Join(levels, " "), "mcts:") {
		t.Errorf("the opponents %q lack a Monte-Carlo agent (mcts:N)", levels)
	}
	for _, level := range levels {
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
