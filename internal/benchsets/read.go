package benchsets

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/english"
	"github.com/fourgen/fourgen/internal/posfile"
)

// refCase is one reference position and its expected scores: one, or one per
// column with [Config.Analyze].
type refCase struct {
	Line  int // its line in the file, from 1
	Moves string
	Pos   board.Position
	Want  []board.Score
}

// readFile reads the first cfg.Limit positions (all for 0) of a reference
// file. Lines of blanks only are skipped. Each line it cannot use is
// reported on stderr as "FILE:LINE: reason" and counted in bad, with a hint
// when every bad line holds the other kind of reference line; err is for
// a file that cannot be read as lines of text at all (binary, or a line
// longer than [posfile.MaxLineBytes]: see [posfile.Lines]).
func readFile(path string, cfg Config, stderr io.Writer) (cases []refCase, bad int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	return read(f, path, cfg, stderr)
}

// read is [readFile] of a file already open, called path in its reports.
func read(f io.Reader, path string, cfg Config, stderr io.Writer) (cases []refCase, bad int, err error) {
	scores, otherScores := 1, board.Width
	if cfg.Analyze {
		scores, otherScores = board.Width, 1
	}
	// Lines with the other kind of reference line's number of scores: a
	// file of analyses without Analyze, or the other way round.
	otherKind, read := 0, 0
	defer func() {
		if otherKind > 0 && otherKind == bad {
			hint := fmt.Sprintf(`holds "MOVES S1 ... S%d" analyses: run bench with --analyze`, board.Width)
			if cfg.Analyze {
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
		if cfg.Limit > 0 && read == cfg.Limit {
			break
		}
		read++
		c, err := parseLine(l, scores, cfg.ZeroBased)
		if err != nil {
			bad++
			if _, fields, err := posfile.Fields(l.Text); err == nil && len(fields) == otherScores {
				otherKind++
			}
			fmt.Fprintf(stderr, "%s:%d: %v\n", path, l.N, err)
			continue
		}
		cases = append(cases, c)
	}
	return cases, bad, nil
}

// parseLine reads a reference line of the moves and the given number of
// scores: "MOVES SCORE" (1) or "MOVES S1 ... SW" ([board.Width]), the
// moves' columns counted from 0 with zeroBased.
func parseLine(l posfile.Line, scores int, zeroBased bool) (refCase, error) {
	moves, fields, err := posfile.Fields(l.Text)
	if err != nil {
		return refCase{}, err
	}
	c := refCase{Line: l.N, Moves: moves}
	if c.Pos, _, err = posfile.PositionAs(moves, zeroBased); err != nil {
		return c, fmt.Errorf("%s: %w", posfile.Quote(moves), err)
	}
	if len(fields) != scores {
		return c, fmt.Errorf("%s: want %s after the moves, got %s", posfile.Quote(moves), english.Plural(scores, "score"), english.Plural(len(fields), "field"))
	}
	for _, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil {
			return c, fmt.Errorf("%s: score %q is not an integer", posfile.Quote(moves), f)
		}
		c.Want = append(c.Want, board.Score(v))
	}
	return c, nil
}
