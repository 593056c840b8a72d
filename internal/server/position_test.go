package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
	"github.com/fourgen/fourgen/internal/connectx"
	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/movetest"
)

// drawnGame returns a move string that fills the board without a four,
// avoiding winning moves column by column from the left, and trying other
// first moves until one works.
func drawnGame(t *testing.T) string {
	t.Helper()
	return board.MoveString(drawnGameColumns(t))
}

// drawnGameColumns is drawnGame's 0-based columns.
func drawnGameColumns(t *testing.T) []int {
	t.Helper()
	for start := range board.Width * board.Width {
		var p board.Position
		var moves []int
		for p.Moves() < board.Cells {
			played := false
			for i := range board.Width {
				col := (start + i*(1+start/board.Width) + p.Moves()) % board.Width
				if p.CanPlay(col) && !p.IsWinningMove(col) {
					p.Play(col)
					moves = append(moves, col)
					played = true
					break
				}
			}
			if !played {
				break
			}
		}
		if p.IsFull() {
			return moves
		}
	}
	t.Skip("no drawn game found by the simple search")
	return nil
}

// TestServeBoard checks what every endpoint says of the position it
// describes, against internal/geom: the size, the stones of each column,
// the cells of the winning lines and the legal columns (issue 10: the page
// draws these and applies no rule itself).
func TestServeBoard(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	g := geom.Geometry{Width: board.Width, Height: board.Height, InARow: board.InARow}
	fixtures := []string{"", "4", "4453", "1212121", "4455667", "12121", "445566", drawnGame(t)}
	fixtures = append(fixtures, refAnalyses(t, "positions/analyze_n24.txt", 5)[0].moves)
	for _, moves := range fixtures {
		// The reference, played cell by cell.
		owner := make([][]int, board.Width)
		for i, c := range []byte(moves) {
			owner[c-'1'] = append(owner[c-'1'], 1+i%2)
		}
		var stones [3]geom.Set
		for col, column := range owner {
			for row, who := range column {
				stones[who] = stones[who].Or(g.SetOf(geom.Cell{Col: col, Row: row}))
			}
		}
		last := 1 + (len(moves)+1)%2 // the player who moved last
		var fours [][2]int
		won := g.HasFourSet(stones[last])
		if won {
			var mask geom.Set
			for _, l := range g.Lines() {
				if lm := g.LineSet(l); stones[last].And(lm) == lm {
					mask = mask.Or(lm)
				}
			}
			for _, c := range g.CellsOfSet(mask) {
				fours = append(fours, [2]int{c.Col + 1, c.Row + 1})
			}
		}
		var legal []int
		for col, column := range owner {
			if !won && len(moves) < board.Cells && len(column) < board.Height {
				legal = append(legal, col+1)
			}
		}

		paths := []string{"/api/inspect?pos=" + moves}
		if won || len(moves) > 20 { // quick to solve without a book
			paths = append(paths, "/api/analyze?pos="+moves, "/api/move?level=greedy&seed=1&pos="+moves[:len(moves)-1])
		}
		for _, path := range paths {
			status, h, body := get(t, ts, path)
			if status != http.StatusOK {
				t.Fatalf("%s: status %d: %s", path, status, body)
			}
			d := decode[answer.Position](t, h, body)
			if strings.HasPrefix(path, "/api/move") && d.Pos != moves {
				continue // greedy played another column: nothing to compare
			}
			for col := range owner {
				if !slices.Equal(d.Board[col], owner[col]) && (len(owner[col]) > 0 || len(d.Board[col]) > 0) {
					t.Errorf("%s: column %d holds %v, want %v", path, col+1, d.Board[col], owner[col])
				}
			}
			sortCells := func(c [][2]int) {
				slices.SortFunc(c, func(a, b [2]int) int { return (a[0]-b[0])*board.Height + a[1] - b[1] })
			}
			sortCells(d.Fours)
			sortCells(fours)
			if d.Width != board.Width || d.Height != board.Height || len(d.Board) != board.Width ||
				!slices.Equal(d.Fours, fours) || !slices.Equal(d.LegalColumns, legal) {
				t.Errorf("%s: width %d height %d, %d columns, fours %v, legal %v; want %d %d, fours %v, legal %v",
					path, d.Width, d.Height, len(d.Board), d.Fours, d.LegalColumns, board.Width, board.Height, fours, legal)
			}
			for _, field := range []string{`"board":[`, `"fours":[`, `"legalColumns":[`} {
				if !strings.Contains(string(body), field) {
					t.Errorf("%s: %s has no %s (a list, never null)", path, body, field)
				}
			}
		}
	}
}

