package treerules

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// boardNumbers match the classic board's numbers written out in a
// hand-written file: its size, cells, key bits, score scale and column
// range. The size is named once, by the //go:generate line in
// engine/board/doc.go, and every other file takes it from package board.
var boardNumbers = []struct {
	re   *regexp.Regexp
	what string
	js   bool // only in JavaScript, where loops over the board would use it
}{
	{regexp.MustCompile(`\b7\s*[x×]\s*6\b`), "the size 7×6", false},
	{regexp.MustCompile(`\b(42|49)\b`), "the cell count 42 or the key width 49", false},
	{regexp.MustCompile(`\b22\s*[-−]\s*k\b`), "the score scale 22−k", false},
	{regexp.MustCompile(`\b1\s*(\.\.|to|-|–)\s*7\b|\[1-7\]|\bS1\s*(\.\.\.|…)\s*S7\b`), "the column range 1 to 7", false},
	{regexp.MustCompile(`(?i)\b(width|w|cols|columns)\s*[:=]+\s*7\b|\b(height|h|rows)\s*[:=]+\s*6\b`), "a width of 7 or a height of 6", false},
	{regexp.MustCompile(`<=?\s*[67]\b`), "a loop bound of 6 or 7", true},
}

// boardNumbersAllowed are the hand-written files that may hold the classic
// board's numbers, and why.
var boardNumbersAllowed = map[string]string{
	"engine/openingbook/doc.go":            "the embedded book is a 7×6 book",
	"engine/openingbook/openingbook.go":    "the embedded book is a 7×6 book",
	"engine/book/bitbully/doc.go":          "BitBully's database is a 7×6 database",
	"engine/book/bitbully/bitbully.go":     "BitBully's database is a 7×6 database",
	"internal/server/web/board-element.js": "the empty board <fourgen-board> shows before the engine can say its size is the classic one; the engine's answer redraws it",
}

// codeLines returns the lines of a source file without its comments, which
// may well use the classic board as an example. Go is tokenised; in
// JavaScript a // outside quotes starts a comment.
func codeLines(src []byte, js bool) []string {
	lines := strings.Split(string(src), "\n")
	if js {
		for i, line := range lines {
			quotes := 0
			for j := 0; j+1 < len(line); j++ {
				switch {
				case line[j] == '"' || line[j] == '\'' || line[j] == '`':
					quotes++
				case line[j] == '/' && line[j+1] == '/' && quotes%2 == 0:
					line = line[:j]
				}
			}
			lines[i] = line
		}
		return lines
	}
	code := make([]string, len(lines))
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var sc scanner.Scanner
	sc.Init(file, src, nil, 0) // comments are skipped
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if lit == "" {
			lit = tok.String()
		}
		line := fset.Position(pos).Line - 1
		code[line] += lit + " "
	}
	return code
}

// TestNoBoardNumbers scans the code of the hand-written Go (tests aside)
// and JavaScript files for the classic board's numbers.
func TestNoBoardNumbers(t *testing.T) {
	root := repoRoot
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		js := strings.HasSuffix(rel, ".js")
		goFile := strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && !strings.HasSuffix(rel, "_gen.go")
		if !js && !goFile || boardNumbersAllowed[rel] != "" || strings.HasPrefix(rel, "gen/") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines := codeLines(src, js)
		for i, line := range lines {
			for _, n := range boardNumbers {
				if n.js && !js {
					continue
				}
				if m := n.re.FindString(line); m != "" {
					t.Errorf("%s:%d holds %s: take it from package board (%q)", rel, i+1, n.what, m)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
