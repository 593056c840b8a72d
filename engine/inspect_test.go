package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// TestInspect holds Inspect to a plain model built from the reference
// geometry: the words, the threats of each side, and the ordering, ranked
// by a stable sort of the centre order on the documented score.
func TestInspect(t *testing.T) {
	classes, lineCounts := refGeom.PriorityClassSets()
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
		p, err := board.Parse(usualMoves(moves))
		if err != nil {
			t.Fatalf("Parse(%q): %v", moves, err)
		}
		in := Inspect(p)

		m := modelOf(moves)
		mover := m.ToMove()
		first, second := m.StonesSet(1), m.StonesSet(2)
		occupied := first.Or(second)
		current := m.StonesSet(mover)
		if in.Current != bitsOf(current) || in.Occupied != bitsOf(occupied) {
			t.Errorf("%q: words = %s %s, want %#x %#x", moves, in.Current.Hex(), in.Occupied.Hex(), current, occupied)
		}
		if in.Guard != bitsOf(refGeom.GuardSet()) {
			t.Errorf("%q: guard = %s, want %#x", moves, in.Guard.Hex(), refGeom.GuardSet())
		}
		if m.Won() {
			checkGameOver(t, moves, in)
			continue
		}
		var legal geom.Set
		for col := range board.Width {
			if m.Height[col] < board.Height {
				legal = legal.Or(refGeom.SetOf(geom.Cell{Col: col, Row: m.Height[col]}))
			}
		}
		if in.Legal != bitsOf(legal) {
			t.Errorf("%q: legal = %s, want %#x", moves, in.Legal.Hex(), legal)
		}
		for i, stones := range []geom.Set{first, second} {
			wins := refGeom.WinningCellsSet(stones, occupied)
			if in.Wins[i] != bitsOf(wins) || in.OddThreats[i] != bitsOf(wins.And(refGeom.OddRowsSet())) || in.EvenThreats[i] != bitsOf(wins.And(refGeom.EvenRowsSet())) {
				t.Errorf("%q: player %d threats = %s (odd %s, even %s), want %#x", moves, i+1, in.Wins[i].Hex(), in.OddThreats[i].Hex(), in.EvenThreats[i].Hex(), wins)
			}
		}

		good := refGeom.OddRowsSet()
		if mover == 2 {
			good = refGeom.EvenRowsSet()
		}
		ownBefore := refGeom.WinningCellsSet(current, occupied)
		oppBefore := refGeom.WinningCellsSet(occupied.AndNot(current), occupied)
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
			move := refGeom.SetOf(cell)
			wins := refGeom.WinningCellsSet(current.Or(move), occupied.Or(move))
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
				above := h+1 < board.Height && !wins.And(refGeom.SetOf(geom.Cell{Col: c, Row: h + 1})).IsZero()
				if above {
					opening++
				}
				if !wins.And(refGeom.SetOf(geom.Cell{Col: c, Row: h})).IsZero() {
					playableWins++
					if above {
						stacked++
					}
				}
			}
			want := MoveInfo{
				Legal:       true,
				Cell:        bitsOf(move),
				WinsNow:     !m.Won() && refGeom.CompletesFourSet(current, cell),
				Threats:     wins.OnesCount(),
				GoodThreats: wins.And(good).OnesCount(),
				BlocksOwn:   cell.Row+1 < board.Height && !ownBefore.And(refGeom.SetOf(geom.Cell{Col: col, Row: cell.Row + 1})).IsZero(),
				Forcing:     playableWins > 0,
				Lines:       len(refGeom.LinesThrough()[refGeom.Bit(cell)]),
			}
			// The lines through the cell free of the opponent's stones, those
			// of them holding one of the mover's, and the lines holding the
			// opponent's stones and none of the mover's.
			for _, i := range refGeom.LinesThrough()[refGeom.Bit(cell)] {
				line := refGeom.LineSet(refGeom.Lines()[i])
				if line.And(occupied.AndNot(current)).IsZero() {
					want.OpenLines++
					if !line.And(current).IsZero() {
						want.HeldLines++
					}
				} else if line.And(current).IsZero() {
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
					if wins.And(refGeom.SetOf(cell)).IsZero() || r > 0 && !oppBefore.And(refGeom.SetOf(geom.Cell{Col: c, Row: r - 1})).IsZero() {
						continue
					}
					want.Score++
					if !good.And(refGeom.SetOf(cell)).IsZero() {
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
			if occupied.OnesCount() < openLinesPlies {
				want.Score = want.Score*openLinesWeight + want.OpenLines + 2*want.HeldLines + want.BlockedLines
			}
			want.Class = slices.IndexFunc(classes, func(c geom.Set) bool { return !c.And(move).IsZero() })
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
		p, err := board.Parse(usualMoves(moves))
		if err != nil {
			t.Fatal(err)
		}
		in := Inspect(p)
		winning, nonLosing := board.NoCells, board.NoCells
		for col := range board.Width {
			if p.IsWon() || !p.CanPlay(col) {
				continue
			}
			child := p
			child.Play(col)
			switch {
			case child.IsWon():
				winning = winning.Or(in.Moves[col].Cell)
				nonLosing = nonLosing.Or(in.Moves[col].Cell)
			case !child.CanWinNow():
				nonLosing = nonLosing.Or(in.Moves[col].Cell)
			}
		}
		if in.Winning != winning || in.NonLosing != nonLosing {
			t.Errorf("%q: winning %s, non-losing %s; want %s, %s", moves, in.Winning.Hex(), in.NonLosing.Hex(), winning.Hex(), nonLosing.Hex())
		}
	}
}

// TestInspectGameOver checks that a finished game, won or drawn, has no
// legal moves, no threats and nothing to order (issue 20 item 5: after
// 4455667 the inspector showed legal moves and the second player's
// threats), while its words still show the stones.
func TestInspectGameOver(t *testing.T) {
	skipUnlessFourInARow(t)
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
		p, err := board.Parse(usualMoves(moves))
		if err != nil {
			t.Fatalf("Parse(%q): %v", moves, err)
		}
		if !p.IsWon() && !p.IsFull() {
			t.Fatalf("fixture %q: the game is not over", moves)
		}
		in := Inspect(p)
		checkGameOver(t, moves, in)
		if in.Occupied != p.Occupied() || in.Current != p.Current() || in.Guard != bitsOf(refGeom.GuardSet()) {
			t.Errorf("%q: words %s %s %s, want the position's", moves, in.Current.Hex(), in.Occupied.Hex(), in.Guard.Hex())
		}
	}
}

