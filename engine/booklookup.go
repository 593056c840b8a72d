package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"errors"
	"fmt"
	"slices"
)

// A Book holds the scores of every position of one stone count, so that the
// solver answers shallow positions without searching to the end.
//
// A position is stored under its key, [board.BookKey]: the smaller of the
// stone strings of the position and of its mirror
// (engine/board/bookcode.go), the encoding of Tromp's and BitBully's
// databases. A book holds only
// positions where the side to move cannot win at once. The engine reads
// and writes no book files: package book owns the file format and
// the building, and hands the decoded entries to [NewBook].
type Book struct {
	plies  int
	kind   BookKind
	keys   []uint32
	scores []int8
}

// BookKind says what a book's scores are.
type BookKind uint8

// Kinds of book.
const (
	BookExact BookKind = 1 // exact scores
	BookWDL   BookKind = 2 // only the outcome: 1, 0 or -1
)

// ScoreRange is the range of the scores a book of this kind holds for
// positions of plies stones: the outcomes -1..1 for [BookWDL], the scores
// possible after plies stones for [BookExact].
func (k BookKind) ScoreRange(plies int) (lo, hi int) {
	if k == BookWDL {
		return -1, 1
	}
	return -board.WinScore(plies + 1), board.WinScore(plies + 2)
}

// NewBook makes a book of positions of plies stones from their keys, in
// strictly increasing order, and their scores, one per key. It checks
// what the search relies on, naming an entry that fails: the
// stone count fits 32-bit keys, the kind is known, keys are sorted and
// unique, each key decodes to a legal position of plies stones on this
// engine's board and is its mirror-canonical key, the side to move cannot
// win at once and the score is in [BookKind.ScoreRange]. The book keeps
// the slices: the caller must not change them afterwards.
func NewBook(plies int, kind BookKind, keys []uint32, scores []int8) (*Book, error) {
	b, err := NewTrustedBook(plies, kind, keys, scores)
	if err != nil {
		return nil, err
	}
	for i, key := range keys {
		p, err := board.ParseStoneString(uint64(key), plies)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %v", i, err)
		}
		if board.BookKey(p) != key {
			return nil, fmt.Errorf("entry %d is not stored under its mirror-canonical key", i)
		}
		if p.CanWinNow() {
			return nil, fmt.Errorf("entry %d is a position the side to move wins at once", i)
		}
	}
	return b, nil
}

// NewTrustedBook is [NewBook] for entries that passed its checks before:
// those of a book built into the program, whose tests check every entry,
// and whose bytes a checksum guards since. It checks only what a lookup
// needs to be sound (the stone count, the kind, keys sorted and unique,
// scores in range), not that each key decodes to a position the search
// can look up, which takes nearly all of NewBook's time: 0.1 µs an entry,
// 0.22 s for the 1.8 million of the embedded book natively and about twice
// that in WebAssembly, on every start.
func NewTrustedBook(plies int, kind BookKind, keys []uint32, scores []int8) (*Book, error) {
	switch {
	case plies < 0 || plies > board.MaxBookPlies:
		return nil, fmt.Errorf("%d plies, want 0 to %d", plies, board.MaxBookPlies)
	case kind != BookExact && kind != BookWDL:
		return nil, fmt.Errorf("unknown kind %d", kind)
	case len(keys) != len(scores):
		return nil, fmt.Errorf("%d keys and %d scores", len(keys), len(scores))
	}
	lo, hi := kind.ScoreRange(plies)
	for i, key := range keys {
		if i > 0 && key <= keys[i-1] {
			return nil, fmt.Errorf("entry %d is out of order", i)
		}
		if s := int(scores[i]); s < lo || s > hi {
			return nil, fmt.Errorf("entry %d has score %d, outside %d..%d", i, s, lo, hi)
		}
	}
	return &Book{plies: plies, kind: kind, keys: keys, scores: scores}, nil
}

// errNilBook is returned for a nil book where one is needed.
var errNilBook = errors.New("no book")

// Plies is the number of stones of the book's positions.
func (b *Book) Plies() int { return b.plies }

// Kind is what the book's scores are.
func (b *Book) Kind() BookKind { return b.kind }

// Len is the number of positions in the book.
func (b *Book) Len() int { return len(b.keys) }

// Lookup returns the book's score of p and whether p is in the book. For a
// [BookWDL] book the score is the outcome only.
func (b *Book) Lookup(p board.Position) (board.Score, bool) {
	if b == nil || p.Moves() != b.plies {
		return 0, false
	}
	i, found := slices.BinarySearch(b.keys, board.BookKey(p))
	if !found {
		return 0, false
	}
	return board.Score(b.scores[i]), true
}

// bounds returns the interval [lo, hi] that holds p's score by the book's
// entry, and whether p is in the book: the score itself in a book of exact
// scores or at a draw, at least 1 at a win and at most -1 at a loss in a
// book of outcomes. A side the entry leaves open is ±[Cells], beyond every
// score.
func (b *Book) bounds(p board.Position) (lo, hi int, ok bool) {
	v, ok := b.Lookup(p)
	switch {
	case !ok:
		return -board.Cells, board.Cells, false
	case b.kind == BookExact, v == 0:
		return int(v), int(v), true
	case v > 0:
		return 1, board.Cells, true
	default:
		return -board.Cells, -1, true
	}
}

// Entry returns the i-th position of the book in key order (0 ≤ i <
// [Book.Len]), in the orientation of its key, and its score.
func (b *Book) Entry(i int) (board.Position, board.Score, error) {
	if b == nil {
		return board.Position{}, 0, errNilBook
	}
	if i < 0 || i >= len(b.keys) {
		return board.Position{}, 0, fmt.Errorf("book entry %d: out of range [0, %d)", i, len(b.keys))
	}
	p, err := board.ParseStoneString(uint64(b.keys[i]), b.plies)
	return p, board.Score(b.scores[i]), err
}

// KeyScore returns the key and score of the i-th entry in key order,
// without decoding the position; i must be in [0, [Book.Len]).
func (b *Book) KeyScore(i int) (uint32, board.Score) { return b.keys[i], board.Score(b.scores[i]) }
