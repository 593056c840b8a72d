package cmdline

import "strings"

// maxWord bounds the words [Suggest] compares, which costs their length
// times a name's: no name is nearly as long.
const maxWord = 64

// Suggest returns the name of names that word most likely misspells, or
// "" if none is near enough: the one fewest edits away (an edit is a
// letter inserted, removed, changed, or two neighbours swapped), if that
// is at most one edit for a word of up to 4 letters and two for a longer
// one, and no other name is as near; else the one name word begins. A
// word of fewer than 3 letters or more than [maxWord] has no suggestion.
// Case does not count; a name equal to word is no suggestion.
func Suggest(word string, names []string) string {
	word = strings.ToLower(word)
	if n := len([]rune(word)); n < 3 || n > maxWord {
		return ""
	}
	most := 1
	if len([]rune(word)) > 4 {
		most = 2
	}
	best, bestDist, ties := "", most+1, 0
	var prefixed []string
	for _, name := range names {
		lower := strings.ToLower(name)
		if lower == word {
			return ""
		}
		switch d := distance(word, lower); {
		case d < bestDist:
			best, bestDist, ties = name, d, 1
		case d == bestDist:
			ties++
		}
		if strings.HasPrefix(lower, word) {
			prefixed = append(prefixed, name)
		}
	}
	switch {
	case bestDist <= most && ties == 1:
		return best
	case len(prefixed) == 1:
		return prefixed[0]
	}
	return ""
}

// distance is the optimal string alignment distance between a and b:
// the fewest letters inserted, removed or changed, and neighbours
// swapped, that turn a into b.
func distance(a, b string) int {
	s, t := []rune(a), []rune(b)
	// d[i][j] is the distance between s[:i] and t[:j].
	d := make([][]int, len(s)+1)
	for i := range d {
		d[i] = make([]int, len(t)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(s); i++ {
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(s)][len(t)]
}
