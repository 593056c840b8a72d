// This file holds what solve, analyze and bench share: flags that may follow
// the positional arguments, the table-size flag, and reading positions one
// per line the way the established command-line solvers do.

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fourgen/fourgen/engine"
)

// maxLineBytes is how much of an input line is kept. A move string is at
// most engine.Cells bytes, so only a trailing column could be cut; a move
// string longer than this is refused without being held in memory.
const maxLineBytes = 64 << 10

// maxTableMiB is the largest transposition table --tt-mb accepts (64 GiB).
const maxTableMiB = 64 << 10

// parseArgs parses args with fs as [parseFlags] does, but lets flags follow
// positional arguments ("c4 bench FILE --limit 200"), as the established
// solvers' scripts write them. A "--" ends the flags. It returns the
// positional arguments in order.
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args, stdout); err != nil {
			return nil, err
		}
		rest := fs.Args()
		// A "--" just consumed ends the flags: the flag package stops there.
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// tableFlag registers --tt-mb on fs and returns where its value lands.
func tableFlag(fs *flag.FlagSet) *int {
	return fs.Int("tt-mb", engine.DefaultTableMiB, fmt.Sprintf("transposition table size in MiB (1 to %d on this machine)", tableLimitMiB()))
}

// threadsFlag registers --threads on fs and returns where its value lands.
func threadsFlag(fs *flag.FlagSet) *int {
	return fs.Int("threads", 1, fmt.Sprintf("search threads sharing the table (1 to %d; Lazy SMP)", engine.MaxThreads))
}

// newSolver returns a solver with a table of mib MiB and the given number
// of threads that answers from the chosen book. cmd names the command in
// errors.
func newSolver(cmd string, mib, threads int, book *bookChoice) (*engine.Solver, error) {
	b, err := book.load(cmd)
	if err != nil {
		return nil, err
	}
	s, err := engine.NewSolverChecked(mib)
	if err != nil {
		return nil, fmt.Errorf("%s: --tt-mb %d: %w", cmd, mib, err)
	}
	s.SetBook(b)
	s.SetThreads(threads)
	return s, nil
}

// checkThreads refuses a --threads outside 1 to [engine.MaxThreads].
func checkThreads(cmd string, n int) error {
	if n < 1 || n > engine.MaxThreads {
		return usageErrorf(cmd, "--threads %d: want 1 to %d", n, engine.MaxThreads)
	}
	return nil
}

// checkTable refuses a table size of --tt-mb outside 1 to
// [tableLimitMiB], before any memory is allocated.
func checkTable(cmd string, mib int) error {
	if mib < 1 || mib > maxTableMiB {
		return usageErrorf(cmd, "--tt-mb %d: want 1 to %d MiB", mib, tableLimitMiB())
	}
	if err := engine.CheckTableMiB(mib); err != nil {
		var big *engine.TableSizeError
		if errors.As(err, &big) {
			return usageErrorf(cmd, "--tt-mb %d: want 1 to %d MiB on this machine (%s)", mib, big.Limit, big.Reason)
		}
		return usageErrorf(cmd, "--tt-mb %d: %v", mib, err)
	}
	return nil
}

// tableLimitMiB is the largest --tt-mb accepted on this machine: the
// smaller of [maxTableMiB] and [engine.MaxTableMiB].
func tableLimitMiB() int { return min(maxTableMiB, engine.MaxTableMiB()) }

// inputLine is one line of input: its 1-based number and its text without
// the line ending, cut to [maxLineBytes] when it was longer.
type inputLine struct {
	n         int
	text      string
	truncated bool // the line was longer than maxLineBytes
}

