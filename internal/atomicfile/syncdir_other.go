//go:build !unix

package atomicfile

// syncDir does nothing where directories cannot be opened for syncing
// (Windows): the rename is as durable as the system makes it.
func syncDir(string) error { return nil }
