// Package english writes counts, ranks and quotes in English for fourgen's
// messages: "1 game", "3 games", "2nd", a long input quoted short.
package english

import "fmt"

// Plural writes "1 thing" or "n things": n and what, with an s unless n
// is 1.
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// Ordinal writes n as "1st", "2nd", "3rd", "4th", ... "11th", "21st".
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100/10 == 1: // 11th to 19th
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
