package treerules

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// importRules lists, for every package of the repository, what it may
// import besides the standard library: packages of the repository by their
// folder, and other modules' packages by their import path. It is read in
// layers, as go/build's deps test lists the standard library's: each
// package imports only from the layers above it. A new package gets a row
// here, and a new import a place in one; the test says which is missing.
var importRules = map[string][]string{
	// Helpers of no layer, importing nothing of the repository.
	"internal/geom": nil, "internal/cmdline": nil,
	"internal/endless": nil, "internal/english": nil, "internal/interrupt": nil,
	"internal/longtest": nil, "internal/proctest": nil, "internal/racebuild": nil, "internal/reftest": nil,
	"internal/shard": nil, "internal/shareddata": nil, "internal/tooltest": nil,
	"internal/treerules": nil, "internal/wasmbranch": nil,
	"internal/regularfile": {"golang.org/x/sys/unix"},
	"internal/atomicfile":  {"internal/regularfile"},
	"internal/refsolver":   {"internal/geom"},
	"internal/genout":      {"internal/atomicfile", "golang.org/x/tools/go/packages"},
	"gen/oneword":          nil, "gen/twowords": nil,
	"internal/filelock":         {"internal/regularfile", "golang.org/x/sys/unix"},
	"internal/terminal":         {"golang.org/x/term"},
	"internal/terminal/ttytest": {"golang.org/x/sys/unix"},

	// The generator, from the geometry; never the engine it writes.
	"gen": {"internal/geom", "internal/atomicfile", "internal/genout", "github.com/dave/jennifer/jen",
		"golang.org/x/tools/go/packages", "golang.org/x/tools/txtar"},

	// The board (generated from the geometry), then the search.
	"engine/board": {"internal/geom"},
	"engine":       {"engine/board", "golang.org/x/sys/unix"},

	// The packages for Go users: no terminal, no files but the book's.
	"engine/batch":          {"engine/board"},
	"engine/book/bitbully":  {"engine/board"},
	"engine/agent":          {"engine", "engine/board", "engine/batch", "internal/english"},
	"engine/agent/external": {"engine", "engine/board", "engine/agent", "internal/connectx"},
	"engine/book": {"engine", "engine/board", "engine/book/bitbully",
		"internal/atomicfile", "internal/filelock", "internal/regularfile", "internal/shard"},
	"engine/openingbook": {"engine", "engine/board", "engine/book"},

	// Application parts on the board alone.
	"internal/buildinfo":  {"engine/board"},
	"internal/connectx":   {"engine/board", "internal/geom"},
	"internal/movetest":   {"engine/board"},
	"internal/randomgame": {"engine/board"},
	"internal/textboard":  {"engine/board"},
	"internal/posfile":    {"engine/board", "internal/english", "internal/terminal"},

	// Application parts on the search and the agents.
	"internal/solvertest": {"engine"},
	"internal/answer":     {"engine", "engine/board", "engine/agent"},
	"internal/progress":   {"engine", "engine/board", "internal/posfile", "internal/terminal", "github.com/schollz/progressbar/v3"},
	"internal/benchsets": {"engine", "engine/board", "internal/english", "internal/posfile",
		"internal/progress", "internal/terminal"},
	"internal/humanplayer": {"engine", "engine/board", "engine/agent", "internal/english",
		"internal/posfile", "internal/textboard"},
	"internal/eval": {"engine", "engine/board", "engine/agent", "internal/english",
		"internal/posfile", "internal/shareddata"},
	"internal/evalset": {"engine", "engine/board", "internal/eval", "internal/randomgame"},
	"internal/eval/chart": {"internal/eval", "gonum.org/v1/plot", "gonum.org/v1/plot/plotter",
		"gonum.org/v1/plot/plotutil", "gonum.org/v1/plot/vg", "gonum.org/v1/plot/vg/draw",
		"gonum.org/v1/plot/vg/vgsvg"},
	"internal/dataset": {"engine", "engine/board", "internal/atomicfile", "internal/english",
		"internal/filelock", "internal/regularfile", "internal/posfile", "internal/randomgame", "internal/shard",
		"github.com/klauspost/compress/snappy", "github.com/klauspost/compress/zstd",
		"github.com/parquet-go/parquet-go", "github.com/parquet-go/parquet-go/encoding/thrift",
		"github.com/parquet-go/parquet-go/format"},
	"internal/server": {"engine", "engine/board", "engine/agent", "internal/answer", "internal/connectx"},
	"internal/browsertest": {"engine/board", "internal/answer", "internal/tooltest",
		"github.com/chromedp/chromedp"},

	// The commands. The WebAssembly engine stays lean: no server, dataset
	// or Parquet code, no agents but through the answers.
	"cmd/wasmjump": {"internal/atomicfile", "internal/wasmbranch"},
	"cmd/c4wasm":   {"engine", "engine/board", "engine/book", "engine/openingbook", "internal/answer", "internal/buildinfo"},
	"cmd/libfourgen": {"engine", "engine/board", "engine/agent", "engine/openingbook",
		"internal/answer", "internal/buildinfo", "internal/connectx", "internal/eval", "internal/evalset",
		"internal/posfile"},
	"cmd/c4": {"engine", "engine/board", "engine/agent", "engine/agent/external", "engine/book",
		"engine/book/bitbully", "engine/openingbook", "internal/answer", "internal/benchsets",
		"internal/buildinfo", "internal/cmdline", "internal/dataset", "internal/english",
		"internal/eval", "internal/eval/chart", "internal/evalset", "internal/humanplayer", "internal/interrupt",
		"internal/posfile", "internal/progress", "internal/server", "internal/shard",
		"internal/shareddata", "internal/terminal", "internal/textboard"},
}

