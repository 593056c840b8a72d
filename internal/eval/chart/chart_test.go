package chart

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// TestErrorRates draws the report of a random agent on a few deep
// positions: the SVG is well-formed XML and names the agent in its legend.
func TestErrorRates(t *testing.T) {
	// The positions of a game of greedy against itself, deep enough to
	// solve at once, until it ends.
	a, _ := agent.New("random", agent.Options{Seed: 3})
	greedy, _ := agent.New("greedy", agent.Options{Seed: 4})
	var positions []eval.Position
	var p board.Position
	moves := ""
	for !p.IsWon() && !p.IsFull() {
		if p.Moves() >= board.Cells/2 {
			positions = append(positions, eval.Position{Moves: moves, Pos: p})
		}
		col, err := greedy.Move(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(col)
		moves += string(rune('1' + col))
	}
	reports, err := eval.Evaluate(context.Background(), []agent.Agent{a}, solvertest.New(t, 8), positions, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := errorRates(&b, reports...); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	var root string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" || !strings.Contains(b.String(), "random: not perfect") {
		t.Errorf("root element %q, legend missing: %.300s", root, b.String())
	}
}

// TestWriteFile checks that WriteFile writes what ErrorRates draws, and
// fails where the file cannot be created.
func TestWriteFile(t *testing.T) {
	r := &eval.Report{Agent: "nobody"}
	var want bytes.Buffer
	if err := errorRates(&want, r); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "rates.svg")
	if err := WriteFile(file, r); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(file); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s: %v, %.100q; want %.100q", file, err, got, want.Bytes())
	}
	if err := WriteFile(filepath.Join(file, "in-a-file.svg"), r); err == nil {
		t.Error("WriteFile into a path under a file: no error")
	}
}

// svgText is a text of an SVG picture: where its baseline starts, in
// points from the bottom left corner, its size and what it says.
type svgText struct {
	x, y, size float64
	text       string
}

// svgPicture is what TestLayout reads of an SVG picture of gonum's: its
// size, its texts (not the rotated ones) and its paths by style.
type svgPicture struct {
	width, height float64
	texts         []svgText
	paths         map[string][][]vg.Point
}

// pathPoints matches a point of a path's d attribute, after M or L.
var pathPoints = regexp.MustCompile(`[ML](-?[0-9.e+-]+),(-?[0-9.e+-]+)`)

// readSVG reads what gonum's vgsvg writes: a group flipped so that y runs
// upwards, its texts flipped back (so their y attributes are negative).
func readSVG(t *testing.T, data []byte) svgPicture {
	t.Helper()
	pic := svgPicture{paths: make(map[string][][]vg.Point)}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var rotated []bool // whether each group open is rotated
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "pt"), 64)
		if err != nil {
			t.Fatalf("number %q: %v", s, err)
		}
		return v
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return pic
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		if ee, ok := tok.(xml.EndElement); ok && ee.Name.Local == "g" {
			rotated = rotated[:len(rotated)-1]
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := make(map[string]string)
		for _, a := range se.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch se.Name.Local {
		case "g":
			rotated = append(rotated, strings.Contains(attr["transform"], "rotate"))
		case "svg":
			pic.width, pic.height = num(attr["width"]), num(attr["height"])
		case "text":
			var text string
			if err := dec.DecodeElement(&text, &se); err != nil {
				t.Fatal(err)
			}
			size := regexp.MustCompile(`font-size:([0-9.]+)px`).FindStringSubmatch(attr["style"])
			if slices.Contains(rotated, true) || size == nil {
				continue
			}
			pic.texts = append(pic.texts, svgText{num(attr["x"]), -num(attr["y"]), num(size[1]), text})
		case "path":
			var pts []vg.Point
			for _, m := range pathPoints.FindAllStringSubmatch(attr["d"], -1) {
				pts = append(pts, vg.Point{X: vg.Length(num(m[1])), Y: vg.Length(num(m[2]))})
			}
			pic.paths[attr["style"]] = append(pic.paths[attr["style"]], pts)
		}
	}
}

