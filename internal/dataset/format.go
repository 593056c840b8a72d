package dataset

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/posfile"
)

// Format is a file format of datasets, chosen by the file's extension.
type Format uint8

const (
	JSONL   Format = iota // .jsonl: one JSON object per line
	CSV                   // .csv: a header line, then board,index,pos,ply,score,c1..cW
	Parquet               // .parquet: the columns of [ParquetRow]
)

// FormatOf returns the format named by path's extension.
func FormatOf(path string) (Format, error) {
	switch filepath.Ext(path) {
	case ".jsonl":
		return JSONL, nil
	case ".csv":
		return CSV, nil
	case ".parquet":
		return Parquet, nil
	}
	return 0, fmt.Errorf("%s: unknown format: want a .jsonl, .csv or .parquet file", path)
}

// parquetRow is the schema of a Parquet dataset, one row per [datasetRecord]
// and its board.
type parquetRow struct {
	Board  string  `parquet:"board,dict"`
	Index  int64   `parquet:"index"`
	Pos    string  `parquet:"pos"`
	Ply    int32   `parquet:"ply"`
	Score  int32   `parquet:"score"`
	Scores []int32 `parquet:"scores,list"`
}

// csvHeader is the first line of a CSV dataset: the board, the record's
// fields, and the scores as one column per board column, c1 to cW.
var csvHeader = csvColumns(board.Width)

// csvColumns returns the header of a CSV dataset of a board of width
// columns.
func csvColumns(width int) []string {
	h := []string{"board", "index", "pos", "ply", "score"}
	for c := 1; c <= width; c++ {
		h = append(h, "c"+strconv.Itoa(c))
	}
	return h
}

// recordWriter writes records in one format; Close flushes it without
// closing the underlying writer.
type recordWriter interface {
	Write(rec datasetRecord) error
	Close() error
}

// boardKey is the key of the board in a Parquet file's footer, which
// every Parquet dataset holds, settings or not.
const boardKey = "fourgen.dataset.board"

// newWriter returns a writer of format f onto w. A Parquet file holds the
// board, and the settings s if not nil, in its footer (see settings.go).
func newWriter(f Format, w io.Writer, s *settings) (recordWriter, error) {
	switch f {
	case CSV:
		cw := csv.NewWriter(w)
		return &csvWriter{cw}, cw.Write(csvHeader)
	case Parquet:
		options := []parquet.WriterOption{parquet.Compression(&parquet.Zstd), parquet.KeyValueMetadata(boardKey, boardName)}
		if s != nil {
			options = append(options, parquet.KeyValueMetadata(settingsKey, string(s.encode())))
		}
		return &parquetWriter{parquet.NewGenericWriter[parquetRow](w, options...)}, nil
	}
	return &jsonWriter{bufio.NewWriter(w)}, nil
}

type jsonWriter struct{ w *bufio.Writer }

func (j *jsonWriter) Write(rec datasetRecord) error { _, err := j.w.Write(encodeJSON(rec)); return err }
func (j *jsonWriter) Close() error                  { return j.w.Flush() }

type csvWriter struct{ w *csv.Writer }

func (c *csvWriter) Write(rec datasetRecord) error {
	row := []string{boardName, strconv.FormatInt(rec.Index, 10), rec.Pos, strconv.Itoa(rec.Ply), strconv.Itoa(rec.Score)}
	for _, s := range rec.Scores {
		row = append(row, strconv.Itoa(s))
	}
	return c.w.Write(row)
}

func (c *csvWriter) Close() error { c.w.Flush(); return c.w.Error() }

type parquetWriter struct {
	w *parquet.GenericWriter[parquetRow]
}

func (p *parquetWriter) Write(rec datasetRecord) error {
	row := parquetRow{Board: boardName, Index: rec.Index, Pos: rec.Pos, Ply: int32(rec.Ply), Score: int32(rec.Score), Scores: make([]int32, board.Width)}
	for i, s := range rec.Scores {
		row.Scores[i] = int32(s)
	}
	_, err := p.w.Write([]parquetRow{row})
	return err
}

func (p *parquetWriter) Close() error { return p.w.Close() }

