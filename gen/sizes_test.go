package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/longtest"
)

// sizeTests are the engine's tests run at every small size: all of them
// (those whose fixtures are of the 7×6 board skip), among them the
// generated tables against internal/geom, the empty board against the
// published table of solved boards and late positions against a plain
// negamax. The examples print 7×6 results, so they are left out.
const sizeTests = "^(Test|Fuzz)"

// smallSizes are boards of at most 30 cells, whose empty board the engine
// solves in seconds: the smallest, 4×4; the widest and the tallest, 7×4
// (35 bits with its guard row) and 4×7 (exactly 32); 5×4, 5×5 and 6×5 (the
// largest), of five and six columns. (6×4, 4×5, 4×6 and 5×6, the other
// boards of at most 30 cells, were run too, 18 s each in CI's long step, and
// told nothing the six do not.)
var smallSizes = [][2]int{{4, 4}, {5, 4}, {7, 4}, {5, 5}, {6, 5}, {4, 7}}

// sampleSizes are the sizes of smallSizes a run without the long checks
// takes: a wide board and a tall one, one of 35 bits with its guard row
// and one of exactly 32, where a mask or shift sized for the wrong word
// shows first.
var sampleSizes = [][2]int{{7, 4}, {4, 7}}

// TestSmallSizes generates the engine for the boards of smallSizes (for
// two of them without the long checks) as an overlay and runs the
// engine's size tests on it: each empty board must score as published,
// and nothing the generator writes may break a size the repository does
// not build by default.
func TestSmallSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests the engine at other sizes: each takes about 10 s")
	}
	for _, size := range longtest.Pick(nil, sampleSizes, smallSizes) {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			overlay := filepath.Join(t.TempDir(), "overlay.json")
			if err := run(options{width: size[0], height: size[1], k: 4, pkg: "board", out: "../engine/board", overlay: overlay}); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("go", "test", "-count=1", "-short", "-overlay", overlay, "-run", sizeTests, "-v", "../engine/board", "../engine")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go test -overlay (%d×%d): %v\n%s", size[0], size[1], err, out)
			}
			for _, line := range strings.Split(string(out), "\n") {
				if strings.Contains(line, "sizes_test.go") && strings.Contains(line, "score") {
					t.Log(strings.TrimSpace(line))
				}
			}
			if !strings.Contains(string(out), "--- PASS: TestEmptyBoardAsPublished") {
				t.Errorf("%d×%d: the empty board was not solved:\n%s", size[0], size[1], out)
			}
		})
	}
}

// TestWideNotation generates the engine of a board of more than nine
// columns, 12×4, as an overlay and runs the board package's tests of move
// strings on it (the comma form, the refusal of digit strings that names
// the comma form and --zero-based): the board package only, nothing bigger.
func TestWideNotation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests the board package at 12×4: about 10 s")
	}
	overlay := filepath.Join(t.TempDir(), "overlay.json")
	if err := run(options{width: 12, height: 4, k: 4, pkg: "board", out: "../engine/board", overlay: overlay}); err != nil {
		t.Fatal(err)
	}
	tests := "^(TestReadMoves|TestParseAsRefusals|TestNotationFormat|FuzzParseAs|FuzzParse|TestParseGameRoundTrip)$"
	out, err := exec.Command("go", "test", "-count=1", "-short", "-overlay", overlay, "-run", tests, "-v", "../engine/board").CombinedOutput()
	if err != nil {
		t.Fatalf("go test -overlay (12×4) ../engine/board: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestReadMoves/digit_string") {
		t.Errorf("12×4: the tests of move strings did not run:\n%s", out)
	}
}

// connectKBoards are the builds of another line length than four whose
// engine TestConnectK holds to internal/refsolver: 4×4, 5×4 and 4×5 at
// three in a row, every reachable position with the long checks, and 6×5
// at five (late positions, against the reference solver only: the plain
// negamax of the rules' tests has no early wins to cut it short there, 4
// minutes). A run without the long checks takes 4×4 at three.
var connectKBoards = [][3]int{{4, 4, 3}, {5, 4, 3}, {4, 5, 3}, {6, 5, 5}}

// connectKTests are the engine's tests of the rules and of the reference
// solver that run at every line length, without -short.
const connectKTests = "^(TestAgainstReferenceSolver|TestAgainstPlainNegamax|TestClaimevenBound|TestOddThreatLoses|TestStaticBound|TestEvenThreatLate)$"

// TestConnectK generates the engine of each board of connectKBoards as an
// overlay, runs the board package's tests on it (the kernel and the
// per-cell tests against internal/geom at that k) and the engine's tests
// of its static rules and against the reference solver, which must pass,
// not skip.
func TestConnectK(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests the engine at other line lengths: each takes about 20 s")
	}
	for _, b := range longtest.Pick(nil, connectKBoards[:1], connectKBoards) {
		t.Run(fmt.Sprintf("%dx%d-k%d", b[0], b[1], b[2]), func(t *testing.T) {
			overlay := filepath.Join(t.TempDir(), "overlay.json")
			if err := run(options{width: b[0], height: b[1], k: b[2], pkg: "board", out: "../engine/board", overlay: overlay}); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("go", "test", "-count=1", "-short", "-overlay", overlay, "-run", sizeTests, "../engine/board").CombinedOutput()
			if err != nil {
				t.Fatalf("go test -overlay (%d×%d, %d in a row) ../engine/board: %v\n%s", b[0], b[1], b[2], err, out)
			}
			tests := connectKTests
			if b[2] > 4 {
				tests = "^TestAgainstReferenceSolver$"
			}
			out, err = exec.Command("go", "test", "-count=1", "-overlay", overlay, "-run", tests, "-v", "../engine").CombinedOutput()
			if err != nil {
				t.Fatalf("go test -overlay (%d×%d, %d in a row) ../engine: %v\n%s", b[0], b[1], b[2], err, out)
			}
			if !strings.Contains(string(out), "--- PASS: TestAgainstReferenceSolver") {
				t.Errorf("%d×%d, %d in a row: the reference solver's check did not pass:\n%s", b[0], b[1], b[2], out)
			}
			for _, line := range strings.Split(string(out), "\n") {
				if strings.Contains(line, "reachable positions agree") {
					t.Log(strings.TrimSpace(line))
				}
			}
		})
	}
}
