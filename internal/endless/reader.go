// Package endless has a reader that never ends, as /dev/zero, for the
// tests of every reader's limits: input that ends no line, or holds binary
// data, must be refused at once, never read to the end.
package endless

// Reader reads its byte over and over and never ends: Reader(0) reads as
// /dev/zero does, Reader('x') is a line that never ends.
type Reader byte

// Read fills p with the reader's byte.
func (r Reader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}
