package dataset

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/shard"
)

// otherWidth is the width of a board other than this engine's, one column
// wider (narrower on the widest boards), so that a file of it has another
// number of scores too: the board must be refused before they are counted.
var otherWidth = board.Width + 1 - 2*min(1, board.Width/12)

// otherBoardName is the name of the otherWidth×board.Height board.
var otherBoardName = sizeName(otherWidth, board.Height)

// wantOtherBoard fails unless err names the other board and this one
// (as W×H) and the build that reads the file (make c4 SIZE=).
func wantOtherBoard(t *testing.T, what string, err error) {
	t.Helper()
	for _, want := range []string{
		fmt.Sprintf("%d×%d board", otherWidth, board.Height),
		fmt.Sprintf("this c4 plays %d×%d", board.Width, board.Height),
		"make c4 SIZE=" + otherBoardName,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", what, err, want)
		}
	}
}

// otherParquet is a Parquet dataset of one record of the other board, as a
// c4 of that board writes it.
func otherParquet(t *testing.T) []byte {
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[parquetRow](&buf, parquet.Compression(&parquet.Zstd), parquet.KeyValueMetadata(boardKey, otherBoardName))
	row := parquetRow{Board: otherBoardName, Index: 0, Pos: "1", Ply: 1, Scores: make([]int32, otherWidth)}
	if _, err := w.Write([]parquetRow{row}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestOtherBoardRefused writes a dataset file of another board in each
// format, as a c4 of that board writes it, and checks that reading it
// here (a merge, or a run whose output it is) is refused, naming both
// boards and the build that reads it; and that a shard whose settings
// name another board is refused by a merge.
func TestOtherBoardRefused(t *testing.T) {
	dir := t.TempDir()
	record := fmt.Sprintf(`{"board":"%s","index":0,"pos":"1","ply":1,"score":0,"scores":[%s]}`+"\n", otherBoardName, zeros(otherWidth, ","))
	csvFile := strings.Join(csvColumns(otherWidth), ",") + "\n" + otherBoardName + ",0,1,1,0," + zeros(otherWidth, ",") + "\n"
	for _, tc := range []struct{ name, data string }{
		{"other.jsonl", record},
		{"other.csv", csvFile},
		{"other.parquet", string(otherParquet(t))},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Merge(filepath.Join(dir, "merged.jsonl"), []string{path}, MergeOptions{})
		wantOtherBoard(t, tc.name, err)
		if err != nil && !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v does not name the file", tc.name, err)
		}
		err = Run(context.Background(), path, Options{Spec: quickSpec, TableMiB: 16})
		wantOtherBoard(t, tc.name+" as --out", err)
	}
	// A CSV file of another width with no record to name its board.
	path := filepath.Join(dir, "header.csv")
	os.WriteFile(path, []byte(strings.Join(csvColumns(otherWidth), ",")+"\n"), 0o644)
	if _, err := readFile(path); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d score columns, this c4's board %d", otherWidth, board.Width)) {
		t.Errorf("%s: error %v, want one counting the score columns", path, err)
	}
	// Records of this board, settings of another.
	shardFile := runShard(t, dir, "s.jsonl", quickSpec, 0, 1)
	side, _ := os.ReadFile(shardFile + settingsSuffix)
	other := bytes.Replace(side, []byte(`"board":"`+boardName+`"`), []byte(`"board":"`+otherBoardName+`"`), 1)
	if bytes.Equal(other, side) {
		t.Fatalf("no board in the settings %s", side)
	}
	os.WriteFile(shardFile+settingsSuffix, other, 0o644)
	_, err := Merge(filepath.Join(dir, "m.jsonl"), []string{shardFile}, MergeOptions{})
	wantOtherBoard(t, "settings", err)
}

