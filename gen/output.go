package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/fourgen/fourgen/internal/atomicfile"
)

// typeCheck loads the target package with the new files laid over the ones
// on disk and fails, printing each offending file with line numbers, if it
// does not type-check: once as built by default and once as built with
// GOEXPERIMENT=simd for amd64, which adds the AVX2 kernel (simdBuild).
func typeCheck(dir string, files []generatedFile) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	overlay := make(map[string][]byte)
	for _, f := range files {
		overlay[filepath.Join(abs, f.name)] = f.src
	}
	var msgs []string
	shown := make(map[string]bool)
	for _, env := range [][]string{nil, {"GOEXPERIMENT=simd", "GOARCH=amd64"}} {
		cfg := packages.Config{Mode: packages.NeedTypes, Dir: abs, Env: append(os.Environ(), env...), Overlay: overlay}
		pkgs, err := packages.Load(&cfg, ".")
		if err != nil {
			return fmt.Errorf("type-check %s %s: %w", strings.Join(env, " "), dir, err)
		}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				msgs = append(msgs, strings.TrimSpace(strings.Join(env, " ")+" "+e.Error()))
				file := strings.SplitN(e.Pos, ":", 2)[0]
				if src, ok := overlay[file]; ok && !shown[file] {
					shown[file] = true
					msgs = append(msgs, "generated source of "+filepath.Base(file)+":\n"+numbered(src))
				}
			}
		})
	}
	if len(msgs) > 0 {
		return errors.New("type-check of the generated package failed; nothing was written:\n" + strings.Join(msgs, "\n"))
	}
	return nil
}

// writeChanged writes each file whose bytes differ from what is on disk,
// through a temporary file and a rename so that no half-written file is
// ever left behind.
func writeChanged(dir string, files []generatedFile) error {
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.src) {
			continue
		}
		if err := atomicfile.WriteFile(path, f.src, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	return nil
}

// numbered returns src with a line number before each line.
func numbered(src []byte) string {
	var b strings.Builder
	for i, line := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%d\t%s\n", i+1, line)
	}
	return b.String()
}

// writeOverlay writes the files into the directory of overlayPath and, at
// overlayPath, the JSON file that go build -overlay reads, which lays each of
// them over its namesake in the package directory dir. The package's own
// files are left as they are.
func writeOverlay(overlayPath, dir string, files []generatedFile) error {
	pkgDir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	scratch, err := filepath.Abs(filepath.Dir(overlayPath))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		return fmt.Errorf("overlay: %w", err)
	}
	overlay := struct{ Replace map[string]string }{map[string]string{}}
	for _, f := range files {
		overlay.Replace[filepath.Join(pkgDir, f.name)] = filepath.Join(scratch, f.name)
	}
	data, err := json.MarshalIndent(overlay, "", "\t")
	if err != nil {
		return err
	}
	return writeChanged(scratch, append(files, generatedFile{filepath.Base(overlayPath), append(data, '\n')}))
}
