// Package shareddata finds the reference data (../shared/testdata, computed by
// others) from a working directory: beside the root of the fourgen
// repository that holds it, where the README puts it. c4 book verify finds
// BitBully's database there by default. Unlike internal/reftest, which
// serves the tests, it does not import package testing, so the command can
// use it.
package shareddata

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// FromRoot is where the reference data lies relative to the root of the
// fourgen repository. Exported for cmd/c4's test of c4 book verify's
// default, which quotes it rather than copy it.
const FromRoot = "../shared/testdata"

// modulePath is the module the repository's go.mod declares.
const modulePath = "github.com/fourgen/fourgen"

// FindHere returns the reference file rel (such as
// "bitbully/book_8ply.dat") as [find] finds it from the working directory,
// as a path relative to the working directory when there is one.
func FindHere(rel string) (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	path, err := find(wd, rel)
	if err != nil {
		return "", err
	}
	if r, err := filepath.Rel(wd, path); err == nil {
		return r, nil
	}
	return path, nil
}

// find returns the reference file rel, [FromRoot]/rel from the root of the
// fourgen repository holding dir: dir or its nearest parent with a go.mod
// of [modulePath]. It says why when there is no such repository or the
// file is not there.
func find(dir, rel string) (string, error) {
	fromRoot := FromRoot + "/" + rel
	root, ok := root(dir)
	if !ok {
		return "", fmt.Errorf("no default: %s is not inside the fourgen repository, where it is %s", dir, fromRoot)
	}
	path := filepath.Join(root, filepath.FromSlash(fromRoot))
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("the default, %s from the repository's root, is missing: %s", fromRoot, path)
		}
		return "", err
	}
	return path, nil
}

// root returns dir or its nearest parent whose go.mod declares
// [modulePath], as an absolute path.
func root(dir string) (string, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && declaresModule(data, modulePath) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// declaresModule reports whether the go.mod file data declares module
// path.
func declaresModule(data []byte, path string) bool {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			name, _, _ := strings.Cut(rest, "//")
			return strings.Trim(strings.TrimSpace(name), `"`) == path
		}
	}
	return false
}
