package wasmbranch

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/internal/endless"
)

// code joins instructions.
func code(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// Instructions of the tests, as their bytes.
var (
	nop     = []byte{0x01}
	end     = []byte{opEnd}
	ifEmpty = []byte{opIf, 0x40}
	drop    = []byte{0x1a}
)

func br(depth uint32) []byte    { return appendU32([]byte{opBr}, depth) }
func i32(v byte) []byte         { return []byte{opI32, v} } // v < 64
func setLocal(n byte) []byte    { return []byte{opSet, n} }
func jump(k, depth byte) []byte { return code(i32(k), setLocal(0), br(uint32(depth))) }

// goBody is a function body of Go's shape with len(sections) basic
// blocks: an i32 local, a block (the unwinding exit), the dispatch loop
// around a block for each section and a br_table on local 0 sending
// PC_B value k to section table[k], then the sections' code, each after
// the end of its block.
func goBody(table []uint32, sections ...[]byte) []byte {
	b := []byte{0x01, 0x01, 0x7f, opBlock, 0x40, opLoop, 0x40}
	for range sections {
		b = append(b, opBlock, 0x40)
	}
	b = append(b, opGet, 0x00, opBrTable)
	b = appendU32(b, uint32(len(table)-1))
	for _, l := range table {
		b = appendU32(b, l)
	}
	for _, s := range sections {
		b = append(append(b, opEnd), s...)
	}
	return append(b, opEnd, opEnd, 0x00, opEnd) // loop, exit block, unreachable, body
}

// moduleOf is a module of a code section of the bodies (no other
// section: Rewrite does not validate).
func moduleOf(bodies ...[]byte) []byte {
	sec := appendU32(nil, uint32(len(bodies)))
	for _, b := range bodies {
		sec = append(appendU32(sec, uint32(len(b))), b...)
	}
	return append(appendU32(append(bytes.Clone(header), codeSection), uint32(len(sec))), sec...)
}

func TestRewriteBodies(t *testing.T) {
	// Three sections: in section j, the loop is at depth 2-j (one more
	// inside an if), and section k's block at depth k-j-1.
	table := []uint32{0, 0, 1, 1, 2}
	tests := []struct {
		name      string
		in, want  []byte
		jumps, to int
	}{
		{"forward jumps made direct",
			goBody(table, jump(4, 2), code(jump(4, 1), drop), nop),
			goBody(table, br(1), code(br(0), drop), nop), 2, 2},
		{"a number past the table goes to its last block",
			goBody(table, jump(9, 2), nop, nop),
			goBody(table, br(1), nop, nop), 1, 1},
		{"from inside an if, one more label out",
			goBody(table, code(ifEmpty, jump(2, 3), end), nop, nop),
			goBody(table, code(ifEmpty, br(1), end), nop, nop), 1, 1},
		{"backward jumps keep the dispatch",
			goBody(table, nop, nop, jump(0, 0)),
			goBody(table, nop, nop, jump(0, 0)), 1, 0},
		// In section 1 an if stands where section 1's own block stood: a
		// jump to section 1 goes back, through the loop, not out of the if.
		{"a closed block's depth taken by an if",
			goBody(table, nop, code(ifEmpty, jump(2, 2), end), nop),
			goBody(table, nop, code(ifEmpty, jump(2, 2), end), nop), 1, 0},
		{"not a jump: another instruction between",
			goBody(table, code(i32(4), nop, setLocal(0), br(2)), nop, nop),
			goBody(table, code(i32(4), nop, setLocal(0), br(2)), nop, nop), 0, 0},
		{"not a jump: another local",
			goBody(table, code(i32(4), setLocal(1), br(2)), nop, nop),
			goBody(table, code(i32(4), setLocal(1), br(2)), nop, nop), 0, 0},
		{"a branch out of a section block is no jump",
			goBody(table, jump(4, 1), nop, nop),
			goBody(table, jump(4, 1), nop, nop), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st, err := Rewrite(moduleOf(tt.in, tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if want := moduleOf(tt.want, tt.want); !bytes.Equal(got, want) {
				t.Errorf("Rewrite =\n% x\nwant\n% x", got, want)
			}
			want := Stats{Functions: 2, Jumps: 2 * tt.jumps, Direct: 2 * tt.to}
			if st != want {
				t.Errorf("stats %+v, want %+v", st, want)
			}
		})
	}
}

func TestRewriteKeepsOtherBodies(t *testing.T) {
	table := []uint32{0, 1}
	tests := []struct {
		name    string
		body    []byte
		skipped int
	}{
		{"no loop: calls but no jump", []byte{0x00, opBlock, 0x40, opBlock, 0x40, opGet, 0x00, opBrTable, 0x01, 0x00, 0x01, opEnd, opEnd, 0x41, 0x00, opEnd}, 0},
		{"no br_table at all", []byte{0x00, 0x41, 0x07, opEnd}, 0},
		{"an opcode it does not know (SIMD)", goBody(table, code(jump(1, 1), []byte{0xfd, 0x0c}), nop), 1},
		{"the first br_table on another local", bytes.Replace(goBody(table, jump(1, 1), nop), []byte{opGet, 0x00, opBrTable}, []byte{opGet, 0x01, opBrTable}, 1), 1},
		{"a br_table of its own, after the dispatch", goBody(table, code(ifEmpty, []byte{opGet, 0x00, opBrTable, 0x00, 0x00}, end), nop), 0},
		{"a truncated body", goBody(table, nop, nop)[:12], 1},
		{"bytes after the body's end", append(goBody(table, nop, nop), nop...), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := moduleOf(tt.body)
			got, st, err := Rewrite(in)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, in) {
				t.Errorf("Rewrite changed the module:\n% x\nto\n% x", in, got)
			}
			if st.Skipped != tt.skipped || st.Direct != 0 {
				t.Errorf("stats %+v, want %d skipped and none direct", st, tt.skipped)
			}
		})
	}
}

