package external

import (
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/agent"
)

// TestSpecHelp checks that SpecHelp lists the built-in agents and then
// each kind of external one New makes.
func TestSpecHelp(t *testing.T) {
	rest, ok := strings.CutPrefix(SpecHelp, agent.SpecHelp)
	if !ok {
		t.Fatal("SpecHelp does not start with agent.SpecHelp")
	}
	for _, prefix := range []string{"cmd:", "url:"} {
		if !strings.Contains(rest, "\n  "+prefix) && !strings.HasPrefix(rest, "  "+prefix) {
			t.Errorf("SpecHelp does not list %s agents", prefix)
		}
	}
}
