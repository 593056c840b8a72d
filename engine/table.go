package engine

import (
	"github.com/fourgen/fourgen/engine/board"

	"math/bits"
	"unsafe"
)

// hashTable is the transposition table: a fixed array of 64-bit entries in
// buckets of four, safe to share between goroutines without locks. Each
// entry is self-validating, so one atomic load yields a whole, consistent
// entry.
//
// The table is cut into regions of 2^regionLog buckets (64 KiB on 7×6),
// and a position's region depends only on the stones of the bottom
// regionRows rows (as the side to move's and the opponent's, so a node's
// children share a region, and its grandchildren share the node's). Deep
// in a search those rows are full, and a whole subtree keeps to two
// regions: its probes hit the processor's caches instead of missing cache
// and TLB on nearly every probe, as buckets spread over the whole table
// do (measured: docs/speed.md, "Figures behind the driver and the table").
//
// A position key (below 2^KeyBits, 2^49 on 7×6; on a board of two words
// the key's two words packed into one number of KeyBits bits, see
// board.Bits.Packed) is scrambled by a bijection of the KeyBits-bit keys
// (a multiplication by an odd constant modulo 2^KeyBits). Its top bits
// choose the bucket within the region and the rest are stored in the
// entry, so the stored check bits, the bucket and the region together
// identify the position exactly: there are no false hits.
//
// Entry layout, low bits first (on 7×6, MoveBits is 3):
//
//	check  KeyBits-s bits  the scrambled key below its s = spreadLog bucket bits
//	score  6 bits          score + 32
//	bound  2 bits          0 empty, 1 lower, 2 upper, 3 exact
//	move   MoveBits bits   best column (0-based), Width for none
//	work   4 bits          log2 of the nodes searched to find the score
//	gen    the rest        the solve that last touched the entry
//
// The check bits and the fields must fit one word, so a board with many key
// bits needs some bucket bits chosen by the scrambled key: s is at least
// minBucketLog.
type hashTable struct {
	buckets     []bucket
	spreadLog   uint // number of bucket bits chosen by the scrambled key: at most regionLog
	regionShift uint // 64 less the number chosen by the region (64 for one region)
	gen         uint64
}

// bound says what a stored score promises.
type bound uint8

// The kinds of stored score.
const (
	boundNone  bound = iota // no entry
	boundLower              // the true score is at least the stored one
	boundUpper              // the true score is at most the stored one
	boundExact              // the stored score is exact
)

const (
	// keyMaskLo and keyMaskHi are the key bits of the low and the high word
	// of a scrambled key: keyMaskHi is 0 on a board of one word.
	keyMaskLo    = 1<<min(board.KeyBits, 64) - 1
	keyMaskHi    = 1<<max(board.KeyBits-64, 0) - 1
	keyScramble  = 0x1_5C6F_6D91_95AB // odd: multiplication by it permutes the KeyBits-bit keys
	bucketSlots  = 4
	noMove       = board.Width // the move field's value for no best move
	scoreOffset  = 32
	maxBucketLog = 40
	// minBucketLog is the fewest bucket bits that leave the check bits and
	// the fields room in a word: 0 on 7×6, 16 on 8×7 (64 key bits), 22 on
	// 10×6 (70 key bits: a table of at least 128 MiB, see MinTableMiB).
	minBucketLog = max(0, board.KeyBits+genShift-64)
	// regionLog is the number of bucket bits chosen within a region: 2^11
	// buckets of 32 bytes, 64 KiB (more on boards whose keys need more
	// bucket bits; measured against 2^10 and 2^12: docs/speed.md).
	regionLog = max(11, minBucketLog)
	// regionRows is the number of bottom rows whose stones choose the
	// region. With 2 rows (measured against 3), a stone lands there on only
	// one move in three, and deep in the search not at all.
	regionRows = min(2, board.Height)
	// regionScramble spreads those bits over the regions (an odd constant:
	// the golden ratio's fraction of 2^64).
	regionScramble = 0x9E37_79B9_7F4A_7C15
)

// newTable returns a table of about mib MiB, rounded down to a power of
// two buckets; the smallest table holds 2^minBucketLog buckets of four
// entries (one bucket on 7×6). It refuses a negative size or one above
// [MaxTableMiB] before allocating anything, and returns an error when the
// memory cannot be had.
func newTable(mib int) (*hashTable, error) {
	if err := CheckTableMiB(mib); err != nil {
		return nil, err
	}
	return newTableBuckets(tableBuckets(mib))
}

