package book

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/fourgen/fourgen/engine"
)

// MergeShards joins the shard files of one build into a book. The shards
// may split the work differently (a straggling 3/4 can be finished as 6/8
// and 7/8), but their ranges must tile the build's positions exactly: it
// refuses shards of different builds, repeated, overlapping, missing or
// incomplete shards, and lines that are not positions of their shard.
func MergeShards(paths []string) (*engine.Book, error) {
	if len(paths) == 0 {
		return nil, errors.New("no shard files given")
	}
	type shard struct {
		path   string
		name   string // "i/n"
		lo, hi int
		lines  []string
	}
	var (
		opts   BuildOptions
		total  int
		shards []shard
	)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		var o BuildOptions
		var n int
		head, root, _ := strings.Cut(lines[0], " root=")
		o.Root = root
		if _, err := fmt.Sscanf(head, "fourgen-book-shard v1 width=%d height=%d plies=%d kind=%d shard=%d/%d positions=%d",
			new(int), new(int), &o.Plies, &o.Kind, &o.Shard, &o.Shards, &n); err != nil || lines[0] != o.shardHeader(n) ||
			o.Shards < 1 || o.Shard < 0 || o.Shard >= o.Shards {
			return nil, fmt.Errorf("%s: not a shard file of this engine (first line %q)", path, lines[0])
		}
		if len(shards) == 0 {
			opts, total = o, n
		} else if o.Plies != opts.Plies || o.Kind != opts.Kind || n != total || o.Root != opts.Root {
			return nil, fmt.Errorf("%s: shard of another build (%s)", path, lines[0])
		}
		lo, hi := shardRange(total, o.Shard, o.Shards)
		shards = append(shards, shard{path, fmt.Sprintf("%d/%d", o.Shard, o.Shards), lo, hi, lines[1:]})
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

	root, err := engine.Parse(opts.Root)
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
		index[engine.BookKey(p)] = i
	}
	entries := make(map[uint32]engine.Score, total)
	minScore, maxScore := opts.Kind.ScoreRange(opts.Plies)
	for _, sh := range shards {
		switch got := len(sh.lines); {
		case got < sh.hi-sh.lo:
			return nil, fmt.Errorf("%s: shard %s is incomplete: %d of %d positions", sh.path, sh.name, got, sh.hi-sh.lo)
		case got > sh.hi-sh.lo:
			return nil, fmt.Errorf("%s: shard %s has %d lines for its %d positions", sh.path, sh.name, got, sh.hi-sh.lo)
		}
		for i, line := range sh.lines {
			code, score, err := parseShardLine(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", sh.path, i+2, err)
			}
			if int(score) < minScore || int(score) > maxScore {
				return nil, fmt.Errorf("%s:%d: score %d is outside %d..%d", sh.path, i+2, score, minScore, maxScore)
			}
			at, ok := index[code]
			switch {
			case !ok:
				return nil, fmt.Errorf("%s:%d: key %d is no position of this build", sh.path, i+2, code)
			case at < sh.lo || at >= sh.hi:
				return nil, fmt.Errorf("%s:%d: key %d belongs to another shard than %s", sh.path, i+2, code, sh.name)
			}
			if _, dup := entries[code]; dup {
				return nil, fmt.Errorf("%s:%d: key %d is listed twice", sh.path, i+2, code)
			}
			entries[code] = score
		}
	}
	return fromEntries(opts.Plies, opts.Kind, entries)
}

// fromEntries makes a book of the scores of positions of plies stones,
// keyed by their book keys.
func fromEntries(plies int, kind engine.BookKind, entries map[uint32]engine.Score) (*engine.Book, error) {
	keys := slices.Sorted(maps.Keys(entries))
	scores := make([]int8, len(keys))
	for i, k := range keys {
		scores[i] = int8(entries[k])
	}
	return engine.NewBook(plies, kind, keys, scores)
}
