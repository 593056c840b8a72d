package eval

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteReports checks each format of one report and of two: JSON an
// object for one and an array for more, Markdown a row each, text the
// reports one after the other with a blank line between.
func TestWriteReports(t *testing.T) {
	a, b := &Report{Agent: "a<b"}, &Report{Agent: "b"}
	a.finish()
	b.finish()
	for _, tc := range []struct {
		name    string
		reports []*Report
		format  Format
		prefix  string
		lines   int // lines starting with check
		check   string
	}{
		{"JSON, one", []*Report{a}, JSON, "{\n", 1, `  "agent": "a<b",`},
		{"JSON, two", []*Report{a, b}, JSON, "[\n", 2, `    "agent": `},
		{"Markdown", []*Report{a, b}, Markdown, "| a<b | 0 |", 2, "| "},
		{"text", []*Report{a, b}, Text, "agent a<b, 0 positions\n", 1, "agent b, 0 positions"},
		{"text, a blank line between", []*Report{a, b}, Text, "agent", 1, ""},
	} {
		var buf bytes.Buffer
		if err := WriteReports(&buf, tc.reports, tc.format); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		out := buf.String()
		n := 0
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if strings.HasPrefix(line, tc.check) && (tc.check != "" || line == "") {
				n++
			}
		}
		if !strings.HasPrefix(out, tc.prefix) || n != tc.lines {
			t.Errorf("%s: %d lines starting %q, want %d, in:\n%s", tc.name, n, tc.check, tc.lines, out)
		}
	}
}