// TestBoardRoundTrip writes records in each format, as a run or a merge
// writes them, and checks that the file records this engine's board where
// the package doc says (each JSON line's first field, each CSV row's first
// column, each Parquet row's board column, the settings in the sidecar or
// the footer) and that they read back unchanged.
func TestBoardRoundTrip(t *testing.T) {
	dir := t.TempDir()
	full := movetest.Fixture(strings.Repeat(fmt.Sprint(centre+1), board.Height))
	recs := []datasetRecord{{Index: 0, Pos: "", Ply: 0}, {Index: 1, Pos: full, Ply: board.Height}}
	recs[1].Scores[centre] = int(board.Invalid)
	s := settingsOf(Options{Spec: quickSpec, Shard: shard.Part{Index: 0, Of: 1}})
	for _, ext := range []string{".jsonl", ".csv", ".parquet"} {
		path := filepath.Join(dir, "d"+ext)
		format, _ := FormatOf(path)
		if err := writeFile(path, format, recs, &s); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		switch format {
		case JSONL:
			for i, line := range lines {
				if !strings.HasPrefix(line, `{"board":"`+boardName+`","index":`) {
					t.Errorf("%s: line %d %q does not open with the board", path, i+1, line)
				}
			}
		case CSV:
			if lines[0] != strings.Join(csvHeader, ",") || !strings.HasPrefix(lines[0], "board,index,") {
				t.Errorf("%s: header %q", path, lines[0])
			}
			for i, line := range lines[1:] {
				if !strings.HasPrefix(line, boardName+",") {
					t.Errorf("%s: line %d %q does not open with the board", path, i+2, line)
				}
			}
		case Parquet:
			pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			rows, err := parquet.Read[parquetRow](bytes.NewReader(data), int64(len(data)))
			if err != nil || len(rows) != len(recs) || rows[0].Board != boardName || rows[1].Board != boardName {
				t.Errorf("%s: rows %+v, %v: want the board %s in each", path, rows, err, boardName)
			}
			if name, _ := pf.Lookup(boardKey); name != boardName {
				t.Errorf("%s: footer board %q, want %q", path, name, boardName)
			}
			if meta, _ := pf.Lookup(settingsKey); !strings.Contains(meta, `"board":"`+boardName+`"`) {
				t.Errorf("%s: footer settings %q without the board", path, meta)
			}
		}
		if format != Parquet {
			side, _ := os.ReadFile(path + settingsSuffix)
			if !bytes.HasPrefix(side, []byte(`{"fourgen_dataset_settings":2,"board":"`+boardName+`",`)) {
				t.Errorf("%s: settings %q without the board", path, side)
			}
		}
		got, err := readFile(path)
		if err != nil || !slices.Equal(got, recs) {
			t.Errorf("%s: read back %+v, %v; want %+v", path, got, err, recs)
		}
		if back, err := readSettings(path); err != nil || back == nil || *back != s {
			t.Errorf("%s: settings read back %+v, %v; want %+v", path, back, err, s)
		}
	}
}

