package server

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// The two ways docs/api.md quotes an error: an example session, a curl line
// followed by the answer's JSON, and a message in the text followed by the
// request that answers it.
var (
	docCurl  = regexp.MustCompile(`^\$ curl -s '(?:http://)?localhost:8080(/[^']*)'`)
	docQuote = regexp.MustCompile("`([^`]+)`, as `(/api/[^`]+)` answers")
)

// TestDocsQuoteErrors asks the server every request whose error docs/api.md
// quotes and holds the quote to the answer, so that the page cannot drift
// from the code again (issue 39 item 6: it quoted "want pos or stream" long
// after the server said "want pos, board or stream").
func TestDocsQuoteErrors(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // the doc's examples are of the classic board
	doc, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	type quote struct{ path, error, json string }
	var quotes []quote
	lines := strings.Split(string(doc), "\n")
	for i, line := range lines {
		if m := docCurl.FindStringSubmatch(line); m != nil && i+1 < len(lines) && strings.HasPrefix(lines[i+1], `{"error"`) {
			quotes = append(quotes, quote{path: m[1], json: lines[i+1]})
		}
	}
	text := strings.Join(strings.Fields(string(doc)), " ") // a quote may run over a line break
	for _, m := range docQuote.FindAllStringSubmatch(text, -1) {
		quotes = append(quotes, quote{path: m[2], error: m[1]})
	}
	if len(quotes) < 2 {
		t.Fatalf("found %d quoted errors in docs/api.md, want the example session's and the text's", len(quotes))
	}

	ts, _ := startServer(t, testOptions())
	for _, q := range quotes {
		_, h, body := get(t, ts, q.path)
		if q.json != "" {
			if got := string(bytes.TrimSpace(body)); got != q.json {
				t.Errorf("docs/api.md: %s answers\n\t%s\nbut the doc shows\n\t%s", q.path, got, q.json)
			}
			continue
		}
		if e := decode[answer.Error](t, h, body); e.Error != q.error {
			t.Errorf("docs/api.md: %s answers %q, but the doc quotes %q", q.path, e.Error, q.error)
		}
	}
}
