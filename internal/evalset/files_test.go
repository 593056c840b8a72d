package evalset

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFiles(t *testing.T) {
	set := shipped(t)
	for _, tt := range []struct {
		skip, limit, per int
	}{
		{0, 0, set.PerCell},
		{0, 3, 3},
		{2, 3, 3},
		{set.PerCell - 1, 5, 1},
		{set.PerCell + 9, 0, 0},
	} {
		fs, err := Files(nil, tt.skip, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(fs.Names) != CellCount() || len(fs.Positions) != tt.per*CellCount() || fs.Names[2] != "fourgen-evalset/"+CellName(2) {
			t.Fatalf("skip %d, limit %d: %d files %v, %d positions; want %d a cell", tt.skip, tt.limit, len(fs.Names), fs.Names, len(fs.Positions), tt.per)
		}
		for i, n := range fs.PerFile {
			if n != tt.per || (n > 0 && fs.Positions[i*n].Moves != set.Cell(i)[tt.skip].Moves) {
				t.Errorf("skip %d, limit %d: cell %d has %d positions, the first %s", tt.skip, tt.limit, i, n, fs.Positions[i*n].Moves)
			}
		}
	}
	file := filepath.Join(t.TempDir(), "positions.txt")
	if err := os.WriteFile(file, []byte("4453\n44\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fs, err := Files([]string{file}, 0, 0)
	if err != nil || len(fs.Positions) != 2 || fs.Positions[0].Scores != nil {
		t.Fatalf("Files(%s): %v, %+v; want its 2 positions, unlabelled", file, err, fs)
	}
}
