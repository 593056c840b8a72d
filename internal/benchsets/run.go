package benchsets

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/posfile"
	"github.com/fourgen/fourgen/internal/progress"
	"github.com/fourgen/fourgen/internal/terminal"
)

// Config is how [Run] solves and checks.
type Config struct {
	Limit   int  // positions per file, 0 for all
	Reset   bool // clear the table before each position
	Weak    bool // solve weakly and compare outcomes only
	Analyze bool // the files hold analyses, checked with Analyze
	// ZeroBased reads the move strings' columns counted from 0, as the C++
	// solvers' test files write them (see [board.ParseAs]).
	ZeroBased bool
}

// Columns are the headers of the table [Run] prints; the first is the file
// name, left-aligned, the others are numbers, right-aligned to at least
// numberWidth. Exported for cmd/c4's tests of c4 bench, which read the
// table by it rather than copy it.
var Columns = []string{"file", "positions", "mean µs", "median µs", "mean nodes", "Mnodes/s", "mismatches"}

const numberWidth = 10

// Run solves the positions of files with s, printing on stdout a table row
// per file as it finishes it, and on stderr each wrong score as "FILE:LINE:
// MOVES got X want Y" and each unreadable line or file; while stderr is a
// terminal, a progress bar there. It fails at the end saying how many
// scores, lines and files were wrong or unreadable. Interrupted (ctx done),
// it prints the row of what it solved of the file it was in and returns
// ctx's cause.
func Run(ctx context.Context, s *engine.Solver, cfg Config, files []string, stdout, stderr io.Writer) error {
	nameWidth := len(Columns[0])
	for _, f := range files {
		nameWidth = max(nameWidth, len(filepath.Base(f)))
	}
	header := false // printed before the first row: no file, no empty table
	row := func(cells ...string) error {
		if !header {
			header = true
			if _, err := fmt.Fprintln(stdout, formatRow(nameWidth, Columns)); err != nil {
				return err
			}
		}
		_, err := fmt.Fprintln(stdout, formatRow(nameWidth, cells))
		return err
	}

	// Clearing writes the whole table, so that its pages are mapped before
	// the clock starts instead of during the first positions.
	s.Reset()
	var mismatches, badLines, badFiles int
	for _, file := range files {
		cases, bad, err := readFile(file, cfg, stderr)
		badLines += bad
		if err != nil {
			badFiles++
			fmt.Fprintf(stderr, "%s: %v\n", file, err)
			continue
		}
		name := filepath.Base(file)
		res, err := solveFile(ctx, s, cfg, file, cases, stderr)
		if err != nil && ctx.Err() != nil {
			// Interrupted: show what was solved of this file, then stop.
			if len(res.Times) > 0 {
				row(res.Cells(name)...)
				fmt.Fprintf(stdout, "interrupted: %s of %s solved\n", english.Plural(len(res.Times), "position"), name)
			}
			return err
		}
		if err != nil {
			return err
		}
		mismatches += res.Mismatches
		if err := row(res.Cells(name)...); err != nil {
			return err
		}
	}

	var problems []string
	for _, p := range []struct {
		n    int
		what string
	}{{mismatches, "wrong score"}, {badLines, "unreadable line"}, {badFiles, "unreadable file"}} {
		if p.n > 0 {
			problems = append(problems, english.Plural(p.n, p.what))
		}
	}
	if problems != nil {
		return fmt.Errorf("bench: %s", strings.Join(problems, ", "))
	}
	return nil
}

// formatRow formats the cells of a row of the table: the first, the file
// name, left-aligned to nameWidth, the others right-aligned.
func formatRow(nameWidth int, cells []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", nameWidth, cells[0])
	for _, c := range cells[1:] {
		fmt.Fprintf(&b, "  %*s", numberWidth, c)
	}
	return strings.TrimRight(b.String(), " ")
}

// solveFile solves the cases of one file with s and checks their scores,
// reporting each wrong one on stderr, with a progress bar there while it
// is a terminal.
func solveFile(ctx context.Context, s *engine.Solver, cfg Config, file string, cases []refCase, stderr io.Writer) (result, error) {
	var res result
	bar := progress.New(stderr, int64(len(cases)), "positions", filepath.Base(file))
	defer bar.Close()
	report := func(format string, a ...any) { fmt.Fprintf(stderr, format, a...) }
	if terminal.Is(stderr) {
		report = bar.Printf // above the bar
	}
	for _, c := range cases {
		if cfg.Reset {
			s.Reset()
		}
		got, st, err := solve(ctx, s, cfg, c.Pos)
		if err != nil {
			if ctx.Err() != nil {
				return res, context.Cause(ctx)
			}
			return res, fmt.Errorf("%s:%d: %s: %w", file, c.Line, posfile.Quote(c.Moves), err)
		}
		res.Times = append(res.Times, st.Elapsed)
		res.Nodes += st.Nodes
		if !sameScores(got, c.Want, cfg.Weak) {
			res.Mismatches++
			report("%s:%d: %s got %s want %s\n", file, c.Line, c.Moves, posfile.FormatScores(got), posfile.FormatScores(c.Want))
		}
		bar.Add(1)
	}
	return res, nil
}

// solve scores p as cfg says: one score, or one per column with
// cfg.Analyze; weakly (outcomes only) with cfg.Weak. It returns the
// solver's work with the scores.
func solve(ctx context.Context, s *engine.Solver, cfg Config, p board.Position) ([]board.Score, engine.Stats, error) {
	if cfg.Analyze {
		analyze := s.Analyze
		if cfg.Weak {
			analyze = s.AnalyzeWeak
		}
		scores, err := analyze(ctx, p)
		return scores[:], s.Stats(), err
	}
	solve := s.Solve
	if cfg.Weak {
		solve = s.SolveWeak
	}
	v, err := solve(ctx, p)
	return []board.Score{v}, s.Stats(), err
}

// sameScores reports whether got matches want: exactly, or when weak in
// sign only ([board.Invalid] must still match exactly).
func sameScores(got, want []board.Score, weak bool) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g, w := got[i], want[i]
		switch {
		case g == w:
		case weak && g != board.Invalid && w != board.Invalid && g.Outcome() == w.Outcome():
		default:
			return false
		}
	}
	return true
}
