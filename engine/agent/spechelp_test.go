package agent

import (
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/batch"
)

// helpSpecs returns the specs that help lists: the first word of each line
// indented by exactly two spaces.
func helpSpecs(help string) []string {
	var specs []string
	for line := range strings.Lines(help) {
		if rest, ok := strings.CutPrefix(line, "  "); ok && rest != "" && rest[0] != ' ' {
			specs = append(specs, strings.Fields(rest)[0])
		}
	}
	return specs
}

// TestSpecHelp checks that SpecHelp and New agree: every spec it lists is
// one New makes (a family, as level1..level5 or mcts:N, by an example),
// and every spec of Specs is listed.
func TestSpecHelp(t *testing.T) {
	examples := map[string]string{"level1..level5": "level3", "mcts:N": "mcts:10"}
	listed := map[string]bool{}
	for _, spec := range helpSpecs(SpecHelp) {
		example := spec
		if e, ok := examples[spec]; ok {
			example = e
		}
		if _, err := New(example, Options{}); err != nil && !(spec == "mcts:N" && batch.Supported() != nil) {
			t.Errorf("SpecHelp lists %s, which New refuses: %v", spec, err)
		}
		listed[spec] = true
	}
	for _, spec := range Specs() {
		if !listed[spec] && !(strings.HasPrefix(spec, "level") && listed["level1..level5"]) {
			t.Errorf("SpecHelp does not list %s", spec)
		}
	}
}
