package wasmbranch

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// This file reads a module's sections and writes them back, the code
// section's function bodies rewritten (body.go).

// maxModuleBytes is the largest module Rewrite and ReadModule take: Go's
// own modules are tens of megabytes (c4's is 48 MB).
const maxModuleBytes = 256 << 20

var (
	errTruncated = errors.New("truncated")
	errNotModule = errors.New("not a WebAssembly module of version 1 (no \\0asm header)")
	header       = []byte("\x00asm\x01\x00\x00\x00")
)

// ReadModule reads a module from r, up to 256 MiB (maxModuleBytes): its header
// first, so that anything else is refused before more is read.
func ReadModule(r io.Reader) ([]byte, error) { return readModule(r, maxModuleBytes) }

// readModule is ReadModule with a limit of max bytes.
func readModule(r io.Reader, max int64) ([]byte, error) {
	head := make([]byte, len(header))
	if _, err := io.ReadFull(r, head); err != nil || !bytes.Equal(head, header) {
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		return nil, errNotModule
	}
	rest, err := io.ReadAll(io.LimitReader(r, max-int64(len(header))+1))
	if err != nil {
		return nil, err
	}
	if int64(len(header)+len(rest)) > max {
		return nil, fmt.Errorf("a wasm module of more than %d bytes", max)
	}
	return append(head, rest...), nil
}

// codeSection is the id of the section of function bodies.
const codeSection = 10

// Stats is what Rewrite did.
type Stats struct {
	Functions int // function bodies in the module
	Skipped   int // of them, those not of Go's shape or not decoded, copied unchanged
	Jumps     int // jumps through a function's dispatch loop
	Direct    int // of them, those rewritten as direct branches
}

// Rewrite returns module with its forward jumps rewritten as direct
// branches (see the package doc), and what it did. It refuses a module
// that is not a well-formed sequence of sections, and one over 256 MiB;
// it does not validate the module otherwise.
func Rewrite(module []byte) ([]byte, Stats, error) {
	var st Stats
	if len(module) > maxModuleBytes {
		return nil, st, fmt.Errorf("a wasm module of %d bytes: more than the %d this takes", len(module), maxModuleBytes)
	}
	if !bytes.HasPrefix(module, header) {
		return nil, st, errNotModule
	}
	out := append(make([]byte, 0, len(module)), header...)
	r := &reader{b: module, i: len(header)}
	for r.i < len(module) {
		id := r.byte()
		size := int(r.u32())
		start := r.i
		r.skip(size)
		if r.err != nil {
			return nil, st, fmt.Errorf("section %d at byte %d: %w", id, start, r.err)
		}
		content := module[start:r.i]
		if id == codeSection {
			var err error
			if content, err = rewriteCode(content, &st); err != nil {
				return nil, st, fmt.Errorf("code section: %w", err)
			}
		}
		out = append(out, id)
		out = appendU32(out, uint32(len(content)))
		out = append(out, content...)
	}
	return out, st, nil
}

// rewriteCode rewrites the code section's bodies.
func rewriteCode(sec []byte, st *Stats) ([]byte, error) {
	r := &reader{b: sec}
	n := r.u32()
	if r.err == nil && int64(n) > int64(len(sec)) { // each body takes a byte at least
		r.fail(fmt.Errorf("%d bodies in %d bytes", n, len(sec)))
	}
	out := appendU32(make([]byte, 0, len(sec)), n)
	for f := 0; f < int(n) && r.err == nil; f++ {
		size := int(r.u32())
		start := r.i
		r.skip(size)
		if r.err != nil {
			return nil, fmt.Errorf("function body %d: %w", f, r.err)
		}
		body := sec[start:r.i]
		st.Functions++
		if fresh, jumps, direct, ok := rewriteBody(body); ok {
			body = fresh
			st.Jumps += jumps
			st.Direct += direct
		} else {
			st.Skipped++
		}
		out = appendU32(out, uint32(len(body)))
		out = append(out, body...)
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.i != len(sec) {
		return nil, fmt.Errorf("%d bytes after the last function body", len(sec)-r.i)
	}
	return out, nil
}
