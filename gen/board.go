package main

import (
	"fmt"
	"strings"

	"github.com/fourgen/fourgen/internal/geom"
)

// board is everything the emitters need, derived once from the geometry:
// data apart from rendering.
type board struct {
	geom.Geometry
	word    word // the representation of a set of cells: one word or two
	lines   []geom.Line
	through [][]int     // indexes of the lines through each bit
	dirs    []direction // the directions of the lines, with their bit distances
}

// newBoard derives the emitters' data from g: the directions are those
// that hold at least one line of four, in the line table's order.
func newBoard(g geom.Geometry) *board {
	b := &board{Geometry: g, word: [...]word{scalar{}, pair{}}[g.Words()-1], lines: g.Lines(), through: g.LinesThrough()}
	for _, l := range b.lines {
		if n := len(b.dirs); n == 0 || b.dirs[n-1].dir != l.Dir {
			b.dirs = append(b.dirs, direction{dir: l.Dir, step: g.Step(l.Dir)})
		}
		b.dirs[len(b.dirs)-1].lines++
	}
	return b
}

// command is the canonical command line that produced the output.
func (b *board) command(pkg string) string {
	k := ""
	if b.InARow != 4 {
		k = fmt.Sprintf(" -k %d", b.InARow)
	}
	return fmt.Sprintf("go run ../../gen -width %d -height %d%s -pkg %s -out .", b.Width, b.Height, k, pkg)
}

// linesThroughText names the lines through cell c, for comments.
func (b *board) linesThroughText(c geom.Cell) string {
	var names []string
	for _, i := range b.through[b.Bit(c)] {
		names = append(names, b.lines[i].String())
	}
	return strings.Join(names, ", ")
}

// cellFuncName is the name of the per-cell threat test of cell c, by 1-based
// column and row: completesFourC4R1.
func cellFuncName(c geom.Cell) string { return fmt.Sprintf("completesFourC%dR%d", c.Col+1, c.Row+1) }
