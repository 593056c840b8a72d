package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// encode is reports as c4 eval --json writes them.
func encode(t testing.TB, reports ...*Report) []byte {
	t.Helper()
	data, err := json.Marshal(reports)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestMergeEqualsOneRun: the positions evaluated in parts, each part's
// reports written as JSON, read back and merged, give the reports of one
// run over all of them, for every way of cutting them in two.
func TestMergeEqualsOneRun(t *testing.T) {
	var positions []Position
	for _, set := range []string{"pons/Test_L3_R1", "pons/Test_L2_R1"} {
		positions = append(positions, refPositions(t, set, 6)...)
	}
	s := solvertest.New(t, 16)
	agents := func() []agent.Agent { return []agent.Agent{leftmost{}, randomMover{rand.New(rand.NewPCG(5, 6))}} }
	run := func(as []agent.Agent, ps []Position) []*Report {
		reports, err := Evaluate(context.Background(), as, s, ps, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return reports
	}
	whole := encode(t, run(agents(), positions)...)
	for cut := range len(positions) + 1 {
		var parts []*Report
		as := agents() // one random agent for both parts, as in one run
		for _, ps := range [][]Position{positions[:cut], positions[cut:]} {
			read, err := readReports(bytes.NewReader(encode(t, run(as, ps)...)), "part")
			if err != nil {
				t.Fatalf("cut at %d: %v", cut, err)
			}
			parts = append(parts, read...)
		}
		merged, err := MergeAll(parts)
		if err != nil {
			t.Fatal(err)
		}
		if got := encode(t, merged...); !bytes.Equal(got, whole) {
			t.Errorf("cut at %d: merged\n%s\nwant\n%s", cut, got, whole)
		}
	}
}

func TestMergeOtherAgent(t *testing.T) {
	a, b := &Report{Agent: "level1"}, &Report{Agent: "level2"}
	a.finish()
	b.finish()
	if err := a.Merge(b); err == nil || !strings.Contains(err.Error(), "level2") {
		t.Errorf("merging level2 into level1: %v; want an error naming both", err)
	}
}

// validReport is a report of two positions, as c4 eval --json writes it.
const validReport = `{"agent":"greedy","positions":2,"perfectMoves":1,"goodMoves":2,"perfectMoveRate":0.5,"goodMoveRate":1,
"table":[{"stage":"<=14 played","difficulty":"<14 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0},
{"stage":"<=14 played","difficulty":"<28 left","positions":1,"errors":1,"outcomeErrors":0,"errorRate":1},
{"stage":"<=14 played","difficulty":">=28 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0},
{"stage":"<=28 played","difficulty":"<14 left","positions":1,"errors":0,"outcomeErrors":0,"errorRate":0},
{"stage":"<=28 played","difficulty":"<28 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0},
{"stage":"<=28 played","difficulty":">=28 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0},
{"stage":">28 played","difficulty":"<14 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0},
{"stage":">28 played","difficulty":"<28 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0},
{"stage":">28 played","difficulty":">=28 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0}],
"byStones":[{"stones":2,"positions":1,"errors":1,"outcomeErrors":0,"errorRate":1},{"stones":3,"positions":1,"errors":0,"outcomeErrors":0,"errorRate":0}]}`

func TestReadReports(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		agents   int
	}{
		{"object", validReport, 1},
		{"array", "[" + validReport + "," + strings.Replace(validReport, "greedy", "level1", 1) + "]", 2},
		{"spaces", "\n  " + validReport + "\n\n", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reports, err := readReports(strings.NewReader(tt.in), "in")
			if err != nil || len(reports) != tt.agents {
				t.Fatalf("%d reports, %v; want %d", len(reports), err, tt.agents)
			}
			if r := reports[0]; r.Positions != 2 || r.PerfectMoveRate != 0.5 || r.Cell(0, 1).ErrorRate != 1 {
				t.Errorf("read %+v", r)
			}
		})
	}
}

