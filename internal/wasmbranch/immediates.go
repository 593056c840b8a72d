package wasmbranch

// immediates passes the immediates of an instruction of opcode op, other
// than those rewriteBody reads itself (blocks, branches, constants and
// locals it looks at). It reports false for an opcode it does not know:
// the instructions of WebAssembly 1.0 and of the sign-extension,
// saturating-conversion, bulk-memory and reference-types extensions, not
// SIMD, threads or exceptions, none of which Go emits.
func immediates(r *reader, op byte) bool {
	switch {
	case op <= 0x01, op == opElse, op == 0x0f, op == 0x1a, op == 0x1b, op == 0xd1,
		op >= 0x45 && op <= 0xc4: // no immediate (numeric operators among them)
	case op == 0x0d, op >= 0x20 && op <= 0x26, op == 0x10, op == 0xd2: // br_if, variables, tables, call, ref.func
		r.u32()
	case op == 0x11: // call_indirect: type, table
		r.u32()
		r.u32()
	case op == 0x1c: // select with types
		for n := r.u32(); n > 0 && r.err == nil; n-- {
			r.byte()
		}
	case op >= 0x28 && op <= 0x3e: // loads and stores: alignment, offset
		r.u32()
		r.u32()
	case op == 0x3f, op == 0x40: // memory.size, memory.grow
		r.u32()
	case op == 0x42: // i64.const
		r.sleb(64)
	case op == 0x43: // f32.const
		r.skip(4)
	case op == 0x44: // f64.const
		r.skip(8)
	case op == 0xd0: // ref.null
		r.byte()
	case op == 0xfc:
		return prefixed(r)
	default:
		return false
	}
	return true
}

// prefixed passes the sub-opcode and immediates of an instruction of
// prefix 0xfc.
func prefixed(r *reader) bool {
	switch sub := r.u32(); {
	case sub <= 7: // saturating conversions
	case sub == 9, sub == 11, sub == 13, sub >= 15 && sub <= 17: // data.drop, memory.fill, elem.drop, table.grow/size/fill
		r.u32()
	case sub == 8, sub == 10, sub == 12, sub == 14: // memory.init, memory.copy, table.init, table.copy
		r.u32()
		r.u32()
	default:
		return false
	}
	return true
}
