package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/geom"
	"github.com/fourgen/fourgen/internal/longtest"
	"github.com/fourgen/fourgen/internal/refsolver"
)

// connectKDoc is the page whose table of empty boards TestConnectKTable
// holds to the engine.
const connectKDoc = "../docs/connect-k.md"

// unsolvedPrefix begins the value of a row not solved within the budget.
const unsolvedPrefix = "not solved within the budget"

// tableRow is a row of the table of empty boards of docs/connect-k.md.
type tableRow struct {
	w, h, k   int
	solved    bool
	value     int    // the empty board's score, when solved
	result    string // "draw, 16", "first player wins, 41 (published)"
	command   string
	line      int
	boardText string // the row's board as written, "4×4"
}

// readConnectKTable reads the table of empty boards of docs/connect-k.md.
func readConnectKTable(t *testing.T) []tableRow {
	t.Helper()
	data, err := os.ReadFile(connectKDoc)
	if err != nil {
		t.Fatal(err)
	}
	var rows []tableRow
	in := false
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "| board | k |") {
			in = true
			continue
		}
		if !in || strings.HasPrefix(line, "|--") {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		f := strings.Split(strings.Trim(line, "|"), "|")
		for j := range f {
			f[j] = strings.TrimSpace(f[j])
		}
		if len(f) != 5 {
			t.Fatalf("%s:%d: %d fields, want board, k, value, result and command", connectKDoc, i+1, len(f))
		}
		r := tableRow{line: i + 1, boardText: f[0], result: f[3], command: strings.Trim(f[4], "`")}
		if _, err := fmt.Sscanf(f[0], "%d×%d", &r.w, &r.h); err != nil {
			t.Fatalf("%s:%d: board %q: %v", connectKDoc, i+1, f[0], err)
		}
		if r.k, err = strconv.Atoi(f[1]); err != nil {
			t.Fatalf("%s:%d: k %q: %v", connectKDoc, i+1, f[1], err)
		}
		if !strings.HasPrefix(f[2], unsolvedPrefix) {
			if r.value, err = strconv.Atoi(f[2]); err != nil {
				t.Fatalf("%s:%d: value %q: %v", connectKDoc, i+1, f[2], err)
			}
			r.solved = true
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no table of empty boards (a header | board | k | …)", connectKDoc)
	}
	return rows
}

// lastStone is the stone that ends a game of the score value for the first
// player on a board of cells cells: for a win (value > 0) the winner's
// n-th stone counted over both players, with value = 1 + ⌊(cells − n)/2⌋
// and n odd (the first player's); for a loss n even; for a draw the last
// cell. It is the inverse of the engine's score convention.
func lastStone(cells, value int) int {
	if value == 0 {
		return cells
	}
	s, parity := value, 1
	if value < 0 {
		s, parity = -value, 0
	}
	n := cells - 2*(s-1)
	if n%2 != parity {
		n--
	}
	return n
}

// describeResult is a row's result column for a value: "draw, 16",
// "first player wins, 9", "second player wins, 24".
func describeResult(cells, value int) string {
	switch n := lastStone(cells, value); {
	case value > 0:
		return fmt.Sprintf("first player wins, %d", n)
	case value < 0:
		return fmt.Sprintf("second player wins, %d", n)
	default:
		return fmt.Sprintf("draw, %d", n)
	}
}

// rowCommand is the one command a row gives: the make line of its build
// and that build's solve of the empty board.
func rowCommand(w, h, k int) string {
	name := fmt.Sprintf("%dx%d", w, h)
	if k != 4 {
		name += fmt.Sprintf("-k%d", k)
	}
	return board.BuildCommand(w, h, k) + " && bin/c4-" + name + " solve ''"
}

// refTableCells is the most cells of a board whose row the reference
// solver checks: with the long checks every such row, without them those
// of 4×4 (a second each at most).
func refTableCells() int { return longtest.Pick(16, 16, 20) }

