package main

import (
	"slices"
	"testing"

	"github.com/fourgen/fourgen/internal/geom"
)

// TestDirections holds the kernel's directions to the 7×6 line table.
func TestDirections(t *testing.T) {
	dirs := newBoard(mustGeom(t, 7, 6)).dirs
	want := []direction{{geom.Vertical, 1, 21}, {geom.Horizontal, 7, 24}, {geom.DiagonalUp, 8, 12}, {geom.DiagonalDown, 6, 12}}
	if !slices.Equal(dirs, want) {
		t.Errorf("directions of 7×6 = %v, want %v", dirs, want)
	}
}
