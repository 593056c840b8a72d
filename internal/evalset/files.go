package evalset

import (
	"fmt"

	"github.com/fourgen/fourgen/internal/eval"
)

// Files are the test positions of c4 eval: those of the files named, as
// [eval.ReadFiles] reads them, or, when none is named, the shipped set's,
// as files of one cell each named as Pons's sets are
// ("fourgen-evalset/L1_R1"). Of each file or cell it takes, after the
// first skip, at most limit positions (all when limit is 0).
func Files(names []string, skip, limit int) (*eval.Files, error) {
	if len(names) > 0 {
		return eval.ReadFiles(names, skip, limit)
	}
	set, err := Shipped()
	if err != nil {
		return nil, fmt.Errorf("no FILE given, and the shipped evaluation set: %w", err)
	}
	files := &eval.Files{}
	for i := range CellCount() {
		ps := set.Cell(i)
		ps = ps[min(skip, len(ps)):]
		if limit > 0 {
			ps = ps[:min(limit, len(ps))]
		}
		files.Names = append(files.Names, "fourgen-evalset/"+CellName(i))
		files.PerFile = append(files.PerFile, len(ps))
		files.Positions = append(files.Positions, ps...)
	}
	return files, nil
}
