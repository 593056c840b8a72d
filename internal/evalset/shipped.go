package evalset

import (
	_ "embed"
	"strings"
	"sync"
)

// shippedText is the set fourgen ships, drawn and labelled by make evalset
// (go test ./internal/evalset -run TestShippedIsBuilt -update).
//
//go:embed set.txt
var shippedText string

// Shipped returns the set fourgen ships (embedded in the binary), read
// once. Its error says why a build cannot use it: a build of another
// board (make c4 SIZE=...) has no set of its own.
var Shipped = sync.OnceValues(func() (*Set, error) {
	return readSet(strings.NewReader(shippedText))
})
