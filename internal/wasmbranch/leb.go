package wasmbranch

import "errors"

// This file reads and writes the LEB128 numbers of the binary format.

var errLEB = errors.New("bad LEB128 number")

// reader is a cursor over a module's bytes; its first error sticks, and
// every read after it returns zero.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// byte reads one byte.
func (r *reader) byte() byte {
	if r.err != nil || r.i >= len(r.b) {
		r.fail(errTruncated)
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

// uleb reads an unsigned LEB128 number of at most bits bits.
func (r *reader) uleb(bits uint) uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		if shift >= bits || shift+7 > bits && c&0x7f>>(bits-shift) != 0 {
			r.fail(errLEB)
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
}

// u32 reads an unsigned 32-bit LEB128 number.
func (r *reader) u32() uint32 { return uint32(r.uleb(32)) }

// sleb reads a signed LEB128 number of at most bits bits.
func (r *reader) sleb(bits uint) int64 {
	var v int64
	for shift := uint(0); ; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		if shift >= bits {
			r.fail(errLEB)
			return 0
		}
		v |= int64(c&0x7f) << shift
		if c&0x80 == 0 {
			if shift+7 < 64 && c&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v
		}
	}
}

// skip passes n bytes.
func (r *reader) skip(n int) {
	if r.err == nil && (n < 0 || n > len(r.b)-r.i) {
		r.fail(errTruncated)
	}
	if r.err == nil {
		r.i += n
	}
}

// appendU32 appends v as an unsigned LEB128 number.
func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}
