package treerules

import (
	"encoding/binary"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDocsQuoteBookSizes fails for a doc that gives the embedded book's
// size, its entry count or the small wasm book's size other than the files
// of the tree hold: the figures are read from engine/openingbook/book11.fgb
// (its bytes, and its header's entry count) and cmd/c4wasm/book6.fgb, so a
// book rebuilt with other figures fails here until the docs follow. The
// gzipped sizes depend on the gzip that made them and are not checked;
// the wasm module's are TestEngineSize's (cmd/c4wasm, a build).
func TestDocsQuoteBookSizes(t *testing.T) {
	book := readRepoFile(t, "engine/openingbook/book11.fgb")
	small := readRepoFile(t, "cmd/c4wasm/book6.fgb")
	if len(book) < 24 {
		t.Fatalf("engine/openingbook/book11.fgb has %d bytes, not even a header", len(book))
	}
	size, entries := thousands(len(book)), thousands(int(binary.LittleEndian.Uint32(book[12:16])))
	smallKB := fmt.Sprintf("%d KB", (len(small)+500)/1000)
	for _, q := range []struct{ file, want string }{
		{"docs/book.md", size + " bytes"},
		{"docs/book.md", entries + " positions of 11 stones"},
		{"engine/openingbook/doc.go", entries + " entries"},
		{"docs/static-page.md", "| `fourgen-book.fgb` (11-ply book) | " + size + " |"},
		{"docs/npm.md", "| `fourgen-book.fgb` | " + size + " |"},
		{"docs/static-page.md", "(with the 6-ply book, " + smallKB + ")"},
		{"npm/README.md", "the small book inside is " + smallKB},
	} {
		text := strings.Join(strings.Fields(string(readRepoFile(t, q.file))), " ") // a quote may run over a line break
		if !strings.Contains(text, q.want) {
			t.Errorf("%s does not say %q, the figure of the files of the tree: correct the doc", q.file, q.want)
		}
	}
}

// readRepoFile reads the file rel of the repository.
func readRepoFile(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// thousands writes n with commas between groups of three digits, as the
// docs write sizes: 8923964 is "8,923,964".
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// docDeclaration is a doc quoting a line of Go with its file:
// "`internal/connectx/request.go`, `thinkShare = 0.5`".
var docDeclaration = regexp.MustCompile("`([a-z0-9_/]+\\.go)`, `([^`]+ = [^`]+)`")

// TestDocsQuoteDeclarations fails for a declaration a doc quotes from a
// Go file ("`FILE.go`, `NAME = VALUE`") that the file no longer holds:
// the doc's value is the code's.
func TestDocsQuoteDeclarations(t *testing.T) {
	quotes := 0
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || path.Ext(rel) != ".md" || rel == "CHANGELOG.md" {
			return
		}
		text := strings.Join(strings.Fields(string(readRepoFile(t, rel))), " ") // a quote may run over a line break
		for _, m := range docDeclaration.FindAllStringSubmatch(text, -1) {
			quotes++
			code, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(m[1])))
			if err != nil {
				t.Errorf("%s quotes %s from %s: %v", rel, m[2], m[1], err)
			} else if !strings.Contains(string(code), m[2]) {
				t.Errorf("%s quotes %q from %s, which no longer says it: quote the code", rel, m[2], m[1])
			}
		}
	})
	if quotes == 0 {
		t.Error("found no quoted declaration (docs/python.md quotes thinkShare): the pattern is wrong")
	}
}

// TestDocsQuoteMessages fails for an error a doc quotes as c4 prints it
// (a line "c4: …" in a Markdown file) that no message of the code
// produces: one of the Go format strings of the commands and packages
// (with %s, %d, %q and %v read as any text, number or quote) must match a
// long part of the line, so a reworded message fails until the doc quotes
// the new words.
func TestDocsQuoteMessages(t *testing.T) {
	var formats []*regexp.Regexp
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || path.Ext(rel) != ".go" || strings.HasSuffix(rel, "_test.go") {
			return
		}
		formats = append(formats, goFormats(t, rel)...)
	})
	quotes := 0
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || path.Ext(rel) != ".md" || rel == "CHANGELOG.md" {
			return
		}
		for _, line := range strings.Split(string(readRepoFile(t, rel)), "\n") {
			if !strings.HasPrefix(line, "c4: ") {
				continue
			}
			quotes++
			if !slices.ContainsFunc(formats, func(f *regexp.Regexp) bool { return f.MatchString(line) }) {
				t.Errorf("%s quotes a message no code of the tree prints:\n\t%s\nquote what c4 says", rel, line)
			}
		}
	})
	if quotes == 0 {
		t.Error("found no quoted message (docs/book.md and datasets.md quote some): the pattern is wrong")
	}
}

// goFormats returns the format strings of the Go file rel with at least
// 30 bytes of text besides their verbs, as patterns.
func goFormats(t *testing.T, rel string) []*regexp.Regexp {
	src := readRepoFile(t, rel)
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile(rel, -1, len(src)), src, nil, 0)
	verb := regexp.MustCompile(`%[-+# 0-9.]*[sdqvx]`)
	var out []*regexp.Regexp
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok != token.STRING {
			continue
		}
		text, err := strconv.Unquote(lit)
		if err != nil || !strings.Contains(text, "%") || len(verb.ReplaceAllString(text, "")) < 30 {
			continue
		}
		var pattern strings.Builder
		last := 0
		for _, m := range verb.FindAllStringIndex(text, -1) {
			pattern.WriteString(regexp.QuoteMeta(text[last:m[0]]))
			pattern.WriteString(`.*?`)
			last = m[1]
		}
		pattern.WriteString(regexp.QuoteMeta(text[last:]))
		if re, err := regexp.Compile(pattern.String()); err == nil {
			out = append(out, re)
		}
	}
}
