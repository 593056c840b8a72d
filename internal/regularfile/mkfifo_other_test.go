//go:build !unix

package regularfile

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs on this system") }
