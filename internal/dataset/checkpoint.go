package dataset

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/fourgen/fourgen/internal/english"
)

// The checkpoint of a run is a file of JSON lines: a header naming the
// spec and shard, then the records labelled so far in slot order. Only
// complete lines count; a run killed while writing one leaves a partial
// line, which resuming cuts off.

// checkpointHeader is the first line of a checkpoint: what it is a
// checkpoint of, so that a run with other flags does not resume it.
type checkpointHeader struct {
	Dataset      int    `json:"fourgen_dataset"`
	Count        int    `json:"count"`
	MinPly       int    `json:"min_ply"`
	MaxPly       int    `json:"max_ply"`
	Seed         uint64 `json:"seed"`
	Distribution string `json:"distribution"`
	Duplicates   bool   `json:"duplicates"`
	NoMirror     bool   `json:"no_mirror"`
	Shard        string `json:"shard"`
}

// maxRecordLine bounds the JSON line of one record, newline included: an
// index, a position of at most board.Cells moves and board.Width + 2
// small numbers take under 200 bytes.
const maxRecordLine = 512

// headerLine is the header line of the checkpoint of opts, newline included.
func headerLine(opts Options) []byte {
	h := checkpointHeader{1, opts.Count, opts.MinPly, opts.MaxPly, opts.Seed, opts.Distribution.String(), opts.Duplicates, opts.NoMirror, opts.Shard.String()}
	line, _ := json.Marshal(h) // only numbers, booleans and short strings
	return append(line, '\n')
}

// resume opens (or creates) the checkpoint at path for opts and returns it
// positioned after its valid prefix, with the records of that prefix: the
// complete lines that hold, in order, the slots of mine with the positions
// of positions. Anything after the prefix is cut off, and said to notify
// unless it is a partial last line (a run stopped while writing it).
func resume(path string, opts Options, mine []int, positions []string, notify func(string)) (*os.File, []Record, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	// Only the header and one line per slot can be of use: read no more,
	// whatever the file holds (the rest is cut off below as unread).
	limit := int64(len(headerLine(opts))) + int64(len(mine)+1)*maxRecordLine
	data, err := io.ReadAll(io.LimitReader(f, limit))
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	header := headerLine(opts)
	var recs []Record
	valid := int64(0)
	switch {
	case len(data) == 0 || (!bytes.Contains(data, []byte("\n")) && bytes.HasPrefix(header, data)):
		// New, or killed while writing the header.
	case !bytes.HasPrefix(data, header):
		f.Close()
		first, _, _ := bytes.Cut(data, []byte("\n"))
		return nil, nil, fmt.Errorf("checkpoint %s belongs to another run (%s): use the same flags, or remove it to start over", path, first)
	default:
		valid = int64(len(header))
		var cut *cutLines
		recs, cut = validPrefix(data[valid:], mine, positions)
		for _, rec := range recs {
			valid += int64(len(encodeJSON(rec)))
		}
		if cut != nil && notify != nil {
			line, dropped := len(recs)+2, english.Plural(cut.lines, "line")
			if len(recs) == len(mine) {
				notify(fmt.Sprintf("checkpoint %s: dropped %s from line %d on: the shard has no more slots", path, dropped, line))
			} else {
				notify(fmt.Sprintf("checkpoint %s: dropped %s from line %d on, where the record of slot %d was expected (%s); they are labelled again",
					path, dropped, line, mine[len(recs)], cut.why))
			}
		}
	}
	if err := f.Truncate(valid); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(valid, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	if valid == 0 {
		if _, err := f.Write(header); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return f, recs, nil
}

// cutLines says why validPrefix stopped before the end of a body: the
// first refused line's fault, and the number of complete lines from it on.
type cutLines struct {
	why   string
	lines int
}

// validPrefix parses the records of body, the lines after the header, up
// to the first line that is incomplete, does not parse, is not in its
// canonical encoding or does not hold the next slot of mine. When it
// stops at a complete line, or at a line past the shard's last slot, it
// says why.
func validPrefix(body []byte, mine []int, positions []string) ([]Record, *cutLines) {
	var recs []Record
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<20)
	rest := body
	for k := 0; sc.Scan(); k++ {
		line := sc.Bytes()
		if len(rest) < len(line)+1 || rest[len(line)] != '\n' {
			return recs, nil // the last line has no newline: cut short
		}
		rest = rest[len(line)+1:]
		why := ""
		rec, err := parseJSON(line)
		switch {
		case k == len(mine):
			why = "past the shard's last slot"
		case err != nil:
			why = err.Error()
		case rec.Index != int64(mine[k]):
			why = fmt.Sprintf("index %d", rec.Index)
		case rec.Pos != positions[mine[k]]:
			why = fmt.Sprintf("pos %q, want %q", rec.Pos, positions[mine[k]])
		case !bytes.Equal(encodeJSON(rec), append(line, '\n')):
			why = "not written as a run writes it"
		}
		if why != "" {
			return recs, &cutLines{why, 1 + bytes.Count(rest, []byte("\n"))}
		}
		recs = append(recs, rec)
	}
	if err := sc.Err(); err != nil {
		return recs, &cutLines{err.Error(), 1 + bytes.Count(rest, []byte("\n"))}
	}
	return recs, nil
}
