// This file writes the counts the progress lines show in readable units.

package progress

import (
	"fmt"
	"math"
)

// readable writes x with three significant digits and an SI prefix:
// "950", "1.23 k", "78.6 M", "4.10 G". Below 1,000 it writes the integer.
func readable(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "?"
	}
	if math.Abs(x) < 999.5 {
		return fmt.Sprintf("%.0f", x)
	}
	prefix := 0
	for math.Abs(x) >= 999.5 && prefix < len(prefixes)-1 {
		x /= 1000
		prefix++
	}
	digits := 2 // decimals that leave three significant digits
	switch a := math.Abs(x); {
	case a >= 99.95:
		digits = 0
	case a >= 9.995:
		digits = 1
	}
	return fmt.Sprintf("%.*f %s", digits, x, prefixes[prefix])
}

// prefixes are the SI prefixes of powers of 1,000 that Readable writes.
var prefixes = [...]string{"", "k", "M", "G", "T", "P", "E"}
