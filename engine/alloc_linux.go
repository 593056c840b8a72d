package engine

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of a transparent huge page on linux/amd64 and arm64.
const hugePage = 2 << 20

// mmap maps memory; tests replace it to inject a failure.
var mmap = unix.Mmap

// allocBuckets returns n zeroed table buckets, or an error when the memory
// cannot be had. Tables of a huge page or more are mapped directly and
// advised to use transparent huge pages: every probe lands on a random
// address, and with 4 KiB pages nearly every one also misses the TLB. The
// mapping is released when owner is garbage collected.
func allocBuckets(owner *hashTable, n int) ([]bucket, error) {
	size := n * int(unsafe.Sizeof(bucket{}))
	if size < hugePage {
		return make([]bucket, n), nil
	}
	// Map one huge page more than needed so the table can start on a
	// huge-page boundary.
	mem, err := mmap(-1, 0, size+hugePage, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		// No fallback to make: the runtime would die of the same shortage
		// with a fatal error that no caller can handle.
		return nil, fmt.Errorf("engine: cannot allocate a table of %d MiB: %w", size>>20, err)
	}
	offset := (hugePage - int(uintptr(unsafe.Pointer(&mem[0]))%hugePage)) % hugePage
	table := mem[offset : offset+size]
	_ = unix.Madvise(table, unix.MADV_HUGEPAGE) // failure only costs speed
	buckets := unsafe.Slice((*bucket)(unsafe.Pointer(&table[0])), n)
	runtime.AddCleanup(owner, func(m []byte) { _ = unix.Munmap(m) }, mem)
	return buckets, nil
}
