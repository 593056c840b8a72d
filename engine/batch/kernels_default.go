//go:build !(goexperiment.simd && amd64)

package batch

// accelerated reports that this build has no accelerated kernels: build
// with GOEXPERIMENT=simd on amd64 for the AVX2 ones.
func accelerated() (kernelSet, bool) { return kernelSet{}, false }
