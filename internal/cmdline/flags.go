package cmdline

import (
	"flag"
	"regexp"
	"strings"
)

// undefined is the flag package's error for a flag fs does not define.
const undefined = "flag provided but not defined: -"

// flagPrefix matches a flag as the flag package names it in its other
// errors: one dash, after "defined: ", "argument: " or "for [flag] ".
var flagPrefix = regexp.MustCompile(`(: |for |flag )-([^-\s:][^\s:]+)`)

// FlagError rewrites err, the error of fs.Parse(args), in c4's terms. An
// undefined flag is "unknown flag: " and the flag as it was typed ("-4453",
// "--thread"), followed by "; did you mean --threads?" when a flag of fs
// is a near miss of it. In the other errors a flag of more than one
// letter is named with two dashes, as c4's help writes it ("--tt-mb",
// but "-w").
func FlagError(err error, fs *flag.FlagSet, args []string) string {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, undefined)
	if !ok {
		return flagPrefix.ReplaceAllString(msg, "$1--$2")
	}
	typed := "-" + name
	for _, arg := range args {
		if arg == "--" {
			break
		}
		if flagName(arg) == name {
			typed, _, _ = strings.Cut(arg, "=")
			break
		}
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if near := Suggest(name, names); near != "" {
		return "unknown flag: " + typed + "; did you mean " + dashed(near) + "?"
	}
	return "unknown flag: " + typed
}

// flagName is the name of the flag arg sets, as the flag package reads it
// ("--tt-mb=8": "tt-mb"), or "" when arg is no flag.
func flagName(arg string) string {
	if len(arg) < 2 || arg[0] != '-' {
		return ""
	}
	name := strings.TrimPrefix(arg[1:], "-")
	name, _, _ = strings.Cut(name, "=")
	return name
}

// dashed is the flag name as c4's help writes it: "--" before a name of
// more than one letter, "-" before a letter.
func dashed(name string) string {
	if len(name) > 1 {
		return "--" + name
	}
	return "-" + name
}