// readFile reads every record of a dataset file of any format, checking
// each: its fields, and labels that fit its position.
func readFile(path string) ([]datasetRecord, error) {
	f, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var recs []datasetRecord
	switch f {
	case JSONL:
		recs, err = readJSONL(file)
	case CSV:
		recs, err = readCSV(file)
	case Parquet:
		recs, err = readParquet(file)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i, rec := range recs {
		if err := rec.checkLabels(); err != nil {
			return nil, fmt.Errorf("%s: record %d (slot %d): %w", path, i+1, rec.Index, err)
		}
	}
	return recs, nil
}

// readJSONL reads JSON lines; every line must be a complete record. As
// every reader of lines, it stops at once at binary data or a line over
// [posfile.MaxLineBytes], naming the line.
func readJSONL(r io.Reader) ([]datasetRecord, error) {
	var recs []datasetRecord
	for l, err := range posfile.Lines(r) {
		if err != nil {
			return nil, err
		}
		rec, err := parseJSON([]byte(l.Text))
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", l.N, err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// readCSV reads a CSV dataset, header first: the header of csvHeader for
// a board of any width (or one without the board column, as older c4s
// wrote it, read only where [legacyApplies]), and rows of this engine's
// board, each row's board checked before its other fields. As every
// reader of lines, it stops at once at binary data or a line over
// [posfile.MaxLineBytes], naming the line.
func readCSV(r io.Reader) ([]datasetRecord, error) {
	cr := csv.NewReader(posfile.TextReader(r)) // every row as many fields as the header
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no header line %v", csvHeader)
	}
	legacy, width, err := checkCSVHeader(rows[0])
	if err != nil {
		return nil, err
	}
	wrongWidth := fmt.Errorf("the header has %d score columns, this c4's board %d", width, board.Width)
	if len(rows) == 1 && width != board.Width {
		return nil, wrongWidth
	}
	recs := make([]datasetRecord, 0, len(rows)-1)
	for n, row := range rows[1:] {
		if !legacy {
			if err := checkBoard("a record", row[0]); err != nil {
				return nil, fmt.Errorf("line %d: %w", n+2, err)
			}
			row = row[1:]
		}
		if width != board.Width {
			return nil, fmt.Errorf("line %d: %w", n+2, wrongWidth)
		}
		rec, err := parseCSVRow(row)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+2, err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// checkCSVHeader checks the header line h of a CSV dataset and returns
// its number of score columns, and whether it is a header without the
// board column (see readCSV).
func checkCSVHeader(h []string) (legacy bool, width int, err error) {
	switch {
	case len(h) > 4 && h[0] == "index" && slices.Equal(h, csvColumns(len(h) - 4)[1:]):
		return true, len(h) - 4, errNoBoard("a CSV file")
	case len(h) > 5 && slices.Equal(h, csvColumns(len(h)-5)):
		return false, len(h) - 5, nil
	}
	return false, 0, fmt.Errorf("no header line %v", csvHeader)
}

// parseCSVRow parses and checks one CSV row without its board: the
// 4 + board.Width fields after it.
func parseCSVRow(row []string) (datasetRecord, error) {
	var nums [3 + board.Width]int
	for i, field := range append([]string{row[0]}, row[2:]...) {
		v, err := strconv.Atoi(field)
		if err != nil {
			return datasetRecord{}, fmt.Errorf("field %q: not a number", field)
		}
		nums[i] = v
	}
	rec := datasetRecord{Index: int64(nums[0]), Pos: row[1], Ply: nums[1], Score: nums[2]}
	copy(rec.Scores[:], nums[3:])
	return rec, rec.check()
}

// readParquet reads a Parquet dataset.
func readParquet(file *os.File) ([]datasetRecord, error) {
	info, err := file.Stat()
	if err != nil {
		return nil, err
	}
	return readParquetAt(file, info.Size())
}

// readParquetAt reads a Parquet dataset of size bytes from r.
func readParquetAt(r io.ReaderAt, size int64) (recs []datasetRecord, err error) {
	// The Parquet library panics on some damaged files (a nil page read
	// as a string column): that is a file refused, not a crash.
	defer func() {
		if p := recover(); p != nil {
			recs, err = nil, fmt.Errorf("not a readable Parquet file: %v", p)
		}
	}()
	if err := checkParquetLimits(r, size); err != nil {
		return nil, err
	}
	rows, hasBoard, err := readParquetRows(r, size)
	if err != nil {
		return nil, err
	}
	if !hasBoard {
		if err := errNoBoard("a Parquet file"); err != nil {
			return nil, err
		}
	}
	recs = make([]datasetRecord, len(rows))
	for i, row := range rows {
		if hasBoard {
			if err := checkBoard("a record", row.Board); err != nil {
				return nil, fmt.Errorf("row %d: %w", i, err)
			}
		}
		if len(row.Scores) != board.Width {
			return nil, fmt.Errorf("row %d: %d scores, want %d", i, len(row.Scores), board.Width)
		}
		rec := datasetRecord{Index: row.Index, Pos: row.Pos, Ply: int(row.Ply), Score: int(row.Score)}
		for c, s := range row.Scores {
			rec.Scores[c] = int(s)
		}
		if err := rec.check(); err != nil {
			return nil, fmt.Errorf("row %d: %w", i, err)
		}
		recs[i] = rec
	}
	return recs, nil
}

// readParquetRows reads the rows of a Parquet file whose limits were
// checked (see checkParquetLimits), a batch at a time, and says whether
// the file has the board column (files of an older c4 have none).
func readParquetRows(r io.ReaderAt, size int64) (rows []parquetRow, hasBoard bool, err error) {
	file, err := parquet.OpenFile(r, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, false, err
	}
	_, hasBoard = file.Schema().Lookup("board")
	reader := parquet.NewGenericReader[parquetRow](file)
	defer reader.Close()
	for {
		batch := make([]parquetRow, 64) // new each time: Read may reuse a row's Scores
		n, err := reader.Read(batch)
		rows = append(rows, batch[:n]...)
		if err == io.EOF {
			return rows, hasBoard, nil
		}
		if err != nil {
			return nil, false, err
		}
		if int64(len(rows)) > file.NumRows() {
			return nil, false, fmt.Errorf("more rows than the file's %d", file.NumRows())
		}
	}
}