// TestCheckpointOtherBoard checks that a run refuses the checkpoint of a
// run of another board, naming both boards and the build that resumes
// it, and a checkpoint of an older c4, which records no board, and leaves
// either as it is.
func TestCheckpointOtherBoard(t *testing.T) {
	opts := Options{Spec: quickSpec, TableMiB: 16, Shard: shard.Part{Index: 0, Of: 1}}
	mine := headerLine(opts, newRunID())
	other := bytes.Replace(mine, []byte(`"board":"`+boardName+`"`), []byte(`"board":"`+otherBoardName+`"`), 1)
	older := bytes.Replace(bytes.Replace(mine, []byte(`"board":"`+boardName+`",`), nil, 1),
		[]byte(fmt.Sprintf(`"fourgen_dataset":%d`, checkpointVersion)), []byte(`"fourgen_dataset":2`), 1)
	if bytes.Equal(other, mine) || bytes.Equal(older, mine) {
		t.Fatalf("no board or version in the header %s", mine)
	}
	for _, tc := range []struct {
		name   string
		header []byte
		check  func(err error)
	}{
		{"other board", other, func(err error) { wantOtherBoard(t, "checkpoint", err) }},
		{"older c4", older, func(err error) {
			if err == nil || !strings.Contains(err.Error(), "older c4, without the board size") {
				t.Errorf("error %v, want one about an older c4", err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "d.jsonl")
			if err := os.WriteFile(out+".ckpt", tc.header, 0o644); err != nil {
				t.Fatal(err)
			}
			err := Run(context.Background(), out, opts)
			tc.check(err)
			if err != nil && !strings.Contains(err.Error(), out+".ckpt") {
				t.Errorf("error %v does not name the checkpoint", err)
			}
			if after, _ := os.ReadFile(out + ".ckpt"); !bytes.Equal(after, tc.header) {
				t.Errorf("the refused checkpoint was changed to %q", after)
			}
		})
	}
}

// TestFilesWithoutBoard checks what becomes of dataset files of an older
// c4, which record no board size: read as the legacy board's by a build
// of that board (and a merge says which), refused by every other build
// with an error naming the legacy board, this one and the build that
// reads them.
func TestFilesWithoutBoard(t *testing.T) {
	dir := t.TempDir()
	a := runShard(t, dir, "a.jsonl", quickSpec, 0, 2)
	b := runShard(t, dir, "b.csv", quickSpec, 1, 2)
	c := runShard(t, dir, "c.parquet", quickSpec, 0, 2)
	want := map[string][]datasetRecord{}
	for _, path := range []string{a, b, c} {
		recs, err := readFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want[path] = recs
	}
	// As an older c4 wrote them: no board field, column or setting.
	replace := func(path, old, new string) {
		data, _ := os.ReadFile(path)
		if !bytes.Contains(data, []byte(old)) {
			t.Fatalf("%s: no %q in %q", path, old, data)
		}
		os.WriteFile(path, bytes.ReplaceAll(data, []byte(old), []byte(new)), 0o644)
	}
	replace(a, `"board":"`+boardName+`",`, "")
	replace(b, boardName+",", "")
	replace(b, "board,", "")
	for _, path := range []string{a, b} {
		replace(path+settingsSuffix, `_settings":2,"board":"`+boardName+`",`, `_settings":1,`)
	}
	writeLegacyParquet(t, c, want[c])
	legacy := sizeName(legacyWidth, legacyHeight)
	for _, path := range []string{a, b, c} {
		got, err := readFile(path)
		switch {
		case legacyApplies() && (err != nil || !slices.Equal(got, want[path])):
			t.Errorf("%s: %v; want its records read as the %s board's", path, err, legacy)
		case !legacyApplies() && (err == nil || !strings.Contains(err.Error(), "without its board size") ||
			!strings.Contains(err.Error(), "make c4 SIZE="+legacy) || !strings.Contains(err.Error(), path)):
			t.Errorf("%s: error %v, want one naming the file, saying it records no board and naming make c4 SIZE=%s", path, err, legacy)
		}
	}
	var told []string
	_, err := Merge(filepath.Join(dir, "m.jsonl"), []string{a, b}, MergeOptions{Notify: func(m string) { told = append(told, m) }})
	switch {
	case legacyApplies() && (err != nil || !strings.Contains(strings.Join(told, "\n"), "no board size recorded for "+a+", "+b)):
		t.Errorf("merge of files without a board: %v, told %q; want it merged, naming both", err, told)
	case !legacyApplies() && (err == nil || !strings.Contains(err.Error(), "without its board size")):
		t.Errorf("merge of files without a board: error %v, want one saying so", err)
	}
}

// writeLegacyParquet writes recs to path as a Parquet dataset of an older
// c4: the columns of parquetRow but the board.
func writeLegacyParquet(t *testing.T, path string, recs []datasetRecord) {
	type legacyRow struct {
		Index  int64   `parquet:"index"`
		Pos    string  `parquet:"pos"`
		Ply    int32   `parquet:"ply"`
		Score  int32   `parquet:"score"`
		Scores []int32 `parquet:"scores,list"`
	}
	rows := make([]legacyRow, len(recs))
	for i, rec := range recs {
		rows[i] = legacyRow{Index: rec.Index, Pos: rec.Pos, Ply: int32(rec.Ply), Score: int32(rec.Score)}
		for _, s := range rec.Scores {
			rows[i].Scores = append(rows[i].Scores, int32(s))
		}
	}
	if err := parquet.WriteFile(path, rows); err != nil {
		t.Fatal(err)
	}
}

// FuzzCheckpointHeader feeds arbitrary first lines to the checkpoint's
// header reader: it must never panic, accept only this run's header (or
// the start of one, a run killed while writing it), and refuse a header
// of another board naming the build that resumes it.
func FuzzCheckpointHeader(f *testing.F) {
	opts := Options{Spec: quickSpec, Shard: shard.Part{Index: 0, Of: 1}}
	mine := headerLine(opts, "00112233445566778899aabbccddeeff")
	f.Add(mine)
	f.Add(mine[:len(mine)/2])
	f.Add(bytes.Replace(mine, []byte(`"board":"`+boardName+`"`), []byte(`"board":"`+otherBoardName+`"`), 1))
	f.Add(bytes.Replace(mine, []byte(`"board":"`+boardName+`"`), []byte(`"board":"x"`), 1))
	f.Add([]byte(fmt.Sprintf(`{"fourgen_dataset":%d,"board":"%s"}`+"\n", checkpointVersion, otherBoardName)))
	f.Add([]byte(`{"fourgen_dataset":2,"count":1}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		run, err := readHeader("ckpt", bufio.NewReaderSize(bytes.NewReader(data), maxRecordLine), opts)
		switch {
		case err == nil && run != "" && !bytes.HasPrefix(data, headerLine(opts, run)):
			t.Fatalf("%q: accepted run %q, not this run's header", data, run)
		case err == nil && run == "" && !isTornHeader(data, mine[:bytes.Index(mine, []byte(`"run":"`))+len(`"run":"`)]):
			t.Fatalf("%q: taken for a torn header", data)
		}
		first, _, _ := bytes.Cut(data, []byte("\n"))
		if other := headerBoard(first); err != nil && other != "" && other != boardName && strings.Contains(err.Error(), "another run") {
			t.Fatalf("%q: a header of the board %q refused as another run's: %v", data, other, err)
		}
	})
}

// TestOtherRuleRefused checks that a file of this board at another line
// length (make c4 K=) is refused, naming the rule and the build.
func TestOtherRuleRefused(t *testing.T) {
	other := board.InARow + 1
	err := checkBoard("a record", ruleName(board.Width, board.Height, other))
	for _, want := range []string{fmt.Sprintf("a record of %d in a row", other), "this c4 plays " + board.Rule(), board.BuildCommand(board.Width, board.Height, other)} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one saying %q", err, want)
		}
	}
	if err := checkBoard("a record", boardName); err != nil {
		t.Errorf("this board and rule %q refused: %v", boardName, err)
	}
}

func TestParseSizeName(t *testing.T) {
	for _, tt := range []struct {
		name    string
		w, h, k int
		ok      bool
	}{
		{"7x6", 7, 6, 4, true},
		{"7x6-k5", 7, 6, 5, true},
		{"4x5-k3", 4, 5, 3, true},
		{"7x6-k4", 0, 0, 0, false}, // four is written without -k
		{"7x6-k2", 0, 0, 0, false},
		{"7x6-k", 0, 0, 0, false},
		{"7x6-k05", 0, 0, 0, false},
		{"7x06", 0, 0, 0, false},
		{"x6", 0, 0, 0, false},
	} {
		w, h, k, ok := parseSizeName(tt.name)
		if w != tt.w || h != tt.h || k != tt.k || ok != tt.ok {
			t.Errorf("parseSizeName(%q) = %d, %d, %d, %v; want %d, %d, %d, %v", tt.name, w, h, k, ok, tt.w, tt.h, tt.k, tt.ok)
		}
	}
}
