package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/fourgen/fourgen/internal/geom"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenSizes are the small boards whose whole output is pinned in
// testdata/WxH.txtar (WxH-kK.txtar for K in a row other than four), one
// archive section per generated file: two of one word and 6×10, of two
// words (66 bits), at four in a row; 4×4 at three and 6×10 at five.
var goldenSizes = []struct{ w, h, k int }{{4, 4, 4}, {5, 4, 4}, {6, 10, 4}, {4, 4, 3}, {6, 10, 5}}

func mustGeom(t *testing.T, w, h int) geom.Geometry { return mustGeomK(t, w, h, 4) }

func mustGeomK(t *testing.T, w, h, k int) geom.Geometry {
	t.Helper()
	g, err := geom.New(w, h, k)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustRender(t *testing.T, g geom.Geometry, pkg string) []generatedFile {
	t.Helper()
	files, err := render(g, pkg)
	if err != nil {
		t.Fatalf("render %d×%d: %v", g.Width, g.Height, err)
	}
	if len(files) == 0 {
		t.Fatalf("render %d×%d: no files", g.Width, g.Height)
	}
	return files
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		gl, wl := "<end of file>", "<end of file>"
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("first difference at line %d:\n\tgot:  %q\n\twant: %q", i+1, gl, wl)
		}
	}
	return "no line differs"
}

func TestGolden(t *testing.T) {
	for _, s := range goldenSizes {
		name, board := fmt.Sprintf("%dx%d", s.w, s.h), fmt.Sprintf("%d×%d board", s.w, s.h)
		if s.k != 4 {
			name, board = name+fmt.Sprintf("-k%d", s.k), board+fmt.Sprintf(" of %d in a row", s.k)
		}
		t.Run(name, func(t *testing.T) {
			files := mustRender(t, mustGeomK(t, s.w, s.h, s.k), "board")
			path := filepath.Join("testdata", name+".txtar")
			ar := &txtar.Archive{Comment: fmt.Appendf(nil,
				"gen's output for a %s in package board, one section per file.\n"+
					"Regenerate with: go test ./gen -update\n", board)}
			for _, f := range files {
				ar.Files = append(ar.Files, txtar.File{Name: f.Name, Data: f.Src})
			}
			if *update {
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v: run go test ./gen -update", err)
			}
			golden := txtar.Parse(data)
			var gotNames, wantNames []string
			for _, f := range ar.Files {
				gotNames = append(gotNames, f.Name)
			}
			for _, f := range golden.Files {
				wantNames = append(wantNames, f.Name)
			}
			if !slices.Equal(gotNames, wantNames) {
				t.Fatalf("render wrote files %q, %s holds %q: run go test ./gen -update if the change is intended", gotNames, path, wantNames)
			}
			for i, f := range ar.Files {
				if !bytes.Equal(f.Data, golden.Files[i].Data) {
					t.Errorf("%s differs from its section in %s, %s\nrun go test ./gen -update if the change is intended",
						f.Name, path, firstDiff(f.Data, golden.Files[i].Data))
				}
			}
		})
	}
}

// engineGeometry is the size that package engine's //go:generate line asks
// gen for: the one place the engine's board is named.
func engineGeometry(t *testing.T) geom.Geometry {
	t.Helper()
	src, err := os.ReadFile("../engine/board/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		args, ok := strings.CutPrefix(line, "//go:generate go run ../../gen ")
		if !ok {
			continue
		}
		opts, err := parseOptions(strings.Fields(args), io.Discard)
		if err != nil {
			t.Fatalf("engine/board/doc.go: %q: %v", line, err)
		}
		return mustGeomK(t, opts.width, opts.height, opts.k)
	}
	t.Fatal("engine/board/doc.go has no //go:generate line running ../../gen")
	return geom.Geometry{}
}

