package buildinfo

import "testing"

// TestSemVer checks the npm version of the module versions the go command
// records, and of what is not a version.
func TestSemVer(t *testing.T) {
	for _, c := range []struct{ module, want string }{
		{"v0.1.0", "0.1.0"},
		{"v1.12.3", "1.12.3"},
		{"v0.0.0-20261201080000-0123456789ab", "0.0.0-20261201080000-0123456789ab"},
		{"v0.0.0-20261201080000-0123456789ab+dirty", "0.0.0-20261201080000-0123456789ab+dirty"},
		{"v0.1.1-0.20261201080000-0123456789ab", "0.1.1-0.20261201080000-0123456789ab"},
		{"v0.2.0-rc.1", "0.2.0-rc.1"},
		{"(devel)", devel},
		{"", devel},
		{"0.1.0", devel},       // no v: not a Go module version
		{"v01.2.3", devel},     // a leading zero
		{"v1.2", devel},        // two numbers
		{"v1.2.3-01", devel},   // a numeric pre-release with a leading zero
		{"v1.2.3-", devel},     // an empty pre-release
		{"v1.2.3+a..b", devel}, // an empty build identifier
		{"v1.2.3\n", devel},
		{"v1.2.3-0a", "1.2.3-0a"},   // alphanumeric: a leading zero is allowed
		{"v1.2.3-a..b", devel},      // an empty pre-release identifier
		{"v1.2.3-a_b", devel},       // not a letter, digit or hyphen
		{"v1.2.3+", devel},          // empty build metadata
		{"v1.2.3+007", "1.2.3+007"}, // build metadata may have leading zeros
		{"v1.2.3.4", devel},
	} {
		if got := SemVer(c.module); got != c.want {
			t.Errorf("SemVer(%q) = %q, want %q", c.module, got, c.want)
		}
	}
}
