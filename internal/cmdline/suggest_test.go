package cmdline

import (
	"strings"
	"testing"
)

// commands are c4's subcommands, for the tests.
var commands = []string{"show", "solve", "analyze", "bench", "book", "serve", "play", "match", "eval", "dataset", "version", "help"}

// TestSuggest: near misses (a letter changed, added, dropped, two
// swapped, a prefix) get the name meant; words far from every name, too
// short, too long, equally near two names, or a name itself get none.
func TestSuggest(t *testing.T) {
	for _, tc := range []struct {
		word  string
		names []string
		want  string
	}{
		{"analyse", commands, "analyze"},
		{"slove", commands, "solve"},
		{"serv", commands, "serve"},
		{"datset", commands, "dataset"},
		{"versoin", commands, "version"},
		{"ANALYSE", commands, "analyze"},
		{"anal", commands, "analyze"}, // a prefix
		{"mtach", commands, "match"},
		{"bok", commands, "book"},
		{"thread", []string{"threads", "tt-mb", "limit"}, "threads"},
		{"ttmb", []string{"threads", "tt-mb", "limit"}, "tt-mb"},
		{"solve", commands, ""},               // the name itself
		{"xyzzy", commands, ""},               // far from all
		{"se", commands, ""},                  // too short
		{"boo", []string{"book", "boot"}, ""}, // two as near, two prefixed
		{"x", []string{"w", "a"}, ""},
		{strings.Repeat("solve", 100), commands, ""},
		{"", commands, ""},
		{"\xff\xfe\xfd", commands, ""},
	} {
		if got := Suggest(tc.word, tc.names); got != tc.want {
			t.Errorf("Suggest(%.20q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// TestDistance checks the edit distance on the cases it counts.
func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "abc", 0},
		{"abc", "abd", 1},
		{"abc", "acb", 1}, // a swap
		{"abc", "ab", 1},
		{"ab", "abc", 1},
		{"", "abc", 3},
		{"analyse", "analyze", 1},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // no edit of a substring edited before
	} {
		if got := distance(tc.a, tc.b); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := distance(tc.b, tc.a); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
}
