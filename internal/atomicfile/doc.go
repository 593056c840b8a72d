// Package atomicfile replaces files whole or not at all: what is written
// goes to a temporary file in the destination's directory, which is
// synced, closed and renamed over the destination, and the directory is
// then synced where the system allows it. A reader, or the file system
// after a crash or a full disk, sees the old file or the new one, never a
// file cut short; a write that fails leaves the old file as it was and no
// temporary file behind.
//
// [WriteFile] writes bytes held in memory, [Write] what a function writes
// to an [io.Writer], and [create] gives a [file] to stream into, ended by
// [file.Commit] or [file.Abort].
//
// The temporary file is named after the destination, "NAME.tmp" and
// random digits, so that a crash between its creation and its removal
// leaves something whose name says what it was; [RemoveTemporaries]
// clears such leftovers for a writer holding the destination's lock.
// Renaming replaces the
// destination's directory entry: when the destination is a symbolic link,
// the link is replaced by the new file and its target is left alone.
package atomicfile