func TestRewriteRefuses(t *testing.T) {
	good := moduleOf(goBody([]uint32{0, 1}, jump(1, 1), nop))
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "not a WebAssembly module"},
		{"text", "(module)", "not a WebAssembly module"},
		{"version 2", "\x00asm\x02\x00\x00\x00", "not a WebAssembly module"},
		{"a section cut short", string(good[:len(good)-3]), "truncated"},
		{"a section's size past the end", string(header) + "\x01\x05\x00", "truncated"},
		{"a size of too many bytes", string(header) + "\x01\xff\xff\xff\xff\xff\x0f", "LEB128"},
		{"more bodies than bytes", string(header) + "\x0a\x02\x7f\x00", "bodies"},
		{"bytes after the bodies", string(header) + "\x0a\x04\x01\x01\x0b\x0b", "after the last function body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Rewrite([]byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Rewrite(%q) = %v, want an error saying %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestRewriteCopiesOtherSections(t *testing.T) {
	custom := []byte{0x00, 0x05, 0x04, 'n', 'a', 'm', 'e'}
	types := []byte{0x01, 0x05, 0x01, 0x60, 0x01, 0x7f, 0x00}
	body := goBody([]uint32{0, 1}, jump(1, 1), nop)
	in := append(append(append(bytes.Clone(header), custom...), types...), moduleOf(body)[len(header):]...)
	got, st, err := Rewrite(in)
	if err != nil {
		t.Fatal(err)
	}
	want := append(append(append(bytes.Clone(header), custom...), types...), moduleOf(goBody([]uint32{0, 1}, br(0), nop))[len(header):]...)
	if !bytes.Equal(got, want) || st.Direct != 1 {
		t.Errorf("Rewrite = % x (%+v), want % x", got, st, want)
	}
}

func TestReadModule(t *testing.T) {
	good := moduleOf(goBody([]uint32{0, 1}, jump(1, 1), nop))
	tests := []struct {
		name string
		in   io.Reader
		want string // part of the error, "" for none
	}{
		{"a module", bytes.NewReader(good), ""},
		{"empty", strings.NewReader(""), "not a WebAssembly module"},
		{"blank lines first", strings.NewReader("\n\n\x00asm\x01\x00\x00\x00"), "not a WebAssembly module"},
		{"text", strings.NewReader("(module (func))"), "not a WebAssembly module"},
		{"endless zeros", endless.Reader(0), "not a WebAssembly module"},
		{"a header, then no end", io.MultiReader(bytes.NewReader(header), endless.Reader(0)), "more than 4096 bytes"},
		{"exactly the limit", io.MultiReader(bytes.NewReader(header), io.LimitReader(endless.Reader(0), 4096-8)), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readModule(tt.in, 4096)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("readModule: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("readModule = %d bytes, %v; want an error saying %q", len(got), err, tt.want)
			case tt.want == "" && !bytes.HasPrefix(got, header):
				t.Errorf("readModule = % x", got[:min(len(got), 16)])
			}
		})
	}
}