// TestConnectKTable holds docs/connect-k.md's table of empty boards to the
// rules and the engine, so that it cannot drift: every row gives the one
// command that reproduces it (make c4 SIZE=WxH K=k && bin/c4-… solve ”),
// its result follows from its value by the score convention, rows at four
// in a row are the published outcomes (solvedBoards), and each value is
// solved again: by internal/refsolver on small boards (4×4 without the long
// checks, up to 20 cells with them), by this build's engine for its own
// board, and with the long checks by running the row's command itself (a
// build of c4 for the board, as make c4 does, then its solve of the empty
// board): of the first such row of each k with the long checks (a build
// each, which CI's time allows), of every row with FOURGEN_CONNECTK_TABLE=1
// too (make check-connect-k: about 7 minutes on 2 cores). Rows not solved
// within the budget are not run.
func TestConnectKTable(t *testing.T) {
	rows := readConnectKTable(t)
	for _, r := range rows {
		at := fmt.Sprintf("%s:%d (%s, k=%d)", connectKDoc, r.line, r.boardText, r.k)
		if _, err := geom.New(r.w, r.h, r.k); err != nil {
			t.Errorf("%s: %v", at, err)
			continue
		}
		if want := rowCommand(r.w, r.h, r.k); r.command != want {
			t.Errorf("%s: command %q, want %q", at, r.command, want)
		}
		if !r.solved {
			continue
		}
		cells := r.w * r.h
		want := describeResult(cells, r.value)
		if r.result != want && r.result != want+" (published)" {
			t.Errorf("%s: result %q, but a value of %+d is %q", at, r.result, r.value, want)
		}
		if r.k == 4 {
			pub, ok := solvedBoards[[2]int{r.w, r.h}]
			if !ok {
				t.Errorf("%s: a row at four in a row of a size the published tables do not list", at)
			} else if winner := map[bool]int{true: 1}[r.value > 0] + map[bool]int{true: 2}[r.value < 0]; winner != pub.winner || lastStone(cells, r.value) != pub.lastMove {
				t.Errorf("%s: value %+d (winner %d, stone %d); published: winner %d, stone %d", at, r.value, winner, lastStone(cells, r.value), pub.winner, pub.lastMove)
			}
		}
		if cells <= refTableCells() {
			ref := refsolver.New(geom.Geometry{Width: r.w, Height: r.h, InARow: r.k})
			got, err := ref.Score(nil)
			if err != nil {
				t.Fatal(err)
			}
			if got != r.value {
				t.Errorf("%s: value %+d; the reference solver: %+d", at, r.value, got)
			}
		}
		if r.w == board.Width && r.h == board.Height && r.k == board.InARow && (cells <= 30 || longtest.Pick(false, false, true)) {
			got, err := mustSolver(t, 64).Solve(context.Background(), board.Position{})
			if err != nil {
				t.Fatal(err)
			}
			if int(got) != r.value {
				t.Errorf("%s: value %+d; this build's engine: %+d", at, r.value, got)
			}
		}
	}
	if !longtest.Pick(false, false, true) {
		return
	}
	all := os.Getenv("FOURGEN_CONNECTK_TABLE") == "1"
	ran := map[int]bool{} // the k of the rows whose command ran
	for _, r := range rows {
		if r.solved && r.w*r.h > refTableCells() && (r.w != board.Width || r.h != board.Height || r.k != board.InARow) && (all || !ran[r.k]) {
			ran[r.k] = true
			t.Run(fmt.Sprintf("%dx%d-k%d", r.w, r.h, r.k), func(t *testing.T) { runTableCommand(t, r) })
		}
	}
}

// runTableCommand does what a row's command does, in a temporary folder
// rather than the repository's bin/: it generates the board of the row
// (go run ./gen -k, the -overlay that make c4 writes), builds c4 with it
// and solves the empty board, whose score must be the row's value.
func runTableCommand(t *testing.T, r tableRow) {
	dir := t.TempDir()
	overlay, c4 := filepath.Join(dir, "overlay.json"), filepath.Join(dir, "c4")
	steps := [][]string{
		{"go", "run", "../gen", "-width", strconv.Itoa(r.w), "-height", strconv.Itoa(r.h), "-k", strconv.Itoa(r.k), "-pkg", "board", "-out", "board", "-overlay", overlay},
		{"go", "build", "-overlay", overlay, "-o", c4, "../cmd/c4"},
	}
	for _, s := range steps {
		if out, err := exec.Command(s[0], s[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(s, " "), err, out)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, c4, "solve", "").Output()
	if err != nil {
		t.Fatalf("c4 solve '' (%d×%d, k=%d): %v", r.w, r.h, r.k, err)
	}
	f := strings.Fields(string(out))
	if len(f) == 0 {
		t.Fatalf("c4 solve '' printed nothing")
	}
	got, err := strconv.Atoi(f[len(f)-1])
	if err != nil || got != r.value {
		t.Errorf("%s:%d: %s prints %q, the table %+d", connectKDoc, r.line, r.command, strings.TrimSpace(string(out)), r.value)
	}
}
