package dataset

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/regularfile"
)

// The checkpoint of a run is a file of JSON lines: a header naming the
// settings, the shard and a random run id, then the records labelled so
// far in slot order, each sealed with a keyed hash (HMAC-SHA256) whose key
// is derived from the settings and the run id. Only complete lines count;
// a run killed while writing one leaves a partial line, which resuming
// cuts off. A complete line whose hash does not match is refused: it was
// edited or damaged. The hash catches edits and accidental damage, not
// someone who recomputes it with the run id from the header.

// checkpointVersion is the version of the checkpoint format: 2 added the
// run id and the hash of each record, 3 the board (in the header and in
// each record).
const checkpointVersion = 3

// checkpointHeader is the first line of a checkpoint without its run id:
// what it is a checkpoint of, so that a run with other flags does not
// resume it.
type checkpointHeader struct {
	Dataset int `json:"fourgen_dataset"`
	settings
}

// maxRecordLine bounds the line of one record, newline included: an
// index, a position of at most board.Cells moves, board.Width + 2 small
// numbers and the hash take under 300 bytes.
const maxRecordLine = 512

const (
	runIDBytes = 16
	macField   = `,"mac":"`
	macSuffix  = len(macField) + 2*sha256.Size + len(`"}`)
)

// settingsJSON is the JSON object of the run's settings and shard.
func settingsJSON(opts Options) []byte {
	line, _ := json.Marshal(checkpointHeader{checkpointVersion, settingsOf(opts)}) // only numbers, booleans and short strings
	return line
}

// headerLine is the header line of a checkpoint of opts with the run id
// run (hexadecimal), newline included.
func headerLine(opts Options, run string) []byte {
	s := settingsJSON(opts)
	return fmt.Appendf(s[:len(s)-1:len(s)-1], `,"run":"%s"}`+"\n", run)
}

// newRunID returns a random run id in hexadecimal.
func newRunID() string {
	b := make([]byte, runIDBytes)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// runKey is the key of the records' hashes of a run of opts with id run.
func runKey(opts Options, run string) []byte {
	m := hmac.New(sha256.New, []byte(run))
	m.Write(settingsJSON(opts))
	return m.Sum(nil)
}

// sealRecord is the checkpoint line of rec, newline included: its JSON
// with the hash of that JSON under key added as a last field.
func sealRecord(key []byte, rec datasetRecord) []byte {
	js := encodeJSON(rec)
	js = js[:len(js)-2] // without "}\n"
	m := hmac.New(sha256.New, key)
	m.Write(js)
	return fmt.Appendf(js, `%s%x"}`+"\n", macField, m.Sum(nil))
}

// errBadHash is the error of openRecord for a line whose hash is missing
// or does not match.
var errBadHash = errors.New("its checksum does not match: the record was edited or damaged")

// openRecord checks the hash of a checkpoint line (without its newline)
// under key and parses its record, which must be written as a run writes
// it.
func openRecord(key []byte, line []byte) (datasetRecord, error) {
	if len(line) < macSuffix || !bytes.HasPrefix(line[len(line)-macSuffix:], []byte(macField)) || !bytes.HasSuffix(line, []byte(`"}`)) {
		return datasetRecord{}, errBadHash
	}
	js := line[:len(line)-macSuffix]
	sum, err := hex.DecodeString(string(line[len(js)+len(macField) : len(line)-2]))
	m := hmac.New(sha256.New, key)
	m.Write(js)
	if err != nil || !hmac.Equal(sum, m.Sum(nil)) {
		return datasetRecord{}, errBadHash
	}
	rec, err := parseJSON(append(bytes.Clone(js), '}'))
	if err != nil {
		return datasetRecord{}, err
	}
	if !bytes.Equal(sealRecord(key, rec), append(bytes.Clone(line), '\n')) {
		return datasetRecord{}, errors.New("not written as a run writes it")
	}
	return rec, nil
}

// checkpoint is an open checkpoint, positioned after its valid records.
type checkpoint struct {
	f    *os.File
	key  []byte
	done int // records in it
}

// readHeader reads the header line of the checkpoint at path and returns
// the run id, or "" when there is none yet (an empty file, or a run killed
// while writing the header).
func readHeader(path string, br *bufio.Reader, opts Options) (string, error) {
	line, err := br.ReadSlice('\n')
	prefix := settingsJSON(opts)
	prefix = append(prefix[:len(prefix)-1:len(prefix)-1], `,"run":"`...)
	switch {
	case err == io.EOF && isTornHeader(line, prefix):
		return "", nil
	case err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull):
		return "", err
	}
	run, ok := bytes.CutPrefix(line, prefix)
	if ok && len(run) == 2*runIDBytes+3 && string(run[len(run)-3:]) == "\"}\n" && isHex(run[:len(run)-3]) {
		return string(run[:len(run)-3]), nil
	}
	first, _, _ := bytes.Cut(line, []byte("\n"))
	switch {
	case bytes.HasPrefix(first, []byte(`{"fourgen_dataset":1,`)):
		return "", fmt.Errorf("checkpoint %s was written by an older c4, without checksums: remove it to start over", path)
	case bytes.HasPrefix(first, []byte(`{"fourgen_dataset":2,`)):
		return "", fmt.Errorf("checkpoint %s was written by an older c4, without the board size: resume it with that c4, or remove it to start over", path)
	}
	if other := headerBoard(first); other != "" && other != boardName {
		return "", fmt.Errorf("checkpoint %s: %w, or remove it to start over", path, checkBoard("a run", other))
	}
	return "", fmt.Errorf("checkpoint %s belongs to another run (%.200s): use the same flags, or remove it to start over", path, first)
}

