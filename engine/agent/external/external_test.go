package external

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/batch"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/connectx"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/tooltest"
)

// needSh skips a test where sh, which runs cmd: agents, is missing.
func needSh(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skipf("no sh to run cmd: agents: %v", err)
	}
}

// newAgent makes spec's agent, closed at the end of the test.
// generous is the time to answer given to agents whose tests are not
// about timeouts: far more than any answer takes on a loaded machine, so
// that no outcome depends on the load (issue 59: 200 ms once failed a
// crash test whose program had not even started).
const generous = time.Minute

// short is the time to answer of the tests of a timeout, whose agents
// never answer: its length changes how long they take, not how they end.
const short = 200 * time.Millisecond

func newAgent(t *testing.T, spec string, timeout time.Duration) agent.Agent {
	t.Helper()
	a, err := New(spec, Options{Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { Close(a) })
	return a
}

// TestCommandAgent: a shell agent that plays the column given by the
// number of stones played, mod the width, plus one, sees move strings
// reaching each position and plays what it says.
func TestCommandAgent(t *testing.T) {
	needSh(t)
	stones := `${#m}` // a digit a move
	if board.Usual().Commas {
		stones = `$(IFS=,; set -- $m; echo $#)` // the columns between the commas
	}
	a := newAgent(t, `cmd:while read m; do echo $(( `+stones+` % `+strconv.Itoa(board.Width)+` + 1 )); done`, generous)
	var p board.Position
	for range board.Width {
		col, err := a.Move(context.Background(), p)
		if err != nil || col != p.Moves()%board.Width {
			t.Fatalf("after %d stones: %d, %v; want column %d", p.Moves(), col+1, err, p.Moves()%board.Width+1)
		}
		p.Play(col)
	}
}

// TestCommandAgentFailures: garbage, a column that cannot be played, a
// crash, silence and a missing program are move errors of their kind that
// say what went wrong, without naming the position (the callers, PlayGame
// and eval, name it and the agent). Each ends the process and the next
// move starts it again: the same program fails the same way, until the
// third failure in a row without an answer (a crash, a timeout) gives
// the agent up; wrong answers do not.
func TestCommandAgentFailures(t *testing.T) {
	needSh(t)
	full, _ := board.Parse(movetest.Fixture(strings.Repeat("1", board.Height)))
	tests := []struct {
		name, command string
		p             board.Position
		kind          agent.FailureKind
		want          []string
	}{ // only silence waits out its timeout: every other agent gets a generous one
		{"garbage", `read m; echo hello`, board.Position{}, agent.Garbage, []string{`answered "hello"`, "want a column"}},
		{"off the board", `read m; echo 0`, board.Position{}, agent.Illegal, []string{`answered "0"`}},
		{"full column", `read m; echo 1`, full, agent.Illegal, []string{"column 1 is full"}},
		{"crash", `read m; echo oops >&2; exit 3`, board.Position{}, agent.Crash, []string{"no answer", "exit status 3", `stderr: "oops"`}},
		{"silence", `read m; sleep 1000`, board.Position{}, agent.Timeout, []string{"no answer within 200ms"}},
		{"no such program", `/nonexistent/agent`, board.Position{}, agent.Crash, []string{"no answer", "exit status 127"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			timeout := generous
			if tt.kind == agent.Timeout {
				timeout = short
			}
			a := newAgent(t, "cmd:"+tt.command, timeout)
			var first error
			for i := range failuresInRow {
				_, err := a.Move(context.Background(), tt.p)
				me, ok := errors.AsType[*agent.MoveError](err)
				if !ok || me.Kind != tt.kind {
					t.Fatalf("move %d: %v; want a MoveError of kind %s", i+1, err, tt.kind)
				}
				for _, want := range tt.want {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("error %q does not say %q", err, want)
					}
				}
				if strings.Contains(err.Error(), " to \"") {
					t.Errorf("error %q names the position", err)
				}
				if i > 0 && err.Error() != first.Error() {
					t.Errorf("move %d, the program started again: %v; want the first error again, %v", i+1, err, first)
				}
				first = err
			}
			_, err := a.Move(context.Background(), tt.p)
			gaveUp := strings.Contains(fmt.Sprint(err), "not started again after 3 moves in a row without an answer")
			if answered := tt.kind == agent.Illegal || tt.kind == agent.Garbage; answered && err.Error() != first.Error() {
				t.Errorf("after %d wrong answers: %v; want the same error again", failuresInRow, err)
			} else if !answered && (!isKind(err, agent.Crash) || !gaveUp) {
				t.Errorf("after %d failures without an answer: %v; want the agent given up", failuresInRow, err)
			}
		})
	}
	if _, err := New("cmd: ", Options{}); err == nil {
		t.Error("New(\"cmd: \") accepted an empty command")
	}
}

