package dataset

import (
	"cmp"
	"fmt"
	"slices"
)

// MergeOptions configures [Merge].
type MergeOptions struct {
	// Force replaces an output file that is not this merge's output.
	Force bool
	// Notify, if not nil, is told in a sentence which inputs record no
	// settings (files of an older c4), merged unchecked.
	Notify func(msg string)
}

// Merge reads the dataset files inputs (shards, of any formats), checks
// that they are shards of one run and together hold the slots 0 to
// count-1 exactly once, and writes them in slot order to out in the
// format of its extension, with the settings of the whole dataset. It
// returns the number of records. Inputs made with different settings (a
// seed, a count, plies...) are refused, naming both files and their
// settings; inputs that record none (files of an older c4) are merged,
// said to opts.Notify. An existing out is left alone, as by [Run]: if it
// holds these records Merge returns an error wrapping [ErrDone];
// otherwise an [*ExistsError], unless opts.Force is set, when out is
// replaced.
func Merge(out string, inputs []string, opts MergeOptions) (int, error) {
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
	whole, err := mergedSettings(inputs, opts.Notify)
	if err != nil {
		return 0, err
	}
	var all []datasetRecord
	from := make(map[int64]string) // the file of each slot
	for _, in := range inputs {
		recs, err := readFile(in)
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
	slices.SortFunc(all, func(a, b datasetRecord) int { return cmp.Compare(a.Index, b.Index) })
	for i, rec := range all {
		if rec.Index != int64(i) {
			return 0, fmt.Errorf("slot %d is missing (%d records, up to slot %d): is a shard missing or unfinished?", i, len(all), all[len(all)-1].Index)
		}
	}
	err = checkExisting(out, opts.Force, len(all), func(recs []datasetRecord) string {
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
	return len(all), writeFile(out, format, all, whole)
}