// headerBoard is the board a checkpoint's header line names, "" when it
// is no header of this format.
func headerBoard(line []byte) string {
	var h struct {
		Version int    `json:"fourgen_dataset"`
		Board   string `json:"board"`
	}
	if json.Unmarshal(line, &h) != nil || h.Version != checkpointVersion {
		return ""
	}
	return h.Board
}

// isTornHeader reports whether data, with no newline, is the start of a
// header with the given prefix: a run killed while writing it.
func isTornHeader(data, prefix []byte) bool {
	if len(data) <= len(prefix) {
		return bytes.HasPrefix(prefix, data)
	}
	rest := data[len(prefix):]
	id := rest[:min(len(rest), 2*runIDBytes)]
	return bytes.HasPrefix(data, prefix) && isHex(id) && bytes.HasPrefix([]byte(`"}`), rest[len(id):])
}

func isHex(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// resume opens (or creates) the checkpoint at path for opts and returns it
// positioned after its valid prefix: the complete lines that hold, in
// order, the records of the next slots of slots, which it draws from the
// stream (of total slots). A line whose hash does not match, or whose
// labels do not fit its position, is an error naming it. A record in the
// wrong place (or past the last slot) is cut off with the lines after it,
// said to notify; so is a partial last line (a run stopped while writing
// it), silently.
func resume(path string, opts Options, slots *shardStream, total int, notify func(string)) (*checkpoint, error) {
	f, err := regularfile.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	ck, err := readCheckpoint(path, f, opts, slots, total, notify)
	if err != nil {
		f.Close()
		return nil, err
	}
	return ck, nil
}

// readCheckpoint is resume on the open file f.
func readCheckpoint(path string, f *os.File, opts Options, slots *shardStream, total int, notify func(string)) (*checkpoint, error) {
	br := bufio.NewReaderSize(f, maxRecordLine)
	run, err := readHeader(path, br, opts)
	if err != nil {
		return nil, err
	}
	ck := &checkpoint{f: f}
	valid := int64(0)
	if run != "" {
		ck.key = runKey(opts, run)
		valid = int64(len(headerLine(opts, run)))
		n, err := readRecords(path, br, ck.key, slots, total, notify)
		if err != nil {
			return nil, err
		}
		ck.done, valid = n.records, valid+n.bytes
	}
	if err := f.Truncate(valid); err != nil {
		return nil, err
	}
	if _, err := f.Seek(valid, io.SeekStart); err != nil {
		return nil, err
	}
	if run == "" {
		run = newRunID()
		ck.key = runKey(opts, run)
		if _, err := f.Write(headerLine(opts, run)); err != nil {
			return nil, err
		}
	}
	return ck, nil
}

// validRecords is what readRecords keeps: records and their bytes.
type validRecords struct {
	records int
	bytes   int64
}

// readRecords reads the record lines after the header; see resume.
func readRecords(path string, br *bufio.Reader, key []byte, slots *shardStream, total int, notify func(string)) (validRecords, error) {
	var n validRecords
	for lineNo := 2; ; lineNo++ {
		line, err := br.ReadSlice('\n')
		switch {
		case err == io.EOF: // the end, or a partial last line
			return n, nil
		case errors.Is(err, bufio.ErrBufferFull):
			if lines := countLines(br); lines > 0 {
				return n, fmt.Errorf("checkpoint %s: line %d is longer than any record: the file was edited or damaged: remove it to start over, or cut it before line %d to resume from there", path, lineNo, lineNo)
			}
			return n, nil // a partial last line
		case err != nil:
			return n, err
		}
		rec, err := openRecord(key, line[:len(line)-1])
		if err != nil {
			return n, fmt.Errorf("checkpoint %s: line %d: %w: remove the checkpoint to start over, or cut it before line %d to resume from there", path, lineNo, err, lineNo)
		}
		why := ""
		if n.records == total {
			why = ": the shard has no more slots"
		} else if slot, pos, err := slots.Peek(); err != nil {
			return n, err
		} else if rec.Index != int64(slot) || rec.Pos != pos {
			why = fmt.Sprintf(", where the record of slot %d was expected (index %d); they are labelled again", slot, rec.Index)
		}
		if why != "" {
			if notify != nil {
				dropped := english.Plural(1+countLines(br), "line")
				notify(fmt.Sprintf("checkpoint %s: dropped %s from line %d on%s", path, dropped, lineNo, why))
			}
			return n, nil
		}
		if err := rec.checkLabels(); err != nil {
			return n, fmt.Errorf("checkpoint %s: line %d: slot %d: %w", path, lineNo, rec.Index, err)
		}
		slots.Next()
		n.records++
		n.bytes += int64(len(line))
	}
}

// countLines counts the complete lines left in br, reading them in
// pieces.
func countLines(br *bufio.Reader) int {
	n := 0
	for {
		_, err := br.ReadSlice('\n')
		switch {
		case err == nil:
			n++
		case errors.Is(err, bufio.ErrBufferFull):
		default:
			return n
		}
	}
}
