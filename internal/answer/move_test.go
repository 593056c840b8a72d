package answer

import (
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/batch"
)

// TestNewAgentNoLevel checks that a missing level is refused with a
// readable list of every agent, mcts:N included (issue 20 item 9: the list
// was a Go slice, "[random greedy …]", without mcts:N).
func TestNewAgentNoLevel(t *testing.T) {
	_, err := NewAgent("", 1, nil)
	if err == nil {
		t.Fatal("NewAgent with no level: no error")
	}
	msg := err.Error()
	if _, ok := err.(*Refusal); !ok {
		t.Errorf("error %T, want a Refusal", err)
	}
	top := strconv.Itoa(agent.MaxMCTSPlayouts)
	wants := append(agent.Specs(), "level missing: want one of "+agent.SpecList())
	if batch.Supported() == nil {
		wants = append(wants, "mcts:N", "1 to "+top)
	} else if strings.Contains(msg, "mcts") {
		t.Errorf("%q names mcts:N, which a board of two words does not play", msg)
	}
	for _, want := range wants {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not name %q", msg, want)
		}
	}
	if strings.ContainsAny(msg, "[]") {
		t.Errorf("%q lists the agents as a Go slice", msg)
	}
	// Every agent the message names can be made.
	for _, spec := range append(agent.Specs(), "mcts:1", "mcts:"+top) {
		if strings.HasPrefix(spec, "mcts:") && batch.Supported() != nil {
			continue // a board of two words has no mcts:N (batch holds one word a board)
		}
		if _, err := NewAgent(spec, 1, nil); err != nil {
			t.Errorf("the message names %q, which NewAgent refuses: %v", spec, err)
		}
	}
}

// TestAgentHint checks the hint of a move that took too long for every
// agent, by its canonical name: the book for the agents that solve, the
// playouts for mcts:N, nothing for the instant ones.
func TestAgentHint(t *testing.T) {
	for _, spec := range append(agent.Specs(), "mcts:5", "level:3", "MCTS:7") {
		if strings.HasPrefix(strings.ToLower(spec), "mcts:") && batch.Supported() != nil {
			continue // no mcts:N on a board of two words
		}
		ag, err := agent.New(spec, agent.Options{})
		if err != nil {
			t.Fatal(err)
		}
		hint := AgentHint(ag.Name(), nil)
		switch name := ag.Name(); {
		case strings.HasPrefix(name, "mcts:"):
			if strings.Contains(hint, "book") || !strings.Contains(hint, "playouts") {
				t.Errorf("%s: hint %q, want the playouts", name, hint)
			}
		case name == "random" || name == "greedy":
			if hint != "" {
				t.Errorf("%s: hint %q for an agent that never searches", name, hint)
			}
		default:
			if hint != SolverHint(nil) || !strings.Contains(hint, "opening book") {
				t.Errorf("%s: hint %q, want the solver's %q", name, hint, SolverHint(nil))
			}
		}
	}
}
