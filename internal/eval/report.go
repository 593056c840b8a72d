package eval

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/fourgen/fourgen/engine/agent"
	"github.com/fourgen/fourgen/internal/english"
)

// Report is an agent's results over test positions.
type Report struct {
	Agent           string  `json:"agent"`
	Positions       int     `json:"positions"`
	PerfectMoves    int     `json:"perfectMoves"`
	GoodMoves       int     `json:"goodMoves"`
	PerfectMoveRate float64 `json:"perfectMoveRate"` // PerfectMoves / Positions
	GoodMoveRate    float64 `json:"goodMoveRate"`    // GoodMoves / Positions
	// FailedMoves counts the positions where the agent failed to move, by
	// how; each is an error that changed the outcome, in the table too.
	FailedMoves agent.Failures `json:"failedMoves"`
	// Table is the error table, row by row: each stage with each
	// difficulty.
	Table []cell `json:"table"`
	// ByStones counts the positions and errors by stones on the board,
	// for each count that has positions, fewest first.
	ByStones []StoneCount `json:"byStones"`

	cells  [3][3]cell
	stones map[int]*StoneCount
	// failures holds the first failure of each kind, for [WriteFailures].
	failures map[agent.FailureKind]error
}

// cell is one cell of the error table: a stage and a difficulty.
type cell struct {
	Stage      string `json:"stage"`
	Difficulty string `json:"difficulty"`
	Positions  int    `json:"positions"`
	// Errors counts the moves that were not perfect, OutcomeErrors those
	// that also changed the outcome.
	Errors        int     `json:"errors"`
	OutcomeErrors int     `json:"outcomeErrors"`
	ErrorRate     float64 `json:"errorRate"` // Errors / Positions, 0 without positions
}

// StoneCount is the positions and errors with a number of stones.
type StoneCount struct {
	Stones        int     `json:"stones"`
	Positions     int     `json:"positions"`
	Errors        int     `json:"errors"`
	OutcomeErrors int     `json:"outcomeErrors"`
	ErrorRate     float64 `json:"errorRate"`
}

// add counts m.
func (r *Report) add(m move) {
	if r.stones == nil {
		r.stones = make(map[int]*StoneCount)
	}
	r.Positions++
	c := &r.cells[m.Stage()][m.Difficulty()]
	sc := r.stones[m.Stones()]
	if sc == nil {
		sc = &StoneCount{Stones: m.Stones()}
		r.stones[m.Stones()] = sc
	}
	c.Positions++
	sc.Positions++
	if m.Perfect {
		r.PerfectMoves++
	} else {
		c.Errors++
		sc.Errors++
	}
	if m.Good {
		r.GoodMoves++
	} else {
		c.OutcomeErrors++
		sc.OutcomeErrors++
	}
	if m.failure != nil {
		r.addFailure(m.failure)
	}
}

// addFailure counts err, an agent's failure to move, keeping the first of
// its kind.
func (r *Report) addFailure(err error) {
	me, _ := errors.AsType[*agent.MoveError](err)
	r.FailedMoves.Add(me.Kind)
	if r.failures == nil {
		r.failures = make(map[agent.FailureKind]error)
	}
	if r.failures[me.Kind] == nil {
		r.failures[me.Kind] = err
	}
}

// WriteFailures writes a line for each report's failed moves, if any:
// their counts and the first failure of each kind.
func WriteFailures(w io.Writer, reports []*Report) {
	for _, r := range reports {
		if r.FailedMoves.Total() == 0 {
			continue
		}
		fmt.Fprintf(w, "eval: agent %s failed to move in %s, each counted as an error that changes the outcome\n",
			r.Agent, english.Plural(r.FailedMoves.Total(), "position"))
		for k := range agent.Crash + 1 {
			if err := r.failures[k]; err != nil {
				fmt.Fprintf(w, "eval: the first %s: %v\n", k, err)
			}
		}
	}
}

