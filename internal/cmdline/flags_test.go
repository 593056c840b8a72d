package cmdline

import (
	"flag"
	"io"
	"testing"
)

// TestFlagError: an unknown flag is named as it was typed, with the flag
// meant for a near miss; other errors name a long flag with two dashes.
func TestFlagError(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-4453"}, "unknown flag: -4453"},
		{[]string{"--4453"}, "unknown flag: --4453"},
		{[]string{"-thread", "2"}, "unknown flag: -thread; did you mean --threads?"},
		{[]string{"--thread=2"}, "unknown flag: --thread; did you mean --threads?"},
		{[]string{"--weak", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"-x"}, "unknown flag: -x"},
		{[]string{"-ttmb", "8"}, "unknown flag: -ttmb; did you mean --tt-mb?"},
		{[]string{"--tt-mb", "x"}, `invalid value "x" for flag --tt-mb: parse error`},
		{[]string{"-tt-mb"}, "flag needs an argument: --tt-mb"},
		{[]string{"-weak=maybe"}, `invalid boolean value "maybe" for --weak: parse error`},
		{[]string{"-w=maybe"}, `invalid boolean value "maybe" for -w: parse error`},
	} {
		fs := flag.NewFlagSet("solve", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("threads", 1, "")
		fs.Int("tt-mb", 1, "")
		fs.Bool("weak", false, "")
		fs.Bool("w", false, "")
		err := fs.Parse(tc.args)
		if err == nil {
			t.Fatalf("%q: no error", tc.args)
		}
		if got := FlagError(err, fs, tc.args); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.args, got, tc.want)
		}
	}
}
