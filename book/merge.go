package book

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/solver"
)

// MergeShards joins the shard files of one build into a book. The shards
// may split the work differently (a straggling 3/4 can be finished as 6/8
// and 7/8), but their ranges must tile the build's positions exactly: it
// refuses shards of different builds, repeated, overlapping, missing or
// incomplete shards, and lines that are not positions of their shard.
// It reads the first line of every file before the rest, and no more lines
// of a file than its shard has positions and one, so that a file of
// another kind is refused at once.
func MergeShards(paths []string) (*solver.Book, error) {
	files := make([]namedReader, len(paths))
	for i, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		files[i] = namedReader{path, f}
	}
	return mergeShards(files)
}

// namedReader is a shard file to merge, and its name for errors.
type namedReader struct {
	name string
	r    io.Reader
}

// mergeShards is [MergeShards] of files already open.
func mergeShards(files []namedReader) (*solver.Book, error) {
	if len(files) == 0 {
		return nil, errors.New("no shard files given")
	}
	type shard struct {
		path   string
		name   string // "i/n"
		lo, hi int
		r      *shardReader
	}
	var (
		opts   BuildOptions
		total  int
		shards []shard
	)
	for _, file := range files {
		r := newShardReader(file.name, file.r)
		first, _, err := r.next()
		if err == io.EOF {
			return nil, fmt.Errorf("%s: not a shard file of this engine: the file is empty", file.name)
		}
		if err != nil {
			return nil, err
		}
		o, n, err := parseShardHeader(first)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file.name, err)
		}
		if len(shards) == 0 {
			opts, total = o, n
		} else if o.Plies != opts.Plies || o.Kind != opts.Kind || n != total || o.Root != opts.Root {
			return nil, fmt.Errorf("%s: shard of another build (%s)", file.name, first)
		}
		lo, hi := shardRange(total, o.Shard, o.Shards)
		shards = append(shards, shard{file.name, fmt.Sprintf("%d/%d", o.Shard, o.Shards), lo, hi, r})
	}

	// The ranges must tile 0..total: sorted by start, each begins where
	// the one before ends.
	slices.SortStableFunc(shards, func(a, b shard) int { return cmp.Compare(a.lo, b.lo) })
	end := 0
	for i, sh := range shards {
		switch {
		case i > 0 && sh.lo == shards[i-1].lo && sh.hi == shards[i-1].hi:
			return nil, fmt.Errorf("shard %s given twice: %s and %s", sh.name, shards[i-1].path, sh.path)
		case sh.lo < end:
			return nil, fmt.Errorf("shards %s (%s) and %s (%s) overlap: positions %d to %d are in both",
				shards[i-1].name, shards[i-1].path, sh.name, sh.path, sh.lo, min(end, sh.hi)-1)
		case sh.lo > end:
			return nil, fmt.Errorf("no shard holds positions %d to %d of %d: a shard is missing", end, sh.lo-1, total)
		}
		end = sh.hi
	}
	if end < total {
		return nil, fmt.Errorf("no shard holds positions %d to %d of %d: a shard is missing", end, total-1, total)
	}

	root, err := board.Parse(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("root %q: %w", opts.Root, err)
	}
	all, err := Positions(root, opts.Plies)
	if err != nil {
		return nil, err
	}
	if len(all) != total {
		return nil, fmt.Errorf("the shards are of a build of %d positions, this engine enumerates %d", total, len(all))
	}
	index := make(map[uint32]int, len(all)) // book key -> place in the build's order
	for i, p := range all {
		index[board.BookKey(p)] = i
	}
	entries := make(map[uint32]board.Score, total)
	minScore, maxScore := opts.Kind.ScoreRange(opts.Plies)
	for _, sh := range shards {
		want := sh.hi - sh.lo
		for got := 0; ; got++ {
			line, _, err := sh.r.next()
			if err == io.EOF {
				if got < want {
					return nil, fmt.Errorf("%s: shard %s is incomplete: %d of %d positions", sh.path, sh.name, got, want)
				}
				break
			}
			if err != nil {
				return nil, err
			}
			at := fmt.Sprintf("%s:%d", sh.path, sh.r.line)
			if got == want {
				return nil, fmt.Errorf("%s: shard %s has more lines than its %d positions", at, sh.name, want)
			}
			code, score, err := parseShardLine(line)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", at, err)
			}
			if int(score) < minScore || int(score) > maxScore {
				return nil, fmt.Errorf("%s: score %d is outside %d..%d", at, score, minScore, maxScore)
			}
			place, ok := index[code]
			switch {
			case !ok:
				return nil, fmt.Errorf("%s: key %d is no position of this build", at, code)
			case place < sh.lo || place >= sh.hi:
				return nil, fmt.Errorf("%s: key %d belongs to another shard than %s", at, code, sh.name)
			}
			if _, dup := entries[code]; dup {
				return nil, fmt.Errorf("%s: key %d is listed twice", at, code)
			}
			entries[code] = score
		}
	}
	return fromEntries(opts.Plies, opts.Kind, entries)
}

// fromEntries makes a book of the scores of positions of plies stones,
// keyed by their book keys.
func fromEntries(plies int, kind solver.BookKind, entries map[uint32]board.Score) (*solver.Book, error) {
	keys := slices.Sorted(maps.Keys(entries))
	scores := make([]int8, len(keys))
	for i, k := range keys {
		scores[i] = int8(entries[k])
	}
	return solver.NewBook(plies, kind, keys, scores)
}
