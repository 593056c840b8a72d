package engine

import (
	"fmt"

	"github.com/fourgen/fourgen/engine/board"
)

// tableMemoryShare is the share of the machine's memory, as a fraction
// num/den, that one transposition table may take: the rest is left to the
// process's other needs and to everything else the machine runs.
const (
	tableMemoryNum = 3
	tableMemoryDen = 4
)

// fallbackMaxTableMiB is the largest table accepted where the machine's
// memory cannot be read (64 GiB).
const fallbackMaxTableMiB = 64 << 10

// physicalMemory returns the bytes of memory the process may use: the
// machine's physical memory, or a container's memory limit when lower. It
// reports false where that cannot be read. Tests replace it.
var physicalMemory = systemMemory

// TableSizeError is the error of a table size above [MaxTableMiB].
type TableSizeError struct {
	MiB    int    // the size asked for
	Limit  int    // MaxTableMiB
	Reason string // where the limit comes from
}

func (e *TableSizeError) Error() string {
	return fmt.Sprintf("engine: a table of %d MiB is more than this machine allows: at most %d MiB (%s)", e.MiB, e.Limit, e.Reason)
}

// MaxTableMiB is the largest transposition table, in MiB, that
// newTable and [NewSolver] accept: three quarters of the
// memory the process may use (the machine's physical memory, or a
// container's memory limit when lower), so that a table never takes all of
// it. Where that memory cannot be read it is 65,536 (64 GiB), and an
// allocation that still fails is reported by the checked constructors.
func MaxTableMiB() int {
	mib, _ := tableLimit()
	return mib
}

// tableLimit returns [MaxTableMiB] and says where it comes from.
func tableLimit() (int, string) {
	total, ok := physicalMemory()
	if !ok {
		return fallbackMaxTableMiB, "its memory is unknown"
	}
	totalMiB := total >> 20
	limit := totalMiB / tableMemoryDen * tableMemoryNum
	return int(min(limit, 1<<30)), fmt.Sprintf("%d/%d of its %d MiB of memory", tableMemoryNum, tableMemoryDen, totalMiB)
}

// CheckTableMiB refuses a table size that [newTable] would refuse:
// a negative one, or one above [MaxTableMiB] with a [*TableSizeError].
func CheckTableMiB(mib int) error {
	if mib < 0 {
		return fmt.Errorf("engine: a table of %d MiB: want 0 MiB or more", mib)
	}
	limit, why := tableLimit()
	if mib > limit {
		return &TableSizeError{MiB: mib, Limit: limit, Reason: why}
	}
	if MinTableMiB > limit {
		return fmt.Errorf("engine: a %d×%d board's table holds at least %d MiB (its keys have %d bits, and an entry holds at most %d of them), more than this machine's limit of %d MiB (%s)",
			board.Width, board.Height, MinTableMiB, board.KeyBits, 64-genShift, limit, why)
	}
	return nil
}

// MinTableMiB is the smallest table of this board, in MiB: a table of
// fewer is this size. It is 0 (a bucket) on boards of up to 48 key bits
// and grows with the key: 2 MiB on 8×7, 128 MiB on 10×6 and 5×13, 512 MiB
// on 8×8, 8 GiB on 7×10, 16 GiB on 6×12, where an entry's check bits
// and the bucket's index must together hold all the key's bits.
const MinTableMiB = (1 << minBucketLog) * bucketSlots * 8 >> 20
