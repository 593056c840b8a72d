package wasmbranch

import (
	"bytes"
	"testing"
)

// FuzzRewrite feeds ReadModule and Rewrite any bytes: ReadModule must take
// exactly those with the header, Rewrite must not panic, and a module it
// takes must come out well formed, with as many bodies, and unchanged by a
// second rewrite (a rewritten jump goes to a block, not to the loop).
func FuzzRewrite(f *testing.F) {
	table := []uint32{0, 0, 1, 1, 2}
	f.Add(moduleOf(goBody(table, jump(4, 2), code(jump(4, 1), drop), nop)))
	f.Add(moduleOf(goBody(table, code(ifEmpty, jump(2, 3), end), nop, jump(0, 0))))
	f.Add(moduleOf(goBody(table, nop, code(ifEmpty, jump(2, 2), end), nop), []byte{0x00, 0x41, 0x07, opEnd}))
	f.Add(append(bytes.Clone(header), 0x00, 0x02, 0x01, 'x'))
	f.Add([]byte("\x00asm"))
	f.Fuzz(func(t *testing.T, in []byte) {
		read, rerr := ReadModule(bytes.NewReader(in))
		if rerr == nil != bytes.HasPrefix(in, header) || rerr == nil && !bytes.Equal(read, in) {
			t.Fatalf("ReadModule = % x, %v", read, rerr)
		}
		out, st, err := Rewrite(in)
		if err != nil {
			return
		}
		if st.Direct > st.Jumps || st.Skipped > st.Functions {
			t.Fatalf("stats %+v", st)
		}
		again, st2, err := Rewrite(out)
		if err != nil {
			t.Fatalf("the rewritten module is refused: %v", err)
		}
		if st2.Functions != st.Functions || st2.Direct != 0 || !bytes.Equal(again, out) {
			t.Fatalf("a second rewrite changed the module: %+v after %+v", st2, st)
		}
	})
}
