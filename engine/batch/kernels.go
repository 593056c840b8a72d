package batch

// kernelSet holds the accelerated forms of the batch operations. Each
// handles a prefix of the batch and returns its length; the portable loop
// of the calling method does the rest. The default build handles nothing.
type kernelSet struct {
	legal     func(dst, occ []uint64) int
	won       func(dst, cur, occ []uint64) int
	winning   func(dst, cur, occ []uint64) int
	nonLosing func(dst, cur, occ []uint64) int
	play      func(cells, cur, occ []uint64, stones []uint8) int
}

// portable is the kernel set that leaves every board to the portable loops.
var portable = kernelSet{
	legal:     func(dst, occ []uint64) int { return 0 },
	won:       func(dst, cur, occ []uint64) int { return 0 },
	winning:   func(dst, cur, occ []uint64) int { return 0 },
	nonLosing: func(dst, cur, occ []uint64) int { return 0 },
	play:      func(cells, cur, occ []uint64, stones []uint8) int { return 0 },
}

// kernels is the kernel set in use: [accelerated] if this build and
// processor have one, else portable. Tests and benchmarks switch it.
var kernels = pickKernels()

// pickKernels returns the accelerated kernels when available.
func pickKernels() kernelSet {
	if k, ok := accelerated(); ok {
		return k
	}
	return portable
}
