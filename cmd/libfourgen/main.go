package main

// version is the release's version, set by the release build as c4's is
// (-ldflags "-X main.version=v0.1.0"); when empty the library reports the
// module version the go command recorded (see [buildinfo.Version]).
var version string

// main is never called: a library built with -buildmode=c-shared needs a
// package main all the same.
func main() {}
