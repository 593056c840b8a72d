// This file writes a set as text and reads it back, refusing anything
// but a whole, undamaged set of this board.

package evalset

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/eval"
)

// magic opens a set's first line.
const magic = "fourgen-evalset"

// Bounds of what [readSet] reads.
const (
	// maxPerCell is the most positions a cell a set may hold.
	maxPerCell = 100_000
	// maxLine is the longest line: a move string and its scores.
	maxLine = 4 * (board.Cells + 8*board.Width)
)

// boardName is this build's board and rule as files name them: "7x6",
// and "7x6-k5" for five in a row (make c4 SIZE=7x6 K=5), so that a set
// labelled at one rule is refused by a build of another.
var boardName = ruleBoardName(board.Width, board.Height, board.InARow)

// ruleBoardName is the name of the w×h board of k in a row in sets.
func ruleBoardName(w, h, k int) string {
	if k == 4 {
		return fmt.Sprintf("%dx%d", w, h)
	}
	return fmt.Sprintf("%dx%d-k%d", w, h, k)
}

// header is the first line of a set of perCell positions a cell drawn
// with seed.
func header(seed uint64, perCell int) string {
	return fmt.Sprintf("%s %d board %s seed %d per-cell %d positions %d", magic, setVersion, boardName, seed, perCell, perCell*len(cells()))
}

// writeSet writes set to w in the format [readSet] reads.
func writeSet(w io.Writer, set *Set) error {
	var b bytes.Buffer
	b.WriteString(header(set.Seed, set.PerCell) + "\n")
	for _, p := range set.Positions {
		b.WriteString(p.Moves)
		for _, s := range p.Scores {
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(int(s)))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "end crc32 %08x\n", crc32.ChecksumIEEE(b.Bytes()))
	_, err := w.Write(b.Bytes())
	return err
}

// readSet reads a set that [writeSet] wrote. It refuses, naming the line, a file
// of another format, version or board, a damaged one (its checksum or
// its count of positions), a position that is not a live game, scores
// the rules contradict, and positions out of their cells or order.
func readSet(r io.Reader) (*Set, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), maxLine)
	crc := crc32.NewIEEE()
	var set *Set
	var want, n int
	for n = 1; sc.Scan(); n++ {
		line := sc.Text()
		if set != nil && strings.HasPrefix(line, "end ") {
			if err := checkEnd(line, crc.Sum32(), len(set.Positions), want); err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			if sc.Scan() {
				return nil, fmt.Errorf("line %d: text after the end line", n+1)
			}
			return set, sc.Err()
		}
		crc.Write(sc.Bytes())
		crc.Write([]byte{'\n'})
		var err error
		if set == nil {
			set, want, err = readHeader(line)
		} else {
			err = set.add(line, want)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d bytes: no evaluation set", n, maxLine)
		}
		return nil, err
	}
	if set == nil {
		return nil, errors.New("empty: no evaluation set")
	}
	return nil, fmt.Errorf("line %d: truncated: no end line", n)
}

// readHeader reads the first line: the set it begins and the number of
// positions it announces.
func readHeader(line string) (*Set, int, error) {
	f := strings.Fields(line)
	if len(f) != 10 || f[0] != magic || f[2] != "board" || f[4] != "seed" || f[6] != "per-cell" || f[8] != "positions" {
		return nil, 0, fmt.Errorf("not a fourgen evaluation set (want %q)", header(1, 500))
	}
	if f[1] != strconv.Itoa(setVersion) {
		return nil, 0, fmt.Errorf("format version %q: this build reads version %d", f[1], setVersion)
	}
	if f[3] != boardName {
		return nil, 0, fmt.Errorf("a set of the %s board: this build plays %s", f[3], boardName)
	}
	seed, err1 := strconv.ParseUint(f[5], 10, 64)
	perCell, err2 := strconv.Atoi(f[7])
	total, err3 := strconv.Atoi(f[9])
	if err := errors.Join(err1, err2, err3); err != nil || perCell < 1 || perCell > maxPerCell || total != perCell*len(cells()) {
		return nil, 0, fmt.Errorf("header %q: want a seed, 1 to %d positions a cell and %d cells' worth", line, maxPerCell, len(cells()))
	}
	return &Set{Seed: seed, PerCell: perCell}, total, nil
}

// add reads a position's line, checks it and appends it; the set may hold
// want positions.
func (set *Set) add(line string, want int) error {
	if len(set.Positions) == want {
		return fmt.Errorf("more than the %d positions the header announces", want)
	}
	f := strings.Split(line, " ")
	if len(f) != 1+board.Width {
		return fmt.Errorf("want a move string and %d scores separated by single spaces", board.Width)
	}
	p, err := board.Parse(f[0])
	if err != nil {
		return err
	}
	var scores [board.Width]board.Score
	for col := range scores {
		v, err := strconv.Atoi(f[1+col])
		if err != nil {
			return fmt.Errorf("%s: column %d: score %q is no integer", f[0], col+1, f[1+col])
		}
		scores[col] = board.Score(v)
	}
	pos := eval.Position{Moves: f[0], Pos: p, Scores: &scores}
	if err := checkLabels(pos); err != nil {
		return fmt.Errorf("%s: %w", f[0], err)
	}
	i := len(set.Positions)
	if got, at := cellOf(pos), cells()[i/set.PerCell]; got != at {
		return fmt.Errorf("%s: position %d belongs to cell %v of the error table, not %v", f[0], i+1, got, at)
	}
	set.Positions = append(set.Positions, pos)
	return nil
}

// checkLabels reports an error unless p is a game still on and its scores
// fit it as far as the rules alone tell: -1000 exactly for the full
// columns, the win's score for a column that makes four, and every other
// score within what the rest of the game allows.
func checkLabels(p eval.Position) error {
	if p.Pos.IsWon() || p.Pos.IsFull() {
		return errors.New("the game is over: no move to judge")
	}
	n := p.Pos.Moves()
	for col, s := range p.Scores {
		switch {
		case !p.Pos.CanPlay(col):
			if s != board.Invalid {
				return fmt.Errorf("column %d is full: its score is -1000, not %d", col+1, s)
			}
		case p.Pos.IsWinningMove(col):
			if int(s) != board.WinScore(n) {
				return fmt.Errorf("column %d makes four: its score is %d, not %d", col+1, board.WinScore(n), s)
			}
		case int(s) >= board.WinScore(n) || int(s) < -board.WinScore(n+1):
			return fmt.Errorf("column %d: score %d is out of the range a game from here allows", col+1, s)
		}
	}
	return nil
}

// checkEnd checks the end line against the checksum of what came before
// and the positions read against those announced.
func checkEnd(line string, sum uint32, got, want int) error {
	hex, ok := strings.CutPrefix(line, "end crc32 ")
	v, err := strconv.ParseUint(hex, 16, 32)
	switch {
	case !ok || err != nil || len(hex) != 8:
		return fmt.Errorf("end line %q: want \"end crc32 HEX\" with 8 hexadecimal digits", line)
	case got != want:
		return fmt.Errorf("truncated: %d positions of the %d the header announces", got, want)
	case uint32(v) != sum:
		return fmt.Errorf("damaged: the checksum is %08x, the end line says %s", sum, hex)
	}
	return nil
}