// TestCommandAgentRestarts: a program that crashes on one position, or
// plays an illegal move in it, is started again for the next move, which
// it answers; a good move resets the count of failures in a row; every
// start is one more run of the program.
func TestCommandAgentRestarts(t *testing.T) {
	needSh(t)
	for _, tt := range []struct {
		name, bad string // what the program does in the position "1"
		kind      agent.FailureKind
	}{
		{"crash", "exit 1", agent.Crash},
		{"illegal", "echo 0", agent.Illegal},
		{"garbage", "echo x", agent.Garbage},
	} {
		t.Run(tt.name, func(t *testing.T) {
			runs := filepath.Join(t.TempDir(), "runs")
			a := newAgent(t, `cmd:echo run >> `+runs+`; while read m; do if [ "$m" = 1 ]; then `+tt.bad+`; else echo 2; fi; done`, generous)
			one, _ := board.Parse(movetest.Fixture("1"))
			for i, p := range []board.Position{{}, one, {}, one, {}, one, {}, one, {}} {
				col, err := a.Move(context.Background(), p)
				me, failed := errors.AsType[*agent.MoveError](err)
				switch {
				case p.Moves() == 1 && (!failed || me.Kind != tt.kind):
					t.Fatalf("move %d, in 1: %d, %v; want a MoveError of kind %s", i+1, col+1, err, tt.kind)
				case p.Moves() == 0 && (err != nil || col != 1):
					t.Fatalf("move %d, after a failure: %d, %v; want column 2", i+1, col+1, err)
				}
			}
			Close(a)
			data, _ := os.ReadFile(runs)
			if n := strings.Count(string(data), "run"); n != 5 {
				t.Errorf("the program ran %d times; want 5 (once, and again after each of 4 failures)", n)
			}
		})
	}
}

// TestPythonAgent runs the example agent of the documentation with
// python3: it plays the centre-most column that is not full.
func TestPythonAgent(t *testing.T) {
	needSh(t)
	python := tooltest.LookPath(t, "python3", "apt-get install python3")
	if board.Width != 7 || board.Height != 6 {
		t.Skipf("the example agent is written for 7×6, not %d×%d", board.Width, board.Height)
	}
	a := newAgent(t, "cmd:"+python+" testdata/centre.py", generous)
	var p board.Position
	for range 2 * board.Height {
		want := -1
		for _, col := range board.CentreOrder() {
			if p.CanPlay(col) {
				want = col
				break
			}
		}
		col, err := a.Move(context.Background(), p)
		if err != nil || col != want {
			t.Fatalf("%v: %d, %v; want %d", p, col+1, err, want+1)
		}
		p.Play(col)
	}
	// The documentation shows this agent.
	doc, err := os.ReadFile("../../../docs/eval.md")
	if err != nil {
		t.Skipf("no docs/eval.md to compare with: %v", err)
	}
	code, _ := os.ReadFile("testdata/centre.py")
	if !strings.Contains(string(doc), string(code)) {
		t.Errorf("docs/eval.md does not show testdata/centre.py as it is")
	}
}