// readLines yields the lines of r, numbered from 1, without their "\n" or
// "\r\n". A last line without a newline counts; an empty input has no lines.
// Lines of any length are read, but only their first [maxLineBytes] bytes
// are kept. A read error is yielded last, with a zero line, and so is a
// [binaryError] for input holding a NUL byte, which no text has: seen in
// what the first read returned, before any line is yielded, or in a later
// line, which ends the lines there.
func readLines(r io.Reader) iter.Seq2[inputLine, error] {
	return func(yield func(inputLine, error) bool) {
		br := bufio.NewReaderSize(r, 64<<10)
		for n := 1; ; n++ {
			var kept []byte
			read, nul := false, false
			var err error
			for {
				var chunk []byte
				chunk, err = br.ReadSlice('\n')
				read = read || len(chunk) > 0
				nul = nul || bytes.IndexByte(chunk, 0) >= 0
				// Keep two bytes more than a line may have: a "\r\n" to strip.
				kept = append(kept, chunk[:min(len(chunk), maxLineBytes+2-len(kept))]...)
				if err != bufio.ErrBufferFull {
					break
				}
			}
			if n == 1 && !nul {
				// Look at what the first read buffered, without waiting for
				// more: a binary file is refused before any of it is answered.
				ahead, _ := br.Peek(br.Buffered())
				if i := bytes.IndexByte(ahead, 0); i >= 0 {
					yield(inputLine{}, binaryError{line: 2 + bytes.Count(ahead[:i], []byte("\n"))})
					return
				}
			}
			if nul {
				yield(inputLine{}, binaryError{line: n})
				return
			}
			if err != nil && err != io.EOF {
				yield(inputLine{}, err)
				return
			}
			if !read { // EOF at the start of a line
				return
			}
			text := strings.TrimSuffix(string(kept), "\n")
			if len(text) < len(kept) {
				text = strings.TrimSuffix(text, "\r")
			}
			l := inputLine{n: n, text: text}
			if len(text) > maxLineBytes {
				l.text, l.truncated = text[:maxLineBytes], true
			}
			if !yield(l, nil) || err == io.EOF {
				return
			}
		}
	}
}

// binaryError refuses input that holds a NUL byte: binary data, not lines
// of text.
type binaryError struct {
	line int // the first line with a NUL byte
}

func (e binaryError) Error() string {
	return fmt.Sprintf("line %d holds a NUL byte: binary data, not lines of text", e.line)
}

// readLinesCtx is [readLines] run in a goroutine, so that a cancelled ctx
// stops the consumer at once even while a read (from a terminal, say)
// blocks. It yields ctx's error when ctx is done first. The goroutine ends
// when its read returns; c4 exits before that.
func readLinesCtx(ctx context.Context, r io.Reader) iter.Seq2[inputLine, error] {
	type item struct {
		line inputLine
		err  error
	}
	return func(yield func(inputLine, error) bool) {
		items := make(chan item)
		done := make(chan struct{})
		defer close(done)
		go func() {
			defer close(items)
			for line, err := range readLines(r) {
				select {
				case items <- item{line, err}:
				case <-done:
					return
				}
			}
		}()
		for {
			select {
			case <-ctx.Done():
				yield(inputLine{}, context.Cause(ctx))
				return
			case it, ok := <-items:
				if !ok || !yield(it.line, it.err) {
					return
				}
			}
		}
	}
}

// lineFields splits a line into its move string and the fields after it
// (a reference score, say). Spaces and tabs before the move string are
// skipped; the move string runs to the next space or tab; a trailing "\r"
// is dropped. The empty line has the empty move string: the empty board,
// as for c4solver. lineFields refuses a line of blanks only (the empty
// board is an empty line) and fields after the moves that are not text
// (invalid UTF-8 or control bytes other than tabs); it leaves the move
// string itself to [engine.Parse]. Of a line cut at [maxLineBytes]
// (truncated), a last character cut in two is not refused.
func lineFields(text string, truncated bool) (moves string, rest []string, err error) {
	text = strings.TrimSuffix(text, "\r")
	trimmed := strings.TrimLeft(text, " \t")
	if trimmed == "" && text != "" {
		return "", nil, errBlankLine
	}
	i := strings.IndexAny(trimmed, " \t")
	if i < 0 {
		return trimmed, nil, nil
	}
	moves, after := trimmed[:i], trimmed[i:]
	if truncated {
		after = trimIncompleteRune(after)
	}
	for j := 0; j < len(after); {
		r, size := utf8.DecodeRuneInString(after[j:])
		if r == utf8.RuneError && size <= 1 || r < ' ' && r != '\t' || r == 0x7f {
			return moves, nil, fmt.Errorf("%s: byte %#02x after the moves is not text", quoteMoves(moves), after[j])
		}
		j += size
	}
	return moves, strings.Fields(strings.ReplaceAll(after, "\t", " ")), nil
}

// errBlankLine refuses a line of spaces and tabs only.
var errBlankLine = errors.New("a line of blanks only: the empty board is an empty line")

// trimIncompleteRune drops the bytes of a character cut off at the end of s.
func trimIncompleteRune(s string) string {
	for i := 1; i < utf8.UTFMax && i <= len(s); i++ {
		if utf8.RuneStart(s[len(s)-i]) {
			if !utf8.FullRuneInString(s[len(s)-i:]) {
				return s[:len(s)-i]
			}
			break
		}
	}
	return s
}

