package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// wideSizes are the boards of two words TestWideAgainstGeom builds: 6×10,
// whose output testdata/6x10.txtar pins, and, unless -short, 10×6 (the two
// the issue names for CI), 5×13 and 9×7 (a full low word), about a second
// each. The tallest (4×31, two columns a word) and the widest (12×9) take
// four seconds each and are only type-checked (TestWideTypeCheck): add
// them here to run them.
func wideSizes() []struct{ w, h int } {
	sizes := []struct{ w, h int }{{6, 10}, {10, 6}, {5, 13}, {9, 7}}
	if testing.Short() {
		return sizes[:1]
	}
	return sizes
}

// TestWideTypeCheck type-checks, in process and on their own (without the
// engine, which make c4 and CI build at 10×6 and 6×10), the files of every
// board of two words of the published table of solved boards, and the
// extremes; and checks that gen refuses to write two words into a package
// that uses masks of one.
func TestWideTypeCheck(t *testing.T) {
	for _, s := range [][2]int{{11, 5}, {10, 6}, {9, 7}, {8, 8}, {7, 9}, {8, 9}, {6, 10}, {7, 10}, {6, 11}, {5, 12}, {6, 12}, {5, 13}, {12, 9}, {4, 31}} {
		g := mustGeom(t, s[0], s[1])
		fset := token.NewFileSet()
		var files []*ast.File
		for _, f := range mustRender(t, g, "wide") {
			file, err := parser.ParseFile(fset, f.Name, f.Src, parser.ParseComments)
			if err != nil {
				t.Fatalf("%d×%d %s: %v", s[0], s[1], f.Name, err)
			}
			if !buildsHere(t, file) { // kernel_simd_gen.go without GOEXPERIMENT=simd on amd64
				continue
			}
			files = append(files, file)
		}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		if _, err := conf.Check("wide", fset, files, nil); err != nil {
			t.Errorf("%d×%d: %v", s[0], s[1], err)
		}
	}

	// Through run: into an empty module, and into a package of one word.
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module example.com/wide\n\ngo 1.26\n")
	if err := run(options{width: 6, height: 10, k: 4, pkg: "wide", out: dir}); err != nil {
		t.Fatalf("6×10 into an empty package: %v", err)
	}
	pkg := tinyPackage(t)
	write(t, filepath.Join(pkg, "legal.go"), "package tiny\n\n// legal is the playable cells.\nfunc legal(m uint64) uint64 { return (m + BottomMask) & BoardMask }\n")
	err := run(options{width: 6, height: 10, k: 4, pkg: "tiny", out: pkg})
	if err == nil || !strings.Contains(err.Error(), "legal.go") || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("6×10 into a package of one word: %v, want a refusal naming legal.go", err)
	}
}

// buildsHere reports whether the file's //go:build line, if any, holds
// for this toolchain's GOOS, GOARCH and tool tags (goexperiment.simd among
// them when the experiment is on), as go build would decide.
func buildsHere(t *testing.T, file *ast.File) bool {
	t.Helper()
	for _, group := range file.Comments {
		if group.Pos() >= file.Package {
			break
		}
		for _, c := range group.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				t.Fatalf("%s: %v", c.Text, err)
			}
			ctx := build.Default
			return expr.Eval(func(tag string) bool {
				return tag == ctx.GOOS || tag == ctx.GOARCH || slices.Contains(ctx.ToolTags, tag) ||
					slices.Contains(ctx.ReleaseTags, tag) || slices.Contains(ctx.BuildTags, tag)
			})
		}
	}
	return true
}

