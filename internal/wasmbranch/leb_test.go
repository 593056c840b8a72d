package wasmbranch

import (
	"errors"
	"testing"
)

func TestULEB(t *testing.T) {
	tests := []struct {
		in   []byte
		bits uint
		want uint64
		err  error
	}{
		{[]byte{0x00}, 32, 0, nil},
		{[]byte{0x7f}, 32, 127, nil},
		{[]byte{0x80, 0x01}, 32, 128, nil},
		{[]byte{0xe5, 0x8e, 0x26}, 32, 624485, nil},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x00}, 32, 0, nil}, // padded, as Go's linker writes
		{[]byte{0xff, 0xff, 0xff, 0xff, 0x0f}, 32, 1<<32 - 1, nil},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0x1f}, 32, 0, errLEB}, // 33 bits
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 32, 0, errLEB},
		{[]byte{0x80}, 32, 0, errTruncated},
		{nil, 32, 0, errTruncated},
	}
	for _, tt := range tests {
		r := &reader{b: tt.in}
		got := r.uleb(tt.bits)
		if !errors.Is(r.err, tt.err) || got != tt.want {
			t.Errorf("uleb(% x) = %d, %v; want %d, %v", tt.in, got, r.err, tt.want, tt.err)
		}
	}
}

func TestSLEB(t *testing.T) {
	tests := []struct {
		in   []byte
		bits uint
		want int64
		err  error
	}{
		{[]byte{0x00}, 32, 0, nil},
		{[]byte{0x7f}, 32, -1, nil},
		{[]byte{0x3f}, 32, 63, nil},
		{[]byte{0xc0, 0x00}, 32, 64, nil},
		{[]byte{0xc0, 0xbb, 0x78}, 32, -123456, nil},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x78}, 32, -1 << 31, nil},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 32, 0, errLEB},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, 64, -1, nil},
		{[]byte{0xff}, 64, 0, errTruncated},
	}
	for _, tt := range tests {
		r := &reader{b: tt.in}
		got := r.sleb(tt.bits)
		if !errors.Is(r.err, tt.err) || got != tt.want {
			t.Errorf("sleb(% x) = %d, %v; want %d, %v", tt.in, got, r.err, tt.want, tt.err)
		}
	}
}

func TestAppendU32(t *testing.T) {
	for _, v := range []uint32{0, 1, 127, 128, 300, 1 << 14, 624485, 1<<32 - 1} {
		b := appendU32(nil, v)
		r := &reader{b: b}
		if got := r.u32(); got != v || r.err != nil || r.i != len(b) {
			t.Errorf("appendU32(%d) = % x, read back as %d (%v, %d of %d bytes)", v, b, got, r.err, r.i, len(b))
		}
	}
}
