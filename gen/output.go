package main

import "github.com/fourgen/fourgen/internal/genout"

// generatedFile is one rendered output file. Writing the files, only when
// they change or beside an overlay file, is package internal/genout's job.
type generatedFile = genout.File

// typeCheck loads the target package in dir with the new files laid over
// the ones on disk and fails, printing each offending file with line
// numbers, if it does not type-check: once as built by default and once as
// built with GOEXPERIMENT=simd for amd64, which adds the AVX2 kernel
// (simdBuild).
func typeCheck(dir string, files []generatedFile) error {
	return genout.TypeCheck(dir, files, [][]string{nil, {"GOEXPERIMENT=simd", "GOARCH=amd64"}})
}
