package dataset

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/endless"
	"github.com/fourgen/fourgen/internal/posfile"
)

// TestReadLineLimits checks that the JSON-lines and CSV readers, like
// every reader of lines, stop at once at binary data or a line over
// posfile.MaxLineBytes, endless input too, naming the line.
func TestReadLineLimits(t *testing.T) {
	record := jsonLine(`"index":0,"pos":"4","ply":1,"score":-2,"scores":[`+sampleScores(board.Width, ",")+`]`) + "\n"
	header := strings.Join(csvHeader, ",") + "\n"
	long := func(line int) error { return posfile.LongLineError{Line: line, Max: posfile.MaxLineBytes} }
	for _, tc := range []struct {
		name string
		read func(io.Reader) ([]datasetRecord, error)
		r    io.Reader
		want error
	}{
		{"jsonl zeros", readJSONL, endless.Reader(0), posfile.BinaryError{Line: 1}},
		{"jsonl endless line", readJSONL, endless.Reader('{'), long(1)},
		{"jsonl a record, then an endless line", readJSONL, io.MultiReader(strings.NewReader(record), endless.Reader(' ')), long(2)},
		{"jsonl a record, then zeros", readJSONL, io.MultiReader(strings.NewReader(record), endless.Reader(0)), posfile.BinaryError{Line: 2}},
		{"csv zeros", readCSV, endless.Reader(0), posfile.BinaryError{Line: 1}},
		{"csv endless line", readCSV, endless.Reader('1'), long(1)},
		{"csv a header, then an endless line", readCSV, io.MultiReader(strings.NewReader(header), endless.Reader('1')), long(2)},
		{"csv a header, then zeros", readCSV, io.MultiReader(strings.NewReader(header), endless.Reader(0)), posfile.BinaryError{Line: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := tc.read(tc.r)
			if !errors.Is(err, tc.want) || recs != nil {
				t.Errorf("%d records, %v; want none and %v", len(recs), err, tc.want)
			}
		})
	}
}