// TestLayout reads the SVG of one agent, four and eleven with long names:
// every text lies inside the picture, clear of its edges (the title's top
// too), and the legend (its texts and its lines' samples) lies right of
// the data, which the grid spans, covering none of it.
func TestLayout(t *testing.T) {
	const clear = 4 // points between a text and an edge, at least
	for _, n := range []int{1, 4, 11} {
		var reports []*eval.Report
		for i := range n {
			r := &eval.Report{Agent: fmt.Sprintf("cmd:python3 agent%d.py --depth 12", i)}
			r.ByStones = []eval.StoneCount{{Stones: 2, Positions: 4, Errors: 3, OutcomeErrors: 1, ErrorRate: 0.75}, {Stones: 40, Positions: 2, Errors: 2, OutcomeErrors: 2, ErrorRate: 1}}
			reports = append(reports, r)
		}
		var b bytes.Buffer
		if err := errorRates(&b, reports...); err != nil {
			t.Fatal(err)
		}
		pic := readSVG(t, b.Bytes())
		grid := vg.Rectangle{Min: vg.Point{X: 1e9, Y: 1e9}, Max: vg.Point{X: -1e9, Y: -1e9}}
		for _, path := range pic.paths["fill:none;stroke:#808080;stroke-width:0.25"] {
			for _, pt := range path {
				grid.Min.X, grid.Min.Y = min(grid.Min.X, pt.X), min(grid.Min.Y, pt.Y)
				grid.Max.X, grid.Max.Y = max(grid.Max.X, pt.X), max(grid.Max.Y, pt.Y)
			}
		}
		if grid.Min.X >= grid.Max.X || grid.Min.Y >= grid.Max.Y {
			t.Fatalf("%d agents: no grid in the SVG", n)
		}
		legend := 0
		for _, tx := range pic.texts {
			// The text's extent in gonum's own font (the title's is the
			// legend's at 12 points); its ascent and descent under the size.
			sty := plot.NewLegend().TextStyle
			sty.Font.Size = vg.Length(tx.size)
			right := tx.x + float64(sty.Width(tx.text))
			if tx.x < clear || right > pic.width-clear || tx.y-0.25*tx.size < clear || tx.y+tx.size > pic.height-clear {
				t.Errorf("%d agents: %q at (%.1f, %.1f), size %g, is within %d points of the edge of the %gx%g picture", n, tx.text, tx.x, tx.y, tx.size, clear, pic.width, pic.height)
			}
			if strings.HasSuffix(tx.text, ": not perfect") || strings.HasSuffix(tx.text, ": outcome changed") {
				legend++
				if tx.x <= float64(grid.Max.X) {
					t.Errorf("%d agents: the legend's %q starts at x %.1f, over the data (x %.1f to %.1f)", n, tx.text, tx.x, grid.Min.X, grid.Max.X)
				}
			}
		}
		samples := 0
		for style, paths := range pic.paths {
			if !strings.Contains(style, "stroke-width:1.5") {
				continue
			}
			for _, path := range paths {
				inside, right := true, true
				for _, pt := range path {
					inside = inside && pt.X >= grid.Min.X && pt.X <= grid.Max.X && pt.Y >= grid.Min.Y && pt.Y <= grid.Max.Y
					right = right && pt.X > grid.Max.X && float64(pt.X) < pic.width
				}
				if right {
					samples++
				}
				if !inside && !right {
					t.Errorf("%d agents: a line %v is neither data inside %v nor a legend's sample right of it", n, path, grid)
				}
			}
		}
		if legend != 2*n || samples != 2*n {
			t.Errorf("%d agents: %d legend texts and %d samples right of the data, want %d each", n, legend, samples, 2*n)
		}
	}
}
