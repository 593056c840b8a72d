package connectx

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/movetest"
)

// TestParse: a request built from the protocol's fields, as the
// environment builds it, gives back the position it was built from.
func TestParse(t *testing.T) {
	for _, moves := range []string{"", "4", "4453", "1122334"} {
		p, err := board.Parse(movetest.Fixture(moves))
		if err != nil {
			t.Fatal(err)
		}
		body, err := json.Marshal(NewRequest(p, 2*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range []string{`"action":"act"`, `"environment":"connectx"`, `"actTimeout":2`, fmt.Sprintf(`"inarow":%d`, board.InARow), `"state":{"observation":{"board":[`} {
			if !strings.Contains(string(body), field) {
				t.Errorf("%s: request %s lacks %s", moves, body, field)
			}
		}
		r, g, err := Parse(body)
		if err != nil || g.Position() != p || r.Configuration.AnswerTime() != 2*time.Second {
			t.Errorf("Parse(NewRequest(%q)) = %+v, %v, %v", moves, r, g, err)
		}
	}
}

// TestAnswerTime: actTimeout is read within (0, MaxActTimeout]: absent,
// zero, negative and NaN as DefaultActTimeout, longer ones and +Inf as
// MaxActTimeout (issue 40 item 10: 1e300 overflowed to a negative
// duration, and the server answered at once with greedy's move).
func TestAnswerTime(t *testing.T) {
	tests := []struct {
		act  float64
		want time.Duration
	}{
		{0, defaultActTimeout},
		{2, 2 * time.Second},
		{0.25, 250 * time.Millisecond},
		{-1, defaultActTimeout},
		{math.NaN(), defaultActTimeout},
		{math.Inf(-1), defaultActTimeout},
		{3600, maxActTimeout},
		{1e6, maxActTimeout},
		{1e300, maxActTimeout},
		{math.MaxFloat64, maxActTimeout},
		{math.Inf(1), maxActTimeout},
	}
	for _, tt := range tests {
		c := Configuration{ActTimeout: tt.act}
		if got := c.AnswerTime(); got != tt.want {
			t.Errorf("actTimeout %g: AnswerTime %v, want %v", tt.act, got, tt.want)
		}
		if got := c.ThinkTime(); got != tt.want/2 { // half: the rest is the environment's
			t.Errorf("actTimeout %g: ThinkTime %v, want %v", tt.act, got, tt.want/2)
		}
	}
}

// TestCheckForNamesTheTarget checks that a refused configuration names the
// make line of the caller's build: c4's for the server, the package's for
// python and npm; and that the build's own configuration is played.
func TestCheckForNamesTheTarget(t *testing.T) {
	own := Configuration{Rows: board.Height, Columns: board.Width, Inarow: board.InARow}
	for _, target := range []string{"c4", "python", "npm"} {
		if err := own.CheckFor(target); err != nil {
			t.Errorf("CheckFor(%q) of the build's configuration: %v", target, err)
		}
		other := own
		other.Inarow++
		want := fmt.Sprintf("make %s SIZE=%dx%d K=%d builds one that plays it", target, board.Width, board.Height, other.Inarow)
		if other.Inarow == 4 {
			want = fmt.Sprintf("make %s SIZE=%dx%d builds one that plays it", target, board.Width, board.Height)
		}
		if err := other.CheckFor(target); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("CheckFor(%q) of inarow %d: %v, want an error ending %q", target, other.Inarow, err, want)
		}
	}
}

// otherBoard is a board other builds play, not this one: 8×7, or 9×7
// on an 8×7 build.
func otherBoard() (columns, rows int) {
	if board.Width == 8 && board.Height == 7 {
		return 9, 7
	}
	return 8, 7
}

func TestParseRefuses(t *testing.T) {
	p, _ := board.Parse(movetest.Fixture("4453"))
	good, _ := json.Marshal(NewRequest(p, time.Second))
	tests := []struct {
		name string
		edit func(r *Request)
		want string
	}{
		{"other width", func(r *Request) { r.Configuration.Columns++ }, "this engine plays"},
		{"other height", func(r *Request) { r.Configuration.Rows-- }, "this engine plays"},
		{"another line", func(r *Request) { r.Configuration.Inarow = board.InARow + 1 },
			fmt.Sprintf("inarow %d: this engine plays %s only; make c4 SIZE=%dx%d K=%d builds one that plays it", board.InARow+1, board.Rule(), board.Width, board.Height, board.InARow+1)},
		{"a line no build plays", func(r *Request) { r.Configuration.Inarow = 2 }, "no build of fourgen plays it"},
		{"other board, named", func(r *Request) { r.Configuration.Columns, r.Configuration.Rows = otherBoard() },
			"this engine plays"},
		{"wrong mark", func(r *Request) { r.State.Observation.Mark = 2 }, "player 1 is to move"},
		{"short board", func(r *Request) { r.State.Observation.Board = r.State.Observation.Board[1:] }, "want 42 cells"},
		{"floating stone", func(r *Request) { r.State.Observation.Board[0] = 1 }, "floats"},
		{"other action", func(r *Request) { r.Action = "init" }, `action "init"`},
	}
	for _, tt := range tests {
		var r Request
		if err := json.Unmarshal(good, &r); err != nil {
			t.Fatal(err)
		}
		tt.edit(&r)
		body, _ := json.Marshal(r)
		want := strings.ReplaceAll(tt.want, "42", strconv.Itoa(board.Cells))
		if _, _, err := Parse(body); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: Parse = %v, want an error with %q", tt.name, err, want)
		}
	}
	if _, _, err := Parse([]byte(`{"configuration":`)); err == nil || !strings.Contains(err.Error(), "bad request JSON") {
		t.Errorf("Parse(truncated JSON) = %v", err)
	}
}

// FuzzParse: Parse refuses or returns a game of the request's board.
func FuzzParse(f *testing.F) {
	p, _ := board.Parse(movetest.Fixture("4453"))
	body, _ := json.Marshal(NewRequest(p, time.Second))
	f.Add(body)
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, g, err := Parse(body)
		if err != nil {
			return
		}
		got := g.Position().Cells()
		for i, v := range r.State.Observation.Board {
			if got[i] != v {
				t.Fatalf("Parse(%s): cell %d is %d, the game's %d", body, i, v, got[i])
			}
		}
	})
}