// finish fills in the rates, the table and ByStones.
func (r *Report) finish() {
	r.PerfectMoveRate = rate(r.PerfectMoves, r.Positions)
	r.GoodMoveRate = rate(r.GoodMoves, r.Positions)
	r.Table = r.Table[:0]
	for stage, row := range r.cells {
		for diff, c := range row {
			c.Stage, c.Difficulty, c.ErrorRate = stages[stage], difficulties[diff], rate(c.Errors, c.Positions)
			r.Table = append(r.Table, c)
		}
	}
	r.ByStones = r.ByStones[:0]
	for n := range 64 {
		if sc := r.stones[n]; sc != nil {
			sc.ErrorRate = rate(sc.Errors, sc.Positions)
			r.ByStones = append(r.ByStones, *sc)
		}
	}
}

// rate is n/total, 0 when total is 0.
func rate(n, total int) float64 {
	if total == 0 {
		return 0
	}
	return float64(n) / float64(total)
}

// Cell returns the cell of the error table of a stage and a difficulty
// (each 0 to 2).
func (r *Report) Cell(stage, difficulty int) cell { return r.Table[3*stage+difficulty] }

// WriteText writes the report as text: the rates, then the error table,
// each cell "errors/positions (rate)".
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "agent %s, %d positions\n", r.Agent, r.Positions)
	fmt.Fprintf(w, "perfect moves: %d (%.1f%%)\n", r.PerfectMoves, 100*r.PerfectMoveRate)
	fmt.Fprintf(w, "good moves:    %d (%.1f%%)\n", r.GoodMoves, 100*r.GoodMoveRate)
	fmt.Fprintf(w, "failed moves:  %s\n", r.FailedMoves)
	fmt.Fprintf(w, "errors (not perfect) / positions, by stones played and plies left with perfect play:\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\t%s\t\n", strings.Join(difficulties[:], "\t"))
	for stage := range stages {
		fmt.Fprintf(tw, "%s\t", stages[stage])
		for diff := range difficulties {
			c := r.Cell(stage, diff)
			if c.Positions == 0 {
				fmt.Fprint(tw, "-\t")
				continue
			}
			fmt.Fprintf(tw, "%d/%d (%.1f%%)\t", c.Errors, c.Positions, 100*c.ErrorRate)
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// markdownHeader is the head of a Markdown table of [Report.MarkdownRow]
// rows: the names of the columns and the line below them.
func markdownHeader() string {
	var names, rule strings.Builder
	names.WriteString("| agent | positions | perfect | good | failed |")
	rule.WriteString("| --- | --- | --- | --- | --- |")
	for _, s := range stages {
		for diff, d := range difficulties {
			if diff == 0 { // "<=14 played, <14 left", then "<=14, <28"
				fmt.Fprintf(&names, " %s, %s |", s, d)
			} else {
				fmt.Fprintf(&names, " %s, %s |", strings.Fields(s)[0], strings.Fields(d)[0])
			}
			rule.WriteString(" --- |")
		}
	}
	return names.String() + "\n" + rule.String()
}

// MarkdownRow is the report as a row of a Markdown table: agent,
// positions, perfect and good rates, failed moves, then each cell's error
// rate, stage by stage.
func (r *Report) MarkdownRow() string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | %d | %.1f%% | %.1f%% | %d |", r.Agent, r.Positions, 100*r.PerfectMoveRate, 100*r.GoodMoveRate, r.FailedMoves.Total())
	for _, c := range r.Table {
		if c.Positions == 0 {
			b.WriteString(" - |")
			continue
		}
		fmt.Fprintf(&b, " %.0f%% (%d) |", 100*c.ErrorRate, c.Positions)
	}
	return b.String()
}

// Format is how [WriteReports] prints reports.
type Format int

const (
	Text     Format = iota // each report as [Report.WriteText] writes it, a blank line between
	JSON                   // an object for one report, an array for more, indented
	Markdown               // a table: a header, then one [Report.MarkdownRow] a line
)

// WriteReports prints reports in format f.
func WriteReports(w io.Writer, reports []*Report, f Format) error {
	switch f {
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if len(reports) == 1 {
			return enc.Encode(reports[0])
		}
		return enc.Encode(reports)
	case Markdown:
		if _, err := fmt.Fprintln(w, markdownHeader()); err != nil {
			return err
		}
		for _, r := range reports {
			if _, err := fmt.Fprintln(w, r.MarkdownRow()); err != nil {
				return err
			}
		}
		return nil
	}
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := r.WriteText(w); err != nil {
			return err
		}
	}
	return nil
}
