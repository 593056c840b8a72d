//go:build !(goexperiment.simd && amd64)

package batch

// simdBuild says whether this build has the AVX2 kernels (GOEXPERIMENT=simd
// on amd64), which run where the processor has AVX2.
const simdBuild = false
