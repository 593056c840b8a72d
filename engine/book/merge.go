package book

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// MergeOptions says which shard files [MergeShards] accepts.
type MergeOptions struct {
	// Legacy, if not nil, accepts shard files of format v1, written before
	// each record carried a checksum (the shards of the embedded book are
	// such), and is called with the name of each: their records are checked
	// as the build's, but an edited score cannot be noticed. When nil, such
	// a file is refused with an error wrapping [ErrLegacyShard].
	Legacy func(name string)
}

// MergeShards joins the shard files of one build into a book. The shards
// may split the work differently (a straggling 3/4 can be finished as 6/8
// and 7/8), but their ranges must tile the build's positions exactly: it
// refuses shards of different builds, repeated, overlapping, missing or
// incomplete shards, lines that are not positions of their shard, and
// records that fail their checksums, naming the file and line.
// It reads the first line of every file before the rest, and no more lines
// of a file than its shard has positions and one, so that a file of
// another kind is refused at once.
func MergeShards(paths []string, opts MergeOptions) (*engine.Book, error) {
	files := make([]namedReader, len(paths))
	for i, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		files[i] = namedReader{path, f}
	}
	return mergeShards(files, opts)
}

// namedReader is a shard file to merge, and its name for errors.
type namedReader struct {
	name string
	r    io.Reader
}

// A mergedShard is a shard file being merged, its header read.
type mergedShard struct {
	path   string
	name   string // "i/n"
	header shardHeader
	lo, hi int // the places of its positions in the build's order
	r      *shardReader
	codec  *recordCodec
}

// mergeShards is [MergeShards] of files already open.
func mergeShards(files []namedReader, opts MergeOptions) (*engine.Book, error) {
	if len(files) == 0 {
		return nil, errors.New("no shard files given")
	}
	shards, err := readHeaders(files, opts)
	if err != nil {
		return nil, err
	}
	if err := checkTiling(shards); err != nil {
		return nil, err
	}
	build := shards[0].header
	index, err := buildIndex(build)
	if err != nil {
		return nil, err
	}
	entries := make(map[bookKey]board.Score, build.positions)
	for _, sh := range shards {
		if err := sh.readRecords(index, entries); err != nil {
			return nil, err
		}
	}
	return fromEntries(build.opts.Plies, build.opts.Kind, entries)
}

// readHeaders reads the first line of every file, which must be the
// header of a shard of the same build as the first's, and returns the
// shards sorted by the start of their ranges.
func readHeaders(files []namedReader, opts MergeOptions) ([]mergedShard, error) {
	var shards []mergedShard
	for _, file := range files {
		r := newShardReader(file.name, file.r)
		first, _, err := r.next()
		if err == io.EOF {
			return nil, fmt.Errorf("%s: not a shard file of this engine: the file is empty", file.name)
		}
		if err != nil {
			return nil, err
		}
		h, err := parseShardHeader(first)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s: %w", file.name, err)
		case len(shards) > 0 && !h.sameBuild(shards[0].header):
			return nil, fmt.Errorf("%s: shard of another build (%s)", file.name, first)
		case h.legacy() && opts.Legacy == nil:
			return nil, fmt.Errorf("%s: %w: its scores cannot be checked for edits", file.name, ErrLegacyShard)
		case h.legacy():
			opts.Legacy(file.name)
		}
		lo, hi := h.opts.Shard.Range(h.positions)
		shards = append(shards, mergedShard{file.name, h.opts.Shard.String(), h, lo, hi, r, newRecordCodec(h)})
	}
	slices.SortStableFunc(shards, func(a, b mergedShard) int { return cmp.Compare(a.lo, b.lo) })
	return shards, nil
}

// checkTiling checks that the ranges of the shards, sorted by their
// starts, tile the build's positions: each begins where the one before
// ends, the first at 0 and the last at the end.
func checkTiling(shards []mergedShard) error {
	total := shards[0].header.positions
	end := 0
	for i, sh := range shards {
		switch {
		case i > 0 && sh.lo == shards[i-1].lo && sh.hi == shards[i-1].hi:
			return fmt.Errorf("shard %s given twice: %s and %s", sh.name, shards[i-1].path, sh.path)
		case sh.lo < end:
			return fmt.Errorf("shards %s (%s) and %s (%s) overlap: positions %d to %d are in both",
				shards[i-1].name, shards[i-1].path, sh.name, sh.path, sh.lo, min(end, sh.hi)-1)
		case sh.lo > end:
			return fmt.Errorf("no shard holds positions %d to %d of %d: a shard is missing", end, sh.lo-1, total)
		}
		end = sh.hi
	}
	if end < total {
		return fmt.Errorf("no shard holds positions %d to %d of %d: a shard is missing", end, total-1, total)
	}
	return nil
}

// buildIndex enumerates the positions of the build of header h and maps
// each book key to its place in the build's order.
func buildIndex(h shardHeader) (map[bookKey]int, error) {
	root, err := board.Parse(h.opts.Root)
	if err != nil {
		return nil, fmt.Errorf("root %q: %w", h.opts.Root, err)
	}
	all, err := Positions(root, h.opts.Plies)
	if err != nil {
		return nil, err
	}
	if len(all) != h.positions {
		return nil, fmt.Errorf("the shards are of a build of %d positions, this engine enumerates %d", h.positions, len(all))
	}
	index := make(map[bookKey]int, len(all))
	for i, p := range all {
		index[board.BookKey(p)] = i
	}
	return index, nil
}

// readRecords reads the records of the shard into entries: exactly one
// for each position of its range, each in the book kind's score range,
// and each passing its checksum.
func (sh *mergedShard) readRecords(index map[bookKey]int, entries map[bookKey]board.Score) error {
	minScore, maxScore := sh.header.opts.Kind.ScoreRange(sh.header.opts.Plies)
	want := sh.hi - sh.lo
	for got := 0; ; got++ {
		line, _, err := sh.r.next()
		if err == io.EOF {
			if got < want {
				return fmt.Errorf("%s: shard %s is incomplete: %d of %d positions", sh.path, sh.name, got, want)
			}
			return nil
		}
		if err != nil {
			return err
		}
		at := fmt.Sprintf("%s:%d", sh.path, sh.r.line)
		if got == want {
			return fmt.Errorf("%s: shard %s has more lines than its %d positions", at, sh.name, want)
		}
		code, score, err := sh.codec.parse(line)
		if err != nil {
			return fmt.Errorf("%s: %v", at, err)
		}
		place, ok := index[code]
		switch {
		case int(score) < minScore || int(score) > maxScore:
			return fmt.Errorf("%s: score %d is outside %d..%d", at, score, minScore, maxScore)
		case !ok:
			return fmt.Errorf("%s: key %d is no position of this build", at, code)
		case place < sh.lo || place >= sh.hi:
			return fmt.Errorf("%s: key %d belongs to another shard than %s", at, code, sh.name)
		case hasKey(entries, code):
			return fmt.Errorf("%s: key %d is listed twice", at, code)
		}
		entries[code] = score
	}
}

// fromEntries makes a book of the scores of positions of plies stones,
// keyed by their book keys.
func fromEntries(plies int, kind engine.BookKind, entries map[bookKey]board.Score) (*engine.Book, error) {
	keys := slices.Sorted(maps.Keys(entries))
	scores := make([]int8, len(keys))
	for i, k := range keys {
		scores[i] = int8(entries[k])
	}
	return engine.NewBook(plies, kind, keys, scores)
}
