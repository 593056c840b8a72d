// Package longtest is the one switch of fourgen's long checks.
//
// The tests come in three runs:
//
//	go test -short ./...                    # a quick pass
//	go test ./...                           # a contributor's check: a sample of every kind of check
//	FOURGEN_LONG_TESTS=1 go test ./...      # everything: full reference files, every size (CI)
//
// A long check calls [Skip] first; a check that only grows (more reference
// positions, more random games, more board sizes) takes its size from
// [Pick]. Without the long checks every kind of check still runs, on a
// sample. -short wins over $FOURGEN_LONG_TESTS. The go command caches a
// test result with the environment variables the test read, so setting or
// unsetting the variable reruns the tests it changes.
package longtest
