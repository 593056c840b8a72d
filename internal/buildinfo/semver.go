package buildinfo

import "strings"

// devel is the version [SemVer] gives a build whose module version the go
// command did not record: a build outside a git checkout, or with
// -buildvcs=false.
const devel = "0.0.0-devel"

// SemVer returns the module version the go command records (v0.1.0 for a
// checkout of that tag; a pseudo-version such as
// v0.0.0-20261201080000-0123456789ab before any tag, with +dirty for
// uncommitted changes) as npm writes versions: without the v. A version
// that is not Semantic Versioning 2.0.0 once the v is dropped, such as
// (devel), gives 0.0.0-devel. The npm package (make npm) carries this version
// of its engine.
func SemVer(module string) string {
	v, ok := strings.CutPrefix(module, "v")
	if !ok || !isSemVer(v) {
		return devel
	}
	return v
}

// isSemVer reports whether v is a version of Semantic Versioning 2.0.0:
// three numbers without leading zeros, then optionally a pre-release
// (after -) and build metadata (after +), each of dot-separated
// identifiers of letters, digits and hyphens, a numeric pre-release
// identifier without leading zeros. (Not package regexp: it would add a
// tenth to the engine's WebAssembly.)
func isSemVer(v string) bool {
	v, build, hasBuild := strings.Cut(v, "+")
	core, pre, hasPre := strings.Cut(v, "-")
	nums := strings.Split(core, ".")
	if len(nums) != 3 {
		return false
	}
	for _, n := range nums {
		if !isNumber(n) {
			return false
		}
	}
	return (!hasPre || identifiers(pre, true)) && (!hasBuild || identifiers(build, false))
}

// identifiers reports whether s is dot-separated identifiers of letters,
// digits and hyphens; for a pre-release, numeric ones without leading
// zeros.
func identifiers(s string, pre bool) bool {
	for id := range strings.SplitSeq(s, ".") {
		if id == "" || strings.Trim(id, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") != "" {
			return false
		}
		if pre && strings.Trim(id, "0123456789") == "" && !isNumber(id) {
			return false
		}
	}
	return true
}

// isNumber reports whether s is a number in decimal without a leading zero.
func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == "" && (s == "0" || s[0] != '0')
}
