package policy

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// profilePath is the CPU profile go build optimises c4 with (make pgo).
const profilePath = "cmd/c4/default.pgo"

// profiledPackages are the packages whose functions the profile must name
// as they are in the tree, by import path.
var profiledPackages = []string{"solver", "board"}

// TestProfileCurrent fails when cmd/c4/default.pgo is not a profile of the
// search, or names a function of the engine that the tree no longer has:
// profile-guided optimisation finds hot calls by their functions' names,
// so after a rename the profile silently stops applying there.
func TestProfileCurrent(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(repoRoot, profilePath))
	if err != nil {
		t.Fatalf("%v: make pgo writes it", err)
	}
	names, err := profileStrings(raw)
	if err != nil {
		t.Fatalf("%s: %v", profilePath, err)
	}
	have := map[string]bool{}
	for _, pkg := range profiledPackages {
		for _, fn := range declaredFuncs(t, pkg) {
			have["github.com/fourgen/fourgen/"+pkg+"."+fn] = true
		}
	}
	for _, want := range []string{"solver.(*searcher).negamax", "solver.orderMoves"} {
		if !have["github.com/fourgen/fourgen/"+want] {
			t.Fatalf("the tree has no %s: update this test's list of the search's hot functions", want)
		}
		if !slices.Contains(names, "github.com/fourgen/fourgen/"+want) {
			t.Errorf("%s does not name %s: it is not a profile of the search (make pgo)", profilePath, want)
		}
	}
	for _, name := range names {
		if engineFunc(name) && !have[name] {
			t.Errorf("%s names %s, which the tree no longer has: run make pgo", profilePath, name)
		}
	}
}

// engineFunc reports whether a profile's string is the name of a declared
// function or method of a profiled package (not a closure, nor generic).
func engineFunc(name string) bool {
	for _, pkg := range profiledPackages {
		rest, ok := strings.CutPrefix(name, "github.com/fourgen/fourgen/"+pkg+".")
		if ok {
			return !strings.Contains(rest, ".func") && !strings.Contains(rest, "[") && !strings.Contains(rest, "/")
		}
	}
	return false
}

// declaredFuncs lists the functions and methods declared in the package's
// folder, its tests' too (the profile is of a test binary), as a profile names them: "F", "T.M" or
// "(*T).M".
func declaredFuncs(t *testing.T, pkg string) []string {
	files, err := filepath.Glob(filepath.Join(repoRoot, pkg, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s (%v)", pkg, err)
	}
	var names []string
	for _, path := range files {
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok {
				names = append(names, funcName(fn))
			}
		}
	}
	return names
}

// funcName is a declared function's name as Go's symbol tables write it.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	switch typ := fn.Recv.List[0].Type.(type) {
	case *ast.StarExpr:
		if id, ok := typ.X.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + fn.Name.Name
		}
	case *ast.Ident:
		return typ.Name + "." + fn.Name.Name
	}
	return "[generic]." + fn.Name.Name
}

// profileStrings returns the string table of a gzipped pprof profile
// (field 6 of the Profile message), reading just enough of the protocol
// buffer's wire format to find it.
func profileStrings(raw []byte) ([]string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("not a gzipped pprof profile: %w", err)
	}
	msg, err := io.ReadAll(io.LimitReader(zr, 64<<20))
	if err != nil {
		return nil, err
	}
	var out []string
	for len(msg) > 0 {
		key, n := binary.Uvarint(msg)
		if n <= 0 {
			return nil, fmt.Errorf("a bad field key")
		}
		msg = msg[n:]
		switch key & 7 {
		case 0: // varint
			if _, n = binary.Uvarint(msg); n <= 0 {
				return nil, fmt.Errorf("a bad varint")
			}
			msg = msg[n:]
		case 2: // length-delimited
			size, n := binary.Uvarint(msg)
			if n <= 0 || size > uint64(len(msg)-n) {
				return nil, fmt.Errorf("a bad length")
			}
			if key>>3 == 6 {
				out = append(out, string(msg[n:n+int(size)]))
			}
			msg = msg[n+int(size):]
		case 1, 5: // fixed 64 and 32 bits
			size := 8
			if key&7 == 5 {
				size = 4
			}
			if len(msg) < size {
				return nil, fmt.Errorf("a truncated fixed field")
			}
			msg = msg[size:]
		default:
			return nil, fmt.Errorf("wire type %d", key&7)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no string table")
	}
	return out, nil
}
