// Package buildinfo says what a build of c4 is, from the build
// information the go command records in the binary: the version, the VCS
// commit with its date and whether the checkout had uncommitted changes,
// the Go version and platform, and the size of the board it plays. c4
// version prints it.
package buildinfo
