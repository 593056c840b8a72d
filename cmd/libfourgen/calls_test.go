package main

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/buildinfo"
	"github.com/fourgen/fourgen/internal/connectx"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/posfile"
)

// TestAnalyzeAgainstReference checks fg_analyze against the reference
// analyses, with and without the book, and fg_solve against Pons's scores.
func TestAnalyzeAgainstReference(t *testing.T) {
	lines := readRef(t, "positions/analyze_n24.txt", 40)
	for _, book := range []bool{true, false} {
		h := newSolverHandle(t, 16, 1, book)
		for _, l := range lines {
			got, code, msg := analyzeCall(h, l.moves, false)
			if code != codeOK || !slices.Equal(got, l.scores) {
				t.Errorf("book %v: fg_analyze(%s) = %v, code %d %q; want %v", book, l.moves, got, code, msg, l.scores)
			}
		}
	}
	h := newSolverHandle(t, 16, 1, true)
	for _, l := range readRef(t, "pons/Test_L3_R1", 30) {
		var m cmem
		s, n := m.str(l.moves)
		out := m.out32(1)
		msg, msgCap := m.buf(256)
		if code := fg_solve(i64(h), s, n, 0, 0, out, msg, msgCap); code != codeOK || int32sAt(out, 1)[0] != l.scores[0] {
			t.Errorf("fg_solve(%s) = %v, code %d %q; want %d", l.moves, int32sAt(out, 1), code, text(msg), l.scores[0])
		}
		m.free()
	}
}

// TestRefusals checks that bad input gets codeInvalid and the message c4
// gives for it.
func TestRefusals(t *testing.T) {
	h := newSolverHandle(t, 1, 1, true)
	for _, moves := range []string{"4453x", strings.Repeat("4", board.Height+2), "1212121", "12121212", strings.Repeat("1", 100), "\x00\xff"} {
		_, want := posfile.Position(moves)
		_, code, msg := analyzeCall(h, moves, false)
		if code != codeInvalid || want == nil || msg != want.Error() {
			t.Errorf("fg_analyze(%q): code %d %q; want %d %q", moves, code, msg, codeInvalid, want)
		}
	}
	if _, code, msg := analyzeCall(h+1000, movetest.Fixture("4453"), false); code != codeInvalid || !strings.Contains(msg, "no solver has handle") {
		t.Errorf("fg_analyze with a bad handle: code %d %q", code, msg)
	}
}

// TestBoardCalls checks the description and move string each board call
// writes against the engine's own reading of the same position.
func TestBoardCalls(t *testing.T) {
	p, err := board.Parse(movetest.Fixture("4453"))
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int32, infoLen)
	describe(p, want)
	cols := make([]int32, 0, 4)
	for _, c := range "4453" {
		col, _ := board.ColumnOfChar(byte(c))
		cols = append(cols, int32(col))
	}
	cells := make([]int32, 0, board.Cells)
	for _, v := range p.Cells() {
		cells = append(cells, int32(v))
	}
	var m cmem
	defer m.free()
	for _, tc := range []struct {
		name string
		call func(out *cmemChar, info *cmemInt32) int
	}{
		{"moves", func(o *cmemChar, info *cmemInt32) int {
			s, n := m.str(movetest.Fixture("4453"))
			return int(fg_board_moves(s, n, o.p, o.n, info.p, nil, 0))
		}},
		{"columns from 0", func(o *cmemChar, info *cmemInt32) int {
			c, n := m.ints(cols)
			return int(fg_board_columns(c, n, 0, o.p, o.n, info.p, nil, 0))
		}},
		{"cells", func(o *cmemChar, info *cmemInt32) int {
			c, n := m.ints(cells)
			return int(fg_board_cells(c, n, o.p, o.n, info.p, nil, 0))
		}},
		{"text", func(o *cmemChar, info *cmemInt32) int {
			s, n := m.str(p.String())
			return int(fg_board_text(s, n, o.p, o.n, info.p, nil, 0))
		}},
		{"play", func(o *cmemChar, info *cmemInt32) int {
			s, n := m.str(movetest.Fixture("445"))
			return int(fg_board_play(s, n, i32(int(cols[3])), o.p, o.n, info.p, nil, 0))
		}},
	} {
		var o cmemChar
		o.p, o.n = m.buf(board.Cells + 1)
		info := cmemInt32{m.out32(infoLen)}
		if code := tc.call(&o, &info); code != codeOK {
			t.Errorf("%s: code %d", tc.name, code)
			continue
		}
		got, err := board.Parse(movetest.Fixture(text(o.p)))
		if err != nil || got != p || !slices.Equal(int32sAt(info.p, infoLen), want) {
			t.Errorf("%s: moves %q (%v), info %v; want a move string of 4453's position, info %v", tc.name, text(o.p), err, int32sAt(info.p, infoLen), want)
		}
	}
}

