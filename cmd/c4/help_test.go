package main

import (
	"io/fs"
	"strings"
	"testing"
)

// TestHelpFiles checks that every help text of help/ is in use: each is a
// command's help, but board.txt, which solve, analyze and show include,
// and moves.txt, which they and bench include, and that no placeholder is
// left unfilled.
func TestHelpFiles(t *testing.T) {
	names, err := fs.Glob(helpFiles, "helptext/*.txt")
	if err != nil || len(names) == 0 {
		t.Fatalf("helptext/*.txt: %v, %d files", err, len(names))
	}
	for _, file := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(file, "helptext/"), ".txt")
		if name == "board" || name == "moves" {
			continue
		}
		c, ok := lookup(name)
		if !ok {
			t.Errorf("%s is the help of no command", file)
			continue
		}
		if c.help != helpText(name) {
			t.Errorf("%s is not c4 help %s's text", file, name)
		}
	}
	for _, c := range commands() {
		if strings.Contains(c.help, "{{") || strings.Contains(c.help, "<no value>") {
			t.Errorf("c4 help %s leaves a placeholder unfilled", c.name)
		}
		if strings.Contains(c.name, "solve") && !strings.Contains(c.help, "--board BOARD") {
			t.Errorf("c4 help %s lacks --board's paragraph", c.name)
		}
		switch c.name {
		case "solve", "analyze", "bench", "show":
			if !strings.Contains(c.help, "--zero-based reads columns counted from 0") {
				t.Errorf("c4 help %s lacks the paragraph of move strings and --zero-based", c.name)
			}
		}
	}
}
