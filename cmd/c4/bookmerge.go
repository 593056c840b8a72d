// This file holds c4 book merge: its flags, and the checks of its output
// file before the shards are merged into it.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/fourgen/fourgen/engine/book"
)

func runBookMerge(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	out := fs.String("out", "", "book file to write")
	force := fs.Bool("force", false, "replace the --out file if it exists (never one of the shard files)")
	legacy := fs.Bool("legacy", false, "accept legacy v1 shard files, whose records carry no checksums (as the embedded book's)")
	files, err := parseArgs(fs, args, stdout)
	if err != nil {
		return err
	}
	if *out == "" || len(files) == 0 {
		return usageErrorf("book", "merge needs --out BOOK and at least one shard file")
	}
	if err := checkMergeOut(*out, *force, files); err != nil {
		return fmt.Errorf("book merge: %w", err)
	}
	var opts book.MergeOptions
	var legacyFiles []string
	if *legacy {
		opts.Legacy = func(name string) { legacyFiles = append(legacyFiles, name) }
	}
	b, err := book.MergeShards(files, opts)
	if errors.Is(err, book.ErrLegacyShard) {
		return fmt.Errorf("book merge: %w (--legacy accepts it, if you trust the file)", err)
	}
	if err != nil {
		return fmt.Errorf("book merge: %w", err)
	}
	size, err := book.Write(*out, b)
	if err != nil {
		return fmt.Errorf("book merge: %w", err)
	}
	fmt.Fprintf(stdout, "%s: %d positions of %d stones, %d bytes\n", *out, b.Len(), b.Plies(), size)
	if len(legacyFiles) > 0 {
		fmt.Fprintf(stdout, "%s: %d of the %d shard files are legacy v1 files, whose records carry no checksums: their scores were not checked for edits\n",
			*out, len(legacyFiles), len(files))
	}
	return nil
}

// checkMergeOut refuses an output file that is one of the shard files,
// compared as files (os.SameFile), so that another spelling of its path,
// a symbolic link to it or a hard link is refused too; and one that exists,
// unless force. A symbolic link counts as existing even when its target
// does not.
func checkMergeOut(out string, force bool, shards []string) error {
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	if target, err := os.Stat(out); err == nil {
		for _, shard := range shards {
			if info, err := os.Stat(shard); err == nil && os.SameFile(target, info) {
				return fmt.Errorf("--out %s is the shard file %s: a merge never replaces its input", out, shard)
			}
		}
	}
	if !force {
		return fmt.Errorf("%s exists: give --force to replace it", out)
	}
	return nil
}