// tableBuckets is the number of buckets of mib MiB.
func tableBuckets(mib int) uint64 {
	return uint64(max(mib, 0)) << 20 / 8 / bucketSlots
}

// newTableBuckets returns a table of the largest power of two buckets not
// above n (at least 2^minBucketLog).
func newTableBuckets(n uint64) (*hashTable, error) {
	b := uint(minBucketLog)
	for b < maxBucketLog && uint64(2)<<b <= n {
		b++
	}
	t := &hashTable{spreadLog: min(b, regionLog), gen: 1}
	t.regionShift = 64 - (b - t.spreadLog)
	var err error
	if t.buckets, err = allocBuckets(t, 1<<b); err != nil {
		return nil, err
	}
	// Touch every page now, so that the first search does not pay for
	// mapping the table's memory; but not when the table was made larger
	// than asked, to the board's smallest: a solver asked for 1 MiB (an
	// agent's, or the server's for a position the book answers) searches a
	// few thousand nodes, and touching 128 MiB on 10×6 took 300 ms, a
	// hundred times the search.
	if n >= 1<<b {
		for i := 0; i < len(t.buckets); i += 4096 / int(unsafe.Sizeof(bucket{})) {
			t.buckets[i][0].Store(0)
		}
	}
	return t, nil
}

// Entries is the number of entries the table holds.
func (t *hashTable) Entries() int { return bucketSlots * len(t.buckets) }

// Bytes is the table's size in memory.
func (t *hashTable) Bytes() int { return int(unsafe.Sizeof(bucket{})) * len(t.buckets) }

// Clear empties the table. It must not run while the table is in use.
func (t *hashTable) Clear() {
	clear(t.buckets) // a memclr; atomic stores would cost a locked instruction each
	t.gen = 1
}

// NewGeneration marks later stores as newer than everything in the table,
// so that the replacement policy prefers to evict older entries.
func (t *hashTable) NewGeneration() { t.gen++ }

// layout of the fields above the check bits, relative to checkBits
const (
	scoreShift = 0
	boundShift = 6
	moveShift  = 8
	workShift  = moveShift + board.MoveBits
	genShift   = workShift + 4
)

// bucket is the entries a key may occupy.
type bucket [bucketSlots]tableWord

// slot is where a key lives: its bucket and its check bits.
type slot struct {
	bucket    *bucket
	check     uint64
	checkBits uint
}

// locate returns the key's slot: the region chosen by the key's bottom rows
// (none when regionShift is 64: a shift by 64 gives 0), the bucket within it
// by the top bits of the scrambled key, and the rest of those as the check.
//
// On a board of one word the scrambled key is one word, h; on a board of
// two it is h and the word above it, whose bits join the bucket's index
// (the branch is a constant: a board of one word compiles it away). The
// check bits are fewer than 64 either way.
func (t *hashTable) locate(key board.Bits) slot {
	lo, hi := key.Packed()
	cb := board.KeyBits - t.spreadLog
	h := lo * keyScramble & keyMaskLo
	i := h >> cb // the bucket within the region
	if board.KeyBits > 64 {
		hh, _ := bits.Mul64(lo, keyScramble)
		i |= (hh + hi*keyScramble) & keyMaskHi << (64 - cb)
	}
	return slot{&t.buckets[t.region(key)<<t.spreadLog|i], h & (1<<cb - 1), cb}
}

// region is the index of the key's region, from its key bits of the
// bottom regionRows rows. The low bits of a column's key (see
// Position.Key) depend only on the cells below them, so those bits are a
// function of those rows' cells.
func (t *hashTable) region(key board.Bits) uint64 {
	return key.And(board.BottomRowsMask).Fold() * regionScramble >> t.regionShift
}

// regionRows must be 2: BottomRowsMask holds two rows.
var _ = [1]struct{}{}[regionRows-2]

// probe looks the key up and returns its stored score, bound and best
// column (-1 when none was stored). The bound is BoundNone on a miss.
func (t *hashTable) probe(key board.Bits) (score int, bound bound, move int) {
	return t.locate(key).probe()
}