// TestURLAgent: a url: agent sends the environment's request and plays
// the action answered; bad answers, errors and silence are move errors
// of their kind.
func TestURLAgent(t *testing.T) {
	var answerOf atomic.Value // the answer to give, read by the handler (the slow one outlives its request)
	answerOf.Store("")
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		_, g, err := connectx.Parse(body)
		answer := answerOf.Load().(string)
		switch {
		case err != nil || r.Method != http.MethodPost:
			http.Error(w, fmt.Sprintf("bad request %s: %v", r.Method, err), http.StatusBadRequest)
		case answer == "":
			json.NewEncoder(w).Encode(connectx.Response{Action: g.Position().Moves() % board.Width})
		case answer == "500":
			http.Error(w, "down", http.StatusInternalServerError)
		case answer == "slow":
			<-r.Context().Done() // until the agent gives up
		default:
			w.Write([]byte(answer))
		}
	}))
	defer ts.Close()
	a := newAgent(t, "url:"+ts.URL, generous)
	p, _ := board.Parse(movetest.Fixture("44"))
	if col, err := a.Move(context.Background(), p); err != nil || col != 2 {
		t.Errorf("Move(44) = %d, %v; want 2 (0-based)", col, err)
	}
	full, _ := board.Parse(movetest.Fixture(strings.Repeat("1", board.Height)))
	for _, tc := range []struct {
		answer string
		p      board.Position
		kind   agent.FailureKind
		want   string
	}{
		{fmt.Sprintf(`{"action": %d}`, board.Width), p, agent.Illegal, fmt.Sprintf("action %d: want a column", board.Width)},
		{`{"action": 0}`, full, agent.Illegal, "column 0 (0-based) is full"},
		{`{"action": 1.5}`, p, agent.Garbage, "action 1.5"},
		{`{"move": 1}`, p, agent.Garbage, `want {"action": column}`},
		{`not json`, p, agent.Garbage, `want {"action": column}`},
		{"500", p, agent.Crash, "status 500"},
		{"slow", p, agent.Timeout, "Timeout"},
	} {
		answerOf.Store(tc.answer)
		mover := a
		if tc.answer == "slow" { // an agent that waits out a short timeout
			mover = newAgent(t, "url:"+ts.URL, short)
		}
		_, err := mover.Move(context.Background(), tc.p)
		if me, ok := errors.AsType[*agent.MoveError](err); !ok || me.Kind != tc.kind || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("answer %s: %v; want a MoveError of kind %s with %q", tc.answer, err, tc.kind, tc.want)
		}
	}
	answerOf.Store("")
	ts.Close()
	if _, err := a.Move(context.Background(), p); !isKind(err, agent.Crash) {
		t.Errorf("a closed server: %v; want a crash", err)
	}
	if _, err := New("url:ftp://x", Options{}); err == nil {
		t.Error("New(url:ftp://x) accepted")
	}
}

// isKind reports whether err is a MoveError of kind k.
func isKind(err error, k agent.FailureKind) bool {
	me, ok := errors.AsType[*agent.MoveError](err)
	return ok && me.Kind == k
}

func TestNewBuiltIn(t *testing.T) {
	a, err := New("greedy", Options{})
	if err != nil || a.Name() != "greedy" {
		t.Errorf("New(greedy) = %v, %v", a, err)
	}
	if _, err := New("nobody", Options{}); err == nil || !strings.Contains(err.Error(), "cmd:COMMAND") {
		t.Errorf("New(nobody) = %v; want an error mentioning cmd:", err)
	}
	if !errors.Is(Close(a), nil) {
		t.Error("Close of a built-in agent failed")
	}
}

// TestUnknownAgentList: every spec that names no agent, however it
// misses (a level out of range, a misspelling, mcts:N out of range,
// nothing), is refused with the same list of agents, mcts:N, cmd: and
// url: included, after what was wrong.
func TestUnknownAgentList(t *testing.T) {
	want := "want one of " + agent.SpecList("cmd:COMMAND (a program speaking the line protocol)", "url:URL (a ConnectX remote agent)")
	for _, tc := range []struct{ spec, why string }{
		{"level9", `unknown agent "level9": levels run from 1 to 5; `},
		{"level:0", `unknown agent "level:0": levels run from 1 to 5; `},
		{"lvl3", `unknown agent "lvl3": `},
		{"", `unknown agent "": `},
		{"mcts:0", `unknown agent "mcts:0": mcts:N takes N from 1 to 10000000; `},
		{"mcts:x", `unknown agent "mcts:x": mcts:N takes N from 1 to 10000000; `},
	} {
		_, err := New(tc.spec, Options{})
		if err == nil || err.Error() != tc.why+want {
			t.Errorf("New(%q): %v\nwant %s%s", tc.spec, err, tc.why, want)
		}
	}
	parts := []string{"level5 (or level:N)", "perfect", "mcts:N (", "cmd:COMMAND", "url:URL"}
	if batch.Supported() != nil {
		parts = slices.DeleteFunc(parts, func(p string) bool { return p == "mcts:N (" }) // not played on a board of two words, nor listed
	}
	for _, part := range parts {
		if !strings.Contains(want, part) {
			t.Errorf("the list %q leaves out %q", want, part)
		}
	}
}
