package chart

import (
	"fmt"
	"image/color"
	"io"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/fourgen/fourgen/internal/eval"
)

// errorRates writes an SVG picture of each report's error rates by stones
// on the board: the share of moves that were not perfect (solid line) and
// of those that changed the outcome (dashed), in percent.
func errorRates(w io.Writer, reports ...*eval.Report) error {
	p := plot.New()
	p.Title.Text = "Errors against perfect play, by stones on the board"
	p.X.Label.Text = "stones on the board"
	p.Y.Label.Text = "moves (%)"
	// Room above 100% for the legend, two lines per report, and ticks up
	// to 100% only.
	p.Y.Min, p.Y.Max = 0, 100*(1+0.05*float64(2*len(reports)))
	p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0"}, {Value: 20, Label: "20"}, {Value: 40, Label: "40"}, {Value: 60, Label: "60"}, {Value: 80, Label: "80"}, {Value: 100, Label: "100"}})
	p.Legend.Top = true
	for i, r := range reports {
		errs, outcome := make(plotter.XYs, 0, len(r.ByStones)), make(plotter.XYs, 0, len(r.ByStones))
		for _, sc := range r.ByStones {
			errs = append(errs, plotter.XY{X: float64(sc.Stones), Y: 100 * sc.ErrorRate})
			outcome = append(outcome, plotter.XY{X: float64(sc.Stones), Y: 100 * float64(sc.OutcomeErrors) / float64(sc.Positions)})
		}
		colour := plotColour(i)
		for j, xys := range []plotter.XYs{errs, outcome} {
			l, err := plotter.NewLine(xys)
			if err != nil {
				return fmt.Errorf("chart: %s: %w", r.Agent, err)
			}
			l.Color = colour
			l.Width = vg.Points(1.5)
			name := r.Agent + ": not perfect"
			if j == 1 {
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
				name = r.Agent + ": outcome changed"
			}
			p.Add(l)
			p.Legend.Add(name, l)
		}
	}
	p.Add(plotter.NewGrid())
	c := vgsvg.New(8*vg.Inch, 5*vg.Inch)
	p.Draw(draw.New(c))
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	return nil
}

// plotColour is the colour of the i-th report's lines.
func plotColour(i int) color.Color { return plotutil.Color(i) }

// WriteFile writes the picture of [errorRates] to file, created or
// truncated.
func WriteFile(file string, reports ...*eval.Report) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	err = errorRates(f, reports...)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
