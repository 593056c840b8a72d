package main

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/fourgen/fourgen/internal/geom"
)

// emitKernelFile emits kernel_gen.go: the threat kernel the search runs at
// every node, straight-line code with the shift distances and masks as
// literals, one block per direction of the line table.
func emitKernelFile(f *jen.File, b *board) {
	emitWinningCells(f, b)
	emitHasFour(f, b)
}

// direction is one direction of the line table, as the kernel sees it.
type direction struct {
	dir   geom.Direction
	step  int // bit distance between neighbouring cells of a line
	lines int // number of lines of four along it
}

// directions lists the directions that hold at least one line of four, in
// the line table's order, with the bit distance between the cells of their
// lines. Every line of a direction must have the same distance between
// each pair of neighbouring cells: that is what lets one shift test every
// line of the direction at once.
func directions(g geom.Geometry, lines []geom.Line) ([]direction, error) {
	var dirs []direction
	for _, l := range lines {
		step := g.Bit(l.Cells[1]) - g.Bit(l.Cells[0])
		for i := 2; i < len(l.Cells); i++ {
			if d := g.Bit(l.Cells[i]) - g.Bit(l.Cells[i-1]); d != step {
				return nil, fmt.Errorf("line %v: cells %d and %d bits apart", l, step, d)
			}
		}
		if n := len(dirs); n > 0 && dirs[n-1].dir == l.Dir {
			if dirs[n-1].step != step {
				return nil, fmt.Errorf("line %v: step %d, other %v lines step %d", l, step, l.Dir, dirs[n-1].step)
			}
			dirs[n-1].lines++
			continue
		}
		dirs = append(dirs, direction{dir: l.Dir, step: step, lines: 1})
	}
	return dirs, nil
}

// apart says how many bits apart the cells of a line are.
func apart(step int) string {
	if step == 1 {
		return "cells 1 bit apart"
	}
	return fmt.Sprintf("cells %d bits apart", step)
}

// shifted renders s shifted by n bits: left for n > 0, right for n < 0.
func shifted(n int) *jen.Statement {
	if n < 0 {
		return jen.Parens(jen.Id("s").Op(">>").Lit(-n))
	}
	return jen.Parens(jen.Id("s").Op("<<").Lit(n))
}

// emitWinningCells emits the set of cells where one more stone completes
// four, one block per direction. A vertical four can only be completed on
// top of three stones; along the other directions the empty cell may be any
// of the four:
//
//	func winningCells(s, mask uint64) uint64 {
//		// vertical: cells 1 bit apart (21 lines); three stones directly below the cell.
//		w := (s << 1) & (s << 2) & (s << 3)
//		// horizontal: cells 7 bits apart (24 lines).
//		lo, hi := (s << 7) & (s << 14), (s >> 7) & (s >> 14)
//		w |= lo&(s<<21) | lo&(s>>7) | hi&(s<<7) | hi&(s>>21)
//		...
//		return w & (0x0000fdfbf7efdfbf ^ mask) // empty cells of the board
//	}
func emitWinningCells(f *jen.File, b *board) {
	f.Comment("winningCells is the set of empty cells (not in mask) where one more stone would")
	f.Comment("complete four with stones s. The stones must rest on each other as in a game, so")
	f.Comment("vertical fours are looked for only on top of three stones. Each direction's block")
	f.Comment("finds the cells d bits from two stones on one side and one or two on the other,")
	f.Comment("where d is the distance between the cells of that direction's lines; the guard")
	f.Comment("bit on top of every column stops a line from running across the board's edge.")
	f.Func().Id("winningCells").Params(jen.Id("s"), jen.Id("mask").Uint64()).Uint64().BlockFunc(func(g *jen.Group) {
		first := true
		for _, d := range b.dirs {
			if d.dir == geom.Vertical {
				g.Commentf("%v: %s (%d lines); three stones directly below the cell.", d.dir, apart(d.step), d.lines)
				op := ":="
				if !first {
					op = "|="
				}
				g.Id("w").Op(op).Add(shifted(d.step)).Op("&").Add(shifted(2 * d.step)).Op("&").Add(shifted(3 * d.step))
				first = false
				continue
			}
			g.Commentf("%v: %s (%d lines).", d.dir, apart(d.step), d.lines)
			if first {
				g.Var().Id("w").Uint64()
				first = false
			}
			lo, hi := fmt.Sprintf("lo%d", d.step), fmt.Sprintf("hi%d", d.step)
			g.List(jen.Id(lo), jen.Id(hi)).Op(":=").
				Add(shifted(d.step)).Op("&").Add(shifted(2 * d.step)).Op(",").
				Add(shifted(-d.step)).Op("&").Add(shifted(-2 * d.step))
			// The empty cell is the fourth, third, second or first of the line:
			// xxx_, xx_x, x_xx, _xxx.
			g.Id("w").Op("|=").Add(jen.Custom(jen.Options{Separator: " |"},
				jen.Id(lo).Op("&").Add(shifted(3*d.step)),
				jen.Id(lo).Op("&").Add(shifted(-d.step)),
				jen.Id(hi).Op("&").Add(shifted(d.step)),
				jen.Id(hi).Op("&").Add(shifted(-3*d.step))))
		}
		if first {
			g.Return(jen.Lit(0))
			return
		}
		g.Return(jen.Id("w").Op("&").Parens(hex(b.BoardMask()).Op("^").Id("mask"))).Comment("empty cells of the board")
	})
}

// emitHasFour emits the test for a line of four among stones, one pair of
// shifts per direction, all directions or-ed before the one branch:
//
//	func hasFour(s uint64) bool {
//		p1 := s & (s >> 1) // vertical: cells 1 bit apart (21 lines)
//		p7 := s & (s >> 7) // horizontal: cells 7 bits apart (24 lines)
//		...
//		return p1&(p1>>2)|p7&(p7>>14)|... != 0
//	}
func emitHasFour(f *jen.File, b *board) {
	f.Comment("hasFour reports whether stones s contain a line of four. For each direction, a")
	f.Comment("bit of s&(s>>d) marks a stone whose neighbour d bits on is also a stone; two such")
	f.Comment("pairs 2d apart are four in a row. The guard bits keep lines on the board.")
	f.Func().Id("hasFour").Params(jen.Id("s").Uint64()).Bool().BlockFunc(func(g *jen.Group) {
		var fours []jen.Code
		for _, d := range b.dirs {
			p := fmt.Sprintf("p%d", d.step)
			g.Id(p).Op(":=").Id("s").Op("&").Add(shifted(-d.step)).Commentf("%v: %s (%d lines)", d.dir, apart(d.step), d.lines)
			fours = append(fours, jen.Id(p).Op("&").Parens(jen.Id(p).Op(">>").Lit(2*d.step)))
		}
		if len(fours) == 0 {
			g.Return(jen.False())
			return
		}
		g.Return(jen.Custom(jen.Options{Separator: "|"}, fours...).Op("!=").Lit(0))
	})
}
