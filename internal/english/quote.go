package english

import "strconv"

// Quote quotes s as Go does, cut to its first most bytes with "…" after
// when longer, so that a message about a long input stays on one line.
func Quote(s string, most int) string {
	if len(s) <= most {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:most]) + "…"
}