func write(t *testing.T, path, src string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWideAgainstGeom builds the generated code of each of wideSizes with
// a harness (testdata/harness.go.txt) in a temporary module, one package a
// size, and holds what it says to internal/geom: every table, and on every
// line of four (whole and less each cell), random games and random
// positions, WinningCellsOf, HasFour, FourCellsOf, canWinNow, MirrorWord,
// completesFour at every one of the 128 bits, and the open lines at every
// cell.
func TestWideAgainstGeom(t *testing.T) {
	harness, err := os.ReadFile("testdata/harness.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module example.com/wide\n\ngo 1.26\n")
	var imports, cases []string
	for _, s := range wideSizes() {
		name := fmt.Sprintf("w%dx%d", s.w, s.h)
		if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range mustRender(t, mustGeom(t, s.w, s.h), name) {
			write(t, filepath.Join(dir, name, f.Name), string(f.Src))
		}
		write(t, filepath.Join(dir, name, "harness.go"), strings.Replace(string(harness), "package PKG", "package "+name, 1))
		imports = append(imports, fmt.Sprintf("%q", "example.com/wide/"+name))
		cases = append(cases, fmt.Sprintf("case %q:\n\terr = %s.Run(os.Stdin, os.Stdout)", name, name))
	}
	write(t, filepath.Join(dir, "main.go"), "package main\n\nimport (\n\"fmt\"\n\"os\"\n"+strings.Join(imports, "\n")+
		")\n\nfunc main() {\n\tvar err error\n\tswitch os.Args[1] {\n"+strings.Join(cases, "\n")+
		"\n\t}\n\tif err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n}\n")
	bin := filepath.Join(dir, "harness")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of the generated two-word code: %v\n%s", err, out)
	}
	for _, s := range wideSizes() {
		t.Run(fmt.Sprintf("%dx%d", s.w, s.h), func(t *testing.T) {
			g := mustGeom(t, s.w, s.h)
			vectors := wideVectors(g, rand.New(rand.NewPCG(uint64(s.w), uint64(s.h))))
			var in bytes.Buffer
			for _, v := range vectors {
				fmt.Fprintf(&in, "%s %s\n", hexSet(v[0]), hexSet(v[1]))
			}
			cmd := exec.Command(bin, fmt.Sprintf("w%dx%d", s.w, s.h))
			cmd.Stdin = &in
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("harness: %v", err)
			}
			lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if len(lines) != 6+len(vectors) {
				t.Fatalf("harness wrote %d lines for %d positions", len(lines), len(vectors))
			}
			checkWideTables(t, g, lines[:6])
			ref := newWideRef(g)
			for i, v := range vectors {
				ref.check(t, v[0], v[1], lines[6+i], i%geomEvery == 0)
			}
			t.Logf("%d positions", len(vectors))
		})
	}
}

func hexSet(s geom.Set) string { return fmt.Sprintf("%x:%x", s[0], s[1]) }

func hexSets(sets ...geom.Set) string {
	var out []string
	for _, s := range sets {
		out = append(out, hexSet(s))
	}
	return strings.Join(out, " ")
}

// checkWideTables holds the harness's first lines, the generated tables,
// to geom.
func checkWideTables(t *testing.T, g geom.Geometry, lines []string) {
	t.Helper()
	var cols, rows, lineSets []geom.Set
	for c := range g.Width {
		cols = append(cols, g.ColumnSet(c))
	}
	for r := range g.Height {
		rows = append(rows, g.RowSet(r))
	}
	for _, l := range g.Lines() {
		lineSets = append(lineSets, g.LineSet(l))
	}
	classes, _ := g.PriorityClassSets()
	var through []string
	for _, idx := range g.LinesThrough() {
		through = append(through, strings.Trim(strings.ReplaceAll(fmt.Sprint(idx), " ", ","), "[]")+";")
	}
	want := []string{
		"masks " + hexSets(g.BottomSet(), g.BoardSet(), g.GuardSet(), g.OddRowsSet(), g.EvenRowsSet()),
		"columns " + hexSets(cols...), "rows " + hexSets(rows...), "classes " + hexSets(classes...),
		"lines " + hexSets(lineSets...), "through " + strings.Join(through, " "),
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("%d×%d generated tables differ from geom:\n\tgot:  %s\n\twant: %s", g.Width, g.Height, lines[i], want[i])
		}
	}
}

