package dataset

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/randomgame"
)

// Distribution is how the number of stones of a position is drawn.
type Distribution uint8

const (
	// Uniform draws the number of stones uniformly over the range, then
	// random games until one reaches it.
	Uniform Distribution = iota
	// Games draws the number of stones and a random game together and
	// redraws both when the game makes four first, so that each number of
	// stones comes as often as random games reach it (fewer late ones).
	Games
)

// String is the distribution's name, as [ParseDistribution] accepts it.
func (d Distribution) String() string {
	if d == Games {
		return "games"
	}
	return "uniform"
}

// ParseDistribution parses "uniform" or "games".
func ParseDistribution(s string) (Distribution, error) {
	switch s {
	case "uniform":
		return Uniform, nil
	case "games":
		return Games, nil
	}
	return 0, fmt.Errorf("distribution %q: want uniform or games", s)
}

// maxPly is the most stones a dataset position can have: a full board has
// no move to score.
const maxPly = board.Cells - 1

// Spec fixes the positions of a dataset: the same Spec always yields the
// same positions in the same order.
type Spec struct {
	Count          int          // number of positions
	MinPly, MaxPly int          // range of stones, both included
	Seed           uint64       // seed of every random choice
	Distribution   Distribution // how the number of stones is drawn
	// Duplicates keeps repeated positions; by default each position (with
	// its mirror, unless NoMirror) appears once.
	Duplicates bool
	// NoMirror stores positions as drawn instead of mirror-canonical.
	NoMirror bool
}

// Validate reports an error unless the spec is usable.
func (s Spec) Validate() error {
	switch {
	case s.Count < 1:
		return fmt.Errorf("count %d: want at least 1", s.Count)
	case s.MinPly < 0 || s.MaxPly > maxPly || s.MinPly > s.MaxPly:
		return fmt.Errorf("plies %d-%d: want 0 <= A <= B <= %d", s.MinPly, s.MaxPly, maxPly)
	}
	if n := maxDistinct(s.MinPly, s.MaxPly, s.NoMirror); !s.Duplicates && uint64(s.Count) > n {
		what := "distinct positions up to mirroring"
		if s.NoMirror {
			what = "distinct positions"
		}
		return fmt.Errorf("count %d: plies %d-%d hold at most %d %s: ask for fewer, widen the range, or allow duplicates", s.Count, s.MinPly, s.MaxPly, n, what)
	}
	return nil
}

// ParsePlies parses a range of stones "A-B" (or a single "A"), with
// 0 <= A <= B <= [maxPly].
func ParsePlies(s string) (lo, hi int, err error) {
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 0 || hi > maxPly || lo > hi {
		return 0, 0, fmt.Errorf("plies %q: want A-B with 0 <= A <= B <= %d", s, maxPly)
	}
	return lo, hi, nil
}

// maxTries is how many random games one slot draws of the number of
// stones it drew, and then how many more over the whole range, before the
// spec is judged impossible (too few distinct positions in the range).
const maxTries = 100_000

// samplePositions returns the move strings of the spec's positions in slot
// order; see [positionStream] for how they are drawn. It holds them all:
// a run streams them instead.
func samplePositions(s Spec) ([]string, error) {
	ps, err := newPositionStream(context.Background(), s)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, min(s.Count, 1<<16))
	for range s.Count {
		moves, err := ps.Next()
		if err != nil {
			return nil, err
		}
		out = append(out, moves)
	}
	return out, nil
}

// positionStream draws the positions of a spec one slot after another.
// Slot j draws from a generator seeded by the seed and j. A slot of the
// uniform distribution that finds no new position of the number of stones
// it drew (all taken by earlier slots, as with the 5 positions of plies
// 0-1 on 7×6 when the slots draw 0 stones twice) draws the number again
// for each game after that, as the games distribution does. Unless the
// spec allows duplicates it remembers the key of every position drawn,
// 8 bytes each (and a map's overhead).
type positionStream struct {
	ctx  context.Context
	spec Spec
	seen map[board.Bits]bool
	slot int // the next slot
}

// newPositionStream returns the stream of the spec's positions; it stops
// with ctx's error when ctx is done.
func newPositionStream(ctx context.Context, s Spec) (*positionStream, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &positionStream{ctx: ctx, spec: s, seen: make(map[board.Bits]bool)}, nil
}

// Slot is the slot the next call of Next draws.
func (ps *positionStream) Slot() int { return ps.slot }

// Next returns the position of the next slot.
func (ps *positionStream) Next() (string, error) {
	s, j := ps.spec, ps.slot
	if j >= s.Count {
		return "", fmt.Errorf("slot %d: the dataset has %d", j, s.Count)
	}
	if err := ps.ctx.Err(); err != nil {
		return "", err
	}
	rng := rand.New(rand.NewPCG(s.Seed, uint64(j)))
	ply := s.MinPly + rng.IntN(s.MaxPly-s.MinPly+1)
	for try := range 2 * maxTries {
		if s.Distribution == Games || try >= maxTries {
			ply = s.MinPly + rng.IntN(s.MaxPly-s.MinPly+1)
		}
		played, p, ok := randomgame.Play(rng, ply)
		if !ok {
			continue
		}
		key := p.Key()
		if !s.NoMirror {
			if p.CanonicalKey() != key { // the mirror is the canonical one
				played = mirrorColumns(played)
			}
			key = p.CanonicalKey()
		}
		moves := board.MoveString(played)
		if !s.Duplicates {
			if ps.seen[key] {
				continue
			}
			ps.seen[key] = true
		}
		ps.slot++
		return moves, nil
	}
	return "", fmt.Errorf("slot %d: no new position in %d random games of %d to %d stones: are there fewer than %d distinct positions there? (allow duplicates, or widen the range)", j, 2*maxTries, s.MinPly, s.MaxPly, s.Count)
}

// mirrorColumns is the game of the columns played, mirrored.
func mirrorColumns(played []int) []int {
	mirrored := make([]int, len(played))
	for i, col := range played {
		mirrored[i] = board.Width - 1 - col
	}
	return mirrored
}