// TestGeneratedFilesUpToDate renders the engine's files in memory, for the
// size its //go:generate line names, and compares them with the checked-in
// ones.
func TestGeneratedFilesUpToDate(t *testing.T) {
	const dir = "../engine/board"
	g := engineGeometry(t)
	b := newBoard(g)
	files := mustRender(t, g, "board")
	rendered := make(map[string]bool)
	for _, f := range files {
		rendered[f.Name] = true
		disk, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil {
			t.Errorf("%v: generated files are stale: run go generate ./...", err)
			continue
		}
		if !bytes.Equal(disk, f.Src) {
			t.Errorf("board/%s: generated files are stale: run go generate ./...\n%s", f.Name, firstDiff(disk, f.Src))
		}
	}

	// No file that gen once wrote may outlive it, and the package's
	// //go:generate line must be the command the headers name.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	directive := "//go:generate " + b.command("board")
	var directives int
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(src, []byte("// Code generated by gen;")) && !rendered[e.Name()] {
			t.Errorf("board/%s was generated by gen but gen no longer writes it: generated files are stale: run go generate ./... and delete it", e.Name())
		}
		for _, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(line, "//go:generate") && strings.Contains(line, "../../gen") {
				directives++
				if line != directive {
					t.Errorf("board/%s: %q, want %q as the headers of the generated files say", e.Name(), line, directive)
				}
			}
		}
	}
	if directives != 1 {
		t.Errorf("package board has %d //go:generate lines running gen, want 1: %q", directives, directive)
	}
}

func TestDeterministic(t *testing.T) {
	first := mustRender(t, mustGeom(t, 7, 6), "board")
	mustRender(t, mustGeom(t, 6, 10), "board") // nothing carries over between runs, of either representation
	second := mustRender(t, mustGeom(t, 7, 6), "board")
	if len(first) != len(second) {
		t.Fatalf("two renders gave %d and %d files", len(first), len(second))
	}
	for i := range first {
		if first[i].Name != second[i].Name || !bytes.Equal(first[i].Src, second[i].Src) {
			t.Errorf("two renders of %s differ: %s", first[i].Name, firstDiff(second[i].Src, first[i].Src))
		}
	}
}

// Timestamps, dates and Go versions have no place in a generated header.
var (
	absolutePath = regexp.MustCompile(`(^|[\s"'(=])(/|[A-Za-z]:\\)[\w.~-]`)
	timestamp    = regexp.MustCompile(`\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|go1\.\d+|v\d+\.\d+\.\d+`)
)

func TestOutputIsGeneratedGo(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	home, _ := os.UserHomeDir()
	for _, tt := range []struct {
		w, h int
		pkg  string
	}{{7, 6, "board"}, {4, 4, "tiny"}, {5, 4, "other"}, {6, 10, "wide"}} {
		g := mustGeom(t, tt.w, tt.h)
		b := newBoard(g)
		command := b.command(tt.pkg)
		for _, f := range mustRender(t, g, tt.pkg) {
			name := fmt.Sprintf("%d×%d %s", tt.w, tt.h, f.Name)
			if !strings.HasSuffix(f.Name, "_gen.go") {
				t.Errorf("%s: generated file names end in _gen.go", name)
			}
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, f.Name, f.Src, parser.ParseComments)
			if err != nil {
				t.Errorf("%s does not parse: %v", name, err)
				continue
			}
			if !ast.IsGenerated(file) {
				t.Errorf("%s: ast.IsGenerated = false", name)
			}
			if first, _, _ := strings.Cut(string(f.Src), "\n"); first != "// Code generated by gen; DO NOT EDIT." {
				t.Errorf("%s: first line %q", name, first)
			}
			if file.Name.Name != tt.pkg {
				t.Errorf("%s: package %s, want %s", name, file.Name.Name, tt.pkg)
			}
			header := string(f.Src[:fset.Position(file.Package).Offset])
			if !strings.Contains(header, "go generate ./...") || !strings.Contains(header, command) {
				t.Errorf("%s: header does not name go generate ./... and %q:\n%s", name, command, header)
			}
			if m := absolutePath.FindString(header); m != "" {
				t.Errorf("%s: header holds an absolute path (%q):\n%s", name, m, header)
			}
			if m := timestamp.FindString(header); m != "" {
				t.Errorf("%s: header holds a time or version (%q):\n%s", name, m, header)
			}
			for _, local := range []string{wd, filepath.Dir(wd), home, os.TempDir()} {
				if local != "" && local != "/" && strings.Contains(string(f.Src), local) {
					t.Errorf("%s mentions the local path %s", name, local)
				}
			}
			checkDocComments(t, name, file)
		}
	}
}

