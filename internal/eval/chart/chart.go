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

// The picture's layout: the plot (its title, axes and data) at the left,
// the legend at the right of it, beside the data, and a margin around
// both, so that nothing touches the edge and the legend covers no data.
const (
	margin                = vg.Length(12) // points around everything
	legendGap             = vg.Length(12) // points between the plot and the legend
	plotWidth, plotHeight = 8 * vg.Inch, 5 * vg.Inch
	titlePadding          = vg.Length(8) // points between the title and the data
)

// layout is where the parts of the picture go, in points from its bottom
// left corner.
type layout struct {
	width, height vg.Length
	plot          vg.Rectangle // the title, the axes and the data
	data          vg.Rectangle // the data, inside plot
	legend        vg.Rectangle // the legend's entries, right of data
}

// newLayout places p and its legend leg.
func newLayout(p *plot.Plot, leg *plot.Legend) layout {
	legend := leg.Rectangle(draw.Canvas{})
	lw, lh := legend.Size().X, legend.Size().Y
	// A legend taller than the data would leave the picture: make it taller.
	plotH := max(plotHeight, lh+plotHeight/3)
	l := layout{width: plotWidth + legendGap + lw + 2*margin, height: plotH + 2*margin}
	l.plot = vg.Rectangle{Min: vg.Point{X: margin, Y: margin}, Max: vg.Point{X: margin + plotWidth, Y: margin + plotH}}
	l.data = p.DataCanvas(draw.Canvas{Rectangle: l.plot}).Rectangle
	x := l.plot.Max.X + legendGap
	l.legend = vg.Rectangle{Min: vg.Point{X: x, Y: l.data.Max.Y - lh}, Max: vg.Point{X: x + lw, Y: l.data.Max.Y}}
	return l
}

// errorRates writes an SVG picture of each report's error rates by stones
// on the board: the share of moves that were not perfect (solid line) and
// of those that changed the outcome (dashed), in percent.
func errorRates(w io.Writer, reports ...*eval.Report) error {
	p, leg, err := errorPlot(reports)
	if err != nil {
		return err
	}
	l := newLayout(p, leg)
	c := vgsvg.New(l.width, l.height)
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	p.Draw(draw.Canvas{Canvas: dc, Rectangle: l.plot})
	leg.Draw(draw.Canvas{Canvas: dc, Rectangle: l.legend})
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	return nil
}

// errorPlot is the plot of the reports' error rates by stones and its
// legend, drawn apart from it.
func errorPlot(reports []*eval.Report) (*plot.Plot, *plot.Legend, error) {
	p := plot.New()
	p.Title.Text = "Errors against perfect play, by stones on the board"
	p.Title.Padding = titlePadding
	p.X.Label.Text = "stones on the board"
	p.Y.Label.Text = "moves (%)"
	p.Y.Min, p.Y.Max = 0, 100
	p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0"}, {Value: 20, Label: "20"}, {Value: 40, Label: "40"}, {Value: 60, Label: "60"}, {Value: 80, Label: "80"}, {Value: 100, Label: "100"}})
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	leg.Padding = vg.Points(2)
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
				return nil, nil, fmt.Errorf("chart: %s: %w", r.Agent, err)
			}
			l.Color = colour
			l.Width = vg.Points(1.5)
			name := r.Agent + ": not perfect"
			if j == 1 {
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
				name = r.Agent + ": outcome changed"
			}
			p.Add(l)
			leg.Add(name, l)
		}
	}
	p.Add(plotter.NewGrid())
	return p, &leg, nil
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
