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
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/internal/connectx"
)

// needSh skips a test where sh, which runs cmd: agents, is missing.
func needSh(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skipf("no sh to run cmd: agents: %v", err)
	}
}

// newAgent makes spec's agent, closed at the end of the test.
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
	a := newAgent(t, `cmd:while read m; do echo $(( ${#m} % `+strconv.Itoa(board.Width)+` + 1 )); done`, 10*time.Second)
	var p board.Position
	for range board.Width {
		col, err := a.Move(context.Background(), p)
		if err != nil || col != p.Moves()%board.Width {
			t.Fatalf("after %d stones: %d, %v; want column %d", p.Moves(), col+1, err, p.Moves()%board.Width+1)
		}
		p.Play(col)
	}
}

// TestCommandAgentFailures: garbage, a full column, a crash, silence and a
// missing program are errors that name the agent and say what went wrong,
// and the agent is done after one. (The callers, PlayGame and eval, name
// the agent.)
func TestCommandAgentFailures(t *testing.T) {
	needSh(t)
	full, _ := board.Parse(strings.Repeat("1", board.Height))
	tests := []struct {
		name, command string
		p             board.Position
		want          []string
	}{
		{"garbage", `read m; echo hello`, board.Position{}, []string{`answered "hello"`, "want a column"}},
		{"off the board", `read m; echo 0`, board.Position{}, []string{`answered "0"`}},
		{"full column", `read m; echo 1`, full, []string{"column 1 is full"}},
		{"crash", `read m; echo oops >&2; exit 3`, board.Position{}, []string{"no answer", "exit status 3", `stderr: "oops"`}},
		{"silence", `read m; sleep 5`, board.Position{}, []string{"no answer to \"\" within 200ms"}},
		{"no such program", `/nonexistent/agent`, board.Position{}, []string{"no answer", "exit status 127"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAgent(t, "cmd:"+tt.command, 200*time.Millisecond)
			_, err := a.Move(context.Background(), tt.p)
			if err == nil {
				t.Fatalf("Move accepted the answer of %q", tt.command)
			}
			for _, want := range tt.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			if _, again := a.Move(context.Background(), tt.p); again == nil || again.Error() != err.Error() {
				t.Errorf("a second move: %v; want the first error again", again)
			}
		})
	}
	if _, err := New("cmd: ", Options{}); err == nil {
		t.Error("New(\"cmd: \") accepted an empty command")
	}
}

// TestPythonAgent runs the example agent of the documentation with
// python3: it plays the centre-most column that is not full.
func TestPythonAgent(t *testing.T) {
	needSh(t)
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("no python3 to run the example agent: %v", err)
	}
	if board.Width != 7 || board.Height != 6 {
		t.Skipf("the example agent is written for 7×6, not %d×%d", board.Width, board.Height)
	}
	a := newAgent(t, "cmd:"+python+" testdata/centre.py", 20*time.Second)
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
	doc, err := os.ReadFile("../../docs/eval.md")
	if err != nil {
		t.Skipf("no docs/eval.md to compare with: %v", err)
	}
	code, _ := os.ReadFile("testdata/centre.py")
	if !strings.Contains(string(doc), string(code)) {
		t.Errorf("docs/eval.md does not show testdata/centre.py as it is")
	}
}

// TestURLAgent: a url: agent sends the environment's request and plays
// the action answered; bad answers are errors naming the agent.
func TestURLAgent(t *testing.T) {
	var answer string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		_, g, err := connectx.Parse(body)
		if err != nil || r.Method != http.MethodPost {
			http.Error(w, fmt.Sprintf("bad request %s: %v", r.Method, err), http.StatusBadRequest)
			return
		}
		if answer == "" {
			json.NewEncoder(w).Encode(connectx.Response{Action: g.Position().Moves() % board.Width})
			return
		}
		w.Write([]byte(answer))
	}))
	defer ts.Close()
	a := newAgent(t, "url:"+ts.URL, 5*time.Second)
	p, _ := board.Parse("44")
	if col, err := a.Move(context.Background(), p); err != nil || col != 2 {
		t.Errorf("Move(44) = %d, %v; want 2 (0-based)", col, err)
	}
	for body, want := range map[string]string{
		`{"action": 9}`:   "action 9: want a column",
		`{"action": 1.5}`: "action 1.5",
		`{"move": 1}`:     `want {"action": column}`,
		`not json`:        `want {"action": column}`,
	} {
		answer = body
		if _, err := a.Move(context.Background(), p); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("answer %s: %v; want an error with %q", body, err, want)
		}
	}
	if _, err := New("url:ftp://x", Options{}); err == nil {
		t.Error("New(url:ftp://x) accepted")
	}
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
