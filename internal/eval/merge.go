package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/fourgen/fourgen/engine/board"
)

// maxReportBytes bounds what [readReports] reads: a report is a few
// kilobytes, so a file of reports (as --json writes them) this large is
// not one.
const maxReportBytes = 16 << 20

// maxPositions bounds the positions of a report read, far above any test
// set, so that adding up its counts cannot overflow.
const maxPositions = 1 << 40

// Merge adds the counts of o, a report of the same agent over other
// positions, to r, as if both runs had been one: a long evaluation can be
// split into runs (c4 eval --skip and --limit, or one file each) and its
// reports merged. The rates, table and ByStones are recomputed.
func (r *Report) Merge(o *Report) error {
	if r.Agent != o.Agent {
		return fmt.Errorf("eval: a report of %q cannot be merged into one of %q", o.Agent, r.Agent)
	}
	r.unfinish()
	o.unfinish()
	r.Positions += o.Positions
	r.PerfectMoves += o.PerfectMoves
	r.GoodMoves += o.GoodMoves
	r.FailedMoves.Merge(o.FailedMoves)
	for stage := range r.cells {
		for diff := range r.cells[stage] {
			c, oc := &r.cells[stage][diff], o.cells[stage][diff]
			c.Positions += oc.Positions
			c.Errors += oc.Errors
			c.OutcomeErrors += oc.OutcomeErrors
		}
	}
	for n, osc := range o.stones {
		sc := r.stones[n]
		if sc == nil {
			sc = &StoneCount{Stones: n}
			r.stones[n] = sc
		}
		sc.Positions += osc.Positions
		sc.Errors += osc.Errors
		sc.OutcomeErrors += osc.OutcomeErrors
	}
	r.finish()
	return nil
}

// unfinish rebuilds the counts that [Report.add] keeps from the exported
// Table and ByStones, for a report read from JSON; a report built by
// [Evaluate] has them already.
func (r *Report) unfinish() {
	if r.stones != nil {
		return
	}
	r.stones = make(map[int]*StoneCount, len(r.ByStones))
	for _, sc := range r.ByStones {
		r.stones[sc.Stones] = &sc
	}
	for i, c := range r.Table {
		r.cells[i/3][i%3] = c
	}
}

// MergeAll merges reports of the same agent into one, keeping the agents
// in the order each first appears.
func MergeAll(reports []*Report) ([]*Report, error) {
	var merged []*Report
	byAgent := make(map[string]*Report)
	for _, r := range reports {
		m := byAgent[r.Agent]
		if m == nil {
			m = &Report{Agent: r.Agent}
			m.unfinish()
			byAgent[r.Agent] = m
			merged = append(merged, m)
		}
		if err := m.Merge(r); err != nil {
			return nil, err
		}
	}
	return merged, nil
}

// readReports reads what c4 eval --json writes, one report (an object) or
// several (an array), at most [maxReportBytes]. name names the input in
// errors. Every count is checked against the others (the table's and
// ByStones' cells add up to the positions, the errors to the moves that
// were not perfect, an outcome error is an error); the rates are not
// read but recomputed.
func readReports(r io.Reader, name string) ([]*Report, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxReportBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxReportBytes {
		return nil, fmt.Errorf("%s: more than %d MiB: not a file of c4 eval reports", name, maxReportBytes>>20)
	}
	data = bytes.TrimSpace(data)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var reports []*Report
	if len(data) > 0 && data[0] == '{' {
		reports = []*Report{nil}
		err = dec.Decode(&reports[0])
	} else {
		err = dec.Decode(&reports)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: not c4 eval --json output: %w", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s: not c4 eval --json output: more after the reports", name)
	}
	if len(reports) == 0 {
		return nil, fmt.Errorf("%s: no report", name)
	}
	for i, rep := range reports {
		if rep == nil {
			return nil, fmt.Errorf("%s: report %d is null", name, i+1)
		}
		if err := rep.check(); err != nil {
			return nil, fmt.Errorf("%s: report %d (%q): %w", name, i+1, rep.Agent, err)
		}
		rep.unfinish()
		rep.finish()
	}
	return reports, nil
}

// check reports the first count of r, read from JSON, that disagrees with
// the others.
func (r *Report) check() error {
	switch {
	case r.Agent == "":
		return errors.New("no agent")
	case r.Positions > maxPositions:
		return fmt.Errorf("%d positions: more than any test set has", r.Positions)
	case r.Positions < 0 || r.PerfectMoves < 0 || r.PerfectMoves > r.GoodMoves || r.GoodMoves > r.Positions:
		return fmt.Errorf("want 0 <= perfect moves (%d) <= good moves (%d) <= positions (%d)", r.PerfectMoves, r.GoodMoves, r.Positions)
	case !r.FailedMoves.Within(r.Positions - r.GoodMoves):
		return fmt.Errorf("failed moves %s: want 0 or more of each kind, at most the moves that were not good (%d)", r.FailedMoves, r.Positions-r.GoodMoves)
	case len(r.Table) != len(stages)*len(difficulties):
		return fmt.Errorf("the table has %d cells; want %d", len(r.Table), len(stages)*len(difficulties))
	}
	positions, errs, outcome := 0, 0, 0
	for i, c := range r.Table {
		if c.Stage != stages[i/3] || c.Difficulty != difficulties[i%3] {
			return fmt.Errorf("table cell %d is %q, %q; want %q, %q", i+1, c.Stage, c.Difficulty, stages[i/3], difficulties[i%3])
		}
		if err := r.checkCounts(c.Positions, c.Errors, c.OutcomeErrors); err != nil {
			return fmt.Errorf("table cell %q, %q: %w", c.Stage, c.Difficulty, err)
		}
		positions, errs, outcome = positions+c.Positions, errs+c.Errors, outcome+c.OutcomeErrors
	}
	if err := r.checkSums("the table", positions, errs, outcome); err != nil {
		return err
	}
	positions, errs, outcome = 0, 0, 0
	last := -1
	for _, sc := range r.ByStones {
		if sc.Stones <= last || sc.Stones >= board.Cells {
			return fmt.Errorf("byStones: %d stones after %d: want counts from 0 to %d stones, fewest first, each once", sc.Stones, last, board.Cells-1)
		}
		last = sc.Stones
		if err := r.checkCounts(sc.Positions, sc.Errors, sc.OutcomeErrors); err != nil {
			return fmt.Errorf("byStones, %d stones: %w", sc.Stones, err)
		}
		positions, errs, outcome = positions+sc.Positions, errs+sc.Errors, outcome+sc.OutcomeErrors
	}
	return r.checkSums("byStones", positions, errs, outcome)
}

// checkCounts checks one cell's counts: 0 <= outcome errors <= errors <=
// positions <= the report's positions.
func (r *Report) checkCounts(positions, errs, outcome int) error {
	if outcome < 0 || outcome > errs || errs > positions || positions > r.Positions {
		return fmt.Errorf("want 0 <= outcome errors (%d) <= errors (%d) <= positions (%d) <= the report's positions (%d)", outcome, errs, positions, r.Positions)
	}
	return nil
}

// checkSums checks that cells of what add up to r's counts.
func (r *Report) checkSums(what string, positions, errs, outcome int) error {
	if positions != r.Positions || errs != r.Positions-r.PerfectMoves || outcome != r.Positions-r.GoodMoves {
		return fmt.Errorf("%s adds up to %d positions, %d errors, %d outcome errors; the report has %d positions, %d perfect and %d good moves",
			what, positions, errs, outcome, r.Positions, r.PerfectMoves, r.GoodMoves)
	}
	return nil
}
