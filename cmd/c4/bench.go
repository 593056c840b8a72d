package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/posfile"
)

const benchHelp = `Bench solves every position of each FILE, checks each score against the
file's, and prints one row per file: the positions solved, the mean and
median microseconds per position, the mean nodes searched, the speed in
millions of nodes per second and the number of wrong scores. Each FILE holds
"MOVES SCORE" lines, as the standard test sets (Pascal Pons's Test_L*_R*)
do; with --analyze, "MOVES S1 ... S7" lines as c4 analyze prints them, and
every column's score is checked. Lines of blanks only are skipped, and
blanks before the moves.

The solver answers positions of at most 8 stones from the embedded opening
book unless --no-book (or --book FILE) says otherwise. One solver solves
everything, keeping its transposition table from one
position to the next unless --reset clears it before each position, as
other solvers' benchmarks do. Flags may follow the files.

Each wrong score is printed on stderr as "FILE:LINE: MOVES got X want Y",
each unreadable line as "FILE:LINE: reason" (with a hint when the file
holds the other kind of lines: analyses without --analyze, or scores with
it); c4 then exits 1, as it does for an unreadable file. While stderr is a
terminal, bench shows its progress there. Interrupted (Ctrl-C), bench
prints the row of the positions it solved of the file it was in.
`

// benchConfig is how bench runs.
type benchConfig struct {
	tableMiB int
	limit    int  // positions per file, 0 for all
	reset    bool // clear the table before each position
	weak     bool // solve weakly and compare outcomes only
	analyze  bool // the files hold analyses, checked with Analyze
	book     *bookChoice
	threads  int
	// progress, if not nil, receives a progress line rewritten in place
	// ("\r"), meant for a terminal.
	progress io.Writer
}

// runBench solves the positions of reference files and tabulates the work.
func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var cfg benchConfig
	fs.IntVar(&cfg.tableMiB, "tt-mb", engine.DefaultTableMiB, fmt.Sprintf("transposition table size in MiB (1 to %d)", maxTableMiB))
	fs.IntVar(&cfg.limit, "limit", 0, "solve only the first `N` positions of each file (0: all)")
	fs.BoolVar(&cfg.reset, "reset", false, "clear the transposition table before each position")
	fs.BoolVar(&cfg.weak, "weak", false, "solve weakly and check only the outcome (the score's sign)")
	fs.BoolVar(&cfg.weak, "w", false, "short for --weak")
	fs.BoolVar(&cfg.analyze, "analyze", false, `the files hold "MOVES S1 ... S7" analyses: check every column`)
	cfg.book = addBookFlags(fs)
	threads := threadsFlag(fs)
	files, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	switch {
	case len(files) == 0:
		return usageErrorf("bench", "want at least one FILE")
	case cfg.limit < 0:
		return usageErrorf("bench", "--limit %d: want 0 (all) or more", cfg.limit)
	}
	cfg.threads = *threads
	if err := checkTable("bench", cfg.tableMiB); err != nil {
		return err
	}
	if err := checkThreads("bench", cfg.threads); err != nil {
		return err
	}
	if isTerminal(stderr) {
		cfg.progress = stderr
	}
	return bench(ctx, cfg, files, stdout, stderr)
}

// isTerminal reports whether f, a reader or writer, is a terminal (a
// character device).
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	st, err := file.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// benchColumns are the headers of bench's table; the first is the file
// name, left-aligned, the others are numbers, right-aligned to at least
// numberWidth.
var benchColumns = []string{"file", "positions", "mean µs", "median µs", "mean nodes", "Mnodes/s", "mismatches"}

const numberWidth = 10