// checkGameOver checks that in, the inspection of the finished game
// moves, has no moves and no threats.
func checkGameOver(t *testing.T, moves string, in Inspection) {
	t.Helper()
	var none [2]board.Bits
	if !in.Legal.IsZero() || !in.Winning.IsZero() || !in.NonLosing.IsZero() || in.Wins != none || in.OddThreats != none || in.EvenThreats != none {
		t.Errorf("%q (over): legal %s, winning %s, non-losing %s, wins %s %s, odd %s %s, even %s %s; want none",
			moves, in.Legal.Hex(), in.Winning.Hex(), in.NonLosing.Hex(), in.Wins[0].Hex(), in.Wins[1].Hex(),
			in.OddThreats[0].Hex(), in.OddThreats[1].Hex(), in.EvenThreats[0].Hex(), in.EvenThreats[1].Hex())
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
	p, err := board.Parse(usualMoves("445566"))
	if err != nil {
		t.Fatal(err)
	}
	in := Inspect(p)
	for col := range board.Width {
		m := in.Moves[col]
		want := col == 2 || col == 6
		if m.WinsNow != want || want && in.NonLosing.And(m.Cell).IsZero() {
			t.Errorf("column %d: WinsNow %v, non-losing %v; want %v, true", col+1, m.WinsNow, !in.NonLosing.And(m.Cell).IsZero(), want)
		}
	}
}

// TestInspectAllocs checks that Inspect allocates nothing.
func TestInspectAllocs(t *testing.T) {
	p, err := board.Parse(usualMoves("4423322"))
	if err != nil {
		t.Fatal(err)
	}
	var sink Inspection
	if n := testing.AllocsPerRun(100, func() { sink = Inspect(p) }); n != 0 {
		t.Errorf("Inspect allocates %v times per call, want 0", n)
	}
	_ = sink
}
