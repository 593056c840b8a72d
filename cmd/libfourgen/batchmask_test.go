package main

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/movetest"
)

// TestBatchMask checks each row's status in masked batches of move strings
// and of cells, the full-column score in every output of a row not scored,
// and the scores of the others as fg_analyze gives them.
func TestBatchMask(t *testing.T) {
	h := newSolverHandle(t, 4, 1, true)
	played, early := movetest.Fixture("4453"), "" // answered by the book
	if !openingbook.Applies() {                   // no book: late games, answered at once
		played, early = quietGame(t, 1), quietGame(t, 2)
	}
	over := movetest.Fixture("1212121") // four down column 1
	rows := []struct {
		moves  string
		status int32
	}{
		{played, statusOK},
		{over, statusOver},
		{movetest.Fixture(strings.Repeat("4", board.Height+1)), statusIllegal},
		{"44x", statusMalformed},
		{board.Usual().Format([]int{3}) + offBoard(), statusMalformed},
		{early, statusOK},
	}
	var m cmem
	defer m.free()
	var data string
	var ends []int64
	for _, r := range rows {
		data += r.moves
		ends = append(ends, int64(len(data)))
	}
	s, _ := m.str(data)
	out, status := m.out32(len(rows)*board.Width), m.out32(len(rows))
	msg, msgCap := m.buf(256)
	if code := fg_batch_moves_mask(i64(h), modeAnalyze, 0, 2, s, m.int64s(ends), i64(int64(len(rows))), out, status, msg, msgCap); code != codeOK {
		t.Fatalf("fg_batch_moves_mask: code %d %q", code, text(msg))
	}
	got, scores := int32sAt(status, len(rows)), int32sAt(out, len(rows)*board.Width)
	for i, r := range rows {
		row := scores[i*board.Width : (i+1)*board.Width]
		want, _, _ := analyzeCall(h, r.moves, false)
		if r.status != statusOK {
			want = slices.Repeat([]int32{int32(board.Invalid)}, board.Width)
		}
		if got[i] != r.status || !slices.Equal(row, want) {
			t.Errorf("row %q: status %d, scores %v; want %d, %v", r.moves, got[i], row, r.status, want)
		}
	}

	cells := make([]int32, 0, 4*board.Cells)
	for _, moves := range []string{played, over} {
		g, err := board.ParseGame(moves)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Position().Cells() {
			cells = append(cells, int32(v))
		}
	}
	bad := slices.Repeat([]int32{0}, board.Cells)
	bad[board.Cells-1] = 2 // the second player's stone alone
	cells = append(cells, bad...)
	bad = slices.Repeat([]int32{0}, board.Cells)
	bad[0] = 7
	cells = append(cells, bad...)
	c, _ := m.ints(cells)
	status = m.out32(4)
	if code := fg_batch_cells_mask(i64(h), modeSolve, 0, 1, c, 4, m.out32(4), status, msg, msgCap); code != codeOK {
		t.Fatalf("fg_batch_cells_mask: code %d %q", code, text(msg))
	}
	if got, want := int32sAt(status, 4), []int32{statusOK, statusOver, statusIllegal, statusMalformed}; !slices.Equal(got, want) {
		t.Errorf("fg_batch_cells_mask statuses %v, want %v", got, want)
	}
}

// quietGame is a move string of a random game of seed with no four, ten
// cells short of a full board: its analysis takes a moment on any board.
func quietGame(t *testing.T, seed uint64) string {
	t.Helper()
	for ; ; seed += 100 {
		if cols, _, ok := movetest.QuietGame(rand.New(rand.NewPCG(seed, 0)), 10); ok {
			return board.MoveString(cols)
		}
	}
}

// searchedGame is a move string of a random game with no four, 16 cells
// short of a full board, where the side to move cannot win at once and has
// two moves or more that do not lose at once: the perfect agent searches it,
// briefly, on any board.
func searchedGame(t *testing.T) string {
	t.Helper()
	for seed := uint64(1); ; seed++ {
		cols, p, ok := movetest.QuietGame(rand.New(rand.NewPCG(seed, 0)), 16)
		if ok && !p.CanWinNow() && p.NonLosingMoves().OnesCount() >= 2 {
			return board.MoveString(cols)
		}
	}
}