// probe reads the slot's entry, if any. It loads the bucket's four words
// and keeps the last that holds the key, without a branch: a loop with an
// early exit costs a mispredicted branch natively and, in WebAssembly, a
// jump through the function's dispatch table at each word. (One word holds
// the key, as store replaces an entry of the same key; two threads storing
// it at once may leave two, either of them sound. An empty word matches a
// check of 0 and may hide the key's word, once in 2^checkBits keys: a miss,
// never a wrong score.)
func (sl slot) probe() (score int, bound bound, move int) {
	var _ [4 - bucketSlots]struct{} // the four loads below read every word: a larger bucket does not build
	checkMask := uint64(1)<<sl.checkBits - 1
	b := sl.bucket
	var e uint64 // no bound unless a word holds the key
	if w := b[0].Load(); w&checkMask == sl.check {
		e = w
	}
	if w := b[1].Load(); w&checkMask == sl.check {
		e = w
	}
	if w := b[2].Load(); w&checkMask == sl.check {
		e = w
	}
	if w := b[3].Load(); w&checkMask == sl.check {
		e = w
	}
	f := entryFields(e, sl.checkBits)
	if f.bound() == boundNone {
		return 0, boundNone, -1
	}
	return f.score(), f.bound(), f.move()
}

// put records a score for the key, with its bound, best column (-1 for
// none) and the number of nodes its search took (see store).
func (t *hashTable) put(key board.Bits, score int, bound bound, move int, nodes uint64) {
	t.store(t.locate(key), score, bound, move, nodes)
}

// store writes an entry into the slot. An entry already there for the same
// key is replaced by the new one merged with it (see merge). Otherwise the
// entry replaced is the last empty one in the bucket; with none empty, the
// one of least rank, where the rank is the entry's work, plus 16 when it
// was stored in the current generation (so an older entry goes first, and
// among the same generation the one that took least work; the first of
// equal rank).
func (t *hashTable) store(sl slot, score int, bound bound, move int, nodes uint64) {
	bucket, check, cb := sl.bucket, sl.check, sl.checkBits
	checkMask := uint64(1)<<cb - 1
	gen := t.gen & genMask(cb)
	fresh := newFields(score, bound, move, uint64(min(bits.Len64(nodes), 15)), gen)
	entry := check | uint64(fresh)<<cb
	victim, victimRank := 0, ^uint64(0)
	for i := range bucket {
		e := bucket[i].Load()
		f := entryFields(e, cb)
		if e&checkMask == check && f.bound() != boundNone {
			entry = uint64(merge(f, fresh))<<cb | check
			victim = i
			break
		}
		if f.bound() == boundNone {
			victim, victimRank = i, 0
			continue
		}
		rank := f.work()
		if f.gen() == gen {
			rank += 16
		}
		if rank < victimRank {
			victim, victimRank = i, rank
		}
	}
	bucket[victim].Store(entry)
}

// merge combines the fields of an entry already stored for a key with new
// ones: an exact score is kept, and a lower and an upper bound that meet
// become exact.
func merge(old, fresh fields) fields {
	ob, fb := old.bound(), fresh.bound()
	switch {
	case ob == boundExact && fb != boundExact:
		return old
	case ob|fb == boundExact && old&scoreField == fresh&scoreField: // the same score
		return fresh | fields(boundExact)<<boundShift
	}
	return fresh
}

// fields is an entry's word above its check bits: its score, bound, best
// move, work and generation, laid out as the table's doc shows.
type fields uint64

// entryFields is the fields of entry e, whose check bits are its cb lowest.
func entryFields(e uint64, cb uint) fields { return fields(e >> cb) }

// newFields packs an entry's fields; move is -1 for none, gen is already
// cut to the bits the entry has room for (genMask).
func newFields(score int, bound bound, move int, work, gen uint64) fields {
	if move < 0 {
		move = noMove
	}
	return fields(uint64(score+scoreOffset)<<scoreShift | uint64(bound)<<boundShift | uint64(move)<<moveShift |
		work<<workShift | gen<<genShift)
}

// genMask is the generation bits an entry with cb check bits holds.
func genMask(cb uint) uint64 { return 1<<(64-genShift-cb) - 1 }

func (f fields) score() int   { return int(f&scoreField>>scoreShift) - scoreOffset }
func (f fields) bound() bound { return bound(f >> boundShift & 3) }
func (f fields) work() uint64 { return uint64(f >> workShift & 15) }
func (f fields) gen() uint64  { return uint64(f >> genShift) }

// move is the best column stored, -1 for none.
func (f fields) move() int {
	if m := int(f >> moveShift & (1<<board.MoveBits - 1)); m != noMove {
		return m
	}
	return -1
}

// scoreField is the bits of an entry's fields that hold its score.
const scoreField fields = 63 << scoreShift
