package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/reftest"
)

// winningOpening returns a reference position of ten stones that the side
// to move wins.
func winningOpening(t *testing.T) string {
	t.Helper()
	for _, line := range refLines(t, "positions/n10.txt", 50) {
		moves, rest := splitLine(line)
		if len(rest) == 1 {
			if v, err := strconv.Atoi(rest[0]); err == nil && v > 0 {
				return moves
			}
		}
	}
	t.Skip("no won position among the first lines of positions/n10.txt")
	return ""
}

// matchGame is one "game N: A first, RESULT: MOVES" line of match --moves.
type matchGame struct {
	first, result, moves string
}

// runMatchOutput runs c4 match with args and returns its game lines and
// its table's rows by agent.
func runMatchOutput(t *testing.T, args ...string) ([]matchGame, map[string][]string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := runMatch(context.Background(), args, nil, &stdout, &stderr); err != nil || stderr.Len() > 0 {
		t.Fatalf("match %q: %v\n%s", args, err, stderr.String())
	}
	var games []matchGame
	rows := make(map[string][]string)
	for line := range strings.Lines(stdout.String()) {
		line = strings.TrimSuffix(line, "\n")
		if rest, ok := strings.CutPrefix(line, "game "); ok {
			_, rest, _ = strings.Cut(rest, ": ")
			first, rest, _ := strings.Cut(rest, " first, ")
			result, moves, _ := strings.Cut(rest, ": ")
			games = append(games, matchGame{first, result, moves})
			continue
		}
		if f := strings.Fields(line); len(f) == 9 && f[0] != "agent" {
			rows[f[0]] = f[1:]
		}
	}
	return games, rows
}

// TestMatchPerfect checks that the perfect agent wins every game it
// starts from a won position, and loses none against the random agent.
func TestMatchPerfect(t *testing.T) {
	opening := winningOpening(t)
	games, rows := runMatchOutput(t, "perfect", "random", "--games", "6", "--opening", opening, "--moves", "--tt-mb", "16")
	if len(games) != 6 {
		t.Fatalf("%d game lines, want 6", len(games))
	}
	for i, g := range games {
		wantFirst := []string{"perfect", "random"}[i%2]
		if g.first != wantFirst {
			t.Errorf("game %d: %s first, want %s", i+1, g.first, wantFirst)
		}
		if g.first == "perfect" && g.result != "perfect wins" || g.result == "random wins" {
			t.Errorf("game %d, %s first: %s", i+1, g.first, g.result)
		}
		checkRecord(t, g, opening)
	}
	if got := rows["perfect"]; len(got) != 8 || got[3] != "0" || got[4] != "3-0-0" {
		t.Errorf("perfect's row %q: want no losses and 3-0-0 as first", got)
	}
}

// checkRecord checks that a game's move string starts with the opening
// and ends as its result says.
func checkRecord(t *testing.T, g matchGame, opening string) {
	t.Helper()
	if !strings.HasPrefix(g.moves, opening) {
		t.Errorf("record %q does not start with the opening %q", g.moves, opening)
	}
	p, err := board.Parse(g.moves)
	if err != nil {
		t.Fatalf("record %q: %v", g.moves, err)
	}
	switch {
	case g.result == "draw" && (!p.IsFull() || p.IsWon()):
		t.Errorf("record %q is not a draw", g.moves)
	case g.result != "draw" && !p.IsWon():
		t.Errorf("record %q is not won (%s)", g.moves, g.result)
	case g.result != "draw":
		// The winner made the last move: the first mover iff the game
		// from the opening has an odd number of moves.
		firstWon := (p.Moves()-mustPosition(t, opening).Moves())%2 == 1
		if firstWon != (g.result == g.first+" wins") {
			t.Errorf("record %q: %s first, but %s", g.moves, g.first, g.result)
		}
	}
}

