package solver

import (
	"github.com/fourgen/fourgen/board"

	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// TestInspect holds Inspect to a plain model built from the reference
// geometry: the words, the threats of each side, and the ordering, ranked
// by a stable sort of the centre order on the documented score.
func TestInspect(t *testing.T) {
	classes, lineCounts := refGeom.PriorityClasses()
	var fixtures []string
	for _, name := range []string{"positions/analyze_n12.txt", "positions/analyze_n24.txt", "positions/analyze_n32.txt"} {
		for _, c := range loadRef(t, name, 40) {
			fixtures = append(fixtures, c.moves)
		}
	}
	// 445566: columns 3 and 7 win at once; 112233: column 4 wins at once;
	// 1122334: won by player 1.
	fixtures = append(fixtures, "", "4", "4453", "44444", "445566", "112233", "1122334")
	for _, moves := range fixtures {
		p, err := board.Parse(moves)
		if err != nil {
			t.Fatalf("Parse(%q): %v", moves, err)
		}
		in := Inspect(p)

		m := modelOf(moves)
		mover := m.ToMove()
		first, second := m.Stones(1), m.Stones(2)
		occupied := first | second
		current := m.Stones(mover)
		if in.Current != current || in.Occupied != occupied {
			t.Errorf("%q: words = %#x %#x, want %#x %#x", moves, in.Current, in.Occupied, current, occupied)
		}
		if in.Guard != refGeom.GuardMask() {
			t.Errorf("%q: guard = %#x, want %#x", moves, in.Guard, refGeom.GuardMask())
		}
		if m.Won() {
			checkGameOver(t, moves, in)
			continue
		}
		var legal uint64
		for col := range board.Width {
			if m.Height[col] < board.Height {
				legal |= refGeom.Mask(geom.Cell{Col: col, Row: m.Height[col]})
			}
		}
		if in.Legal != legal {
			t.Errorf("%q: legal = %#x, want %#x", moves, in.Legal, legal)
		}
		for i, stones := range []uint64{first, second} {
			wins := refGeom.WinningCells(stones, occupied)
			if in.Wins[i] != wins || in.OddThreats[i] != wins&refGeom.OddRowsMask() || in.EvenThreats[i] != wins&refGeom.EvenRowsMask() {
				t.Errorf("%q: player %d threats = %#x (odd %#x, even %#x), want %#x", moves, i+1, in.Wins[i], in.OddThreats[i], in.EvenThreats[i], wins)
			}
		}

		good := refGeom.OddRowsMask()
		if mover == 2 {
			good = refGeom.EvenRowsMask()
		}
		ownBefore := refGeom.WinningCells(current, occupied)
		oppBefore := refGeom.WinningCells(occupied&^current, occupied)
		var order []int
		score := make(map[int]int)
		for _, col := range board.CentreOrder() {
			if m.Height[col] == board.Height {
				if in.Moves[col] != (MoveInfo{}) {
					t.Errorf("%q: full column %d has %+v", moves, col+1, in.Moves[col])
				}
				continue
			}
			cell := geom.Cell{Col: col, Row: m.Height[col]}
			move := refGeom.Mask(cell)
			wins := refGeom.WinningCells(current|move, occupied|move)
			// The cells the opponent can fill next, and how many of them
			// (or of those just above them) complete our four.
			// replies counts them, playableWins those that are our threats,
			// stacked those threats with another of ours on top, opening
			// the replies that would let us fill the cell above.
			var replies, playableWins, stacked, opening int
			for c := range board.Width {
				h := m.Height[c]
				if c == col {
					h++
				}
				if h >= board.Height {
					continue
				}
				replies++
				above := h+1 < board.Height && wins&refGeom.Mask(geom.Cell{Col: c, Row: h + 1}) != 0
				if above {
					opening++
				}
				if wins&refGeom.Mask(geom.Cell{Col: c, Row: h}) != 0 {
					playableWins++
					if above {
						stacked++
					}
				}
			}
			want := MoveInfo{
				Legal:       true,
				Cell:        move,
				WinsNow:     !m.Won() && refGeom.CompletesFour(current, cell),
				Threats:     bits.OnesCount64(wins),
				GoodThreats: bits.OnesCount64(wins & good),
				BlocksOwn:   cell.Row+1 < board.Height && ownBefore&refGeom.Mask(geom.Cell{Col: col, Row: cell.Row + 1}) != 0,
				Forcing:     playableWins > 0,
				Lines:       len(refGeom.LinesThrough()[refGeom.Bit(cell)]),
			}
			// The lines through the cell free of the opponent's stones, those
			// of them holding one of the mover's, and the lines holding the
			// opponent's stones and none of the mover's.
			for _, i := range refGeom.LinesThrough()[refGeom.Bit(cell)] {
				line := refGeom.LineMask(refGeom.Lines()[i])
				if line&(occupied&^current) == 0 {
					want.OpenLines++
					if line&current != 0 {
						want.HeldLines++
					}
				} else if line&current == 0 {
					want.BlockedLines++
				}
			}
			// Every reply loses: two playable threats, one with another on
			// top, or none playable and every reply opening one.
			switch playableWins {
			case 0:
				want.WinsInThree = replies > 0 && opening == replies
			case 1:
				want.WinsInThree = stacked > 0
			default:
				want.WinsInThree = true
			}
			// Useful threats: not directly above an opponent's threat;
			// counted again on good rows and when just above a reply.
			for c := range board.Width {
				h := m.Height[c]
				if c == col {
					h++
				}
				for r := range board.Height {
					cell := geom.Cell{Col: c, Row: r}
					if wins&refGeom.Mask(cell) == 0 || r > 0 && oppBefore&refGeom.Mask(geom.Cell{Col: c, Row: r - 1}) != 0 {
						continue
					}
					want.Score++
					if good&refGeom.Mask(cell) != 0 {
						want.Score++
					}
					if r == h+1 {
						want.Score++
					}
				}
			}
			switch {
			case want.BlocksOwn:
				want.Score -= 4
			case want.Forcing:
				want.Score += 4
			}
			if bits.OnesCount64(occupied) < openLinesPlies {
				want.Score = want.Score*openLinesWeight + want.OpenLines + 2*want.HeldLines + want.BlockedLines
			}
			want.Class = slices.IndexFunc(classes, func(c uint64) bool { return c&move != 0 })
			if lineCounts[want.Class] != want.Lines {
				t.Fatalf("class %d has %d lines, cell %v %d", want.Class, lineCounts[want.Class], cell, want.Lines)
			}
			got := in.Moves[col]
			want.Rank = got.Rank // checked below, from the order
			if got != want {
				t.Errorf("%q: column %d = %+v, want %+v", moves, col+1, got, want)
			}
			order = append(order, col)
			score[col] = want.Score
		}
		slices.SortStableFunc(order, func(a, b int) int { return score[b] - score[a] })
		if got := in.Order[:in.NumLegal]; !slices.Equal(got, order) {
			t.Errorf("%q: order = %v, want %v", moves, got, order)
		}
		for i, col := range order {
			if in.Moves[col].Rank != i+1 {
				t.Errorf("%q: column %d has rank %d, want %d", moves, col+1, in.Moves[col].Rank, i+1)
			}
		}
	}
}

// TestInspectNonLosing checks the winning and non-losing moves against
// their meaning: a winning move makes four; a non-losing one makes four or
// leaves the opponent no playable four.
func TestInspectNonLosing(t *testing.T) {
	fixtures := []string{"445566", "4455661", "112233", "1122334"}
	for _, c := range loadRef(t, "positions/analyze_n24.txt", 200) {
		fixtures = append(fixtures, c.moves)
	}
	for _, moves := range fixtures {
		p, err := board.Parse(moves)
		if err != nil {
			t.Fatal(err)
		}
		in := Inspect(p)
		var winning, nonLosing uint64
		for col := range board.Width {
			if p.IsWon() || !p.CanPlay(col) {
				continue
			}
			child := p
			child.Play(col)
			switch {
			case child.IsWon():
				winning |= in.Moves[col].Cell
				nonLosing |= in.Moves[col].Cell
			case !child.CanWinNow():
				nonLosing |= in.Moves[col].Cell
			}
		}
		if in.Winning != winning || in.NonLosing != nonLosing {
			t.Errorf("%q: winning %#x, non-losing %#x; want %#x, %#x", moves, in.Winning, in.NonLosing, winning, nonLosing)
		}
	}
}

// TestInspectGameOver checks that a finished game, won or drawn, has no
// legal moves, no threats and nothing to order (issue 20 item 5: after
// 4455667 the inspector showed legal moves and the second player's
// threats), while its words still show the stones.
func TestInspectGameOver(t *testing.T) {
	// 1122334: won by the first player's bottom four; 1212121: by the
	// first player's column; 32121242: by the second player's column.
	fixtures := []string{"1122334", "1212121", "32121242", findDrawnGame(t, rand.New(rand.NewPCG(42, 0)))}
	rng := rand.New(rand.NewPCG(5, 20))
	for range 30 {
		playRandomGame(rng, func(moves string, p board.Position, _ *geom.Model) {
			if p.IsWon() || p.IsFull() {
				fixtures = append(fixtures, moves)
			}
		})
	}
	for _, moves := range fixtures {
		p, err := board.Parse(moves)
		if err != nil {
			t.Fatalf("Parse(%q): %v", moves, err)
		}
		if !p.IsWon() && !p.IsFull() {
			t.Fatalf("fixture %q: the game is not over", moves)
		}
		in := Inspect(p)
		checkGameOver(t, moves, in)
		if in.Occupied != p.Occupied() || in.Current != p.Current() || in.Guard != refGeom.GuardMask() {
			t.Errorf("%q: words %#x %#x %#x, want the position's", moves, in.Current, in.Occupied, in.Guard)
		}
	}
}

// checkGameOver checks that in, the inspection of the finished game
// moves, has no moves and no threats.
func checkGameOver(t *testing.T, moves string, in Inspection) {
	t.Helper()
	var none [2]uint64
	if in.Legal != 0 || in.Winning != 0 || in.NonLosing != 0 || in.Wins != none || in.OddThreats != none || in.EvenThreats != none {
		t.Errorf("%q (over): legal %#x, winning %#x, non-losing %#x, wins %#x, odd %#x, even %#x; want none",
			moves, in.Legal, in.Winning, in.NonLosing, in.Wins, in.OddThreats, in.EvenThreats)
	}
	if in.NumLegal != 0 || in.Moves != [board.Width]MoveInfo{} {
		t.Errorf("%q (over): %d moves ordered, moves %+v; want none", moves, in.NumLegal, in.Moves)
	}
}

// TestInspectImmediateWin checks the case of issue 9: at 445566 the first
// player wins at once in columns 3 and 7, which the opponent's threats
// just above would otherwise mark as losing.
func TestInspectImmediateWin(t *testing.T) {
	classicOnly(t) // its fixtures are of the 7×6 board
	p, err := board.Parse("445566")
	if err != nil {
		t.Fatal(err)
	}
	in := Inspect(p)
	for col := range board.Width {
		m := in.Moves[col]
		want := col == 2 || col == 6
		if m.WinsNow != want || want && in.NonLosing&m.Cell == 0 {
			t.Errorf("column %d: WinsNow %v, non-losing %v; want %v, true", col+1, m.WinsNow, in.NonLosing&m.Cell != 0, want)
		}
	}
}

// TestInspectAllocs checks that Inspect allocates nothing.
func TestInspectAllocs(t *testing.T) {
	p, err := board.Parse("4423322")
	if err != nil {
		t.Fatal(err)
	}
	var sink Inspection
	if n := testing.AllocsPerRun(100, func() { sink = Inspect(p) }); n != 0 {
		t.Errorf("Inspect allocates %v times per call, want 0", n)
	}
	_ = sink
}
