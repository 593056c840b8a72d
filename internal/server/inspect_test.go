package server

import (
	"net/http"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/answer"
)

// TestServeInspectGameOver checks that /api/inspect and /api/analyze show
// a finished game without legal moves, threats or an ordering (issue 20
// item 5: /api/inspect?pos=4455667 had no legalColumns but a legal word,
// and the second player's threats).
func TestServeInspectGameOver(t *testing.T) {
	ts, _ := startServer(t, testOptions())
	none := hexWord(board.NoCells)
	for _, moves := range []string{bottomFour(), "1212121", drawnGame(t)} {
		for _, endpoint := range []string{"/api/inspect", "/api/analyze"} {
			path := endpoint + "?pos=" + moves
			status, h, body := get(t, ts, path)
			if status != http.StatusOK {
				t.Fatalf("%s: status %d: %s", path, status, body)
			}
			a := decode[answer.Inspected](t, h, body)
			in := a.Inspect
			if a.Status == "playing" || len(a.LegalColumns) != 0 {
				t.Errorf("%s: status %q, legal columns %v", path, a.Status, a.LegalColumns)
			}
			words := map[string]string{"legal": in.Legal, "winning": in.Winning, "nonLosing": in.NonLosing}
			for i, who := range []string{"first", "second"} {
				words["wins of the "+who] = in.Wins[i]
				words["odd threats of the "+who] = in.OddThreats[i]
				words["even threats of the "+who] = in.EvenThreats[i]
			}
			for name, w := range words {
				if w != none {
					t.Errorf("%s: %s = %s, want none once the game is over", path, name, w)
				}
			}
			if len(in.Order) != 0 {
				t.Errorf("%s: %d moves ordered, want none", path, len(in.Order))
			}
			if in.Occupied == none {
				t.Errorf("%s: no stones in the occupied word", path)
			}
		}
	}
}
