package dataset

import (
	"cmp"
	"fmt"
	"slices"
)

// Merge reads the dataset files inputs (shards, of any formats), checks
// that together they hold the slots 0 to count-1 exactly once, and writes
// them in slot order to out in the format of its extension. It returns the
// number of records. An existing out is left alone, as by [Run]: if it
// holds these records Merge returns an error wrapping [ErrDone];
// otherwise an [*ExistsError], unless force is set, when out is replaced.
func Merge(out string, inputs []string, force bool) (int, error) {
	format, err := FormatOf(out)
	if err != nil {
		return 0, err
	}
	if len(inputs) == 0 {
		return 0, fmt.Errorf("nothing to merge: no input files")
	}
	lock, err := lockOutput(out)
	if err != nil {
		return 0, err
	}
	defer lock.Release()
	var all []Record
	from := make(map[int64]string) // the file of each slot
	for _, in := range inputs {
		recs, err := ReadFile(in)
		if err != nil {
			return 0, err
		}
		for _, rec := range recs {
			if prev, dup := from[rec.Index]; dup {
				return 0, fmt.Errorf("slot %d is in both %s and %s: merge each shard once", rec.Index, prev, in)
			}
			from[rec.Index] = in
		}
		all = append(all, recs...)
	}
	slices.SortFunc(all, func(a, b Record) int { return cmp.Compare(a.Index, b.Index) })
	for i, rec := range all {
		if rec.Index != int64(i) {
			return 0, fmt.Errorf("slot %d is missing (%d records, up to slot %d): is a shard missing or unfinished?", i, len(all), all[len(all)-1].Index)
		}
	}
	err = checkExisting(out, force, len(all), func(recs []Record) string {
		for k, rec := range recs {
			if rec != all[k] {
				return fmt.Sprintf("record %d is %+v, this merge's is %+v", k+1, rec, all[k])
			}
		}
		return ""
	})
	if err != nil {
		return len(all), err
	}
	return len(all), writeFile(out, format, all)
}
