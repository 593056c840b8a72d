//go:build !linux

package engine

// allocBuckets returns n zeroed table buckets. The Go runtime cannot report
// a failed allocation, so it never returns an error: [MaxTableMiB] is the
// only guard here.
func allocBuckets(_ *hashTable, n int) ([]bucket, error) {
	return make([]bucket, n), nil
}
