package main

// This file converts between C's memory and Go's for the exported
// functions (exports.go): strings and arrays in, strings, numbers and
// messages out. It never keeps a C pointer past the call, and never hands
// C a Go pointer.

/*
#include <stdint.h>
*/
import "C"

import (
	"unicode/utf8"
	"unsafe"
)

// maxBatch bounds the positions of one batch call.
const maxBatch = 1 << 24

// done runs f (see run) and writes its message, if any, into msg (msgCap
// bytes, NUL-terminated, cut at a character's boundary when longer),
// returning its code.
func done(msg *C.char, msgCap C.int64_t, f func() error) C.int {
	code, text := run(f)
	if msg != nil && msgCap > 0 {
		buf := unsafe.Slice((*byte)(unsafe.Pointer(msg)), int(min(msgCap, maxInputBytes)))
		if len(text) > len(buf)-1 {
			text = text[:len(buf)-1]
			for len(text) > 0 && !utf8.ValidString(text) {
				text = text[:len(text)-1]
			}
		}
		buf[copy(buf, text)] = 0
	}
	return C.int(code)
}

// goString copies n bytes at p, refusing a length out of bounds and a null
// pointer to a string that is not empty.
func goString(p *C.char, n C.int64_t, what string) (string, error) {
	if err := checkLen(int64(n), what+" of length"); err != nil {
		return "", err
	}
	if n == 0 {
		return "", nil
	}
	if p == nil {
		return "", invalidf("%s: a null pointer with length %d", what, n)
	}
	return C.GoStringN(p, C.int(n)), nil
}

// int32s is the n numbers at p (read in place: the caller keeps them alive
// and unchanged during the call), refusing a count over limit and a null
// pointer.
func int32s(p *C.int32_t, n C.int64_t, limit int64, what string) ([]int32, error) {
	if n < 0 || int64(n) > limit {
		return nil, invalidf("%s: %d numbers, want 0 to %d", what, n, limit)
	}
	if n == 0 {
		return nil, nil
	}
	if p == nil {
		return nil, invalidf("%s: a null pointer with %d numbers", what, n)
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(p)), int(n)), nil
}

// outInt32s is the room for n numbers at p, refusing a null pointer.
func outInt32s(p *C.int32_t, n int, what string) ([]int32, error) {
	if n == 0 {
		return nil, nil
	}
	if p == nil {
		return nil, invalidf("%s: a null pointer for %d numbers", what, n)
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(p)), n), nil
}

// putString writes s, NUL-terminated, into out (outCap bytes).
func putString(out *C.char, outCap C.int64_t, s string, what string) error {
	if out == nil || int64(outCap) < int64(len(s))+1 {
		return invalidf("%s: %d bytes of room, want %d", what, outCap, len(s)+1)
	}
	buf := unsafe.Slice((*byte)(unsafe.Pointer(out)), len(s)+1)
	buf[copy(buf, s)] = 0
	return nil
}

// putInt32 stores v at p, refusing a null pointer.
func putInt32(p *C.int32_t, v int, what string) error {
	if p == nil {
		return invalidf("%s: a null pointer", what)
	}
	*p = C.int32_t(v)
	return nil
}

// newHandle makes an object with build, adds it to r and writes its handle,
// refusing a null pointer for the handle before making anything.
func newHandle[T any](handle *C.int64_t, r *registry[T], build func() (T, error)) error {
	if handle == nil {
		return invalidf("handle: a null pointer")
	}
	v, err := build()
	if err != nil {
		return err
	}
	*handle = C.int64_t(r.add(v))
	return nil
}