// offBoard is the rest of a move string that names a column off the
// board, after a first move in the board's usual notation.
func offBoard() string {
	if board.Usual().Commas {
		return "," + strconv.Itoa(board.Width+1)
	}
	if board.Width < 9 {
		return strconv.Itoa(board.Width + 1) // 8 on 7 columns
	}
	return "0" // no column 0 when counting from 1
}

// offBoard0 is a 0-based move string of a column off the board.
func offBoard0() string {
	if board.Width < 10 {
		return strconv.Itoa(board.Width) // 7 on 7 columns
	}
	return "a"
}

// TestMovesBase checks that a 0-based move string reads as the 1-based one
// of the same columns.
func TestMovesBase(t *testing.T) {
	var m cmem
	defer m.free()
	for _, tc := range []struct {
		moves string
		base  int
		want  string
		code  int
	}{
		{"3342", 0, movetest.Fixture("4453"), codeOK},
		{movetest.Fixture("4453"), 1, movetest.Fixture("4453"), codeOK},
		{offBoard0(), 0, "", codeInvalid},
		{"1", 2, "", codeInvalid},
	} {
		s, n := m.str(tc.moves)
		out, outCap := m.buf(board.Cells + 1)
		msg, msgCap := m.buf(256)
		code := fg_board_moves_base(s, n, i32(tc.base), out, outCap, m.out32(infoLen), msg, msgCap)
		if int(code) != tc.code || code == codeOK && text(out) != tc.want {
			t.Errorf("fg_board_moves_base(%q, %d) = %q, code %d %q; want %q, code %d", tc.moves, tc.base, text(out), code, text(msg), tc.want, tc.code)
		}
	}
}

// TestStop checks that a search stops with codeStopped when its budget runs
// out, and when fg_solver_cancel is called from another goroutine.
func TestStop(t *testing.T) {
	h := newSolverHandle(t, 1, 1, false)
	var m cmem
	defer m.free()
	s, n := m.str("") // the empty board without the book: far longer than either stop
	msg, msgCap := m.buf(256)
	if code := fg_solve(i64(h), s, n, 0, 1000, m.out32(1), msg, msgCap); code != codeStopped {
		t.Errorf("fg_solve with a 1 ms budget: code %d %q, want %d", code, text(msg), codeStopped)
	}
	done := make(chan int)
	go func() {
		var m cmem
		defer m.free()
		msg, msgCap := m.buf(256)
		done <- int(fg_solve(i64(h), s, n, 0, 0, m.out32(1), msg, msgCap))
	}()
	for {
		fg_solver_cancel(i64(h), nil, 0)
		select {
		case code := <-done:
			if code != codeStopped {
				t.Errorf("fg_solve cancelled: code %d, want %d", code, codeStopped)
			}
			return
		case <-time.After(10 * time.Millisecond): // the call may not have started
		}
	}
}

// TestAgentStop checks that an agent's move stops with codeStopped when its
// budget runs out, and that the same move without a budget is a column.
func TestAgentStop(t *testing.T) {
	var m cmem
	defer m.free()
	spec, sn := m.str("perfect")
	h := m.out64(1)
	buf, bufCap := m.buf(256)
	if code := fg_agent_new(spec, sn, 0, 1, h, buf, bufCap); code != codeOK {
		t.Fatalf("fg_agent_new: code %d %q", code, text(buf))
	}
	defer fg_agent_free(i64(int64At(h)), nil, 0)
	moves := "326145371111" // out of the book: a search
	if !openingbook.Applies() {
		moves = searchedGame(t)
	}
	s, n := m.str(moves)
	if code := fg_agent_move(i64(int64At(h)), s, n, 1, m.out32(1), buf, bufCap); code != codeStopped {
		t.Errorf("fg_agent_move with a 1 µs budget: code %d %q, want %d", code, text(buf), codeStopped)
	}
	col := m.out32(1)
	if code := fg_agent_move(i64(int64At(h)), s, n, 0, col, buf, bufCap); code != codeOK || int32sAt(col, 1)[0] < 0 {
		t.Errorf("fg_agent_move: code %d %q, column %d", code, text(buf), int32sAt(col, 1)[0])
	}
	fg_agent_cancel(i64(int64At(h)), nil, 0) // nothing running: no effect
}
