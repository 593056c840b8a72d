package dataset

import (
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
	"github.com/fourgen/fourgen/internal/shard"
)

// TestParquetSchema writes a Parquet dataset and reads it back with the
// schema the package doc documents, then as records equal to the JSONL
// ones.
func TestParquetSchema(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Spec: quickSpec, TableMiB: 16}
	cleanRun(t, dir, "d.jsonl", opts)
	cleanRun(t, dir, "d.parquet", opts)
	f, err := os.Open(filepath.Join(dir, "d.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, _ := f.Stat()
	pf, err := parquet.OpenFile(f, info.Size())
	if err != nil {
		t.Fatal(err)
	}
	if pf.NumRows() != int64(quickSpec.Count) {
		t.Errorf("%d rows, want %d", pf.NumRows(), quickSpec.Count)
	}
	want := map[string]string{ // column path: physical type and logical type
		"board":               "BYTE_ARRAY STRING",
		"index":               "INT64",
		"pos":                 "BYTE_ARRAY STRING",
		"ply":                 "INT32",
		"score":               "INT32",
		"scores.list.element": "INT32",
	}
	got := map[string]string{}
	for _, col := range pf.Schema().Columns() {
		leaf, _ := pf.Schema().Lookup(col...)
		desc := leaf.Node.Type().Kind().String()
		if lt := leaf.Node.Type().LogicalType(); lt != nil && strings.Contains(strings.ToUpper(lt.String()), "STRING") {
			desc += " STRING"
		}
		got[strings.Join(col, ".")] = desc
	}
	for path, typ := range want {
		if !strings.EqualFold(got[path], typ) {
			t.Errorf("column %s: %q, want %q (schema %v)", path, got[path], typ, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("columns %v, want %v", got, want)
	}
	if !strings.Contains(pf.Schema().String(), "(LIST)") {
		t.Errorf("scores is not a LIST:\n%s", pf.Schema())
	}
	jsonRecs, err := readFile(filepath.Join(dir, "d.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	parquetRecs, err := readFile(filepath.Join(dir, "d.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(jsonRecs, parquetRecs) {
		t.Error("Parquet records differ from the JSON lines")
	}
}

// TestMerge labels a dataset in three shards written in three formats
// and checks that merging them gives the file of a one-shard run, and that
// a missing or repeated shard is refused.
func TestMerge(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Spec: quickSpec, TableMiB: 16}
	want := cleanRun(t, dir, "clean.jsonl", opts)
	var shards []string
	for i, ext := range []string{".jsonl", ".csv", ".parquet"} {
		o := opts
		o.Shard = shard.Part{Index: i, Of: 3}
		name := filepath.Join(dir, "shard"+string(rune('0'+i))+ext)
		if err := Run(context.Background(), name, o); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, name)
	}
	out := filepath.Join(dir, "merged.jsonl")
	n, err := Merge(out, shards, MergeOptions{})
	if err != nil || n != quickSpec.Count {
		t.Fatalf("Merge = %d, %v; want %d", n, err, quickSpec.Count)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Error("merged shards differ from a one-shard run")
	}
	for _, tc := range []struct {
		inputs []string
		err    string
	}{
		{shards[:2], "missing"},
		{append(shards, shards[1]), "both"},
		{nil, "no input"},
	} {
		if _, err := Merge(filepath.Join(dir, "bad.jsonl"), tc.inputs, MergeOptions{}); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Merge(%v): error %v, want one containing %q", tc.inputs, err, tc.err)
		}
	}
}

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct {
		path string
		want Format
		ok   bool
	}{{"a.jsonl", JSONL, true}, {"x/b.csv", CSV, true}, {"c.parquet", Parquet, true}, {"d.json", 0, false}, {"e", 0, false}} {
		got, err := FormatOf(tc.path)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("FormatOf(%q) = %v, %v", tc.path, got, err)
		}
	}
}

// TestReadFileRejects checks that damaged dataset files are refused with
// a clear error.
func TestReadFileRejects(t *testing.T) {
	dir := t.TempDir()
	good := jsonLine(`"index":0,"pos":"4","ply":1,"score":-2,"scores":[` + sampleScores(board.Width, ",") + `]`)
	zeroScores := zeros(board.Width, ",")
	tests := []struct{ name, data, err string }{
		{"a.jsonl", good + "\n" + jsonLine(`"index":1`) + "\n", "line 2: want the fields"},
		{"a2.jsonl", jsonLine(`"index":0,"pos":"4","ply":1,"score":-2,"scores":[` + sampleScores(board.Width-1, ",") + `]`),
			fmt.Sprintf("%d scores", board.Width-1)},
		{"b.jsonl", jsonLine(`"index":0,"pos":"4","ply":2,"score":0,"scores":[` + zeroScores + `]`), "ply says 2"},
		{"c.jsonl", jsonLine(`"index":0,"pos":"4","ply":1,"score":0,"scores":[` + zeroScores + `],"x":1`), "unknown field"},
		{"c2.jsonl", `{"board":"","index":0,"pos":"4","ply":1,"score":-2,"scores":[` + sampleScores(board.Width, ",") + `]}`, "an empty board"},
		{"c3.jsonl", `{"board":"7 by 6","index":0,"pos":"4","ply":1,"score":-2,"scores":[` + sampleScores(board.Width, ",") + `]}`, "want WIDTHxHEIGHT"},
		{"d.csv", "index,pos\n", "no header line"},
		{"d2.csv", strings.Join(csvHeader, ",") + "\n" + boardName + ",0,4\n", "wrong number of fields"},
		{"e.csv", strings.Join(csvHeader, ",") + "\n" + boardName + ",0,4,1,x," + zeroScores + "\n", "not a number"},
		{"f.csv", "", "no header"},
		{"g.parquet", "PAR1 not really", ""},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		os.WriteFile(path, []byte(tc.data), 0o644)
		if _, err := readFile(path); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
		}
	}
}
