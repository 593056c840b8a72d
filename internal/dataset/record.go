package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/fourgen/fourgen/engine/board"
)

// datasetRecord is one labelled position; see the package doc for its fields.
type datasetRecord struct {
	Index  int64            `json:"index"`
	Pos    string           `json:"pos"`
	Ply    int              `json:"ply"`
	Score  int              `json:"score"`
	Scores [board.Width]int `json:"scores"`
}

// jsonRecord is a record as a JSON line holds it: the board first, then
// the record's fields.
type jsonRecord struct {
	Board string `json:"board"`
	datasetRecord
}

// encodeJSON returns rec as one JSON line, newline included, with this
// engine's board.
func encodeJSON(rec datasetRecord) []byte {
	line, err := json.Marshal(jsonRecord{boardName, rec})
	if err != nil { // a Record has only numbers and a string of digits
		panic(err)
	}
	return append(line, '\n')
}

// parseJSON parses one JSON line (without its newline) into a record and
// checks it: this engine's board (a line without one only where
// [legacyApplies]), every field present, one score per column, a position
// that parses, and its ply and scores in range.
func parseJSON(line []byte) (datasetRecord, error) {
	var raw struct {
		Board  *string `json:"board"`
		Index  *int64  `json:"index"`
		Pos    *string `json:"pos"`
		Ply    *int    `json:"ply"`
		Score  *int    `json:"score"`
		Scores []int   `json:"scores"`
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return datasetRecord{}, err
	}
	if dec.More() {
		return datasetRecord{}, fmt.Errorf("more than one JSON value on the line")
	}
	if raw.Board != nil && *raw.Board == "" {
		return datasetRecord{}, fmt.Errorf("an empty board: want %q", boardName)
	}
	if err := checkBoard("a record", deref(raw.Board)); err != nil {
		return datasetRecord{}, err
	}
	switch {
	case raw.Index == nil || raw.Pos == nil || raw.Ply == nil || raw.Score == nil || raw.Scores == nil:
		return datasetRecord{}, fmt.Errorf("want the fields index, pos, ply, score and scores")
	case len(raw.Scores) != board.Width:
		return datasetRecord{}, fmt.Errorf("%d scores, want %d", len(raw.Scores), board.Width)
	}
	rec := datasetRecord{Index: *raw.Index, Pos: *raw.Pos, Ply: *raw.Ply, Score: *raw.Score}
	copy(rec.Scores[:], raw.Scores)
	return rec, rec.check()
}

// deref is *s, "" for nil.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// check reports an error unless rec is consistent: a valid move string of
// ply stones, an index of 0 or more, and scores in range.
func (rec datasetRecord) check() error {
	if rec.Index < 0 {
		return fmt.Errorf("index %d: want 0 or more", rec.Index)
	}
	p, err := board.Parse(rec.Pos)
	if err != nil {
		return fmt.Errorf("pos %q: %w", rec.Pos, err)
	}
	if p.Moves() != rec.Ply {
		return fmt.Errorf("pos %q has %d stones, ply says %d", rec.Pos, p.Moves(), rec.Ply)
	}
	limit := (board.Cells + 2) / 2
	if rec.Score < -limit || rec.Score > limit {
		return fmt.Errorf("score %d out of range", rec.Score)
	}
	for col, s := range rec.Scores {
		if s != int(board.Invalid) && (s < -limit || s > limit) {
			return fmt.Errorf("score %d of column %d out of range", s, col+1)
		}
	}
	return nil
}
