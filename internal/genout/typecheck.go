package genout

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// TypeCheck loads the package in dir with the files laid over the ones on
// disk, once for each environment of builds (nil for the default build),
// and fails, printing each offending file with line numbers, if it does
// not type-check in any of them.
func TypeCheck(dir string, files []File, builds [][]string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	overlay := make(map[string][]byte)
	for _, f := range files {
		overlay[filepath.Join(abs, f.Name)] = f.Src
	}
	var msgs []string
	shown := make(map[string]bool)
	for _, env := range builds {
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
					msgs = append(msgs, "generated source of "+filepath.Base(file)+":\n"+Numbered(src))
				}
			}
		})
	}
	if len(msgs) > 0 {
		return errors.New("type-check of the generated package failed; nothing was written:\n" + strings.Join(msgs, "\n"))
	}
	return nil
}

// Numbered returns src with a line number before each line.
func Numbered(src []byte) string {
	var b strings.Builder
	for i, line := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%d\t%s\n", i+1, line)
	}
	return b.String()
}
