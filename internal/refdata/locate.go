// This file finds BitBully's database where the README puts it, for c4
// book verify without --against.

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// bitbullyDefault is where the README puts BitBully's 8-ply database,
// relative to the root of the fourgen repository.
const bitbullyDefault = "../shared/testdata/bitbully/book_8ply.dat"

// modulePath is the module the repository's go.mod declares.
const modulePath = "github.com/fourgen/fourgen"

// defaultAgainst returns the database c4 book verify checks against when
// --against is not given: [bitbullyDefault] from the root of the fourgen
// repository that holds the working directory, as a path relative to the
// working directory.
func defaultAgainst() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	path, err := findDefaultAgainst(wd)
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(wd, path); err == nil {
		return rel, nil
	}
	return path, nil
}

// findDefaultAgainst looks for [bitbullyDefault] from the root of the
// fourgen repository holding dir: dir or its nearest parent with a go.mod
// of [modulePath]. It says why when there is no such repository or the
// file is not there.
func findDefaultAgainst(dir string) (string, error) {
	root, ok := repoRoot(dir)
	if !ok {
		return "", fmt.Errorf("no default: %s is not inside the fourgen repository, where it is %s", dir, bitbullyDefault)
	}
	path := filepath.Join(root, filepath.FromSlash(bitbullyDefault))
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("the default, %s from the repository's root, is missing: %s", bitbullyDefault, path)
		}
		return "", err
	}
	return path, nil
}

// repoRoot returns dir or its nearest parent whose go.mod declares
// [modulePath].
func repoRoot(dir string) (string, bool) {
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