// TestColumnErrors checks fg_board_columns's refusals, worded as the
// engine's PlayChecked.
func TestColumnErrors(t *testing.T) {
	var m cmem
	defer m.free()
	for _, tc := range []struct {
		cols []int32
		base int
		want string
	}{
		{[]int32{3, 3, int32(board.Width)}, 0, fmt.Sprintf("move 3: column %d (1-based) is off the board", board.Width+1)},
		{[]int32{4, 0}, 1, "move 2: column 0 (1-based) is off the board"},
		{make([]int32, board.Height+1), 0, fmt.Sprintf("move %d: column 1 (1-based) is full", board.Height+1)},
		{[]int32{1}, 2, "columns counted from 2: want 0 or 1"},
	} {
		c, n := m.ints(tc.cols)
		out, outCap := m.buf(board.Cells + 1)
		msg, msgCap := m.buf(256)
		code := fg_board_columns(c, n, i32(tc.base), out, outCap, m.out32(infoLen), msg, msgCap)
		if code != codeInvalid || !strings.HasPrefix(text(msg), tc.want) {
			t.Errorf("fg_board_columns(%v, base %d): code %d %q; want %d %q…", tc.cols, tc.base, code, text(msg), codeInvalid, tc.want)
		}
	}
}

// cmemChar and cmemInt32 carry C buffers through the table of TestBoardCalls.
type cmemChar struct {
	p *cchar
	n cint64
}

type cmemInt32 struct{ p *cint32 }

// TestVersion checks that the library's version is c4 version's.
func TestVersion(t *testing.T) {
	var m cmem
	defer m.free()
	out, outCap := m.buf(256)
	if code := fg_version(out, outCap, nil, 0); code != codeOK {
		t.Fatalf("fg_version: code %d", code)
	}
	info, _ := debug.ReadBuildInfo()
	if want := buildinfo.Version(info, version); text(out) != want {
		t.Errorf("fg_version = %q, want %q", text(out), want)
	}
	small, smallCap := m.buf(2)
	msg, msgCap := m.buf(256)
	if code := fg_version(small, smallCap, msg, msgCap); code != codeInvalid || !strings.Contains(text(msg), "bytes of room") {
		t.Errorf("fg_version into 2 bytes: code %d %q", code, text(msg))
	}
}

// TestRuleCall checks fg_rule: the build's line length, and a refused
// nil output.
func TestRuleCall(t *testing.T) {
	var m cmem
	defer m.free()
	out := m.out32(1)
	if code := fg_rule(out, nil, 0); code != codeOK || int32sAt(out, 1)[0] != board.InARow {
		t.Errorf("fg_rule: code %d, %d; want %d", code, int32sAt(out, 1)[0], board.InARow)
	}
	msg, msgCap := m.buf(256)
	if code := fg_rule(nil, msg, msgCap); code != codeInvalid {
		t.Errorf("fg_rule(nil): code %d %q, want a refusal", code, text(msg))
	}
}

// TestMessageCut checks that a message longer than its buffer is cut,
// NUL-terminated within the buffer, at a character's boundary.
func TestMessageCut(t *testing.T) {
	var m cmem
	defer m.free()
	s, n := m.str("4453×")
	_, err := board.Parse("4453×")
	for size := 1; size < 64; size++ {
		msg, msgCap := m.buf(size)
		fg_board_moves(s, n, nil, 0, nil, msg, msgCap)
		got := text(msg)
		if len(got) > size-1 || !strings.HasPrefix(err.Error(), got) || len(got) < min(size-2, len(err.Error())) {
			t.Errorf("message in %d bytes: %q", size, got)
		}
	}
}

// TestPanicRecovered checks that a panic becomes codeInternal.
func TestPanicRecovered(t *testing.T) {
	code, msg := run(func() error { panic("boom") })
	if code != codeInternal || !strings.Contains(msg, "boom") {
		t.Errorf("run(panic) = %d %q", code, msg)
	}
}

// TestBatch checks the batch calls against fg_analyze and fg_solve one by
// one, on several workers, from move strings and from cells.
func TestBatch(t *testing.T) {
	lines := readRef(t, "positions/analyze_n24.txt", 30)
	h := newSolverHandle(t, 4, 1, true)
	var m cmem
	defer m.free()
	var data strings.Builder
	ends := make([]int64, len(lines))
	cells := make([]int32, 0, len(lines)*board.Cells)
	for i, l := range lines {
		data.WriteString(l.moves)
		ends[i] = int64(data.Len())
		p, _ := board.Parse(movetest.Fixture(l.moves))
		for _, v := range p.Cells() {
			cells = append(cells, int32(v))
		}
	}
	d, _ := m.str(data.String())
	c, _ := m.ints(cells)
	for _, workers := range []int{1, 3} {
		out := m.out32(len(lines) * board.Width)
		msg, msgCap := m.buf(256)
		if code := fg_batch_moves(i64(h), modeAnalyze, 0, i32(workers), d, m.int64s(ends), i64(int64(len(lines))), out, msg, msgCap); code != codeOK {
			t.Fatalf("fg_batch_moves: code %d %q", code, text(msg))
		}
		outCells := m.out32(len(lines))
		if code := fg_batch_cells(i64(h), modeSolve, 0, i32(workers), c, i64(int64(len(lines))), outCells, msg, msgCap); code != codeOK {
			t.Fatalf("fg_batch_cells: code %d %q", code, text(msg))
		}
		all, solved := int32sAt(out, len(lines)*board.Width), int32sAt(outCells, len(lines))
		for i, l := range lines {
			if got := all[i*board.Width : (i+1)*board.Width]; !slices.Equal(got, l.scores) {
				t.Errorf("%d workers: position %d %s: %v, want %v", workers, i, l.moves, got, l.scores)
			}
			if best := slices.Max(l.scores); solved[i] != best {
				t.Errorf("%d workers: solve of cells of %s: %d, want %d", workers, l.moves, solved[i], best)
			}
		}
	}
	bad, _ := m.str("44" + "4453x")
	msg, msgCap := m.buf(256)
	code := fg_batch_moves(i64(h), modeAnalyze, 0, 2, bad, m.int64s([]int64{2, 7}), 2, m.out32(2*board.Width), msg, msgCap)
	if code != codeInvalid || !strings.HasPrefix(text(msg), "position 1 of the batch (counted from 0): move 5") {
		t.Errorf("a batch with a bad position: code %d %q", code, text(msg))
	}
}

