package main

// This file is C memory for the tests of the exported calls, which call
// them from Go as a C caller would (a _test.go file cannot use cgo): every
// string and array they pass is allocated with malloc, and freed at the
// end of the test.

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import "unsafe"

// cmem is the C memory one test allocated.
type cmem struct{ ptrs []unsafe.Pointer }

// alloc returns n zeroed bytes of C memory (at least one).
func (m *cmem) alloc(n int) unsafe.Pointer {
	p := C.calloc(C.size_t(max(n, 1)), 1)
	m.ptrs = append(m.ptrs, p)
	return p
}

// free frees all of m's memory.
func (m *cmem) free() {
	for _, p := range m.ptrs {
		C.free(p)
	}
	m.ptrs = nil
}

// str copies s into C memory, returning its pointer and length.
func (m *cmem) str(s string) (*C.char, C.int64_t) {
	p := m.alloc(len(s))
	copy(unsafe.Slice((*byte)(p), len(s)), s)
	return (*C.char)(p), C.int64_t(len(s))
}

// ints copies v into C memory, returning its pointer and length.
func (m *cmem) ints(v []int32) (*C.int32_t, C.int64_t) {
	p := m.alloc(4 * len(v))
	copy(unsafe.Slice((*int32)(p), len(v)), v)
	return (*C.int32_t)(p), C.int64_t(len(v))
}

// int64s copies v into C memory.
func (m *cmem) int64s(v []int64) *C.int64_t {
	p := m.alloc(8 * len(v))
	copy(unsafe.Slice((*int64)(p), len(v)), v)
	return (*C.int64_t)(p)
}

// out32 is room for n int32 results.
func (m *cmem) out32(n int) *C.int32_t { return (*C.int32_t)(m.alloc(4 * n)) }

// out64 is room for n int64 results.
func (m *cmem) out64(n int) *C.int64_t { return (*C.int64_t)(m.alloc(8 * n)) }

// buf is room for a string of n bytes with its NUL.
func (m *cmem) buf(n int) (*C.char, C.int64_t) { return (*C.char)(m.alloc(n)), C.int64_t(n) }

// text is the NUL-terminated string at p.
func text(p *C.char) string { return C.GoString(p) }

// int32sAt is the n numbers at p.
func int32sAt(p *C.int32_t, n int) []int32 {
	return append([]int32(nil), unsafe.Slice((*int32)(unsafe.Pointer(p)), n)...)
}

// int64At is the number at p.
func int64At(p *C.int64_t) int64 { return int64(*p) }

// Conversions of Go numbers to the C API's types.
func i32(n int) C.int32_t     { return C.int32_t(n) }
func i64(n int64) C.int64_t   { return C.int64_t(n) }
func u64(n uint64) C.uint64_t { return C.uint64_t(n) }

// The C API's types, named for the tables of tests.
type (
	cchar  = C.char
	cint32 = C.int32_t
	cint64 = C.int64_t
)

// cint is the C API's return type.
type cint = C.int
