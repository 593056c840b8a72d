package dataset

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
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

// headerLine is the header line of the checkpoint of opts, newline included.
func headerLine(opts Options) []byte {
	h := checkpointHeader{1, opts.Count, opts.MinPly, opts.MaxPly, opts.Seed, opts.Distribution.String(), opts.Duplicates, opts.NoMirror, opts.Shard.String()}
	line, _ := json.Marshal(h) // only numbers, booleans and short strings
	return append(line, '\n')
}

// resume opens (or creates) the checkpoint at path for opts and returns it
// positioned after its valid prefix, with the records of that prefix: the
// complete lines that hold, in order, the slots of mine with the positions
// of positions. Anything after the prefix is cut off.
func resume(path string, opts Options, mine []int, positions []string) (*os.File, []Record, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
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
		recs = validPrefix(data[valid:], mine, positions)
		for _, rec := range recs {
			valid += int64(len(encodeJSON(rec)))
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

// validPrefix parses the records of body, the lines after the header,
// up to the first line that is incomplete, does not parse, is not in its
// canonical encoding or does not hold the next slot of mine.
func validPrefix(body []byte, mine []int, positions []string) []Record {
	var recs []Record
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<20)
	rest := body
	for k := 0; k < len(mine) && sc.Scan(); k++ {
		line := sc.Bytes()
		if len(rest) < len(line)+1 || rest[len(line)] != '\n' {
			break // the last line has no newline: cut short
		}
		rest = rest[len(line)+1:]
		rec, err := parseJSON(line)
		if err != nil || rec.Index != int64(mine[k]) || rec.Pos != positions[mine[k]] || !bytes.Equal(encodeJSON(rec), append(line, '\n')) {
			break
		}
		recs = append(recs, rec)
	}
	return recs
}