// wideVectors are the positions (stones of the side to move, occupied
// cells) the harness is asked about, each shaped by gravity: every line
// of four, whole and less each of its cells, on the columns filled below
// it; random games; and random column heights and owners.
func wideVectors(g geom.Geometry, rng *rand.Rand) [][2]geom.Set {
	var vs [][2]geom.Set
	filled := func(s geom.Set) geom.Set { // each column filled up to its highest stone
		var m geom.Set
		for _, c := range g.CellsOfSet(s) {
			for row := 0; row <= c.Row; row++ {
				m = m.Or(g.SetOf(geom.Cell{Col: c.Col, Row: row}))
			}
		}
		return m
	}
	for _, l := range g.Lines() {
		line := g.LineSet(l)
		vs = append(vs, [2]geom.Set{line, filled(line)})
		for _, c := range l.Cells {
			s := line.AndNot(g.SetOf(c))
			vs = append(vs, [2]geom.Set{s, filled(s)})
		}
	}
	for range 20 {
		g.RandomGame(rng, func(_ []int, m *geom.Model) {
			if rng.IntN(4) == 0 {
				vs = append(vs, [2]geom.Set{m.StonesSet(m.ToMove()), m.StonesSet(1).Or(m.StonesSet(2))})
			}
		})
	}
	for range 100 {
		var s, m geom.Set
		for col := range g.Width {
			for row := range rng.IntN(g.Height + 1) {
				c := g.SetOf(geom.Cell{Col: col, Row: row})
				m = m.Or(c)
				if rng.IntN(2) == 0 {
					s = s.Or(c)
				}
			}
		}
		vs = append(vs, [2]geom.Set{s, m})
	}
	return vs
}

// wideRef is geom's line table of one board, computed once.
type wideRef struct {
	g        geom.Geometry
	lineSets []geom.Set
	through  [][]int
}

func newWideRef(g geom.Geometry) *wideRef {
	r := &wideRef{g: g, through: g.LinesThrough()}
	for _, l := range g.Lines() {
		r.lineSets = append(r.lineSets, g.LineSet(l))
	}
	return r
}

// geomEvery is how often a position's winning cells are also asked of
// geom.WinningCellsSet (which asks CompletesFourSet of every cell, as
// check does) rather than only derived from CompletesFourSet.
const geomEvery = 10

// check holds the harness's line about stones s on occupied cells m to
// geom's reference predicates.
func (r *wideRef) check(t *testing.T, s, m geom.Set, line string, withWinning bool) {
	t.Helper()
	g := r.g
	var legal, completes geom.Set
	for col := range g.Width {
		for row := range g.Height {
			if c := (geom.Cell{Col: col, Row: row}); m.And(g.SetOf(c)).IsZero() {
				legal = legal.Or(g.SetOf(c))
				break
			}
		}
	}
	var mirror geom.Set
	for _, c := range g.CellsOfSet(s) {
		mirror = mirror.Or(g.SetOf(geom.Cell{Col: g.Width - 1 - c.Col, Row: c.Row}))
	}
	free := g.BoardSet().AndNot(m.AndNot(s))
	var counts []string
	for _, c := range g.AllCells() {
		completes = completes.Or(cellIf(g, c, g.CompletesFourSet(s, c)))
		open, held := 0, 0
		for _, i := range r.through[g.Bit(c)] {
			if l := r.lineSets[i]; l.AndNot(free).IsZero() {
				open++
				if !l.And(s).IsZero() {
					held++
				}
			}
		}
		counts = append(counts, fmt.Sprintf("%d/%d", open, held))
	}
	wins := completes.AndNot(m)
	if withWinning {
		if ref := g.WinningCellsSet(s, m); ref != wins {
			t.Fatalf("%d×%d: geom's WinningCellsSet %v and CompletesFourSet %v disagree", g.Width, g.Height, g.CellsOfSet(ref), g.CellsOfSet(wins))
		}
	}
	four := g.HasFourSet(s)
	want := fmt.Sprint("pos ", hexSet(wins), " ", four, " ", four, " ", !wins.And(legal).IsZero(), " ",
		hexSet(mirror), " ", hexSet(completes), " ", strings.Join(counts, " "))
	if line == want {
		return
	}
	got, exp := strings.Fields(line), strings.Fields(want)
	names := []string{"pos", "WinningCellsOf", "HasFour", "FourCellsOf != 0", "canWinNow", "MirrorWord", "completesFour at each bit"}
	for i := range max(len(got), len(exp)) {
		if i >= len(got) || i >= len(exp) || got[i] != exp[i] {
			what := "the open lines at a cell"
			if i < len(names) {
				what = names[i]
			}
			t.Fatalf("%d×%d, stones %v on %v: %s differs from geom:\n\tgot:  %s\n\twant: %s",
				g.Width, g.Height, g.CellsOfSet(s), g.CellsOfSet(m), what, line, want)
		}
	}
}

// cellIf is the set of cell c if in is true, else the empty set.
func cellIf(g geom.Geometry, c geom.Cell, in bool) geom.Set {
	if in {
		return g.SetOf(c)
	}
	return geom.Set{}
}
