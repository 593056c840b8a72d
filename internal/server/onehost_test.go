package server

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// npmSource is the npm package's source, beside the page's (make npm
// joins them).
const npmSource = "../../npm"

var (
	// boardDrawing marks a script that draws a board: it registers an
	// element, or makes the cells of a board ("cell" as a class).
	boardDrawing = regexp.MustCompile("customElements\\.define\\(|class=\"cell\\b|['\"`]cell\\b")
	// columnDispatch marks a script that shares an analysis out among
	// workers by columns and merges their scores: it asks the engine for
	// those ops about a position.
	columnDispatch = regexp.MustCompile(`\(\s*'(column|merge)',\s*(d\.)?pos\b`)
	// moveParser marks a script that reads a move string itself: splits it
	// at its commas or into its digits, or names a splitter.
	moveParser = regexp.MustCompile(`\.split\(\s*['"],['"]\s*\)|\[\.\.\.moves\]|\b(splitMoves|joinMoves|countMoves|parseMoves)\b`)
)

// TestOneJavaScriptHost checks that the page and the npm package share one
// board drawing, one dispatch of an analysis among workers, and read no
// move string (issue 55 item 6): of their scripts only board-element.js
// draws a board (the element that both use: the page's main.js imports
// it, the package's board.js registers it with its engine, make npm
// copies it), only npm/index.js shares an analysis's columns among
// workers (Solver's analysis, which the page's engine.js calls), and none
// splits a move string (the engine's description lists the columns
// played). A second copy of the drawing, the dispatch or a parser in
// either fails it.
func TestOneJavaScriptHost(t *testing.T) {
	const element = "web/board-element.js"
	scripts := map[string]string{} // name -> code, comments out
	err := fs.WalkDir(webFiles, "web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		src, err := fs.ReadFile(webFiles, path)
		scripts[path] = jsComment.ReplaceAllString(string(src), "")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	npm, err := filepath.Glob(filepath.Join(npmSource, "*.js"))
	if err != nil || len(npm) == 0 {
		t.Fatalf("no scripts in %s: %v", npmSource, err)
	}
	for _, f := range npm {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		scripts["npm/"+filepath.Base(f)] = jsComment.ReplaceAllString(string(src), "")
	}

	var drawing, dispatch []string
	for name, code := range scripts {
		if boardDrawing.MatchString(code) {
			drawing = append(drawing, name)
		}
		if columnDispatch.MatchString(code) {
			dispatch = append(dispatch, name)
		}
		if m := moveParser.FindString(code); m != "" {
			t.Errorf("%s reads a move string itself (%q): ask the engine, whose description lists the columns", name, m)
		}
	}
	slices.Sort(drawing)
	if !slices.Equal(drawing, []string{element}) {
		t.Errorf("the scripts that draw a board are %q, want only %s (the <fourgen-board> of the page and the package)", drawing, element)
	}
	slices.Sort(dispatch)
	if !slices.Equal(dispatch, []string{"npm/index.js"}) {
		t.Errorf("the scripts that share an analysis among workers are %q, want only npm/index.js (Solver's analysis, which the page calls)", dispatch)
	}
	for name, imp := range map[string]string{
		"web/main.js":  "'./board-element.js'",
		"npm/board.js": "'./board-element.js'",
	} {
		if !strings.Contains(scripts[name], "from "+imp) {
			t.Errorf("%s does not import the board element from %s", name, imp)
		}
	}
	page, err := fs.ReadFile(webFiles, "web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`<fourgen-board id="board" controlled\b`).Match(page) {
		t.Error(`index.html draws its board with no <fourgen-board id="board" controlled>`)
	}
}
