package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// TestDirections holds the kernel's directions to the 7×6 line table and
// checks that a line table one shift per direction cannot test is refused.
func TestDirections(t *testing.T) {
	g := mustGeom(t, 7, 6)
	dirs, err := directions(g, g.Lines())
	if err != nil {
		t.Fatal(err)
	}
	want := []direction{{geom.Vertical, 1, 21}, {geom.Horizontal, 7, 24}, {geom.DiagonalUp, 8, 12}, {geom.DiagonalDown, 6, 12}}
	if !slices.Equal(dirs, want) {
		t.Errorf("directions of 7×6 = %v, want %v", dirs, want)
	}
	row := func(cols ...int) geom.Line {
		l := geom.Line{Dir: geom.Horizontal}
		for i, c := range cols {
			l.Cells[i] = geom.Cell{Col: c, Row: 0}
		}
		return l
	}
	for _, tt := range []struct {
		name  string
		lines []geom.Line
	}{
		{"gap within a line", []geom.Line{row(0, 1, 3, 4)}},
		{"two steps in one direction", []geom.Line{row(0, 1, 2, 3), row(0, 2, 4, 6)}},
	} {
		if _, err := directions(g, tt.lines); err == nil || !strings.Contains(err.Error(), "bits apart") {
			t.Errorf("%s: directions = %v, want an error saying how far apart the cells are", tt.name, err)
		}
	}
}
