package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDocSketchesMatchOutput fails when a doc comment of the generator
// shows Go that it does not emit: every line of an indented block in a
// comment of gen's own files (main.go's command lines aside) must be a
// line of the output for 7×6 or a size of goldenSizes, as gofmt prints it. A sketch
// that drifts from the output is worse than none: point at the golden
// files (testdata/*.txtar) instead.
func TestDocSketchesMatchOutput(t *testing.T) {
	out := make(map[string]bool)
	for _, size := range append([]struct{ w, h, k int }{{7, 6, 4}}, goldenSizes...) {
		for _, f := range mustRender(t, mustGeomK(t, size.w, size.h, size.k), "board") {
			for _, line := range strings.Split(string(f.Src), "\n") {
				out[strings.TrimSpace(line)] = true
			}
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sketches := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || path == "main.go" {
			continue
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, group := range file.Comments {
			for _, c := range group.List {
				code, ok := strings.CutPrefix(c.Text, "//\t")
				if !ok {
					continue
				}
				code = strings.TrimSpace(code)
				if code == "..." || code == "" {
					continue
				}
				sketches++
				if !out[code] {
					t.Errorf("%s: the comment shows %q, which gen does not emit: point at testdata/*.txtar instead", fset.Position(c.Pos()), code)
				}
			}
		}
	}
	t.Logf("%d sketch lines checked", sketches)
}

// rowList matches the rows a comment names: "rows 1, 3 and 5", "row 4".
var rowList = regexp.MustCompile(`\brows? (\d+(?:(?:, | and )\d+)*)`)

// TestCommentRowsOnTheBoard fails when a generated comment names a row the
// board does not have (such as "rows 1, 3, 5" on a board of four rows):
// comments about rows are generated for the size, not copied from 7×6.
func TestCommentRowsOnTheBoard(t *testing.T) {
	for _, s := range append([]struct{ w, h, k int }{{7, 6, 4}}, goldenSizes...) {
		for _, f := range mustRender(t, mustGeomK(t, s.w, s.h, s.k), "board") {
			for i, line := range strings.Split(string(f.Src), "\n") {
				_, comment, ok := strings.Cut(line, "//")
				if !ok {
					continue
				}
				for _, m := range rowList.FindAllStringSubmatch(comment, -1) {
					for _, n := range regexp.MustCompile(`\d+`).FindAllString(m[1], -1) {
						if r, _ := strconv.Atoi(n); r < 1 || r > s.h {
							t.Errorf("%d×%d %s:%d names row %d: %s", s.w, s.h, f.Name, i+1, r, strings.TrimSpace(line))
						}
					}
				}
			}
		}
	}
}