// TestImportRules fails when a package imports what importRules does not
// allow it, or is not in importRules, or importRules names a package the
// tree does not have. Files of every platform count (each file's imports,
// whatever its build constraints); tests' files do not.
func TestImportRules(t *testing.T) {
	seen := map[string]bool{}
	for dir, imports := range treeImports(t) {
		seen[dir] = true
		allowed, ok := importRules[dir]
		if !ok {
			t.Errorf("package %s is not in importRules (internal/treerules/imports_test.go): add it, in its layer, with what it imports: %v", dir, imports)
			continue
		}
		for _, imp := range imports {
			if !slices.Contains(allowed, imp) {
				t.Errorf("%s imports %s, which importRules does not allow it: import from a layer above it, or change the rule saying why", dir, imp)
			}
		}
	}
	for dir := range importRules {
		if !seen[dir] {
			t.Errorf("importRules names %s, which the tree has no package in: remove its row", dir)
		}
	}
}

// terminalPackages are the packages of a terminal's user interface (its
// checks, drawings, progress bars and the person at the keyboard).
var terminalPackages = []string{"internal/terminal", "internal/textboard", "internal/progress",
	"internal/humanplayer", "golang.org/x/term", "github.com/schollz/progressbar/v3"}

// TestNoTerminalInPublicPackages fails when a package meant for Go users
// (publicPackages) imports, directly or through other packages of the
// repository, a package of the terminal's interface: a program that uses
// the engine links no terminal code it did not ask for.
func TestNoTerminalInPublicPackages(t *testing.T) {
	imports := treeImports(t)
	for _, pkg := range publicPackages {
		if _, ok := imports[pkg]; !ok {
			t.Fatalf("publicPackages names %s, which the tree has no package in", pkg)
		}
		for dep, via := range reachable(imports, pkg) {
			if slices.Contains(terminalPackages, dep) {
				t.Errorf("the public package %s imports %s (%s): a Go user's program would link a terminal interface; move that part under internal/", pkg, dep, strings.Join(via, " -> "))
			}
		}
	}
}

// reachable returns every import reachable from pkg through the
// repository's packages (imports), each with a path that reaches it.
func reachable(imports map[string][]string, pkg string) map[string][]string {
	paths := map[string][]string{}
	queue := []string{pkg}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		for _, imp := range imports[from] {
			if _, ok := paths[imp]; ok || imp == pkg {
				continue
			}
			paths[imp] = append(slices.Clone(paths[from]), imp)
			if _, inTree := imports[imp]; inTree {
				queue = append(queue, imp)
			}
		}
	}
	return paths
}

// treeImports returns, for every folder of the repository that holds a
// non-test Go file, the imports of its non-test files that are not of the
// standard library: the repository's by folder, the others by import path.
func treeImports(t *testing.T) map[string][]string {
	t.Helper()
	imports := map[string][]string{}
	walkRepository(t, func(rel string, d fs.DirEntry) {
		if d.IsDir() || !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return
		}
		dir := path.Dir(rel)
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(repoRoot, rel), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		list := imports[dir]
		if list == nil {
			list = []string{}
		}
		for _, spec := range f.Imports {
			imp := strings.Trim(spec.Path.Value, `"`)
			if standard(imp) {
				continue
			}
			imp = strings.TrimPrefix(imp, module)
			if !slices.Contains(list, imp) {
				list = append(list, imp)
			}
		}
		imports[dir] = list
	})
	return imports
}

// standard reports whether imp is a package of the standard library (its
// first element has no dot), or cgo's "C".
func standard(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".")
}
