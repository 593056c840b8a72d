//go:build !linux

package engine

// systemMemory reports that the memory is unknown: off Linux, table sizes
// are bounded only by the fallback limit of [MaxTableMiB].
func systemMemory() (uint64, bool) { return 0, false }