func TestReadReportsRefuses(t *testing.T) {
	edit := func(old, new string) string {
		if !strings.Contains(validReport, old) {
			t.Fatalf("the valid report has no %q", old)
		}
		return strings.Replace(validReport, old, new, 1)
	}
	for _, tt := range []struct {
		name, in, want string
	}{
		{"empty", "", "not c4 eval --json output"},
		{"no reports", "[]", "no report"},
		{"null", "[null]", "report 1 is null"},
		{"text", "agent greedy, 2 positions", "not c4 eval --json output"},
		{"trailing", validReport + " {}", "more after the reports"},
		{"trailing bracket", validReport + "]", "more after the reports"},
		{"unknown field", edit(`"agent"`, `"games":3,"agent"`), "unknown field"},
		{"no agent", edit(`"greedy"`, `""`), "no agent"},
		{"failed but good", edit(`"agent"`, `"failedMoves":{"illegal":1},"agent"`), "failed moves 1 (1 illegal): want 0 or more of each kind, at most the moves that were not good (0)"},
		{"failed, negative", edit(`"agent"`, `"failedMoves":{"crash":-1},"agent"`), "failed moves -1 (-1 crash)"},
		{"failed, overflowing", edit(`"agent"`, `"failedMoves":{"illegal":9223372036854775807,"garbage":9223372036854775807},"agent"`), "want 0 or more of each kind"},
		{"failed, unknown kind", edit(`"agent"`, `"failedMoves":{"hiccup":1},"agent"`), "unknown field"},
		{"perfect above good", edit(`"perfectMoves":1`, `"perfectMoves":3`), "perfect moves (3)"},
		{"too many positions", edit(`"positions":2`, `"positions":2000000000000`), "more than any test set"},
		{"short table", edit(`,
{"stage":">28 played","difficulty":">=28 left","positions":0,"errors":0,"outcomeErrors":0,"errorRate":0}`, ``), "the table has 8 cells"},
		{"renamed cell", edit(`"<14 left","positions":1`, `"<15 left","positions":1`), `"<15 left"`},
		{"cell errors", edit(`"positions":1,"errors":1,"outcomeErrors":0,"errorRate":1},
{"stage":"<=14`, `"positions":1,"errors":2,"outcomeErrors":0,"errorRate":1},
{"stage":"<=14`), "errors (2) <= positions (1)"},
		{"cell outcome", edit(`"positions":1,"errors":0,"outcomeErrors":0`, `"positions":1,"errors":0,"outcomeErrors":1`), "outcome errors (1) <= errors (0)"},
		{"table sum", edit(`"positions":1,"errors":0,"outcomeErrors":0`, `"positions":0,"errors":0,"outcomeErrors":0`), "the table adds up to 1 positions"},
		{"stones order", edit(`"stones":3`, `"stones":2`), "2 stones after 2"},
		{"stones range", edit(`"stones":3`, `"stones":99`), "99 stones"},
		{"stones sum", edit(`"stones":3,"positions":1`, `"stones":3,"positions":0`), "byStones adds up to 1 positions"},
		{"negative", edit(`"stones":2,"positions":1,"errors":1`, `"stones":2,"positions":-1,"errors":-1`), "outcome errors (0) <= errors (-1)"},
		{"huge", "[" + strings.Repeat(" ", maxReportBytes) + "]", "more than 16 MiB"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readReports(strings.NewReader(tt.in), "in.json")
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "in.json: ") {
				t.Errorf("%v; want an error naming in.json and saying %q", err, tt.want)
			}
		})
	}
}

// FuzzReadReports: ReadReports never panics, and a report it accepts
// writes out and reads back the same, and merges with itself into twice
// its counts.
func FuzzReadReports(f *testing.F) {
	f.Add(validReport)
	f.Add("[" + validReport + "]")
	f.Add(strings.Replace(validReport, `"positions":2`, `"positions":-2`, 1))
	f.Add(`{"agent":"x","positions":0,"perfectMoves":0,"goodMoves":0,"table":[],"byStones":[]}`)
	f.Fuzz(func(t *testing.T, in string) {
		reports, err := readReports(strings.NewReader(in), "in")
		if err != nil {
			return
		}
		out := encode(t, reports...)
		again, err := readReports(bytes.NewReader(out), "out")
		if err != nil {
			t.Fatalf("written %s, read back: %v", out, err)
		}
		if back := encode(t, again...); !bytes.Equal(back, out) {
			t.Fatalf("written %s, read back %s", out, back)
		}
		twice, err := MergeAll(append(again, reports...))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range twice {
			var want int
			for _, o := range reports {
				if o.Agent == r.Agent {
					want += 2 * o.Positions
				}
			}
			if r.Positions != want {
				t.Fatalf("%s merged with itself: %d positions, want %d", r.Agent, r.Positions, want)
			}
		}
	})
}

// Two runs of c4 eval --json over halves of the positions, merged.
func ExampleMergeAll() {
	first, _ := readReports(strings.NewReader(validReport), "first.json")
	second, _ := readReports(strings.NewReader(validReport), "second.json")
	merged, err := MergeAll(append(first, second...))
	if err != nil {
		fmt.Println(err)
		return
	}
	r := merged[0]
	fmt.Printf("%s: %d positions, %.0f%% perfect, %.0f%% good\n", r.Agent, r.Positions, 100*r.PerfectMoveRate, 100*r.GoodMoveRate)
	// Output: greedy: 4 positions, 50% perfect, 100% good
}

// failing plays the leftmost column until its moves run out, then fails.
type failing struct{ left *int }

func (failing) Name() string { return "failing" }
func (f failing) Move(ctx context.Context, p board.Position) (int, error) {
	if *f.left == 0 {
		return -1, errors.New("out of moves")
	}
	*f.left--
	return leftmost{}.Move(ctx, p)
}

// TestEvaluateStopsAligned: when an agent fails, the reports Evaluate
// returns cover the same positions for every agent, those before the
// position where it failed, and agree with a run over those alone.
func TestEvaluateStopsAligned(t *testing.T) {
	positions := refPositions(t, "pons/Test_L3_R1", 6)
	s := solvertest.New(t, 16)
	for left := range 4 {
		n := left
		reports, err := Evaluate(context.Background(), []agent.Agent{leftmost{}, failing{&n}, leftmost{}}, s, positions, Options{})
		if err == nil || !strings.Contains(err.Error(), "out of moves") {
			t.Fatalf("%d moves: %v; want the agent's error", left, err)
		}
		before, err := Evaluate(context.Background(), []agent.Agent{leftmost{}}, s, positions[:left], Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reports {
			if r.Positions != left {
				t.Errorf("failing after %d moves: %s's report has %d positions, want %d", left, r.Agent, r.Positions, left)
			}
		}
		if got, want := encode(t, reports[2]), encode(t, before[0]); !bytes.Equal(got, want) {
			t.Errorf("failing after %d moves: the last agent's report\n%s\nwant\n%s", left, got, want)
		}
	}
}