// position plays moves and refuses what no solver can score: a move
// string the engine refuses, or a position already won.
func position(moves string) (engine.Position, error) {
	p, err := engine.Parse(moves)
	if err != nil {
		return p, err
	}
	if p.IsWon() {
		return p, fmt.Errorf("the game is already won by player %d", 3-p.ToMove())
	}
	return p, nil
}

// errTooLong is the reason a move string longer than [maxLineBytes] is
// refused without reading it all.
var errTooLong = fmt.Errorf("move string too long: more than %d bytes, but the board has %d cells", maxLineBytes, engine.Cells)

// quoteMoves quotes a move string for an error message, shortened when long.
func quoteMoves(moves string) string {
	const max = 48
	if len(moves) > max {
		return strconv.Quote(moves[:max]) + "…"
	}
	return strconv.Quote(moves)
}

// input is one position to answer, from a line of stdin or an argument.
type input struct {
	where string // "line 3" or "argument 2", for error messages
	moves string // the move string, printed back with the answer
	pos   engine.Position
	err   error // why the input was refused; pos is then unset
}

// newInput plays the move string of an input; tooLong says it was cut at
// [maxLineBytes] and is refused unread.
func newInput(where, moves string, tooLong bool) input {
	in := input{where: where, moves: moves}
	var err error
	if tooLong {
		err = errTooLong
	} else {
		in.pos, err = position(moves)
	}
	if err != nil {
		in.err = fmt.Errorf("%s: %w", quoteMoves(moves), err)
	}
	return in
}

// parseInput reads the move string of an input line and plays it.
func parseInput(l inputLine) input {
	where := fmt.Sprintf("line %d", l.n)
	moves, _, err := lineFields(l.text, l.truncated)
	if err != nil {
		return input{where: where, moves: moves, err: err}
	}
	return newInput(where, moves, l.truncated && cutMoves(l.text))
}

// cutMoves reports whether the move string of a line cut at
// [maxLineBytes] may go on past the cut: no blank follows it.
func cutMoves(text string) bool {
	return !strings.ContainsAny(strings.TrimLeft(text, " \t"), " \t")
}

// eachInput calls answer for every position given as an argument, or, when
// there are none, on a line of stdin. A refused input is reported on
// stderr as "line N: reason" (or "argument N: reason") and the others are
// still answered; eachInput then fails at the end saying how many were
// refused. An error from answer (a cancelled ctx, a failed write) stops it
// at once.
func eachInput(ctx context.Context, args []string, stdin io.Reader, stderr io.Writer, answer func(input) error) error {
	var ins iter.Seq2[input, error]
	what := "line"
	if len(args) > 0 {
		what = "argument"
		ins = func(yield func(input, error) bool) {
			for i, moves := range args {
				if !yield(newInput(fmt.Sprintf("argument %d", i+1), moves, false), nil) {
					return
				}
			}
		}
	} else {
		if waitsForTerminal(args, stdin) {
			fmt.Fprintln(stderr, stdinNote)
		}
		ins = func(yield func(input, error) bool) {
			for l, err := range readLinesCtx(ctx, stdin) {
				if err != nil {
					yield(input{}, err)
					return
				}
				if !yield(parseInput(l), nil) {
					return
				}
			}
		}
	}

	total, refused := 0, 0
	for in, err := range ins {
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return fmt.Errorf("reading stdin: %w", err)
		}
		total++
		if in.err != nil {
			refused++
			if _, err := fmt.Fprintf(stderr, "%s: %v\n", in.where, in.err); err != nil {
				return err
			}
			continue
		}
		if err := ctx.Err(); err != nil {
			return context.Cause(ctx)
		}
		if err := answer(in); err != nil {
			return err
		}
	}
	if refused > 0 {
		return fmt.Errorf("%d of %s refused", refused, plural(total, what))
	}
	return nil
}

// stdinNote tells someone who typed "c4 solve" at a terminal, without
// arguments, why nothing happens.
const stdinNote = "reading positions from stdin, one move string per line (Ctrl-D ends; or give MOVES as arguments)"

// waitsForTerminal reports whether positions are to be read from stdin
// (no args) and stdin is a terminal, where someone may not know that c4
// waits for them.
func waitsForTerminal(args []string, stdin io.Reader) bool {
	return len(args) == 0 && isTerminal(stdin)
}

// answerError passes on a cancelled context's error, and names the input
// in any other error of the solver (which should not happen: [position]
// refuses what the solver would).
func answerError(in input, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%s: %s: %w", in.where, quoteMoves(in.moves), err)
}
