package benchsets

import (
	"fmt"
	"slices"
	"strconv"
	"time"
)

// result is the work on one file.
type result struct {
	Times      []time.Duration // per position
	Nodes      uint64          // in all
	Mismatches int             // wrong scores
}

// Cells formats the table row of the file called name: the positions, the
// mean and median microseconds, the mean nodes, the millions of nodes per
// second and the wrong scores ("-" for what is unknown).
func (r result) Cells(name string) []string {
	n := len(r.Times)
	if n == 0 {
		return []string{name, "0", "-", "-", "-", "-", strconv.Itoa(r.Mismatches)}
	}
	var total time.Duration
	for _, t := range r.Times {
		total += t
	}
	sorted := slices.Sorted(slices.Values(r.Times))
	median := sorted[n/2]
	if n%2 == 0 {
		median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	micros := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
	speed := "-"
	if total > 0 {
		speed = fmt.Sprintf("%.2f", float64(r.Nodes)/micros(total)) // nodes per µs = Mnodes/s
	}
	return []string{
		name,
		strconv.Itoa(n),
		fmt.Sprintf("%.1f", micros(total)/float64(n)),
		fmt.Sprintf("%.1f", micros(median)),
		fmt.Sprintf("%.0f", float64(r.Nodes)/float64(n)),
		speed,
		strconv.Itoa(r.Mismatches),
	}
}