// checkDocComments fails for a top-level declaration without a doc
// comment; a grouped declaration may instead document each of its specs.
func checkDocComments(t *testing.T, name string, file *ast.File) {
	t.Helper()
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Doc == nil {
				t.Errorf("%s: func %s has no doc comment", name, d.Name.Name)
			}
		case *ast.GenDecl:
			if d.Tok == token.IMPORT || d.Doc != nil {
				continue
			}
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); !ok || vs.Doc == nil {
					t.Errorf("%s: %s declaration at %v has no doc comment", name, d.Tok, d.Pos())
				}
			}
		}
	}
}

// TestRunWritesOnlyChanges runs the generator into an empty directory, then
// again, and checks the second run leaves the files alone.
func TestRunWritesOnlyChanges(t *testing.T) {
	dir := t.TempDir()
	opts := options{width: 5, height: 4, k: 4, pkg: "tiny", out: dir}
	want := mustRender(t, mustGeom(t, 5, 4), "tiny")
	if err := run(opts); err != nil {
		t.Fatal(err)
	}
	checkDir(t, dir, want)

	// Date the files back; a rewrite, even of the same bytes, would show.
	long := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	before := make(map[string]os.FileInfo)
	for _, f := range want {
		path := filepath.Join(dir, f.Name)
		if err := os.Chtimes(path, long, long); err != nil {
			t.Fatal(err)
		}
		before[f.Name] = stat(t, path)
	}
	if err := run(opts); err != nil {
		t.Fatal(err)
	}
	checkDir(t, dir, want)
	for _, f := range want {
		after := stat(t, filepath.Join(dir, f.Name))
		if !after.ModTime().Equal(long) || !os.SameFile(before[f.Name], after) {
			t.Errorf("second run rewrote the unchanged %s", f.Name)
		}
	}

	// A damaged file is restored; the others are still left alone.
	damaged := filepath.Join(dir, want[0].Name)
	if err := os.WriteFile(damaged, []byte("package tiny\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(damaged, long, long); err != nil {
		t.Fatal(err)
	}
	if err := run(opts); err != nil {
		t.Fatal(err)
	}
	checkDir(t, dir, want)
	if stat(t, damaged).ModTime().Equal(long) {
		t.Errorf("%s was not rewritten", want[0].Name)
	}
	for _, f := range want[1:] {
		if after := stat(t, filepath.Join(dir, f.Name)); !after.ModTime().Equal(long) {
			t.Errorf("restoring %s also rewrote %s", want[0].Name, f.Name)
		}
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	for _, opts := range []options{
		{width: 3, height: 3, pkg: "tiny", out: dir},
		{width: 9, height: 13, pkg: "tiny", out: dir}, // half the columns overflow a word
		{width: 6, height: 21, pkg: "tiny", out: dir}, // 132 bits
		{width: 4, height: 4, pkg: "tiny", out: filepath.Join(dir, "missing")},
	} {
		if err := run(opts); err == nil {
			t.Errorf("run(%+v) succeeded", opts)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed runs left %d files behind", len(entries))
	}
}

// checkDir fails unless dir holds exactly the files (and whatever the
// tiny package brought), with the rendered bytes: no temporary leftovers.
func checkDir(t *testing.T, dir string, files []generatedFile) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{"go.mod": nil, "tiny.go": nil}
	for _, f := range files {
		want[f.Name] = f.Src
	}
	seen := 0
	for _, e := range entries {
		src, ok := want[e.Name()]
		if !ok {
			t.Errorf("unexpected file %s in the output directory", e.Name())
			continue
		}
		if src == nil {
			continue
		}
		seen++
		got, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, src) {
			t.Errorf("%s holds other bytes than rendered: %s", e.Name(), firstDiff(got, src))
		}
	}
	if seen != len(files) {
		t.Errorf("the output directory holds %d of the %d generated files", seen, len(files))
	}
}

func stat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

// tinyPackage writes a module holding one package, tiny, with one
// hand-written file that uses the generated size.
func tinyPackage(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/tiny\n\ngo 1.26\n")
	write("tiny.go", "package tiny\n\n// board is the board's shape.\nvar board = [Height][Width]byte{}\n")
	return dir
}

// TestTypeCheck loads small packages through go/packages, about a second
// each, so it covers the three outcomes in three loads.
func TestTypeCheck(t *testing.T) {
	t.Run("good", func(t *testing.T) {
		dir := tinyPackage(t)
		if err := run(options{width: 4, height: 4, k: 4, pkg: "tiny", out: dir}); err != nil {
			t.Fatalf("4×4 tables in a 4×4 package: %v", err)
		}
		checkDir(t, dir, mustRender(t, mustGeom(t, 4, 4), "tiny"))
	})

	t.Run("geometry guard", func(t *testing.T) {
		// The file that declares Height says 4×5; tables for 4×4 must not
		// build beside it.
		dir := tinyPackage(t)
		files := mustRender(t, mustGeom(t, 4, 4), "tiny")
		size := slices.IndexFunc(files, func(f generatedFile) bool { return declaresHeight.Match(f.Src) })
		if size < 0 {
			t.Fatal("no generated file declares Height")
		}
		files[size] = mustRender(t, mustGeom(t, 4, 5), "tiny")[size]
		err := typeCheck(dir, files)
		if err == nil {
			t.Fatal("4×4 tables type-check beside a 4×5 size: the geometry guard does not work")
		}
		name, guard := numberedLine(t, files, "_ = x[Height-4]")
		if !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), guard) {
			t.Errorf("error does not show %s with line numbers (want a line %q):\n%v", name, guard, err)
		}
	})

	t.Run("type error", func(t *testing.T) {
		dir := tinyPackage(t)
		broken := []generatedFile{{Name: "broken_gen.go", Src: []byte("package tiny\n\n// x is broken.\nvar x int = \"four\"\n")}}
		err := typeCheck(dir, broken)
		if err == nil {
			t.Fatal("typeCheck accepted a type error")
		}
		for _, want := range []string{"broken_gen.go:4", "nothing was written", "1\tpackage tiny\n", "4\tvar x int = \"four\"\n"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error does not contain %q:\n%v", want, err)
			}
		}
	})

	t.Run("simd type error", func(t *testing.T) {
		// A file only the GOEXPERIMENT=simd build sees is checked too.
		dir := tinyPackage(t)
		broken := []generatedFile{{Name: "broken_simd_gen.go", Src: []byte("//go:build " + simdBuild + "\n\npackage tiny\n\n// x is broken.\nvar x int = \"four\"\n")}}
		err := typeCheck(dir, broken)
		if err == nil {
			t.Fatal("typeCheck accepted a type error in the simd build")
		}
		if !strings.Contains(err.Error(), "broken_simd_gen.go:6") || !strings.Contains(err.Error(), "GOEXPERIMENT=simd") {
			t.Errorf("error does not name the file, line and build:\n%v", err)
		}
	})
}

