package eval

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteReports checks each format of one report and of two: JSON an
// object for one and an array for more, Markdown a table (a header, a
// row each), text the
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
		{"Markdown", []*Report{a, b}, Markdown, "| agent | positions | perfect | good | failed |", 4, "| "},
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

// TestMarkdownTable: --markdown prints a whole table: a header naming
// every column of the rows, the line under it, then a row per report,
// all with as many columns.
func TestMarkdownTable(t *testing.T) {
	r := &Report{Agent: "x"}
	r.add(move{Moves: "4", Left: 20, Perfect: true, Good: true})
	r.finish()
	var buf bytes.Buffer
	if err := WriteReports(&buf, []*Report{r, r}, Markdown); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want a header, its line and 2 rows:\n%s", len(lines), buf.String())
	}
	columns := func(line string) []string {
		return strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | ")
	}
	head := columns(lines[0])
	if want := 5 + len(stages)*len(difficulties); len(head) != want || head[0] != "agent" || head[4] != "failed" || head[5] != "<=14 played, <14 left" || head[6] != "<=14, <28" {
		t.Errorf("header %q: want %d columns, agent ... failed, then the cells", head, want)
	}
	for i, line := range lines[1:] {
		cols := columns(line)
		if len(cols) != len(head) || i == 0 && strings.Trim(strings.Join(cols, ""), "- ") != "" {
			t.Errorf("line %d, %q: want %d columns (the first line dashes)", i+2, line, len(head))
		}
	}
	if row := columns(lines[2]); row[0] != "x" || row[1] != "1" || row[4] != "0" {
		t.Errorf("row %q", row)
	}
}
