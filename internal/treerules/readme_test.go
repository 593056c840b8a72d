package treerules

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// maxReadmeLines bounds the README, the page a newcomer reads first: what
// does not fit belongs in docs/ (issue 59 item 6).
const maxReadmeLines = 150

// TestReadmeLength fails when README.md is longer than maxReadmeLines.
func TestReadmeLength(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > maxReadmeLines {
		t.Errorf("README.md has %d lines, want at most %d: move the details to docs/", n, maxReadmeLines)
	}
}

// TestBuildOutputsIgnored fails when a file that a documented command
// leaves in the working tree is not in .gitignore: the tarball of npm
// pack ./bin/npm (fourgen-VERSION.tgz, docs/npm.md).
func TestBuildOutputsIgnored(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fourgen-0.1.0.tgz", "fourgen-1.2.3-rc.1.tgz"} {
		ignored := false
		for _, line := range strings.Split(string(data), "\n") {
			pattern := strings.TrimPrefix(strings.TrimSpace(line), "/")
			if ok, _ := path.Match(pattern, name); ok && pattern != "" && !strings.HasPrefix(pattern, "#") {
				ignored = true
			}
		}
		if !ignored {
			t.Errorf(".gitignore does not ignore %s, which npm pack ./bin/npm writes", name)
		}
	}
}