// declaresHeight matches the declaration of the board's Height.
var declaresHeight = regexp.MustCompile(`(?m)^\s*Height\s*=`)

// numberedLine finds the line of the generated files that contains text and
// returns its file's name and the line as genout.Numbered prints it.
func numberedLine(t *testing.T, files []generatedFile, text string) (name, line string) {
	t.Helper()
	for _, f := range files {
		for i, line := range strings.Split(string(f.Src), "\n") {
			if strings.Contains(line, text) {
				return f.Name, fmt.Sprintf("%d\t%s\n", i+1, line)
			}
		}
	}
	t.Fatalf("no generated line contains %q", text)
	return "", ""
}

func TestParseOptions(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		want    options
		wantErr string
	}{
		{[]string{"-width", "7", "-height", "6"}, options{width: 7, height: 6, k: 4, pkg: "board", out: "."}, ""},
		{[]string{"-width", "8", "-height", "7", "-pkg", "p", "-out", "o", "-overlay", "x.json"},
			options{width: 8, height: 7, k: 4, pkg: "p", out: "o", overlay: "x.json"}, ""},
		{[]string{"-height", "6"}, options{}, "-width and -height are required"},
		{[]string{"-width", "7", "-height", "6", "extra"}, options{}, `no arguments: have ["extra"]`},
		{[]string{"-width", "seven"}, options{}, "invalid value"},
	} {
		got, err := parseOptions(tt.args, io.Discard)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("parseOptions(%q) = %v, want an error containing %q", tt.args, err, tt.wantErr)
			}
		case err != nil:
			t.Errorf("parseOptions(%q): %v", tt.args, err)
		case got != tt.want:
			t.Errorf("parseOptions(%q) = %+v, want %+v", tt.args, got, tt.want)
		}
	}
}

