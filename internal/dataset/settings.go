// This file holds the settings a dataset file records of the run that
// made it, so that a merge can refuse shards of different runs: in a
// Parquet file the footer's key-value metadata (key settingsKey), beside
// a JSONL or CSV file a sidecar FILE.settings (a line in the file itself
// would be a junk row to pandas and every CSV reader).

package dataset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/fourgen/fourgen/internal/atomicfile"
	"github.com/fourgen/fourgen/internal/shard"
)

// settings are what fixes a dataset's positions, and the shard of them a
// file holds: the fields of the checkpoint's header too.
type settings struct {
	Board        string `json:"board,omitempty"` // "WxH"; none in version 1
	Count        int    `json:"count"`
	MinPly       int    `json:"min_ply"`
	MaxPly       int    `json:"max_ply"`
	Seed         uint64 `json:"seed"`
	Distribution string `json:"distribution"`
	Duplicates   bool   `json:"duplicates"`
	NoMirror     bool   `json:"no_mirror"`
	Shard        string `json:"shard"`
}

// settingsOf returns the settings of a run of opts.
func settingsOf(opts Options) settings {
	return settings{boardName, opts.Count, opts.MinPly, opts.MaxPly, opts.Seed, opts.Distribution.String(), opts.Duplicates, opts.NoMirror, opts.Shard.String()}
}

// String is the settings as the flags of c4 dataset that give them, and
// the shard.
func (s settings) String() string {
	flags := fmt.Sprintf("--count %d --plies %d-%d --seed %d --dist %s", s.Count, s.MinPly, s.MaxPly, s.Seed, s.Distribution)
	if s.Duplicates {
		flags += " --duplicates"
	}
	if s.NoMirror {
		flags += " --no-mirror"
	}
	return flags + " (shard " + s.Shard + ")"
}

// sameRun reports whether s and t are the settings of shards of one
// dataset, however each splits it.
func (s settings) sameRun(t settings) bool {
	s.Shard, t.Shard = "", ""
	return s == t
}

// settingsVersion is the version of the settings' encoding: 2 added the
// board. Version 1, of an older c4, is read as the legacy board's (see
// boardsize.go).
const settingsVersion = 2

// settingsFile is the settings as a file records them: a JSON object,
// with the version first.
type settingsFile struct {
	Version int `json:"fourgen_dataset_settings"`
	settings
}

const (
	// settingsKey is the key of the settings in a Parquet file's footer.
	settingsKey = "fourgen.dataset.settings"
	// settingsSuffix ends the name of a JSONL or CSV file's sidecar.
	settingsSuffix = ".settings"
	// maxSettingsBytes bounds the settings read: their JSON, whose
	// fields are a few numbers and short strings, is far shorter.
	maxSettingsBytes = 1024
)

// encode is the settings' JSON, without a line end: of version 1 when
// they have no board (as read from a file of an older c4).
func (s settings) encode() []byte {
	version := settingsVersion
	if s.Board == "" {
		version = 1
	}
	data, _ := json.Marshal(settingsFile{version, s}) // numbers, booleans, short strings
	return data
}

// parseSettings reads settings as encode writes them, and only so.
func parseSettings(data []byte) (settings, error) {
	var f settingsFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if len(data) > maxSettingsBytes || dec.Decode(&f) != nil || f.Version != settingsVersion && f.Version != 1 || !bytes.Equal(f.settings.encode(), data) {
		return settings{}, fmt.Errorf("not the settings of a dataset of this c4 (%.80q)", data)
	}
	return f.settings, nil
}

// writeSettings records s for the dataset file out of format, before out
// is written: the sidecar of a JSONL or CSV file, written whole or not at
// all; a Parquet file holds them (see newWriter). With no settings (a
// merge of files that have none) a sidecar left from before is removed.
func writeSettings(out string, format Format, s *settings) error {
	if format == Parquet {
		return nil
	}
	side := out + settingsSuffix
	if s == nil {
		if err := os.Remove(side); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return atomicfile.WriteFile(side, append(s.encode(), '\n'), 0o644)
}

// readSettings returns the settings recorded for the dataset file path,
// nil when it has none (a file of an older c4). Settings of another board
// than this engine's are refused, and so are settings without a board
// (version 1) where they are not read as the legacy board's.
func readSettings(path string) (*settings, error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	var data []byte
	if format == Parquet {
		data, err = parquetSettings(path)
	} else {
		data, err = sidecarSettings(path + settingsSuffix)
	}
	if err != nil || data == nil {
		return nil, err
	}
	s, err := parseSettings(data)
	if err == nil {
		err = checkBoard("a dataset", s.Board)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// sidecarSettings reads the sidecar at side, at most maxSettingsBytes
// and a line end; nil when there is none.
func sidecarSettings(side string) ([]byte, error) {
	f, err := os.Open(side)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSettingsBytes+2))
	if err != nil {
		return nil, err
	}
	line, ok := bytes.CutSuffix(data, []byte("\n"))
	if !ok || len(line) > maxSettingsBytes {
		return nil, fmt.Errorf("%s: not the settings of a dataset of this c4 (%.80q)", side, data)
	}
	return line, nil
}

// parquetSettings reads the settings in the footer of the Parquet file at
// path, its limits checked first; nil when there are none.
func parquetSettings(path string) (data []byte, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	// As in readParquetAt: the library panics on some damaged files.
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("%s: not a readable Parquet file: %v", path, p)
		}
	}()
	if err := checkParquetLimits(f, info.Size()); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	file, err := parquet.OpenFile(f, info.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	value, ok := file.Lookup(settingsKey)
	if !ok {
		return nil, nil
	}
	return []byte(value), nil
}

// mergedSettings checks that the inputs' settings are of one dataset of
// this engine's board and returns them as the merged file's, the whole
// dataset's: nil when no input has any. It names to notify the inputs
// without settings, and those whose settings name no board (read as the
// legacy board's).
func mergedSettings(inputs []string, notify func(string)) (*settings, error) {
	var first *settings
	var firstPath string
	var none, noBoard []string
	for _, in := range inputs {
		s, err := readSettings(in)
		if s != nil && s.Board == "" {
			noBoard = append(noBoard, in)
			s.Board = boardName
		}
		switch {
		case err != nil:
			return nil, err
		case s == nil:
			none = append(none, in)
		case first == nil:
			first, firstPath = s, in
		case !first.sameRun(*s):
			return nil, fmt.Errorf("%s and %s are shards of different datasets: %s was made with %v, %s with %v: merge the shards of one run",
				firstPath, in, firstPath, first, in, s)
		}
	}
	if len(none) > 0 && notify != nil {
		notify(fmt.Sprintf("no settings recorded for %s (files of an older c4, a merge of such files, or a dataset moved without its .settings file): merged without checking which run made them", strings.Join(none, ", ")))
	}
	if len(noBoard) > 0 && notify != nil {
		notify(fmt.Sprintf("no board size recorded for %s (files of an older c4): read as the %d×%d board's, this c4's", strings.Join(noBoard, ", "), legacyWidth, legacyHeight))
	}
	if first == nil {
		return nil, nil
	}
	whole := *first
	whole.Shard = shard.Part{Index: 0, Of: 1}.String()
	return &whole, nil
}