// bench solves the files' positions with one solver, printing a table row
// per file as it finishes it.
func bench(ctx context.Context, cfg benchConfig, files []string, stdout, stderr io.Writer) error {
	nameWidth := len(benchColumns[0])
	for _, f := range files {
		nameWidth = max(nameWidth, len(filepath.Base(f)))
	}
	header := false // the header is printed before the first row, so that
	// no file to show leaves no empty table
	row := func(cells ...string) error {
		if !header {
			header = true
			if _, err := fmt.Fprintln(stdout, formatBenchRow(nameWidth, benchColumns)); err != nil {
				return err
			}
		}
		_, err := fmt.Fprintln(stdout, formatBenchRow(nameWidth, cells))
		return err
	}

	s, err := newSolver("bench", cfg.tableMiB, cfg.threads, cfg.book)
	if err != nil {
		return err
	}
	// Clearing writes the whole table, so that its pages are mapped before
	// the clock starts instead of during the first positions.
	s.Reset()
	var mismatches, badLines, badFiles int
	for _, file := range files {
		cases, bad, err := readBenchFile(file, cfg, stderr)
		badLines += bad
		if err != nil {
			badFiles++
			fmt.Fprintf(stderr, "%s: %v\n", file, err)
			continue
		}
		res, err := benchFile(ctx, s, cfg, file, cases, stderr)
		if err != nil && ctx.Err() != nil {
			// Interrupted: show what was solved of this file, then stop.
			if len(res.times) > 0 {
				row(res.cells(filepath.Base(file))...)
				fmt.Fprintf(stdout, "interrupted: %s of %s solved\n", plural(len(res.times), "position"), filepath.Base(file))
			}
			return err
		}
		if err != nil {
			return err
		}
		mismatches += res.mismatches
		if err := row(res.cells(filepath.Base(file))...); err != nil {
			return err
		}
	}

	var problems []string
	for _, p := range []struct {
		n    int
		what string
	}{{mismatches, "wrong score"}, {badLines, "unreadable line"}, {badFiles, "unreadable file"}} {
		if p.n > 0 {
			problems = append(problems, plural(p.n, p.what))
		}
	}
	if problems != nil {
		return fmt.Errorf("bench: %s", strings.Join(problems, ", "))
	}
	return nil
}

// formatBenchRow formats the cells of a row of bench's table: the first, the
// file name, left-aligned to nameWidth, the others right-aligned.
func formatBenchRow(nameWidth int, cells []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", nameWidth, cells[0])
	for _, c := range cells[1:] {
		fmt.Fprintf(&b, "  %*s", numberWidth, c)
	}
	return strings.TrimRight(b.String(), " ")
}

// plural writes "1 thing" or "n things".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// benchCase is one reference position and its expected scores: one, or
// one per column with --analyze.
type benchCase struct {
	line  int
	moves string
	pos   engine.Position
	want  []engine.Score
}

// readBenchFile reads the first cfg.limit positions of a reference file.
// Each line it cannot use is reported on stderr as "FILE:LINE: reason" and
// counted in bad; err is for a file that cannot be read at all.
func readBenchFile(path string, cfg benchConfig, stderr io.Writer) (cases []benchCase, bad int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	scores := 1
	if cfg.analyze {
		scores = engine.Width
	}
	read := 0
	// Lines with the other kind of reference line's number of scores: a
	// file of analyses without --analyze, or the other way round.
	otherKind, otherScores := 0, engine.Width
	if cfg.analyze {
		otherScores = 1
	}
	defer func() {
		if otherKind > 0 && otherKind == bad {
			hint := `holds "MOVES S1 ... S7" analyses: run bench with --analyze`
			if cfg.analyze {
				hint = `holds "MOVES SCORE" lines: run bench without --analyze`
			}
			fmt.Fprintf(stderr, "%s: %s\n", path, hint)
		}
	}()
	for l, err := range posfile.Lines(f) {
		if err != nil {
			return nil, bad, err
		}
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		if cfg.limit > 0 && read == cfg.limit {
			break
		}
		read++
		c, err := parseBenchLine(l, scores)
		if err != nil {
			bad++
			if _, fields, err := posfile.Fields(l.Text, l.Truncated); err == nil && len(fields) == otherScores {
				otherKind++
			}
			fmt.Fprintf(stderr, "%s:%d: %v\n", path, l.N, err)
			continue
		}
		cases = append(cases, c)
	}
	return cases, bad, nil
}

// parseBenchLine reads "MOVES SCORE" (scores = 1) or "MOVES S1 ... S7".
func parseBenchLine(l posfile.Line, scores int) (benchCase, error) {
	if l.Truncated {
		return benchCase{}, fmt.Errorf("line too long: more than %d bytes", posfile.MaxLineBytes)
	}
	moves, fields, err := posfile.Fields(l.Text, false)
	if err != nil {
		return benchCase{}, err
	}
	c := benchCase{line: l.N, moves: moves}
	if c.pos, err = posfile.Position(moves); err != nil {
		return c, fmt.Errorf("%s: %w", posfile.Quote(moves), err)
	}
	if len(fields) != scores {
		return c, fmt.Errorf("%s: want %s after the moves, got %s", posfile.Quote(moves), plural(scores, "score"), plural(len(fields), "field"))
	}
	for _, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil {
			return c, fmt.Errorf("%s: score %q is not an integer", posfile.Quote(moves), f)
		}
		c.want = append(c.want, engine.Score(v))
	}
	return c, nil
}

