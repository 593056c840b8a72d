package buildinfo

import (
	"regexp"
	"strings"
)

// Devel is the version [SemVer] gives a build whose module version the go
// command did not record: a build outside a git checkout, or with
// -buildvcs=false.
const Devel = "0.0.0-devel"

// semVer matches a version of Semantic Versioning 2.0.0: three numbers
// without leading zeros, then optionally a pre-release and build metadata
// of dot-separated identifiers (a numeric pre-release identifier without
// leading zeros).
var semVer = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)` +
	`(-((0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?` +
	`(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$`)

// SemVer returns the module version the go command records (v0.1.0 for a
// checkout of that tag; a pseudo-version such as
// v0.0.0-20261201080000-0123456789ab before any tag, with +dirty for
// uncommitted changes) as npm writes versions: without the v. A version
// that is not Semantic Versioning once the v is dropped, such as (devel),
// gives [Devel]. The npm package (make npm) carries this version of its
// engine.
func SemVer(module string) string {
	v, ok := strings.CutPrefix(module, "v")
	if !ok || !semVer.MatchString(v) {
		return Devel
	}
	return v
}
