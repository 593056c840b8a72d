package engine

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// BookPositions lists, once per mirror pair, every position of plies stones
// that can arise in a game from root (no four on the board) and where the
// side to move cannot win at once, sorted by book key. Neighbours in the
// list share their left columns, so solving them in order reuses the table.
// A book of the whole game starts from the empty board; a later root makes
// a book of one opening line.
func BookPositions(root Position, plies int) ([]Position, error) {
	if plies < root.moves || plies > maxBookPlies {
		return nil, fmt.Errorf("book of %d plies from a position of %d stones: want %d to %d plies", plies, root.moves, root.moves, maxBookPlies)
	}
	if root.IsWon() {
		return nil, ErrGameOver
	}
	level := []Position{root}
	for range plies - root.moves {
		seen := make(map[uint64]bool)
		var next []Position
		for _, p := range level {
			for col := range Width {
				if !p.CanPlay(col) || p.IsWinningMove(col) {
					continue // full, or the game would be over
				}
				child := p
				child.Play(col)
				if key := child.Key(); !seen[key] {
					seen[key] = true
					next = append(next, child)
				}
			}
		}
		level = next
	}
	byCode := make(map[uint32]Position)
	for _, p := range level {
		if !p.CanWinNow() {
			byCode[BookKey(p)] = p
		}
	}
	codes := make([]uint32, 0, len(byCode))
	for code := range byCode {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	out := make([]Position, len(codes))
	for i, code := range codes {
		out[i] = byCode[code]
	}
	return out, nil
}

// BuildOptions says which book to build and how.
type BuildOptions struct {
	Root     string   // move string of the position the book starts from; "" for the empty board
	Plies    int      // stones of every position in the book
	Kind     BookKind // exact scores or outcomes only
	Shard    int      // which part of the work, 0 ≤ Shard < Shards
	Shards   int      // number of parts the work is split into
	TableMiB int      // the solver's table size
	// Book, if not nil, is an opening book the solver consults, when its
	// positions have more stones than the build's: a search from the
	// build's positions reaches them, and answers from the book. A book of
	// the build's stone count or fewer is not used, since the search never
	// comes back to fewer stones, and a book must not be built from
	// itself.
	Book *Book
	// Progress, if not nil, is called after every position with the
	// number done (resumed ones included) and the shard's total.
	Progress func(done, total int)
}

// shardRange is the slice of the sorted position list that shard i of n
// solves: contiguous, so that neighbours share table entries.
func shardRange(total, i, n int) (lo, hi int) { return total * i / n, total * (i + 1) / n }

// shardHeader is the first line of a shard file.
func (o BuildOptions) shardHeader(total int) string {
	return fmt.Sprintf("fourgen-book-shard v1 width=%d height=%d plies=%d kind=%d shard=%d/%d positions=%d root=%s",
		Width, Height, o.Plies, o.Kind, o.Shard, o.Shards, total, o.Root)
}

// BuildShard solves the positions of one shard of a book and appends one
// line "KEY SCORE" per position to the shard file at path, which doubles as
// the checkpoint: when the file exists, the positions already in it are
// skipped, and a last line cut short by a crash is dropped. It returns when
// the shard is complete, or with ctx's error when cancelled, having lost no
// finished work. While it runs, a lock file (path + ".lock") keeps another
// build from writing the same file; a lock left by a build that was killed
// is noticed and replaced.
func BuildShard(ctx context.Context, path string, opts BuildOptions) error {
	if opts.Shards < 1 || opts.Shard < 0 || opts.Shard >= opts.Shards {
		return fmt.Errorf("shard %d/%d: want 0 ≤ i < n", opts.Shard, opts.Shards)
	}
	if opts.Kind != BookExact && opts.Kind != BookWDL {
		return fmt.Errorf("unknown book kind %d", opts.Kind)
	}
	root, err := Parse(opts.Root)
	if err != nil {
		return fmt.Errorf("root %q: %w", opts.Root, err)
	}
	all, err := BookPositions(root, opts.Plies)
	if err != nil {
		return err
	}
	lo, hi := shardRange(len(all), opts.Shard, opts.Shards)
	todo := all[lo:hi]
	header := opts.shardHeader(len(all))

	// The table first: a size the machine cannot hold is refused before
	// the shard file is touched.
	s, err := NewSolverChecked(opts.TableMiB)
	if err != nil {
		return err
	}
	if opts.Book != nil && opts.Book.Plies() > opts.Plies {
		s.SetBook(opts.Book)
	}
	unlock, err := lockShard(path)
	if err != nil {
		return err
	}
	defer unlock()
	done, size, err := readShard(path, header, todo)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil { // drop a torn last line
		return err
	}
	if _, err := f.Seek(size, io.SeekStart); err != nil {
		return err
	}
	if size == 0 {
		if _, err := f.WriteString(header + "\n"); err != nil {
			return err
		}
	}

	count := len(done)
	for _, p := range todo {
		code := BookKey(p)
		if _, ok := done[code]; ok {
			continue
		}
		var v Score
		if opts.Kind == BookExact {
			v, err = s.Solve(ctx, p)
		} else {
			v, err = s.SolveWeak(ctx, p)
		}
		if err != nil {
			return err
		}
		if _, err := f.WriteString(strconv.FormatUint(uint64(code), 10) + " " + strconv.Itoa(int(v)) + "\n"); err != nil {
			return err
		}
		count++
		if opts.Progress != nil {
			opts.Progress(count, len(todo))
		}
	}
	return f.Sync()
}

// readShard reads the entries of an existing shard file, checking that it
// belongs to the same build, and returns them with the length of the file
// up to its last complete line. A missing file is an empty shard.
func readShard(path, header string, todo []Position) (map[uint32]Score, int64, error) {
	done := make(map[uint32]Score)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return done, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	want := make(map[uint32]bool, len(todo))
	for _, p := range todo {
		want[BookKey(p)] = true
	}
	r := bufio.NewReader(f)
	var size int64
	for lineNo := 1; ; lineNo++ {
		line, err := r.ReadString('\n')
		if errors.Is(err, io.EOF) {
			return done, size, nil // a line without its newline was cut short
		}
		if err != nil {
			return nil, 0, err
		}
		text := strings.TrimSuffix(line, "\n")
		switch {
		case lineNo == 1 && text != header:
			return nil, 0, fmt.Errorf("%s: made by another build:\n  %s\nwant\n  %s", path, text, header)
		case lineNo > 1:
			code, score, err := parseShardLine(text)
			if err != nil {
				return nil, 0, fmt.Errorf("%s:%d: %v", path, lineNo, err)
			}
			if !want[code] {
				return nil, 0, fmt.Errorf("%s:%d: key %d does not belong to this shard", path, lineNo, code)
			}
			if _, dup := done[code]; dup {
				return nil, 0, fmt.Errorf("%s:%d: key %d is listed twice", path, lineNo, code)
			}
			done[code] = score
		}
		size += int64(len(line))
	}
}

// parseShardLine reads a "KEY SCORE" line.
func parseShardLine(text string) (uint32, Score, error) {
	k, v, ok := strings.Cut(text, " ")
	code, err1 := strconv.ParseUint(k, 10, 32)
	score, err2 := strconv.Atoi(v)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("malformed line %q", text)
	}
	return uint32(code), Score(score), nil
}

// MergeShards joins the shard files of one build into a book. The shards
// may split the work differently (a straggling 3/4 can be finished as 6/8
// and 7/8), but their ranges must tile the build's positions exactly: it
// refuses shards of different builds, repeated, overlapping, missing or
// incomplete shards, and lines that are not positions of their shard.
func MergeShards(paths []string) (*Book, error) {
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

	root, err := Parse(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("root %q: %w", opts.Root, err)
	}
	all, err := BookPositions(root, opts.Plies)
	if err != nil {
		return nil, err
	}
	if len(all) != total {
		return nil, fmt.Errorf("the shards are of a build of %d positions, this engine enumerates %d", total, len(all))
	}
	index := make(map[uint32]int, len(all)) // book key -> place in the build's order
	for i, p := range all {
		index[BookKey(p)] = i
	}
	entries := make(map[uint32]Score, total)
	minScore, maxScore := scoreRange(opts.Plies, opts.Kind)
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
	return newBook(opts.Plies, opts.Kind, entries)
}