// TestSharedHandle calls one solver from many goroutines at once (run it
// with -race): the calls take turns and each gets its own answer.
func TestSharedHandle(t *testing.T) {
	lines := readRef(t, "positions/analyze_n32.txt", 24)
	h := newSolverHandle(t, 1, 1, true)
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			for i := g; i < len(lines); i += 6 {
				got, code, msg := analyzeCall(h, lines[i].moves, false)
				if code != codeOK || !slices.Equal(got, lines[i].scores) {
					t.Errorf("goroutine %d: %s: %v code %d %q, want %v", g, lines[i].moves, got, code, msg, lines[i].scores)
				}
			}
		})
	}
	wg.Wait()
}

// TestAgents plays a ConnectX request through each kind of agent and
// checks the refusals of bad specs and requests.
func TestAgents(t *testing.T) {
	var m cmem
	defer m.free()
	p, _ := board.Parse(movetest.Fixture("4453"))
	for _, spec := range []string{"perfect", "level1", "level5", "mcts:50", "greedy", "random"} {
		if strings.HasPrefix(spec, "mcts:") && batch.Supported() != nil {
			t.Logf("%s: skipped, batch (its playouts) does not play this board: %v", spec, batch.Supported())
			continue
		}
		s, n := m.str(spec)
		hp := m.out64(1)
		msg, msgCap := m.buf(256)
		if code := fg_agent_new(s, n, 1, 1, hp, msg, msgCap); code != codeOK {
			t.Fatalf("fg_agent_new(%s): code %d %q", spec, code, text(msg))
		}
		h := i64(int64At(hp))
		body := fmt.Sprintf(`{"configuration":{"rows":%d,"columns":%d,"inarow":%d},"state":{"observation":{"board":%s,"mark":%d}}}`,
			board.Height, board.Width, board.InARow, strings.ReplaceAll(fmt.Sprint(p.Cells()), " ", ","), p.ToMove())
		req, rn := m.str(body)
		col := m.out32(1)
		if code := fg_agent_act(h, req, rn, col, msg, msgCap); code != codeOK || !p.CanPlay(int(int32sAt(col, 1)[0])) {
			t.Errorf("%s: fg_agent_act: column %d, code %d %q", spec, int32sAt(col, 1)[0], code, text(msg))
		}
		wrong := strings.Replace(body, fmt.Sprintf(`"mark":%d`, p.ToMove()), `"mark":2`, 1)
		_, _, want := connectx.Parse([]byte(wrong))
		req, rn = m.str(wrong)
		if code := fg_agent_act(h, req, rn, col, msg, msgCap); code != codeInvalid || want == nil || text(msg) != want.Error() {
			t.Errorf("%s: a request of the wrong mark: code %d %q, want %q", spec, code, text(msg), want)
		}
		// Another rule: refused, naming the Python package's build.
		other := strings.Replace(body, fmt.Sprintf(`"inarow":%d`, board.InARow), fmt.Sprintf(`"inarow":%d`, board.InARow+1), 1)
		req, rn = m.str(other)
		build := board.MakeCommand("python", board.Width, board.Height, board.InARow+1)
		if code := fg_agent_act(h, req, rn, col, msg, msgCap); code != codeInvalid || !strings.Contains(text(msg), build) {
			t.Errorf("%s: a request of inarow %d: code %d %q, want one naming %q", spec, board.InARow+1, code, text(msg), build)
		}
		if code := fg_agent_free(h, msg, msgCap); code != codeOK {
			t.Errorf("fg_agent_free: code %d", code)
		}
	}
	s, n := m.str("level9")
	msg, msgCap := m.buf(256)
	if code := fg_agent_new(s, n, 0, 0, m.out64(1), msg, msgCap); code != codeInvalid || !strings.Contains(text(msg), "level9") {
		t.Errorf("fg_agent_new(level9): code %d %q", code, text(msg))
	}
}