// benchResult is the work on one file.
type benchResult struct {
	times      []time.Duration // per position
	nodes      uint64
	mismatches int
}

// cells formats a table row for the file called name.
func (r benchResult) cells(name string) []string {
	n := len(r.times)
	if n == 0 {
		return []string{name, "0", "-", "-", "-", "-", strconv.Itoa(r.mismatches)}
	}
	var total time.Duration
	for _, t := range r.times {
		total += t
	}
	sorted := slices.Sorted(slices.Values(r.times))
	median := sorted[n/2]
	if n%2 == 0 {
		median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	micros := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
	speed := "-"
	if total > 0 {
		speed = fmt.Sprintf("%.2f", float64(r.nodes)/micros(total)) // nodes per µs = Mnodes/s
	}
	return []string{
		name,
		strconv.Itoa(n),
		fmt.Sprintf("%.1f", micros(total)/float64(n)),
		fmt.Sprintf("%.1f", micros(median)),
		fmt.Sprintf("%.0f", float64(r.nodes)/float64(n)),
		speed,
		strconv.Itoa(r.mismatches),
	}
}

// benchFile solves the cases of one file and checks their scores,
// reporting each wrong one on stderr.
func benchFile(ctx context.Context, s *engine.Solver, cfg benchConfig, file string, cases []benchCase, stderr io.Writer) (benchResult, error) {
	var res benchResult
	prog := progress{w: cfg.progress, name: filepath.Base(file), total: len(cases)}
	defer prog.clear()
	for i, c := range cases {
		prog.update(i)
		if cfg.reset {
			s.Reset()
		}
		got, st, err := benchSolve(ctx, s, cfg, c.pos)
		if err != nil {
			if ctx.Err() != nil {
				return res, context.Cause(ctx)
			}
			return res, fmt.Errorf("%s:%d: %s: %w", file, c.line, posfile.Quote(c.moves), err)
		}
		res.times = append(res.times, st.Elapsed)
		res.nodes += st.Nodes
		if !sameScores(got, c.want, cfg.weak) {
			res.mismatches++
			prog.clear()
			fmt.Fprintf(stderr, "%s:%d: %s got %s want %s\n", file, c.line, c.moves, formatScores(got), formatScores(c.want))
		}
	}
	return res, nil
}

// benchSolve scores p as cfg says: one score, or one per column.
func benchSolve(ctx context.Context, s *engine.Solver, cfg benchConfig, p engine.Position) ([]engine.Score, engine.Stats, error) {
	if cfg.analyze {
		scores, st, err := analysis(ctx, s, p, cfg.weak)
		return scores[:], st, err
	}
	var v engine.Score
	var err error
	if cfg.weak {
		v, err = s.SolveWeak(ctx, p)
	} else {
		v, err = s.Solve(ctx, p)
	}
	return []engine.Score{v}, s.Stats(), err
}

// sameScores reports whether got matches want: exactly, or when weak in
// sign only ([engine.Invalid] must still match exactly).
func sameScores(got, want []engine.Score, weak bool) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g, w := got[i], want[i]
		switch {
		case g == w:
		case weak && g != engine.Invalid && w != engine.Invalid && g.Outcome() == w.Outcome():
		default:
			return false
		}
	}
	return true
}

// progress shows "NAME i/total" on a terminal line, rewritten at most ten
// times a second. With a nil w it shows nothing.
type progress struct {
	w     io.Writer
	name  string
	total int
	last  time.Time
	shown bool
}

// update shows that i positions are done.
func (p *progress) update(i int) {
	if p.w == nil || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	p.shown = true
	fmt.Fprintf(p.w, "\r\x1b[K%s %d/%d", p.name, i, p.total)
}

// clear erases the progress line, if shown, so that other output starts
// on a clean line.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
		p.last = time.Time{}
	}
}