// TestMatchDeterministic checks that a seed replays a match, and that
// agents of one spec are told apart.
func TestMatchDeterministic(t *testing.T) {
	opening := fixture("44")
	if classic := reftest.ClassicWidth * reftest.ClassicHeight; board.Cells > classic {
		// level2 solves exactly from its 12th stone on: on a bigger board
		// its games start as late as 18 stones are on 7×6 (as many cells
		// empty), where those solves stay quick.
		opening = lateMoves(t, board.Cells-(classic-18))
	}
	args := []string{"greedy", "level2", "--games", "4", "--seed", "5", "--moves", "--opening", opening}
	first, _ := runMatchOutput(t, args...)
	again, _ := runMatchOutput(t, args...)
	if len(first) != 4 || strings.Join(movesOfGames(first), " ") != strings.Join(movesOfGames(again), " ") {
		t.Errorf("seed 5 played %v, then %v", first, again)
	}
	for _, g := range first {
		checkRecord(t, g, opening)
	}
	games, rows := runMatchOutput(t, "random", "random", "--games", "3", "--moves")
	if rows["random(A)"] == nil || rows["random(B)"] == nil {
		t.Errorf("the two random agents share a label: %v", rows)
	}
	for i, g := range games {
		if want := []string{"random(A)", "random(B)"}[i%2]; g.first != want {
			t.Errorf("game %d: %s first, want %s", i+1, g.first, want)
		}
		checkRecord(t, g, "")
	}
}

// movesOfGames lists the records of games.
func movesOfGames(games []matchGame) []string {
	var moves []string
	for _, g := range games {
		moves = append(moves, g.moves)
	}
	return moves
}

// TestMatchTable checks the totals of the table against the games.
func TestMatchTable(t *testing.T) {
	games, rows := runMatchOutput(t, "random", "greedy", "--games", "8", "--moves", "--seed", "2")
	wins := map[string]int{}
	for _, g := range games {
		wins[strings.TrimSuffix(g.result, " wins")]++
	}
	for _, name := range []string{"random", "greedy"} {
		row := rows[name]
		if len(row) != 8 {
			t.Fatalf("row of %s: %q", name, row)
		}
		if row[0] != "8" || row[1] != strconv.Itoa(wins[name]) || row[2] != strconv.Itoa(wins["draw"]) {
			t.Errorf("row of %s: %q, want 8 games, %d wins, %d draws", name, row, wins[name], wins["draw"])
		}
	}
}

// TestMatchUsage checks the refused invocations.
func TestMatchUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"random"}, "want two agents"},
		{[]string{"random", "greedy", "level1"}, "want two agents"},
		{[]string{"random", "best"}, `unknown agent "best"`},
		{[]string{"level:9", "random"}, `unknown agent "level:9": levels run from 1 to 5`},
		{[]string{"random", "level0"}, `unknown agent "level0": levels run from 1 to 5`},
		{[]string{"random", "greedy", "--games", "0"}, "--games 0"},
		{[]string{"random", "greedy", "--opening", "48a"}, `--opening "48a"`},
		{[]string{"random", "greedy", "--opening", fixture("1122334")}, "already over"},
		{[]string{"random", "greedy", "--tt-mb", "0"}, "--tt-mb 0"},
	} {
		var stdout, stderr bytes.Buffer
		err := runMatch(context.Background(), tc.args, nil, &stdout, &stderr)
		if ue, ok := errors.AsType[*usageError](err); !ok || !strings.Contains(ue.Error(), tc.want) {
			t.Errorf("match %q: error %v, want a usage error with %q", tc.args, err, tc.want)
		}
	}
}

// TestMatchInterrupted checks that an interrupted match prints the table
// of the games played and reports the interruption.
func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	err := runMatch(ctx, []string{"random", "greedy"}, nil, &stdout, &stderr)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if !strings.Contains(stdout.String(), "interrupted after 0 games") || !strings.Contains(stdout.String(), "ms/move") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
}

// needSh skips a test of cmd: agents where sh, which runs them, is
// missing.
func needSh(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skipf("no sh to run cmd: agents: %v", err)
	}
}