func TestRunRefusesSizesTheEngineCannotPlay(t *testing.T) {
	dir := t.TempDir()
	for _, size := range [][2]int{{3, 8}, {13, 4}, {8, 3}} {
		err := run(options{width: size[0], height: size[1], k: 4, pkg: "tiny", out: dir})
		if err == nil || !strings.Contains(err.Error(), "the engine plays") {
			t.Errorf("run(%d×%d) = %v, want a refusal naming the sizes the engine plays", size[0], size[1], err)
		}
	}
}

// TestOverlay writes the files for another size beside an overlay file and
// checks that the overlay maps each over the package's own, which stay as
// they were.
func TestOverlay(t *testing.T) {
	pkg := tinyPackage(t)
	if err := run(options{width: 4, height: 4, k: 4, pkg: "tiny", out: pkg}); err != nil {
		t.Fatal(err)
	}
	before := mustRender(t, mustGeom(t, 4, 4), "tiny")
	scratch := filepath.Join(t.TempDir(), "5x4")
	overlayPath := filepath.Join(scratch, "overlay.json")
	if err := run(options{width: 5, height: 4, k: 4, pkg: "tiny", out: pkg, overlay: overlayPath}); err != nil {
		t.Fatal(err)
	}
	checkDir(t, pkg, before)
	data, err := os.ReadFile(overlayPath)
	if err != nil {
		t.Fatal(err)
	}
	var overlay struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &overlay); err != nil {
		t.Fatalf("%s: %v", overlayPath, err)
	}
	absPkg, _ := filepath.Abs(pkg)
	files := mustRender(t, mustGeom(t, 5, 4), "tiny")
	if len(overlay.Replace) != len(files) {
		t.Errorf("overlay replaces %d files, want %d", len(overlay.Replace), len(files))
	}
	for _, f := range files {
		to, ok := overlay.Replace[filepath.Join(absPkg, f.Name)]
		if !ok {
			t.Errorf("overlay does not replace %s", f.Name)
			continue
		}
		got, err := os.ReadFile(to)
		if err != nil || !bytes.Equal(got, f.Src) {
			t.Errorf("%s: overlay file %s does not hold the 5×4 rendering (%v)", f.Name, to, err)
		}
	}
}
