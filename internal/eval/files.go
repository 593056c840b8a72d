// This file reads what c4 eval takes from files: the test positions, part
// of each file for a run split into several, and the reports of earlier
// runs to merge.

package eval

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// Files are the test positions read from files, file by file.
type Files struct {
	Names     []string   // the files, as given
	PerFile   []int      // the positions taken from each
	Positions []Position // all of them, in order
}

// ReadFiles reads the test positions of files as [read] does: of each,
// after the first skip, at most limit (all when limit is 0). Errors name
// the file.
func ReadFiles(files []string, skip, limit int) (*Files, error) {
	fs := &Files{Names: files, PerFile: make([]int, len(files))}
	for i, file := range files {
		ps, err := readFile(file, skip, limit)
		if err != nil {
			return nil, err
		}
		fs.Positions = append(fs.Positions, ps...)
		fs.PerFile[i] = len(ps)
	}
	return fs, nil
}

// readFile reads the test positions of file: after the first skip, at
// most limit of them (all when limit is 0).
func readFile(file string, skip, limit int) ([]Position, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if limit > 0 {
		limit = min(limit, math.MaxInt-skip) + skip
	}
	ps, err := read(f, filepath.Base(file), limit)
	return ps[min(skip, len(ps)):], err
}

// Evaluated describes the first n positions of fs file by file
// ("Test_L3_R1: 100 of 1000, Test_L2_R1: 0 of 1000"), for a run over the
// rest to resume from.
func (fs *Files) Evaluated(n int) string {
	var parts []string
	for i, file := range fs.Names {
		done := min(n, fs.PerFile[i])
		n -= done
		parts = append(parts, fmt.Sprintf("%s: %d of %d", filepath.Base(file), done, fs.PerFile[i]))
	}
	return strings.Join(parts, ", ")
}

// MergeFiles reads the reports of earlier runs from files
// ([readReportFiles]) and merges each agent's ([MergeAll]): c4 eval
// --merge.
func MergeFiles(files []string) ([]*Report, error) {
	all, err := readReportFiles(files)
	if err != nil {
		return nil, err
	}
	return MergeAll(all)
}

// readReportFiles reads the reports of earlier runs (their JSON, as
// [readReports] does) from files, in order.
func readReportFiles(files []string) ([]*Report, error) {
	var all []*Report
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		reports, err := readReports(f, file)
		f.Close()
		if err != nil {
			return nil, err
		}
		all = append(all, reports...)
	}
	return all, nil
}