// TestMatchFailedMoves: c4 match with a cmd: agent that fails to move (an
// illegal move, garbage, a crash) counts the games it failed in as lost,
// says where on stderr, naming the position by the game's move string,
// and prints the table with the failures; --strict stops at the first,
// exit 1.
func TestMatchFailedMoves(t *testing.T) {
	needSh(t)
	for _, tc := range []struct {
		name, command, kind, why string
	}{
		{"illegal", `while read m; do echo 1; done`, "illegal", "column 1 is full"},
		{"garbage", `while read m; do echo x; done`, "garbage", `answered "x"`},
		{"crash", `read m; exit 3`, "crash", "exit status 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := "cmd:" + tc.command
			code, out, errOut := runC4(context.Background(), "match", bad, "greedy", "--games", "4", "--moves")
			if code != 0 {
				t.Fatalf("c4 match: exit %d; want 0\n%s%s", code, out, errOut)
			}
			failed := strings.Count(errOut, "greedy wins: "+bad+" failed to move in ")
			if failed == 0 || !strings.Contains(errOut, tc.kind+": ") || !strings.Contains(errOut, tc.why) {
				t.Errorf("stderr %q; want the games lost by failing to move (%s: %s)", errOut, tc.kind, tc.why)
			}
			for _, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
				game, _ := strconv.Atoi(strings.TrimSuffix(strings.Fields(strings.TrimPrefix(line, "match: game "))[0], ":"))
				moves := strings.Split(out, "\n")[game] // the line of game N of --moves
				_, at, _ := strings.Cut(line, " failed to move in ")
				at, _, _ = strings.Cut(at, ": ")
				if !strings.HasSuffix(moves, ": "+strings.Trim(at, `"`)) || strings.Contains(line, " to \"") {
					t.Errorf("%q: want the position named once, by the game's move string, the game %q", line, moves)
				}
			}
			row := tableRow(t, out, bad)
			if len(row) < 9 || row[1] != "4" || row[8] != strconv.Itoa(failed) || !strings.Contains(strings.Join(row[9:], " "), " "+tc.kind) {
				t.Errorf("row %q; want 4 games and %d failed", row, failed)
			}
			code, _, errOut = runC4(context.Background(), "match", bad, "greedy", "--games", "4", "--strict")
			firstFailure := "c4: match: game 1: "
			if board.Cells > reftest.ClassicWidth*reftest.ClassicHeight {
				firstFailure = "c4: match: game " // greedy may make four before column 1 fills
			}
			if code != 1 || !strings.Contains(errOut, firstFailure) || !strings.Contains(errOut, tc.why) {
				t.Errorf("--strict: exit %d, %q; want 1 and the first failure", code, errOut)
			}
		})
	}
}

// tableRow is the row of the agent labelled label in the table c4 match
// printed in out, its label first, split at blanks.
func tableRow(t *testing.T, out, label string) []string {
	t.Helper()
	for line := range strings.Lines(out) {
		rest, ok := strings.CutPrefix(line, label+" ")
		if f := strings.Fields(rest); ok && len(f) > 0 && f[0] != "v" {
			return append([]string{label}, f...)
		}
	}
	t.Fatalf("no row of %s in\n%s", label, out)
	return nil
}

// TestAgentListSame: c4 match, play and eval refuse every spec that names
// no agent (a level out of range, a misspelling, mcts:N out of range)
// with one list of the agents, mcts:N, cmd: and url: included.
func TestAgentListSame(t *testing.T) {
	lists := map[string][]string{}
	file := filepath.Join(t.TempDir(), "positions.txt")
	if err := os.WriteFile(file, []byte(fixture("44")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"level9", "lvl3", "mcts:0", "level:0"} {
		for _, args := range [][]string{{"match", spec, "random"}, {"play", "--agent", spec}, {"eval", spec, file}} {
			code, _, errOut := runC4(context.Background(), args...)
			_, list, ok := strings.Cut(strings.SplitN(errOut, "\n", 2)[0], "want one of ")
			if code != 2 || !ok {
				t.Errorf("c4 %q: exit %d, %q; want 2 and a list of the agents", args, code, errOut)
			}
			lists[list] = append(lists[list], strings.Join(args, " "))
		}
	}
	if len(lists) != 1 {
		t.Errorf("%d lists of the agents; want one:\n%q", len(lists), lists)
	}
	for list := range lists {
		wants := []string{"level5", "mcts:N", "cmd:COMMAND", "url:URL"}
		if batch.Supported() != nil {
			wants = slices.DeleteFunc(wants, func(w string) bool { return w == "mcts:N" }) // not played on a board of two words, nor listed
		}
		for _, want := range wants {
			if !strings.Contains(list, want) {
				t.Errorf("the list %q leaves out %q", list, want)
			}
		}
	}
}