// TestServeValidMoves checks that a refused position says how many of its
// first moves can be played, the longest prefix the engine accepts, so
// that the page can show the valid part of a bad link.
func TestServeValidMoves(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	// longest is the most moves of moves that the engine accepts: moves are
	// its characters, or its items between commas on a board of more than
	// nine columns.
	longest := func(moves string) int {
		items, sep := strings.Split(moves, ""), ""
		if board.Usual().Commas {
			items, sep = strings.Split(moves, ","), ","
		}
		for n := len(items); n > 0; n-- {
			if _, err := board.Parse(strings.Join(items[:n], sep)); err == nil {
				return n
			}
		}
		return 0
	}
	long, extra := strings.Repeat("4", 4000), 3000
	if board.Usual().Commas {
		long, extra = strings.Repeat("4,", 600)+"4", 600 // within the query's limit, a comma escaped in 3 bytes
	}
	fixtures := []string{"4453x1", "x", "0", strings.Repeat("4", board.Height+2), "12121212", strings.Repeat("1234567", board.Width), "4\xff"}
	for i, moves := range fixtures { // 1-based digits, then a bad move, in the board's notation
		if !board.Usual().Commas {
			break
		}
		digits, bad := moves, ""
		if j := strings.IndexFunc(moves, func(r rune) bool { return r < '0' || r > '9' }); j >= 0 {
			digits, bad = moves[:j], moves[j:]
		}
		fixtures[i] = movetest.Fixture(digits)
		if digits != "" && bad != "" {
			fixtures[i] += ","
		}
		fixtures[i] += bad
	}
	// The message names the move after the valid ones (issue 20 item 9:
	// 4,000 moves said "move 43: too long" beside validMoves 6).
	for _, moves := range append(fixtures, offBoard(), long,
		board.Usual().Append(drawnGame(t), slices.Repeat([]int{0}, extra)...)) {
		status, h, body := get(t, ts, "/api/inspect?"+url.Values{"pos": {moves}}.Encode())
		e := decode[answer.Error](t, h, body)
		want := longest(moves)
		if status != http.StatusBadRequest || e.ValidMoves == nil || *e.ValidMoves != want {
			t.Errorf("%.50q: status %d, %.200s; want 400 with validMoves %d", moves, status, body, want)
		}
		if move := fmt.Sprintf("bad position: move %d", want+1); !strings.HasPrefix(e.Error, move+" ") && !strings.HasPrefix(e.Error, move+":") {
			t.Errorf("%.50q: error %q beside validMoves %d, want it about move %d", moves, e.Error, want, want+1)
		}
	}
	// Other errors carry no validMoves.
	_, h, body := get(t, ts, "/api/inspect?pos=4&pos=5")
	if e := decode[answer.Error](t, h, body); e.ValidMoves != nil {
		t.Errorf("a repeated parameter: %s has validMoves", body)
	}
}

// TestServeBoardReadersBounded: reading a board (a search for an order of
// moves that reaches it) runs outside the solvers' pool, so at most
// MaxSolves boards are read at once: while every reader is busy, a board=
// request, on every endpoint that takes one and on /connectx, waits until
// its deadline and gets a 503; a move string is still answered, and once a
// reader is free the board is read again.
func TestServeBoardReadersBounded(t *testing.T) {
	opts := testOptions()
	opts.MaxSolves, opts.Timeout = 1, 2*time.Second // the free reader's answers need it; the busy ones wait it out
	ts, srv := startServer(t, opts)
	// A position near the end of a drawn game: quick to solve on any board.
	cols := drawnGameColumns(t)
	moves := board.MoveString(cols[:len(cols)-8])
	p, err := board.Parse(moves)
	if err != nil {
		t.Fatal(err)
	}
	board := url.QueryEscape(p.String())
	paths := []string{"/api/inspect?board=" + board, "/api/analyze?board=" + board, "/api/move?level=level1&board=" + board, "/solve?board=" + board}
	connectX, err := json.Marshal(connectx.NewRequest(p, 60*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	<-srv.boardReaders // every reader busy (MaxSolves is 1)
	for _, path := range paths {
		if status, _, body := get(t, ts, path); status != http.StatusServiceUnavailable || !strings.Contains(string(body), "boards were being read") {
			t.Errorf("%s with every board reader busy: %d %s; want 503 saying why", path, status, body)
		}
	}
	if status, a := postConnectX(t, ts.URL, "agent=level1", connectX); status != http.StatusServiceUnavailable {
		t.Errorf("/connectx with every board reader busy: %d %v; want 503", status, a)
	}
	if status, _, body := get(t, ts, "/api/analyze?pos="+moves); status != http.StatusOK {
		t.Errorf("/api/analyze?pos=%s with every board reader busy: %d %s; want 200", moves, status, body)
	}
	srv.boardReaders <- struct{}{}
	for _, path := range paths {
		if status, _, body := get(t, ts, path); status != http.StatusOK {
			t.Errorf("%s with a board reader free: %d %s; want 200", path, status, body)
		}
	}
	if status, a := postConnectX(t, ts.URL, "agent=level1", connectX); status != http.StatusOK {
		t.Errorf("/connectx with a board reader free: %d %v; want 200", status, a)
	}
	if n := cap(srv.boardReaders) - len(srv.boardReaders); n != 0 {
		t.Errorf("%d board readers still held after the requests; want 0", n)
	}

	// A free reader is taken even when the deadline has passed already, as a
	// free solver is: an idle server with a tiny timeout reads boards.
	opts.Timeout = time.Nanosecond
	idle, _ := startServer(t, opts)
	for range 20 {
		if status, _, body := get(t, idle, paths[0]); status != http.StatusOK {
			t.Fatalf("%s on an idle server with a 1 ns timeout: %d %s; want 200", paths[0], status, body)
		}
	}
}
