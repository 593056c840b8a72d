//go:build !race

package dataset

// raceBuild is false without -race (see race_on_test.go).
const raceBuild = false
