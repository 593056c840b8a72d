package wasmbranch

// This file rewrites one function body: it follows the nesting of blocks
// while it copies the instructions, finds Go's dispatch loop and its
// br_table, and turns each forward jump through it into a direct branch.

// Opcodes the rewrite looks at (the binary format's numbering).
const (
	opBlock   = 0x02
	opLoop    = 0x03
	opIf      = 0x04
	opElse    = 0x05
	opEnd     = 0x0b
	opBr      = 0x0c
	opBrTable = 0x0e
	opGet     = 0x20 // local.get
	opSet     = 0x21 // local.set
	opI32     = 0x41 // i32.const
)

// label is a block, loop or if open at some point of a body; serial tells
// it from a later one at the same depth.
type label struct {
	op     byte
	serial int
}

// dispatch is what a body's br_table says: the depth, from the body's
// outermost label, of the loop around it, and of the block each basic
// block begins after (by its number, the last for any number past them),
// with the labels' serials.
type dispatch struct {
	loop    int
	loopSer int
	target  []int
	serial  []int
}

// step is one instruction already copied: its opcode, where it starts in
// the output, and its first immediate when that is a number.
type step struct {
	op  byte
	out int
	imm int64
}

// rewriteBody returns body with its forward jumps made direct, the number
// of jumps through its dispatch loop and of those it rewrote; ok is false
// for a body whose first br_table is not Go's dispatch or with an
// instruction it does not know, which the caller keeps as it was. (A body
// without a br_table, one that calls nothing and does not branch, has
// nothing to rewrite.)
func rewriteBody(body []byte) (fresh []byte, jumps, direct int, ok bool) {
	r := &reader{b: body}
	for n := r.u32(); n > 0 && r.err == nil; n-- { // the locals: count and type
		r.u32()
		r.byte()
	}
	if r.err != nil {
		return nil, 0, 0, false
	}
	out := append(make([]byte, 0, len(body)), body[:r.i]...)
	var (
		stack   []label
		serials int
		d       *dispatch
		last    [2]step // the two instructions before this one, the latest last
	)
	for r.i < len(body) {
		start := r.i
		op := r.byte()
		imm := int64(0)
		switch op {
		case opBlock, opLoop, opIf:
			blockType(r)
			serials++
			stack = append(stack, label{op, serials})
		case opEnd:
			if len(stack) == 0 { // the body's own end
				if r.i != len(body) {
					return nil, 0, 0, false
				}
				break
			}
			stack = stack[:len(stack)-1]
		case opBrTable:
			labels := brTable(r)
			if d == nil && r.err == nil {
				if d = dispatchOf(stack, labels, last[1]); d == nil {
					return nil, 0, 0, false // the first br_table is not Go's dispatch
				}
			}
		case opBr:
			depth := int(r.u32())
			if d != nil && r.err == nil && jumpsToLoop(d, stack, depth) && last[1].op == opSet && last[1].imm == 0 && last[0].op == opI32 {
				jumps++
				if to, ok := d.open(stack, last[0].imm); ok {
					direct++
					out = appendU32(append(out[:last[0].out], opBr), uint32(len(stack)-1-to))
					last = [2]step{{}, {op: opBr, out: last[0].out}}
					continue
				}
			}
		case opI32:
			imm = r.sleb(32)
		case opGet, opSet:
			imm = int64(r.u32())
		default:
			if !immediates(r, op) {
				return nil, 0, 0, false
			}
		}
		if r.err != nil {
			return nil, 0, 0, false
		}
		last = [2]step{last[1], {op: op, out: len(out), imm: imm}}
		out = append(out, body[start:r.i]...)
	}
	if len(stack) != 0 || r.err != nil {
		return nil, 0, 0, false
	}
	return out, jumps, direct, true
}

// dispatchOf reads Go's dispatch from a body's first br_table, with the
// labels open at it and the instruction before it: the br_table on local 0
// into blocks opened after the loop, if there is one (a body without jumps
// has none, and its dispatch's loop is -1). It is nil for any other shape.
func dispatchOf(stack []label, labels []uint32, before step) *dispatch {
	loop := -1
	for i, l := range stack {
		if l.op == opLoop && loop < 0 {
			loop = i
		} else if l.op != opBlock {
			return nil
		}
	}
	if before.op != opGet || before.imm != 0 {
		return nil
	}
	d := &dispatch{loop: loop}
	if loop >= 0 {
		d.loopSer = stack[loop].serial
	}
	for _, l := range labels {
		to := len(stack) - 1 - int(l)
		if to <= loop || to < 0 {
			return nil
		}
		d.target = append(d.target, to)
		d.serial = append(d.serial, stack[to].serial)
	}
	return d
}

// jumpsToLoop reports whether a br of depth depth, with the labels stack
// open, goes to the dispatch loop.
func jumpsToLoop(d *dispatch, stack []label, depth int) bool {
	to := len(stack) - 1 - depth
	return d.loop >= 0 && to == d.loop && stack[to].serial == d.loopSer
}

// open is the depth from the outermost label of the block after which
// basic block k begins, and ok when that block is still open in stack:
// the jump to k goes forward.
func (d *dispatch) open(stack []label, k int64) (to int, ok bool) {
	i := len(d.target) - 1 // the br_table's default
	if k >= 0 && k < int64(i) {
		i = int(k)
	}
	to = d.target[i]
	return to, to < len(stack) && stack[to].serial == d.serial[i]
}

// blockType passes a block's type: empty, a value type, or a type index.
func blockType(r *reader) {
	if r.i >= len(r.b) {
		r.fail(errTruncated)
		return
	}
	if c := r.b[r.i]; c == 0x40 || c >= 0x6f && c <= 0x7f {
		r.i++
		return
	}
	r.sleb(33)
}

// brTable reads a br_table's labels, the default last.
func brTable(r *reader) []uint32 {
	n := r.u32()
	if int64(n) >= int64(len(r.b)-r.i) { // a byte a label at least
		r.fail(errTruncated)
		return nil
	}
	labels := make([]uint32, 0, n+1)
	for range n + 1 {
		labels = append(labels, r.u32())
	}
	return labels
}
